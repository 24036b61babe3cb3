"""A league's lifecycle (create, open, start, finish, cancel, join, leave) and its ratings.

States move only along ``TRANSITIONS``, as tournaments do; every write that depends on a league's
state locks its row first. Starting a league opens its next season (1, 2, ...); its games belong to
that season.

Seasons
-------
While a league runs, its organiser may close the current season and open the next one
(:func:`league_next_season`); finishing the league closes its current season the same way. A
closing season stores a snapshot of its final ladder (position, entry, name, rating, mu, sigma,
provisional, games played) in ``Season.standings``; it never changes afterwards. Games created after
that belong to the new season (a game still running from the old season is played out and rated
against the entries' ratings as they are when it finishes, so it counts in the new season's ratings).

Whether ratings carry over is the league's ``ratings_per_season`` option: false (the default), the
ladder carries on with its ratings; true, every entry (active or not) goes back to the initial rating
with 0 games played and provisional again. :func:`league_ratings_recompute` resets at the same
points (the first rating change after each later season opened).

A submitted bot's new active version resets its entry's OpenSkill uncertainty
(:func:`openskill_uncertainty_reset`, applied live by ``bot_activation.version_make_active``); the
recompute replays those resets from the activation log (:class:`BotActivation`) at the same points.

League ratings
--------------
Every league keeps its own ratings, on its entries (:class:`LeagueEntry`), updated after every
finished game of the league in the transaction that finishes it
(:func:`league_ratings_apply_for_games`, called by :mod:`games.services.game_flow`; see :mod:`games.services.league_ratings`). They are separate
from the global per-game Elo (:class:`Rating`), which league games move as any rated game does.

- Elo leagues: the service's pairwise multi-seat Elo (:mod:`games.ratings.elo`) with the same
  settings; K is the provisional K for an entry's first ``ELO_PROVISIONAL_GAMES`` league games.
- OpenSkill leagues (3+ seats only): Plackett-Luce mu/sigma via ``openskill_update``; the ladder
  sorts by the ordinal mu - 3 sigma, stored in ``rating``.

Provisional: Elo, fewer than ``ELO_PROVISIONAL_GAMES`` league games; OpenSkill, fewer than
``LEAGUE_OPENSKILL_PROVISIONAL_GAMES`` games *or* sigma still above
``LEAGUE_OPENSKILL_PROVISIONAL_SIGMA`` (its uncertainty has not come down yet).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Min
from django.utils import timezone

from engine import UnknownGame, get_game
from games.models import (
    BotActivation,
    BotFaultPolicy,
    CompetitionState,
    Competitor,
    EntrantKinds,
    Game,
    GameStatus,
    League,
    LeagueEntry,
    LeagueRatingChange,
    LeagueTally,
    Player,
    RatingSystem,
    Season,
    TimeoutPolicy,
)
from games.services.bot_eligibility import check_may_compete
from games.services.entrants import entrant_for, may_act_for_bot
from games.services.errors import Conflict, InvalidInput, NotFound, NotYourEntrant
from games.services.game_flow import games_cancel
from games.services.league_ratings import (
    RatingValue,
    initial_rating_values,
    is_provisional,
    openskill_uncertainty_reset,
    rating_step,
)
from games.services.league_tallies import (
    league_tallies_recount,
    season_counts_recount,
    tally_entrant_joined,
    tally_entrant_left,
)
from games.services.lifecycle import check_organiser, in_state, transition
from games.services.players import player_for_user
from games.services.rules_of_play import MAX_MULTI_SEAT, check_rules_of_play, competition_config_validated


def locked_league(league_pk: int) -> League:
    league = League.objects.select_for_update().filter(pk=league_pk).first()
    if league is None:
        raise NotFound(f"no league {league_pk}")
    return league


# -- Create and transitions ---------------------------------------------------------------------------


@transaction.atomic
def league_create(
    *,
    name: str,
    game_id: str,
    organiser: Player | None = None,
    config: Mapping[str, Any] | None = None,
    seats_per_table: int = 2,
    rating_system: str = RatingSystem.ELO,
    entrants: str = EntrantKinds.BOTH,
    challenge_range: int = 3,
    ratings_per_season: bool = False,
    move_time_limit: timedelta = timedelta(days=1),
    timeout_policy: str = TimeoutPolicy.FORFEIT,
    allow_vacations: bool = True,
    bot_move_time_ms: int = 2000,
    bot_time_bank_ms: int = 10_000,
    bot_fault_policy: str = BotFaultPolicy.DEFAULT_MOVE,
    bot_max_strikes: int = 3,
) -> League:
    """A league in draft. OpenSkill is offered for multi-seat leagues (3+ seats) only."""
    if not name.strip():
        raise InvalidInput("a league needs a name", field="name")
    if entrants not in EntrantKinds.values:
        raise InvalidInput(
            f"entrants are one of {', '.join(EntrantKinds.values)}, not {entrants!r}", field="entrants"
        )
    if rating_system not in RatingSystem.values:
        raise InvalidInput(
            f"rating systems are {', '.join(RatingSystem.values)}, not {rating_system!r}",
            field="rating_system",
        )
    if not 2 <= seats_per_table <= MAX_MULTI_SEAT:
        raise InvalidInput(
            f"league tables have 2 to {MAX_MULTI_SEAT} seats, not {seats_per_table}", field="seats_per_table"
        )
    if rating_system == RatingSystem.OPENSKILL and seats_per_table < 3:
        raise InvalidInput(
            "OpenSkill is offered for multi-seat leagues (3 or more seats); use Elo", field="rating_system"
        )
    if challenge_range < 1:
        raise InvalidInput("the challenge range is at least one place", field="challenge_range")
    check_rules_of_play(
        move_time_limit=move_time_limit,
        timeout_policy=timeout_policy,
        bot_move_time_ms=bot_move_time_ms,
        bot_time_bank_ms=bot_time_bank_ms,
        bot_fault_policy=bot_fault_policy,
        bot_max_strikes=bot_max_strikes,
    )
    try:
        get_game(game_id)
    except UnknownGame as exc:
        raise InvalidInput(str(exc), field="game") from None
    normalized = competition_config_validated(game_id, config, seats_per_table)
    league = League.objects.create(
        name=name.strip(),
        organiser=organiser,
        game_id=game_id,
        config=normalized,
        seats_per_table=seats_per_table,
        rating_system=rating_system,
        entrants=entrants,
        challenge_range=challenge_range,
        ratings_per_season=ratings_per_season,
        move_time_limit=move_time_limit,
        timeout_policy=timeout_policy,
        allow_vacations=allow_vacations,
        bot_move_time_ms=bot_move_time_ms,
        bot_time_bank_ms=bot_time_bank_ms,
        bot_fault_policy=bot_fault_policy,
        bot_max_strikes=bot_max_strikes,
    )
    LeagueTally.objects.create(league=league)
    return league


@transaction.atomic
def league_open_registration(*, league_pk: int, user: User | None = None) -> League:
    league = locked_league(league_pk)
    check_organiser(league, user)
    transition(league, CompetitionState.REGISTRATION, "league")
    league.save(update_fields=["state"])
    return league


@transaction.atomic
def league_start(*, league_pk: int, user: User | None = None) -> League:
    """Start the ladder and its next season; needs a table's worth of entrants."""
    league = locked_league(league_pk)
    check_organiser(league, user)
    transition(league, CompetitionState.RUNNING, "league")
    count = league.league_entries.filter(active=True).count()
    if count < league.seats_per_table:
        raise Conflict(
            f"cannot start with {count} entrant{'s' * (count != 1)}: "
            f"a table of this league needs {league.seats_per_table}"
        )
    last = league.seasons.order_by("-number").values_list("number", flat=True).first() or 0
    Season.objects.create(league=league, number=last + 1, state=CompetitionState.RUNNING)
    league.started_at = timezone.now()
    league.save(update_fields=["state", "started_at"])
    return league


def current_season(league: League) -> Season:
    season = league.seasons.order_by("-number").first()
    if season is None:
        raise Conflict(f"{league.name} has not started")
    return season


def season_standings(league: League) -> list[dict[str, Any]]:
    """The ladder now, as stored in a closed season's snapshot."""
    ladder = (
        LeagueEntry.objects.filter(league=league, active=True)
        .select_related("competitor")
        .order_by("-rating", "id")
    )
    return [
        {
            "position": place,
            "entry": entry.pk,
            "competitor": entry.competitor_id,
            "name": entry.competitor.name,
            "rating": entry.rating,
            "mu": entry.mu,
            "sigma": entry.sigma,
            "provisional": entry.provisional,
            "games_played": entry.games_played,
        }
        for place, entry in enumerate(ladder, start=1)
    ]


def _close_season(league: League, state: str) -> None:
    """Close the running season: snapshot its final ladder (once; it never changes afterwards)."""
    season = league.seasons.select_for_update().filter(state=CompetitionState.RUNNING).first()
    if season is None:
        return
    season.state = state
    season.standings = season_standings(league)
    season.finished_at = timezone.now()
    season.save(update_fields=["state", "standings", "finished_at"])


@transaction.atomic
def league_next_season(*, league_pk: int, user: User | None = None) -> Season:
    """Close the running league's current season (snapshot) and open the next; returns the new one.

    With ``ratings_per_season`` every entry goes back to the initial rating; otherwise they carry on.
    """
    league = locked_league(league_pk)
    check_organiser(league, user)
    if league.state != CompetitionState.RUNNING:
        raise Conflict(f"cannot start a new season of a league that is {in_state(league)}")
    previous = current_season(league)
    _close_season(league, CompetitionState.FINISHED)
    if league.ratings_per_season:
        start = initial_rating_values(league)
        league.league_entries.update(
            rating=start["rating"],
            mu=start["mu"],
            sigma=start["sigma"],
            games_played=0,
            provisional=is_provisional(league, 0, start["sigma"]),
        )
    return Season.objects.create(league=league, number=previous.number + 1, state=CompetitionState.RUNNING)


@transaction.atomic
def league_finish(*, league_pk: int, user: User | None = None) -> League:
    """Finish: no new games; games still running are played out and still rated.

    The current season closes with a snapshot of the ladder, as :func:`league_next_season` does.
    """
    league = locked_league(league_pk)
    check_organiser(league, user)
    transition(league, CompetitionState.FINISHED, "league")
    league.finished_at = timezone.now()
    league.save(update_fields=["state", "finished_at"])
    _close_season(league, CompetitionState.FINISHED)
    return league


@transaction.atomic
def league_cancel(*, league_pk: int, user: User | None = None) -> League:
    """Cancel; the league's running games are aborted (unrated)."""
    league = locked_league(league_pk)
    check_organiser(league, user)
    transition(league, CompetitionState.CANCELLED, "league")
    league.finished_at = timezone.now()
    league.save(update_fields=["state", "finished_at"])
    league.seasons.filter(state=CompetitionState.RUNNING).update(state=CompetitionState.CANCELLED)
    running = Game.objects.select_for_update(of=("self",)).filter(
        league_game__league=league, status=GameStatus.RUNNING
    )
    pks = list(running.order_by("pk").values_list("pk", flat=True))
    games_cancel(pks, now=timezone.now())
    return league


# -- Joining and leaving ------------------------------------------------------------------------------


def _check_entrant(league: League, competitor: Competitor) -> None:
    bot = getattr(competitor, "bot", None)
    if bot is None and league.entrants == EntrantKinds.BOTS:
        raise InvalidInput(f"{league.name} is for bots only")
    if bot is not None and league.entrants == EntrantKinds.PEOPLE:
        raise InvalidInput(f"{league.name} is for people only")
    if bot is not None and bot.game_id != league.game_id:
        raise InvalidInput(f"bot {competitor.name!r} plays {bot.game_id}, not {league.game_id}")
    check_may_compete(bot)  # a submitted bot: only with a validated active version


def _join(league: League, competitor: Competitor) -> LeagueEntry:
    if league.state not in (CompetitionState.REGISTRATION, CompetitionState.RUNNING):
        raise Conflict(f"cannot join a league that is {in_state(league)}")
    _check_entrant(league, competitor)
    entry = league.league_entries.filter(competitor=competitor).first()
    if entry is not None:
        if entry.active:
            raise Conflict(f"{competitor.name} is already in {league.name}")
        entry.active = True  # back on the ladder with the rating it left with
        entry.save(update_fields=["active"])
    else:
        entry = LeagueEntry.objects.create(league=league, competitor=competitor, **initial_rating_values(league))
    tally_entrant_joined(league.pk)
    return entry


@transaction.atomic
def league_join(*, league_pk: int, competitor: Competitor) -> LeagueEntry:
    """Enter a competitor during registration or while the ladder runs."""
    return _join(locked_league(league_pk), competitor)


@transaction.atomic
def league_enter(*, league_pk: int, user: User, bot_pk: int | None = None) -> LeagueEntry:
    """``user`` joins as themselves, or enters bot ``bot_pk`` if they may act for it."""
    league = locked_league(league_pk)
    return _join(league, entrant_for(user=user, bot_pk=bot_pk, organiser_id=league.organiser_id))


def _leave(league: League, entry: LeagueEntry) -> None:
    if league.state == CompetitionState.REGISTRATION:
        if entry.active:
            tally_entrant_left(league.pk)
        entry.delete()
    elif league.state == CompetitionState.RUNNING:
        if not entry.active:
            raise Conflict(f"{entry.competitor.name} has already left {league.name}")
        entry.active = False
        entry.save(update_fields=["active"])
        tally_entrant_left(league.pk)
    else:
        raise Conflict(f"cannot leave a league that is {in_state(league)}")


@transaction.atomic
def league_leave(*, league_pk: int, competitor: Competitor) -> None:
    league = locked_league(league_pk)
    entry = league.league_entries.filter(competitor=competitor).first()
    if entry is None:
        raise NotFound(f"{competitor.name} is not in {league.name}")
    _leave(league, entry)


@transaction.atomic
def league_withdraw(*, league_pk: int, user: User, entry_pk: int | None = None) -> None:
    """Leave: your own entry, or (the organiser, a bot's owner) one you may act for."""
    league = locked_league(league_pk)
    player = player_for_user(user)
    if entry_pk is None:
        entry = league.league_entries.filter(competitor=player.competitor).first()
        if entry is None:
            raise NotFound(f"you are not in {league.name}")
    else:
        entry = league.league_entries.select_related("competitor__bot").filter(pk=entry_pk).first()
        if entry is None:
            raise NotFound(f"{league.name} has no entry {entry_pk}")
        bot = getattr(entry.competitor, "bot", None)
        allowed = (
            league.organiser_id == player.pk
            or entry.competitor_id == player.competitor_id
            or (bot is not None and may_act_for_bot(user=user, bot=bot, organiser_id=league.organiser_id))
        )
        if not allowed:
            raise NotYourEntrant(f"only the organiser may remove {entry.competitor.name}")
    _leave(league, entry)


# -- Ratings ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LeagueRecomputeReport:
    games: int
    entries: int
    changed_entries: int
    largest_difference: float


def _activation_resets(league: League, entries: Mapping[int, LeagueEntry]) -> list[tuple[datetime, int]]:
    """(when, entry pk) of each activation of a bot entered in an OpenSkill league, oldest first.

    Elo has no uncertainty to reset, so activations change nothing in an Elo league.
    """
    if league.rating_system != RatingSystem.OPENSKILL:
        return []
    entry_of = {entry.competitor_id: pk for pk, entry in entries.items()}
    activations = (
        BotActivation.objects.filter(bot__competitor_id__in=entry_of)
        .order_by("activated_at", "id")
        .values_list("activated_at", "bot__competitor_id")
    )
    return [(when, entry_of[competitor_id]) for when, competitor_id in activations]


@transaction.atomic
def league_ratings_recompute(
    *, league_pk: int, repair: bool = True, on_difference: Callable[[str], None] | None = None
) -> LeagueRecomputeReport:
    """Rebuild a league's ratings and rating changes from its stored games, in the order applied.

    The resets made between games are replayed where they happened: a new season's (with
    ``ratings_per_season``) and a bot's new active version's (OpenSkill), each before the first game
    rated at or after it; one after the last rated game is applied at the end.

    ``repair=False`` only compares (``manage.py verify``): nothing is locked or written, and each
    stored number that differs from the recomputed one is told to ``on_difference`` in words.
    """
    if repair:
        league = locked_league(league_pk)
        league_tallies_recount([league_pk])
        season_counts_recount(league_pk)
        entry_rows = LeagueEntry.objects.select_for_update()
    else:
        league = League.objects.get(pk=league_pk)
        entry_rows = LeagueEntry.objects.all()
    entries = {e.pk: e for e in entry_rows.filter(league=league).order_by("id")}
    start = initial_rating_values(league)
    current = {pk: RatingValue(start["rating"], start["mu"], start["sigma"], 0) for pk in entries}
    games = (
        Game.objects.filter(league_rating_changes__league=league)
        .annotate(
            first_change=Min("league_rating_changes__id"), rated_at=Min("league_rating_changes__created_at")
        )
        .order_by("first_change")
        .prefetch_related("seats", "league_rating_changes")
    )
    # ratings_per_season: back to the start at the first change after each later season opened.
    seasons = (
        list(league.seasons.filter(number__gt=1).order_by("number").values_list("created_at", flat=True))
        if league.ratings_per_season
        else []
    )
    # (when, entry pk or None for every entry's season reset); sorted by time only: at one instant a
    # season reset and an activation give the same values in either order.
    resets: list[tuple[datetime, int | None]] = [(when, None) for when in seasons]
    resets += _activation_resets(league, entries)
    resets.sort(key=lambda reset: reset[0])

    def apply_resets(until: datetime | None) -> None:
        nonlocal current
        while resets and (until is None or resets[0][0] <= until):
            _, entry_pk = resets.pop(0)
            if entry_pk is None:
                current = {pk: RatingValue(start["rating"], start["mu"], start["sigma"], 0) for pk in entries}
            else:
                value = current[entry_pk]
                reset = openskill_uncertainty_reset(value.mu)
                current[entry_pk] = RatingValue(reset.ordinal, reset.mu, reset.sigma, value.games_played)

    count = 0
    updated: list[LeagueRatingChange] = []
    for game in games:
        count += 1
        apply_resets(game.rated_at)
        changes = {c.seat_id: c for c in game.league_rating_changes.all()}
        seats = sorted(game.seats.all(), key=lambda seat: seat.index)
        values = [current[changes[seat.pk].entry_id] for seat in seats]
        after = rating_step(league, values, [seat.rank or 0 for seat in seats])
        for seat, old, (new, k) in zip(seats, values, after, strict=True):
            change = changes[seat.pk]
            current[change.entry_id] = new
            stored = (change.rating_before, change.rating_after, change.k_factor)
            if on_difference is not None and stored != (old.rating, new.rating, k):
                on_difference(
                    f"league {league.pk}, game {game.pk}: the league rating change of entry {change.entry_id} "
                    f"is stored as {stored[0]!r} -> {stored[1]!r} (K {stored[2]!r}), recomputed "
                    f"{old.rating!r} -> {new.rating!r} (K {k!r})"
                )
            change.rating_before, change.rating_after, change.k_factor = old.rating, new.rating, k
            change.mu_before, change.mu_after = old.mu, new.mu
            change.sigma_before, change.sigma_after = old.sigma, new.sigma
            updated.append(change)
    apply_resets(None)  # a season opened or a version activated after the last rated game
    if repair:
        LeagueRatingChange.objects.bulk_update(
            updated,
            [
                "rating_before",
                "rating_after",
                "k_factor",
                "mu_before",
                "mu_after",
                "sigma_before",
                "sigma_after",
            ],
            batch_size=500,
        )
    changed, largest = 0, 0.0
    for pk, entry in entries.items():
        value = current[pk]
        difference = abs(entry.rating - value.rating)
        if difference or entry.games_played != value.games_played or entry.sigma != value.sigma:
            changed += 1
            largest = max(largest, difference)
            if on_difference is not None:
                on_difference(
                    f"league {league.pk}: entry {pk} is stored at {entry.rating!r} (sigma {entry.sigma!r}) "
                    f"after {entry.games_played} games, recomputed {value.rating!r} (sigma {value.sigma!r}) "
                    f"after {value.games_played}"
                )
        entry.rating, entry.mu, entry.sigma, entry.games_played = (
            value.rating,
            value.mu,
            value.sigma,
            value.games_played,
        )
        entry.provisional = is_provisional(league, value.games_played, value.sigma)
    if repair:
        LeagueEntry.objects.bulk_update(
            list(entries.values()), ["rating", "mu", "sigma", "games_played", "provisional"]
        )
    return LeagueRecomputeReport(
        games=count, entries=len(entries), changed_entries=changed, largest_difference=largest
    )
