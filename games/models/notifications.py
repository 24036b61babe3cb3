from __future__ import annotations

import secrets

from django.conf import settings
from django.core.validators import URLValidator
from django.db import models

from games.models.matches import Game


def new_webhook_secret() -> str:
    return secrets.token_urlsafe(32)


class NotificationKind(models.TextChoices):
    TURN = "turn", "your turn"
    DEADLINE = "deadline", "deadline near"
    ROUND = "round", "round started"
    TEST = "test", "test"


class NotificationChannel(models.TextChoices):
    EMAIL = "email", "e-mail"
    WEBHOOK = "webhook", "webhook"


class NotificationStatus(models.TextChoices):
    PENDING = "pending", "pending"
    SENT = "sent", "sent"
    FAILED = "failed", "failed"


# The switch of each (kind, channel), as a field name of NotificationSettings. Typed by the choices'
# values: wants() is asked with plain strings, which find the members (str subclasses) all the same.
SWITCHES: dict[tuple[str, str], str] = {
    (kind, channel): f"{channel}_{kind}"
    for kind in (NotificationKind.TURN, NotificationKind.DEADLINE, NotificationKind.ROUND)
    for channel in (NotificationChannel.EMAIL, NotificationChannel.WEBHOOK)
}


class NotificationSettings(models.Model):
    """A user's switches; created on first use, and the defaults stand for a user who has none.

    The webhook switches are on by default but only count once a webhook URL is set, so nothing
    is posted anywhere until the user asks for it.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notification_settings"
    )
    email_turn = models.BooleanField(default=True)
    email_deadline = models.BooleanField(default=True)
    email_round = models.BooleanField(default=True)
    webhook_turn = models.BooleanField(default=True)
    webhook_deadline = models.BooleanField(default=True)
    webhook_round = models.BooleanField(default=True)
    webhook_url = models.CharField(
        max_length=500,
        blank=True,
        validators=[URLValidator(schemes=["http", "https"], message="give an http:// or https:// URL")],
    )
    webhook_secret = models.CharField(max_length=100, default=new_webhook_secret)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"notification settings of {self.user}"

    def wants(self, kind: str, channel: str) -> bool:
        if kind == NotificationKind.TEST:
            return True
        if channel == NotificationChannel.WEBHOOK and not self.webhook_url:
            return False
        return bool(getattr(self, SWITCHES[(kind, channel)]))


class Notification(models.Model):
    """The outbox and its log: one row per message to send, never two for one event and channel.

    ``dedupe_key`` names the event for one recipient (``turn:<game>:<version>:<seat>``, ...): a hook
    that runs twice finds the row already there and sends nothing more.
    """

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications", db_index=False)
    kind = models.CharField(max_length=20, choices=NotificationKind.choices)
    channel = models.CharField(max_length=20, choices=NotificationChannel.choices)
    dedupe_key = models.CharField(max_length=200)
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.CASCADE, related_name="+", db_index=False)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    version = models.PositiveIntegerField(null=True, blank=True)
    payload = models.JSONField(default=dict)
    status = models.CharField(
        max_length=20, choices=NotificationStatus.choices, default=NotificationStatus.PENDING
    )
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.CharField(max_length=500, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["channel", "dedupe_key"], name="one_notification_per_event")
        ]
        indexes = [
            models.Index(fields=["user", "-created_at"], name="notification_user_recent"),
            models.Index(fields=["game", "kind", "seat"], name="notification_game_seat"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} by {self.channel} to {self.user} ({self.status})"
