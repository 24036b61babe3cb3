"""What a tournament's event stream sends, kept so a reader that reconnects gets what it missed.

A game's stream needs no table of its own: its events are its moves (numbered) and its end.
"""

from __future__ import annotations

from django.core.serializers.json import DjangoJSONEncoder
from django.db import models

from games.models.competitions import Tournament
from games.models.matches import Game


class TournamentEventKind(models.TextChoices):
    ROUND_START = "round_start", "round start"
    GAME_END = "game_end", "game end"
    STANDINGS = "standings", "standings"
    FINISHED = "finished", "finished"
    CANCELLED = "cancelled", "cancelled"


class TournamentEvent(models.Model):
    """One event of a tournament, numbered 1, 2, ... per tournament (``Tournament.event_count``,
    taken under the tournament's row lock: never a count()+1)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="events", db_index=False)
    number = models.PositiveIntegerField()
    kind = models.CharField(max_length=20, choices=TournamentEventKind.choices)
    # Datetimes written as the API writes them (ISO 8601, Z for UTC).
    data = models.JSONField(default=dict, encoder=DjangoJSONEncoder)
    # The game a game_end tells of: each game's end is told once, however often the tournament moves on.
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="one_tournament_event_per_number"),
            models.UniqueConstraint(
                fields=["tournament", "game"],
                condition=models.Q(game__isnull=False),
                name="one_game_end_event_per_game",
            ),
        ]
