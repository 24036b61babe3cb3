from __future__ import annotations

from django.db import models

from games.models.competitions import League, LeagueEntry
from games.models.matches import Game, Seat
from games.models.players import Competitor


class Rating(models.Model):
    """A competitor's current Elo rating in one game id."""

    competitor = models.ForeignKey(Competitor, on_delete=models.CASCADE, related_name="ratings", db_index=False)
    game_id = models.CharField(max_length=40)
    rating = models.FloatField()
    games_played = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-rating", "id"]
        constraints = [
            models.UniqueConstraint(fields=["competitor", "game_id"], name="one_rating_per_game_id")
        ]
        # A game's ladder in its order: best first, ties by competitor (keyset pages).
        indexes = [models.Index(fields=["game_id", "-rating", "competitor"], name="rating_ladder")]

    def __str__(self) -> str:
        return f"{self.competitor} {self.game_id} {self.rating:.1f}"


class RatingChange(models.Model):
    """One row per seat per rated game: the history a ladder and a profile chart are drawn from.

    The ``id`` order is the order ratings were applied in; recomputing follows it.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rating_changes")
    seat = models.OneToOneField(Seat, on_delete=models.CASCADE, related_name="rating_change")
    competitor = models.ForeignKey(Competitor, on_delete=models.CASCADE, related_name="rating_changes", db_index=False)
    rating_before = models.FloatField()
    rating_after = models.FloatField()
    k_factor = models.FloatField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        # A competitor's rating history, latest first (profiles, charts).
        indexes = [models.Index(fields=["competitor", "-id"], name="rating_change_history")]

    @property
    def delta(self) -> float:
        return self.rating_after - self.rating_before


class LeagueRatingChange(models.Model):
    """One row per seat per game of a league: its league rating before and after.

    Separate from :class:`RatingChange` (the global per-game Elo, which league games move too). The
    ``id`` order is the order league ratings were applied in; ``league_ratings_recompute`` follows
    it. Elo leagues fill ``rating_*`` and ``k_factor``; OpenSkill leagues also ``mu_*``/``sigma_*``
    (``rating_*`` is then the ordinal).
    """

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="rating_changes")
    entry = models.ForeignKey(LeagueEntry, on_delete=models.CASCADE, related_name="rating_changes")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="league_rating_changes")
    seat = models.OneToOneField(Seat, on_delete=models.CASCADE, related_name="league_rating_change")
    rating_before = models.FloatField()
    rating_after = models.FloatField()
    k_factor = models.FloatField(null=True, blank=True)
    mu_before = models.FloatField(null=True, blank=True)
    mu_after = models.FloatField(null=True, blank=True)
    sigma_before = models.FloatField(null=True, blank=True)
    sigma_after = models.FloatField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
