"""Submitted bots: each upload (or registered URL) is an immutable version; faults are recorded.

A program bot's version holds the uploaded bytes themselves (a single Python file, or a zip / tar
archive with an entry command), so every worker host can run it without shared storage; workers
unpack it once into a local cache keyed by its SHA-256. An HTTP bot's version is its URL.
"""

from __future__ import annotations

from django.db import models

from games.models.matches import Game
from games.models.players import Bot


class BotFaultPolicy(models.TextChoices):
    """What a submitted bot's fault (timeout, crash, malformed or illegal answer) costs it
    (engine.bots.referee.FaultPolicy)."""

    FORFEIT = "forfeit", "forfeit the game"
    DEFAULT_MOVE = "default_move", "play a default move and take a strike"


class BotRules(models.Model):
    """The clock and fault policy for submitted bots, per competition."""

    bot_move_time_ms = models.PositiveIntegerField(
        default=2000, help_text="milliseconds a submitted bot has for each decision"
    )
    bot_time_bank_ms = models.PositiveIntegerField(
        default=10_000, help_text="extra milliseconds for the whole game, taken when a decision runs over"
    )
    bot_fault_policy = models.CharField(
        max_length=20, choices=BotFaultPolicy.choices, default=BotFaultPolicy.DEFAULT_MOVE
    )
    bot_max_strikes = models.PositiveSmallIntegerField(
        default=3, help_text="under the default-move policy, a bot is disqualified at this many faults"
    )

    class Meta:
        abstract = True


class ValidationStatus(models.TextChoices):
    PENDING = "pending", "waiting for its validation game"
    PASSED = "passed", "finished a validation game without a fault"
    FAILED = "failed", "failed its validation game"


class BotVersion(models.Model):
    bot = models.ForeignKey(Bot, on_delete=models.CASCADE, related_name="versions", db_index=False)
    number = models.PositiveIntegerField()
    # Program bots: the upload and how to run it. HTTP bots: the URL.
    filename = models.CharField(max_length=200, blank=True)
    content = models.BinaryField(null=True, blank=True, editable=False)
    sha256 = models.CharField(max_length=64, blank=True)
    size = models.PositiveIntegerField(default=0)
    entry_command = models.JSONField(default=list, blank=True, help_text="argv run in the unpacked upload")
    url = models.URLField(max_length=500, blank=True)
    uploaded_at = models.DateTimeField(auto_now_add=True)
    validation_status = models.CharField(
        max_length=20, choices=ValidationStatus.choices, default=ValidationStatus.PENDING
    )
    validation_game = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="validated_versions"
    )
    validation_message = models.TextField(blank=True)

    class Meta:
        ordering = ["bot", "number"]
        constraints = [models.UniqueConstraint(fields=["bot", "number"], name="one_bot_version_per_number")]

    def __str__(self) -> str:
        return f"{self.bot} v{self.number}"


class BotActivation(models.Model):
    """A version becoming its bot's active version, and when.

    Activation resets the bot's OpenSkill uncertainty in its leagues
    (``games.services.bot_activation.version_make_active``); the league ratings recompute replays
    these resets from this log at the same points, or it would silently undo them.
    """

    bot = models.ForeignKey(Bot, on_delete=models.CASCADE, related_name="activations", db_index=False)
    version = models.ForeignKey(BotVersion, on_delete=models.CASCADE, related_name="activations")
    activated_at = models.DateTimeField()

    class Meta:
        ordering = ["activated_at", "id"]
        indexes = [models.Index(fields=["bot", "activated_at"], name="bot_activation_when")]

    def __str__(self) -> str:
        return f"{self.version} active from {self.activated_at:%Y-%m-%d %H:%M}"


class BotFault(models.Model):
    """One fault of a submitted bot in one game, with the policy's answer and its stderr tail."""

    bot = models.ForeignKey(Bot, on_delete=models.CASCADE, related_name="faults", db_index=False)
    version = models.ForeignKey(BotVersion, null=True, on_delete=models.SET_NULL, related_name="faults")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="bot_faults")
    seat = models.PositiveSmallIntegerField()
    move_number = models.PositiveIntegerField()
    kind = models.CharField(max_length=20)  # engine.bots.protocol.FaultKind
    message = models.TextField()
    stderr_tail = models.TextField(blank=True)
    consequence = models.CharField(max_length=20)  # "default_move", "forfeit", "disqualified"
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["bot", "-created_at"], name="bot_fault_recent")]

    def __str__(self) -> str:
        return f"{self.bot} {self.kind} in {self.game}"
