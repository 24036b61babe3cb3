"""Version tests: a bot's candidate against a baseline on the same deals, until a sequential test decides.

The statistics are :mod:`games.ratings.sprt`'s; these rows keep what it is fed (the pair counts)
and what it last said (LLR, Elo and normalized Elo with their intervals), so a finished test keeps
its figures. Each deal is two games with the same seed: for two-seat games the candidate against
the baseline in both seat orders, for larger tables the candidate's table and the baseline's table
(the same seat, the same opponents).
"""

from __future__ import annotations

from django.db import models

from games.models.bot_versions import BotVersion
from games.models.matches import Game
from games.models.players import Bot, Player


class VersionTestModel(models.TextChoices):
    NORMALIZED = "normalized", "normalized Elo (Elo divided by the spread of the pair scores)"
    LOGISTIC = "logistic", "logistic Elo"


class VersionTestState(models.TextChoices):
    RUNNING = "running", "running"
    ACCEPTED = "accepted", "accepted: the LLR crossed the upper bound"
    REJECTED = "rejected", "rejected: the LLR crossed the lower bound"
    INCONCLUSIVE = "inconclusive", "inconclusive: the deal budget ran out"
    STOPPED = "stopped", "stopped by its author"


class VersionTest(models.Model):
    owner = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="version_tests", db_index=False)
    bot = models.ForeignKey(Bot, on_delete=models.CASCADE, related_name="version_tests", db_index=False)
    # None for a built-in candidate (it has no versions: its engine bot is what plays).
    candidate_version = models.ForeignKey(
        BotVersion, null=True, blank=True, on_delete=models.PROTECT, related_name="tested_as_candidate"
    )
    baseline_bot = models.ForeignKey(Bot, on_delete=models.PROTECT, related_name="version_tests_as_baseline")
    baseline_version = models.ForeignKey(
        BotVersion, null=True, blank=True, on_delete=models.PROTECT, related_name="tested_as_baseline"
    )
    game_id = models.CharField(max_length=40)
    config = models.JSONField(default=dict)
    # Bot pks of the other seats of a multi-seat table, in seat order after the tested seat (a list,
    # not a relation: one bot may sit in several seats).
    opponents = models.JSONField(default=list, blank=True)
    elo0 = models.FloatField()
    elo1 = models.FloatField()
    model = models.CharField(
        max_length=20, choices=VersionTestModel.choices, default=VersionTestModel.NORMALIZED
    )
    alpha = models.FloatField()
    beta = models.FloatField()
    max_deals = models.PositiveIntegerField()
    state = models.CharField(
        max_length=20, choices=VersionTestState.choices, default=VersionTestState.RUNNING
    )
    published = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    deals_started = models.PositiveIntegerField(default=0)
    # Two-seat games: the pentanomial counts LL, LD, DD+WL, WD, WW of the pairs. Larger tables: the
    # pairs' values in [0, 1] as {"0.625": count, ...} (JSON keys are text).
    pentanomial = models.JSONField(default=list, blank=True)
    paired_values = models.JSONField(default=dict, blank=True)
    # The candidate's games won, drawn and lost (two seats), or the pairs it scored more, as much
    # and less than the baseline in (larger tables): fishtest's "W L D".
    wins = models.PositiveIntegerField(default=0)
    draws = models.PositiveIntegerField(default=0)
    losses = models.PositiveIntegerField(default=0)
    pairs = models.PositiveIntegerField(default=0)
    # What the SPRT said after the last pair (None before the first).
    llr = models.FloatField(null=True, blank=True)
    llr_lower = models.FloatField(null=True, blank=True)
    llr_upper = models.FloatField(null=True, blank=True)
    elo = models.FloatField(null=True, blank=True)
    elo_low = models.FloatField(null=True, blank=True)
    elo_high = models.FloatField(null=True, blank=True)
    nelo = models.FloatField(null=True, blank=True)
    nelo_low = models.FloatField(null=True, blank=True)
    nelo_high = models.FloatField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        indexes = [
            models.Index(fields=["bot", "-id"], name="version_test_by_bot"),
            models.Index(fields=["owner", "state"], name="version_test_owner_state"),
        ]

    def __str__(self) -> str:
        return f"version test {self.pk} of {self.bot}"

    @property
    def is_running(self) -> bool:
        return self.state == VersionTestState.RUNNING

    @property
    def two_seats(self) -> bool:
        return int(self.config.get("players", 2)) == 2


class VersionTestDeal(models.Model):
    """One deal of a test: two games on one seed. ``first_game``: the candidate in seat 0 (two seats)
    or the candidate's table; ``second_game``: the candidate in seat 1, or the baseline's table."""

    test = models.ForeignKey(VersionTest, on_delete=models.CASCADE, related_name="deals", db_index=False)
    number = models.PositiveIntegerField()
    seed = models.BigIntegerField()
    # The seat the candidate (and on its table the baseline) holds at a larger table.
    seat = models.PositiveSmallIntegerField(default=0)
    first_game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="+")
    second_game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="+")
    counted = models.BooleanField(default=False)
    # Not scored (a game aborted): it counts against the budget, not in the test.
    void = models.BooleanField(default=False)
    # The candidate's score in [0, 1] in each game (two seats), or in its table and the baseline's.
    first_score = models.FloatField(null=True, blank=True)
    second_score = models.FloatField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["test", "number"]
        constraints = [
            models.UniqueConstraint(fields=["test", "number"], name="one_version_test_deal_per_number")
        ]
        indexes = [
            models.Index(fields=["test", "counted"], name="version_test_deal_pending"),
        ]

    def __str__(self) -> str:
        return f"{self.test} deal {self.number}"
