"""Leagues and tournaments: who may enter, how they are paired, and where they are in their lifecycle."""

from __future__ import annotations

from datetime import timedelta

from django.db import models

from games.models.bot_versions import BotRules
from games.models.matches import Game
from games.models.players import Competitor, Player


class CompetitionState(models.TextChoices):
    DRAFT = "draft", "draft"
    REGISTRATION = "registration", "registration open"
    RUNNING = "running", "running"
    FINISHED = "finished", "finished"
    CANCELLED = "cancelled", "cancelled"


# The only moves between states; everything else is refused with the reason.
TRANSITIONS: dict[str, frozenset[str]] = {
    CompetitionState.DRAFT: frozenset({CompetitionState.REGISTRATION, CompetitionState.CANCELLED}),
    CompetitionState.REGISTRATION: frozenset(
        {CompetitionState.DRAFT, CompetitionState.RUNNING, CompetitionState.CANCELLED}
    ),
    CompetitionState.RUNNING: frozenset({CompetitionState.FINISHED, CompetitionState.CANCELLED}),
    CompetitionState.FINISHED: frozenset(),
    CompetitionState.CANCELLED: frozenset(),
}


class EntrantKinds(models.TextChoices):
    PEOPLE = "people", "people only"
    BOTS = "bots", "bots only"
    BOTH = "both", "people and bots"


class RatingSystem(models.TextChoices):
    ELO = "elo", "Elo"
    OPENSKILL = "openskill", "OpenSkill (Plackett-Luce)"


class TournamentFormat(models.TextChoices):
    ROUND_ROBIN = "round_robin", "round robin"
    DOUBLE_ROUND_ROBIN = "double_round_robin", "double round robin"
    SWISS = "swiss", "Swiss"
    SINGLE_ELIMINATION = "single_elimination", "single elimination"
    DOUBLE_ELIMINATION = "double_elimination", "double elimination"


class TimeoutPolicy(models.TextChoices):
    """What happens to a seat that lets its move deadline pass (games.services.deadlines)."""

    FORFEIT = "forfeit", "forfeit the game"
    DEFAULT_ACTION = "default_action", "play a default action"


class RulesOfPlay(BotRules):
    """How a competition's games are played by the clock: the people's time per move, what a late
    seat's move becomes, whether vacations count, and (BotRules) the submitted bots' clock and fault
    policy. Checked by games.services.rules_of_play, the same for tournaments and leagues."""

    move_time_limit = models.DurationField(default=timedelta(days=1))
    timeout_policy = models.CharField(
        max_length=20, choices=TimeoutPolicy.choices, default=TimeoutPolicy.FORFEIT
    )
    allow_vacations = models.BooleanField(
        default=True, help_text="a player's vacation extends their move deadlines in its games"
    )

    class Meta:
        abstract = True


class Competition(RulesOfPlay):
    """What tournaments and leagues share: a game and its config at tables of a size, who may enter,
    an organiser, and a lifecycle (``TRANSITIONS``)."""

    name = models.CharField(max_length=120)
    organiser = models.ForeignKey(Player, null=True, on_delete=models.SET_NULL, related_name="%(class)ss")
    game_id = models.CharField(max_length=40)
    config = models.JSONField(default=dict)
    seats_per_table = models.PositiveSmallIntegerField(default=2)
    entrants = models.CharField(max_length=10, choices=EntrantKinds.choices, default=EntrantKinds.BOTH)
    state = models.CharField(max_length=20, choices=CompetitionState.choices, default=CompetitionState.DRAFT)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return self.name


class League(Competition):
    """A standing competition for one game and config, rated with one system, run in seasons.

    While it runs it is a continuous ladder: its bots are matched all the time by rating proximity
    and time waited (:mod:`games.scheduling.ladder`), and people challenge those ranked near them.
    A league's ratings (on :class:`LeagueEntry`) are its own; its games are ordinary rated games
    too, so they also move the global per-game Elo (:class:`games.models.Rating`).
    """

    rating_system = models.CharField(max_length=20, choices=RatingSystem.choices, default=RatingSystem.ELO)
    challenge_range = models.PositiveSmallIntegerField(
        default=3, help_text="a person may challenge entrants at most this many places away on the ladder"
    )
    ratings_per_season = models.BooleanField(
        default=False,
        help_text="true: every new season resets the league ratings to the initial rating (and games "
        "played to 0); false (default): ratings carry over from season to season",
    )


class Season(models.Model):
    """A season of a league. Its games are the league games created while it was the latest season.

    When it closes (the next season opens, or the league finishes) its final ladder is stored in
    ``standings`` and never changes afterwards, whatever later games do to the entries.
    ``game_count`` is kept by the services as they create its games (under the league's lock, as
    every write to a season is), so reading it does not count a long season's games.
    """

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="seasons", db_index=False)
    number = models.PositiveIntegerField()
    state = models.CharField(max_length=20, choices=CompetitionState.choices, default=CompetitionState.DRAFT)
    standings = models.JSONField(
        null=True, blank=True, help_text="the final ladder, stored when the season closes"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    game_count = models.PositiveIntegerField(default=0, help_text="league games created in the season")

    class Meta:
        ordering = ["league", "number"]
        constraints = [
            models.UniqueConstraint(fields=["league", "number"], name="one_season_number_per_league")
        ]


class LeagueEntry(models.Model):
    """A competitor in a league, with its league rating (the ladder is the active entries by rating).

    ``rating`` is what the ladder sorts by: the Elo rating, or OpenSkill's ordinal (mu - 3 sigma),
    whose mu and sigma are kept beside it. ``provisional`` until enough games (see
    :func:`games.services.leagues.is_provisional`). Leaving a running league keeps the row
    (``active`` false) so its games and rating changes stay explained.
    """

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="league_entries", db_index=False)
    competitor = models.ForeignKey(Competitor, on_delete=models.PROTECT, related_name="league_entries")
    active = models.BooleanField(default=True)
    rating = models.FloatField()
    mu = models.FloatField(null=True, blank=True)
    sigma = models.FloatField(null=True, blank=True)
    games_played = models.PositiveIntegerField(default=0)
    provisional = models.BooleanField(default=True)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["league", "-rating", "id"]
        constraints = [
            models.UniqueConstraint(fields=["league", "competitor"], name="one_league_entry_per_competitor")
        ]
        # The ladder in its order: active entries, best first, ties by entry (keyset pages).
        indexes = [
            models.Index(
                fields=["league", "-rating", "id"], condition=models.Q(active=True), name="league_ladder"
            )
        ]

    def __str__(self) -> str:
        return f"{self.competitor} in {self.league} {self.rating:.1f}"


class LeagueGame(models.Model):
    """A game played in a league: matched by the ladder, or a person's challenge."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="league_games", db_index=False)
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="league_games")
    game = models.OneToOneField(Game, on_delete=models.PROTECT, related_name="league_game")
    challenge = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["league", "id"]
        # A league's games newest first, a page at a time, without sorting all of them.
        indexes = [models.Index(fields=["league", "-game"], name="league_games_newest")]


class LeagueTally(models.Model):
    """A league's counts as the API and pages show them: its active entrants and its finished games.

    Kept by the services in the transaction that changes them (joining, leaving, a game's end), so a
    read takes two numbers instead of counting a ladder of 100,000 entrants and every game the league
    ever played. A table of its own, not columns of :class:`League`: a game's end adds to it while
    holding the game's lock, and cancelling a league locks the league before its games, so a league
    row written at a game's end could deadlock against a cancel. Nothing locks a tally but the
    statement that adds to it, last in its transaction's order. ``manage.py verify`` recounts them.
    """

    league = models.OneToOneField(League, primary_key=True, on_delete=models.CASCADE, related_name="tally")
    entries = models.PositiveIntegerField(default=0, help_text="active entrants (on the ladder)")
    games_finished = models.PositiveIntegerField(default=0)


class Tournament(Competition):
    """A tournament of one game: its format, tables, match format and who may enter.

    ``seed`` drives every random choice the tournament makes (seating, pairing ties), so a finished
    tournament can be rebuilt from its stored games.
    """

    season = models.ForeignKey(
        Season, null=True, blank=True, on_delete=models.SET_NULL, related_name="tournaments"
    )
    format = models.CharField(max_length=30, choices=TournamentFormat.choices)
    min_table_size = models.PositiveSmallIntegerField(null=True, blank=True)
    rounds = models.PositiveSmallIntegerField(null=True, blank=True, help_text="empty: as the format needs")
    best_of = models.PositiveSmallIntegerField(default=1, help_text="games per match at two-seat tables")
    late_entries = models.BooleanField(default=False)
    max_entrants = models.PositiveIntegerField(
        null=True, blank=True, help_text="the places: joins past this many are refused; empty: no limit"
    )
    rated = models.BooleanField(default=True)
    seed = models.BigIntegerField()
    current_round = models.PositiveSmallIntegerField(default=0, help_text="the latest round paired")
    planned_rounds = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="fixed at the start; empty for elimination (until a champion)"
    )
    schedule = models.JSONField(
        null=True, blank=True, help_text="round robin: every round's tables (entry ids), fixed at the start"
    )
    standings = models.JSONField(null=True, blank=True, help_text="final standings, once finished")
    event_count = models.PositiveIntegerField(
        default=0, help_text="the number of the latest TournamentEvent (written under this row's lock)"
    )

    @property
    def is_two_seat(self) -> bool:
        return self.seats_per_table == 2

    @property
    def is_elimination(self) -> bool:
        return self.format in (TournamentFormat.SINGLE_ELIMINATION, TournamentFormat.DOUBLE_ELIMINATION)


class Entry(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries", db_index=False)
    competitor = models.ForeignKey(Competitor, on_delete=models.PROTECT, related_name="entries")
    seed = models.PositiveIntegerField(null=True, blank=True, help_text="1 = top seed, set at the start")
    late = models.BooleanField(default=False)
    first_round = models.PositiveSmallIntegerField(default=1, help_text="the first round it can be paired in")
    dropped_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "seed", "id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "competitor"], name="one_entry_per_competitor")
        ]

    @property
    def dropped(self) -> bool:
        return self.dropped_after_round is not None

    def active_in(self, round_number: int) -> bool:
        """Whether this entry is paired in ``round_number`` (a drop takes effect after its round)."""
        return self.dropped_after_round is None or round_number <= self.dropped_after_round


class Round(models.Model):
    """One round; its standings are snapshotted when it ends, so later drops never rewrite them."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set", db_index=False)
    number = models.PositiveSmallIntegerField()
    finished = models.BooleanField(default=False)
    standings = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="one_round_number")]


class Match(models.Model):
    """A table of a round: entries in seat order, its games, and its result once they are played."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches", db_index=False)
    table = models.PositiveSmallIntegerField()
    entries = models.JSONField(help_text="entry ids in seat order of the first game")
    bye = models.BooleanField(default=False, help_text="no game: a bye, or a walkover past a dropped entrant")
    bracket_match = models.CharField(
        max_length=20, blank=True, help_text="the bracket's match id (elimination)"
    )
    finished = models.BooleanField(default=False)
    result = models.JSONField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["round", "table"]
        constraints = [models.UniqueConstraint(fields=["round", "table"], name="one_match_per_table")]


class MatchGame(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="match_games", db_index=False)
    number = models.PositiveSmallIntegerField()
    game = models.OneToOneField(Game, on_delete=models.PROTECT, related_name="match_game")

    class Meta:
        ordering = ["match", "number"]
        constraints = [models.UniqueConstraint(fields=["match", "number"], name="one_game_per_match_number")]
