"""A tournament's lifecycle: create, open registration, join, leave, drop, start, cancel.

States move only along ``TRANSITIONS`` (draft → registration → running → finished, and cancelled);
anything else is a :class:`Conflict` that says why. Every write that depends on a tournament's
state locks its row first, so a join and a start (or two drops) cannot interleave.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from engine import UnknownGame, get_game
from games.models import (
    BotFaultPolicy,
    CompetitionState,
    Competitor,
    EntrantKinds,
    Entry,
    Game,
    GameStatus,
    Player,
    Rating,
    TimeoutPolicy,
    Tournament,
    TournamentFormat,
)
from games.scheduling.elimination import seeds_by_rating
from games.scheduling.swiss import recommended_rounds
from games.services.bot_eligibility import check_may_compete
from games.services.entrants import entrant_for, may_act_for_bot
from games.services.errors import Conflict, InvalidInput, NotFound, NotYourEntrant
from games.services.game_flow import games_cancel
from games.services.lifecycle import check_organiser, in_state, transition
from games.services.players import player_for_user
from games.services.rounds import round_robin_schedule, tournament_progress
from games.services.rules_of_play import MAX_MULTI_SEAT, check_rules_of_play, competition_config_validated
from games.services.seeds import new_seed
from games.services.tournament_events import tournament_ended

MULTI_SEAT_FORMATS = (
    TournamentFormat.ROUND_ROBIN,
    TournamentFormat.DOUBLE_ROUND_ROBIN,
    TournamentFormat.SWISS,
)
MAX_BEST_OF = 9
MAX_ENTRANTS = 100_000


def _locked(tournament_pk: int) -> Tournament:
    tournament = Tournament.objects.select_for_update().filter(pk=tournament_pk).first()
    if tournament is None:
        raise NotFound(f"no tournament {tournament_pk}")
    return tournament


# -- Create ----------------------------------------------------------------------------------------


def _check_format(
    *, format: str, seats: int, best_of: int, late_entries: bool, min_table_size: int | None, game_min: int
) -> int | None:
    """The format's rules for tables and matches; returns the smallest table allowed."""
    if format not in TournamentFormat.values:
        raise InvalidInput(
            f"unknown format {format!r}; one of {', '.join(TournamentFormat.values)}", field="format"
        )
    if seats == 2:
        if min_table_size not in (None, 2):
            raise InvalidInput("a two-seat tournament has tables of two", field="min_table_size")
        smallest = None
    else:
        if format not in MULTI_SEAT_FORMATS:
            raise InvalidInput(
                f"{TournamentFormat(format).label} is played at two-seat tables only", field="seats_per_table"
            )
        if not 3 <= seats <= MAX_MULTI_SEAT:
            raise InvalidInput(
                f"multi-seat tables have 3 to {MAX_MULTI_SEAT} seats, not {seats}", field="seats_per_table"
            )
        smallest = min_table_size or max(game_min, seats - 1)
        if not max(2, game_min) <= smallest <= seats:
            raise InvalidInput(
                f"the smallest table must have {max(2, game_min)} to {seats} seats", field="min_table_size"
            )
    if best_of != 1 and (seats != 2 or best_of < 1 or best_of % 2 == 0 or best_of > MAX_BEST_OF):
        raise InvalidInput(
            f"best of N is for two-seat tables, with N odd and at most {MAX_BEST_OF}", field="best_of"
        )
    if late_entries and format != TournamentFormat.SWISS:
        raise InvalidInput("late entries are only possible in a Swiss", field="late_entries")
    return smallest


@transaction.atomic
def tournament_create(
    *,
    name: str,
    game_id: str,
    format: str,
    organiser: Player | None = None,
    config: Mapping[str, Any] | None = None,
    seats_per_table: int = 2,
    min_table_size: int | None = None,
    rounds: int | None = None,
    best_of: int = 1,
    move_time_limit: timedelta = timedelta(days=1),
    entrants: str = EntrantKinds.BOTH,
    late_entries: bool = False,
    max_entrants: int | None = None,
    rated: bool = True,
    timeout_policy: str = TimeoutPolicy.FORFEIT,
    allow_vacations: bool = True,
    bot_move_time_ms: int = 2000,
    bot_time_bank_ms: int = 10_000,
    bot_fault_policy: str = BotFaultPolicy.DEFAULT_MOVE,
    bot_max_strikes: int = 3,
) -> Tournament:
    """A tournament in draft, checked against the engine's metadata for its game."""
    if not name.strip():
        raise InvalidInput("a tournament needs a name", field="name")
    if entrants not in EntrantKinds.values:
        raise InvalidInput(
            f"entrants are one of {', '.join(EntrantKinds.values)}, not {entrants!r}", field="entrants"
        )
    if rounds is not None and rounds < 1:
        raise InvalidInput("a tournament has at least one round", field="rounds")
    if max_entrants is not None and not 2 <= max_entrants <= MAX_ENTRANTS:
        raise InvalidInput(f"a tournament has 2 to {MAX_ENTRANTS} places", field="max_entrants")
    check_rules_of_play(
        move_time_limit=move_time_limit,
        timeout_policy=timeout_policy,
        bot_move_time_ms=bot_move_time_ms,
        bot_time_bank_ms=bot_time_bank_ms,
        bot_fault_policy=bot_fault_policy,
        bot_max_strikes=bot_max_strikes,
    )
    try:
        game_min = get_game(game_id).min_players
    except UnknownGame as exc:
        raise InvalidInput(str(exc), field="game") from None
    smallest = _check_format(
        format=format,
        seats=seats_per_table,
        best_of=best_of,
        late_entries=late_entries,
        min_table_size=min_table_size,
        game_min=game_min,
    )
    normalized = competition_config_validated(game_id, config, seats_per_table)
    return Tournament.objects.create(
        name=name.strip(),
        organiser=organiser,
        game_id=game_id,
        config=normalized,
        format=format,
        seats_per_table=seats_per_table,
        min_table_size=smallest,
        rounds=rounds,
        best_of=best_of,
        move_time_limit=move_time_limit,
        entrants=entrants,
        late_entries=late_entries,
        max_entrants=max_entrants,
        rated=rated,
        timeout_policy=timeout_policy,
        allow_vacations=allow_vacations,
        bot_move_time_ms=bot_move_time_ms,
        bot_time_bank_ms=bot_time_bank_ms,
        bot_fault_policy=bot_fault_policy,
        bot_max_strikes=bot_max_strikes,
        seed=new_seed(),
    )


# -- Registration ----------------------------------------------------------------------------------


@transaction.atomic
def tournament_open_registration(*, tournament_pk: int, user: User | None = None) -> Tournament:
    tournament = _locked(tournament_pk)
    check_organiser(tournament, user)
    transition(tournament, CompetitionState.REGISTRATION, "tournament")
    tournament.save(update_fields=["state"])
    return tournament


def _check_entrant(tournament: Tournament, competitor: Competitor) -> None:
    bot = getattr(competitor, "bot", None)
    if bot is None and tournament.entrants == EntrantKinds.BOTS:
        raise InvalidInput(f"{tournament.name} is for bots only")
    if bot is not None and tournament.entrants == EntrantKinds.PEOPLE:
        raise InvalidInput(f"{tournament.name} is for people only")
    if bot is not None and bot.game_id != tournament.game_id:
        raise InvalidInput(f"bot {competitor.name!r} plays {bot.game_id}, not {tournament.game_id}")
    check_may_compete(bot)  # a submitted bot: only with a validated active version


@transaction.atomic
def tournament_join(*, tournament_pk: int, competitor: Competitor) -> Entry:
    """Enter a competitor: during registration, or while a Swiss that allows late entries runs.

    A late entrant is paired from the next round on, with no points, seeded after everyone else.
    """
    return _join(_locked(tournament_pk), competitor)


def _join(tournament: Tournament, competitor: Competitor) -> Entry:
    running = tournament.state == CompetitionState.RUNNING
    if running and not tournament.late_entries:
        raise Conflict(f"{tournament.name} is running and allows no late entries")
    if tournament.state != CompetitionState.REGISTRATION and not running:
        raise Conflict(f"cannot join a tournament that is {in_state(tournament)}")
    _check_entrant(tournament, competitor)
    if tournament.entries.filter(competitor=competitor).exists():
        raise Conflict(f"{competitor.name} has already entered {tournament.name}")
    # Counted under the tournament's row lock (every join takes it), so concurrent joins cannot
    # overfill it. A dropped entrant's place is not given to anyone else.
    if tournament.max_entrants is not None and tournament.entries.count() >= tournament.max_entrants:
        raise Conflict(f"{tournament.name} is full: all {tournament.max_entrants} places are taken")
    if not running:
        return Entry.objects.create(tournament=tournament, competitor=competitor)
    last_seed = tournament.entries.order_by("-seed").values_list("seed", flat=True).first() or 0
    return Entry.objects.create(
        tournament=tournament,
        competitor=competitor,
        late=True,
        seed=last_seed + 1,
        first_round=tournament.current_round + 1,
    )


def _entry(tournament: Tournament, competitor: Competitor) -> Entry:
    entry = tournament.entries.filter(competitor=competitor).first()
    if entry is None:
        raise NotFound(f"{competitor.name} has not entered {tournament.name}")
    return entry


@transaction.atomic
def tournament_leave(*, tournament_pk: int, competitor: Competitor) -> None:
    """Withdraw an entry before the start (once it runs, an entrant drops instead)."""
    tournament = _locked(tournament_pk)
    _check_can_leave(tournament)
    _entry(tournament, competitor).delete()


def _check_can_leave(tournament: Tournament) -> None:
    if tournament.state != CompetitionState.REGISTRATION:
        hint = "; drop out instead" if tournament.state == CompetitionState.RUNNING else ""
        raise Conflict(f"cannot leave a tournament that is {in_state(tournament)}{hint}")


@transaction.atomic
def tournament_drop(*, tournament_pk: int, competitor: Competitor) -> Entry:
    """Drop out of a running tournament after the current round.

    The current round's games are played out; later rounds leave the entry out, and the standings
    snapshots already taken stay as they are.
    """
    tournament = _locked(tournament_pk)
    _check_can_drop(tournament)
    return _drop(tournament, _entry(tournament, competitor))


def _check_can_drop(tournament: Tournament) -> None:
    if tournament.state != CompetitionState.RUNNING:
        raise Conflict(f"cannot drop out of a tournament that is {in_state(tournament)}")


def _drop(tournament: Tournament, entry: Entry) -> Entry:
    if entry.dropped:
        raise Conflict(f"{entry.competitor.name} already dropped after round {entry.dropped_after_round}")
    entry.dropped_after_round = tournament.current_round
    entry.save(update_fields=["dropped_after_round"])
    return entry


# -- Start and cancel ------------------------------------------------------------------------------


def _fewest_entrants(tournament: Tournament) -> int:
    return 2 if tournament.is_two_seat else tournament.min_table_size or tournament.seats_per_table


def _seed_entries(tournament: Tournament, entries: list[Entry]) -> list[Entry]:
    """Seeds 1..n by the entrants' current Elo in this game (unrated: the initial rating)."""
    ratings = dict(
        Rating.objects.filter(
            game_id=tournament.game_id, competitor_id__in=[e.competitor_id for e in entries]
        ).values_list("competitor_id", "rating")
    )
    by_id = {e.pk: e for e in entries}
    order = seeds_by_rating(
        {e.pk: ratings.get(e.competitor_id, settings.ELO_INITIAL) for e in entries}, seed=tournament.seed
    )
    for number, entry_pk in enumerate(order, start=1):
        by_id[entry_pk].seed = number
    Entry.objects.bulk_update(entries, ["seed"])
    return [by_id[pk] for pk in order]


@transaction.atomic
def tournament_start(*, tournament_pk: int, user: User | None = None) -> Tournament:
    """Seed the entries, fix the number of rounds (and a round robin's schedule), pair round 1."""
    tournament = _locked(tournament_pk)
    check_organiser(tournament, user)
    transition(tournament, CompetitionState.RUNNING, "tournament")
    entries = list(tournament.entries.order_by("id"))
    fewest = _fewest_entrants(tournament)
    if len(entries) < fewest:
        raise Conflict(
            f"cannot start with {len(entries)} entrant{'s' * (len(entries) != 1)}: "
            f"this {TournamentFormat(tournament.format).label} needs at least {fewest}"
        )
    seeded = [e.pk for e in _seed_entries(tournament, entries)]
    if tournament.format in (TournamentFormat.ROUND_ROBIN, TournamentFormat.DOUBLE_ROUND_ROBIN):
        tournament.schedule = round_robin_schedule(tournament, seeded)
        tournament.planned_rounds = len(tournament.schedule)
    elif tournament.format == TournamentFormat.SWISS:
        tournament.planned_rounds = tournament.rounds or recommended_rounds(len(seeded))
    tournament.started_at = timezone.now()
    tournament.save(update_fields=["state", "schedule", "planned_rounds", "started_at"])
    tournament_progress(tournament)
    return tournament


@transaction.atomic
def tournament_cancel(*, tournament_pk: int, user: User | None = None) -> Tournament:
    """Cancel a tournament that has not finished; its running games are aborted."""
    tournament = _locked(tournament_pk)
    check_organiser(tournament, user)
    transition(tournament, CompetitionState.CANCELLED, "tournament")
    tournament.save(update_fields=["state"])
    running = Game.objects.select_for_update(of=("self",)).filter(
        match_game__match__round__tournament=tournament, status=GameStatus.RUNNING
    )
    # Locked in id order, as the bot workers lock games, so a batch in flight cannot deadlock us.
    pks = list(running.order_by("pk").values_list("pk", flat=True))
    games_cancel(pks, now=timezone.now())
    tournament_ended(tournament)
    return tournament


# -- On behalf of a user (the API) ---------------------------------------------------------------------
#
# Who may act for which entrant: a person for themselves; a bot's owner for that bot; for a built-in
# bot (no owner), staff and the tournament's organiser. The organiser may also withdraw or drop any
# entry of their tournament.


@transaction.atomic
def tournament_enter(*, tournament_pk: int, user: User, bot_pk: int | None = None) -> Entry:
    """``user`` joins as themselves, or enters bot ``bot_pk`` if they may act for it."""
    tournament = _locked(tournament_pk)
    return _join(tournament, entrant_for(user=user, bot_pk=bot_pk, organiser_id=tournament.organiser_id))


def _entry_for(tournament: Tournament, user: User, entry_pk: int | None) -> Entry:
    player = player_for_user(user)
    if entry_pk is None:
        return _entry(tournament, player.competitor)
    entry = (
        tournament.entries.select_related("competitor__bot", "competitor__player").filter(pk=entry_pk).first()
    )
    if entry is None:
        raise NotFound(f"{tournament.name} has no entry {entry_pk}")
    if tournament.organiser_id is not None and tournament.organiser_id == player.pk:
        return entry
    if entry.competitor_id == player.competitor_id:
        return entry
    bot = getattr(entry.competitor, "bot", None)
    if bot is not None and may_act_for_bot(user=user, bot=bot, organiser_id=tournament.organiser_id):
        return entry
    raise NotYourEntrant(f"only the organiser may withdraw or drop {entry.competitor.name}")


def _named_entry(tournament: Tournament, user: User, entry_pk: int | None) -> Entry | None:
    """Entry ``entry_pk`` if ``user`` may act for it, checked before the tournament's state: someone
    else's entry is refused (403) whatever state the tournament is in."""
    return None if entry_pk is None else _entry_for(tournament, user, entry_pk)


@transaction.atomic
def tournament_withdraw(*, tournament_pk: int, user: User, entry_pk: int | None = None) -> None:
    """Leave before the start: ``user``'s own entry, or entry ``entry_pk`` if they may act for it."""
    tournament = _locked(tournament_pk)
    named = _named_entry(tournament, user, entry_pk)
    _check_can_leave(tournament)
    (named or _entry_for(tournament, user, None)).delete()


@transaction.atomic
def tournament_drop_entry(*, tournament_pk: int, user: User, entry_pk: int | None = None) -> Entry:
    """Drop out of a running tournament: ``user``'s own entry, or ``entry_pk`` as for withdrawing."""
    tournament = _locked(tournament_pk)
    named = _named_entry(tournament, user, entry_pk)
    _check_can_drop(tournament)
    return _drop(tournament, named or _entry_for(tournament, user, None))
