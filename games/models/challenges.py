"""Challenges: a game proposed by a person, started only once every person it seats has accepted.

A challenge's seats are planned when it is made (:class:`ChallengeSeat`): the challenger's, bots',
invited players' and open ones (anyone eligible from the lobby). A person's seat row holds them
only once they accepted (``accepted_at``); the game is created when the last person's seat is
taken, seating exactly the challenger, the bots and the people who accepted.
"""

from __future__ import annotations

from datetime import timedelta

from django.db import models

from games.models.matches import Game
from games.models.players import Bot, Player

# The times per move a challenge offers, as correspondence sites do (key, words, duration).
MOVE_TIMES: tuple[tuple[str, str, timedelta], ...] = (
    ("1h", "1 hour", timedelta(hours=1)),
    ("6h", "6 hours", timedelta(hours=6)),
    ("12h", "12 hours", timedelta(hours=12)),
    ("1d", "1 day", timedelta(days=1)),
    ("2d", "2 days", timedelta(days=2)),
    ("3d", "3 days", timedelta(days=3)),
    ("7d", "7 days", timedelta(days=7)),
    ("14d", "14 days", timedelta(days=14)),
)
DEFAULT_MOVE_TIME = "3d"


class ChallengeState(models.TextChoices):
    OPEN = "open", "open"
    ACCEPTED = "accepted", "accepted"
    DECLINED = "declined", "declined"
    CANCELLED = "cancelled", "cancelled"
    EXPIRED = "expired", "expired"


class Challenge(models.Model):
    challenger = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="challenges_made")
    game_id = models.CharField(max_length=40)
    # Normalized by the engine when the challenge was made, ``players`` included.
    config = models.JSONField(default=dict)
    seats = models.PositiveSmallIntegerField()
    move_time_limit = models.DurationField()
    rated = models.BooleanField(default=True)
    state = models.CharField(max_length=20, choices=ChallengeState.choices, default=ChallengeState.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    # Set when the last seat was taken and the game began.
    started_game = models.OneToOneField(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="challenge"
    )

    class Meta:
        indexes = [models.Index(fields=["state", "expires_at"], name="challenge_state_expiry")]

    def __str__(self) -> str:
        return f"challenge {self.pk} ({self.game_id})"


class SeatKind(models.TextChoices):
    CHALLENGER = "challenger", "the challenger"
    BOT = "bot", "a bot"
    INVITEE = "invitee", "an invited player"
    OPEN = "open", "anyone"


class ChallengeSeat(models.Model):
    """One seat of the planned game. ``player`` is the invitee of an invitee seat from the start, and
    whoever took an open seat once they accepted; ``accepted_at`` says the person said yes."""

    challenge = models.ForeignKey(Challenge, on_delete=models.CASCADE, related_name="seat_plan", db_index=False)
    index = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=20, choices=SeatKind.choices)
    bot = models.ForeignKey(Bot, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.CASCADE, related_name="challenge_seats"
    )
    accepted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["challenge", "index"]
        constraints = [
            models.UniqueConstraint(fields=["challenge", "index"], name="one_challenge_seat_per_index"),
            # A person takes one seat of a challenge, however many times they press Accept.
            models.UniqueConstraint(
                fields=["challenge", "player"],
                condition=models.Q(player__isnull=False),
                name="one_challenge_seat_per_player",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.challenge} seat {self.index}"
