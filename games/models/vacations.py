from __future__ import annotations

from django.db import models

from games.models.players import Player


class Vacation(models.Model):
    """A time a player is away: their move deadlines are extended by it where the competition allows."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="vacations")
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["player", "starts_at"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(ends_at__gt=models.F("starts_at")), name="vacation_ends_after_start"
            )
        ]

    def __str__(self) -> str:
        return f"{self.player} away {self.starts_at:%Y-%m-%d} to {self.ends_at:%Y-%m-%d}"
