"""How a running tournament moves itself: pair a round, play its matches out, close it, go on.

Every step is derived from what is stored (finished games, match results, entries), so running
:func:`tournament_progress` again changes nothing, and the callers hold the tournament's row lock,
so two games of one round finishing at once are settled one after the other.

Seat order: a round robin's schedule is seated when it is made (Berger tables at two seats, FIDE's
colour balance; ``seat_rounds`` over the whole plan at more); Swiss and elimination seat each table with :func:`games.scheduling.seating.assign_seats` over the seats every
entrant held in the tournament's earlier games, with a seed derived from the tournament's. A
two-seat Swiss round is also paired with each entrant's seat balance (seat-0 games minus seat-1
games), so that, points and rematches allowing, each pair has one entrant due each seat. Within a
best-of match the seats rotate from game to game.

A game the deadline sweep aborted counts for its match as a forfeit by the seats that timed out
(:func:`games.selectors.tournaments.games_played`), so the match is settled rather than replayed;
a match whose people never show up is decided after ``MAX_ABANDONED_GAMES`` games nobody played.
"""

from __future__ import annotations

import logging
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, cast

from django.db import transaction
from django.utils import timezone

from engine import get_game
from games.models import (
    Bot,
    CompetitionState,
    Competitor,
    Game,
    GameStatus,
    Match,
    MatchGame,
    Round,
    Seat,
    Tournament,
    TournamentFormat,
)
from games.scheduling.elimination import advance
from games.scheduling.round_robin import balanced_schedule, berger_round_robin
from games.scheduling.scoring import bye_result, match_format, match_result, walkover_result
from games.scheduling.seating import SeatTaken, assign_seats, seat_history, seat_rounds
from games.scheduling.standings import EntryInfo, tournament_bracket
from games.scheduling.swiss import Entrant, pair_round
from games.scheduling.swiss_tables import TableResult, seat_round
from games.scheduling.tiebreaks import MatchResult, PlayerId
from games.selectors.tournaments import entry_infos, games_played, tournament_results, tournament_standings
from games.services.after_commit import games_enqueue_bots
from games.services.games import game_create
from games.services.notifications import notify_round_started
from games.services.tournament_events import (
    games_ended,
    round_started,
    standings_after_round,
    tournament_ended,
)

logger = logging.getLogger(__name__)


def derived_seed(tournament: Tournament, *parts: object) -> int:
    """A seed for one choice of the tournament (a round's seats, a game), fixed by its secret seed."""
    return random.Random(":".join(map(str, (tournament.seed, *parts)))).getrandbits(63)


# -- Planning a round (plain data) ---------------------------------------------------------------------


@dataclass
class PlannedRound:
    tables: list[tuple[int, ...]] = field(default_factory=list)
    bracket_ids: list[str] = field(default_factory=list)  # one per table (elimination)
    byes: list[int] = field(default_factory=list)
    walkovers: list[tuple[str, tuple[int, int], int]] = field(default_factory=list)
    seated: bool = False  # tables already in seat order (Berger)


def round_robin_schedule(tournament: Tournament, entry_ids: Sequence[int]) -> list[dict[str, Any]]:
    """Every round of a round robin, fixed at the start from the entries (by seed) and the seed.

    Two seats: Berger tables (n-1 rounds, or 2(n-1) double). Multi-seat: ⌈(n-1)/(k-1)⌉ rounds at
    tables of k, enough for everyone to be able to meet everyone once (twice as many for double),
    with meetings spread evenly by :func:`balanced_schedule`. ``tournament.rounds`` caps either.
    """
    double = tournament.format == TournamentFormat.DOUBLE_ROUND_ROBIN
    if tournament.is_two_seat:
        schedule = berger_round_robin(entry_ids, double=double, swap_last_two_rounds=double)
        rounds = list(schedule.rounds)
    else:
        size = tournament.seats_per_table
        count = math.ceil((len(entry_ids) - 1) / (size - 1)) * (2 if double else 1)
        count = min(count, tournament.rounds or count)
        planned = balanced_schedule(entry_ids, size, count, seed=tournament.seed).rounds
        # Seated as a whole plan (seat_rounds polishes across rounds), which ends within one of even.
        seated = seat_rounds([r.tables for r in planned], seed=tournament.seed)
        rounds = [replace(r, tables=tuple(tables)) for r, tables in zip(planned, seated, strict=True)]
    if tournament.rounds:
        rounds = rounds[: tournament.rounds]
    return [{"tables": [list(t) for t in r.tables], "sitting_out": list(r.sitting_out)} for r in rounds]


def _plan_round_robin(
    tournament: Tournament, entries: Sequence[EntryInfo], number: int
) -> PlannedRound | None:
    schedule = tournament.schedule or []
    if number > len(schedule):
        return None
    active = {e.id for e in entries if not e.dropped_by(number - 1)}
    smallest = max(2, get_game(tournament.game_id).min_players)
    plan = PlannedRound(seated=True)  # the schedule was seated when it was made
    # A dropped entrant's tablemates play on without them; one left alone has a bye.
    for table in schedule[number - 1]["tables"]:
        playing = tuple(e for e in table if e in active)
        if len(playing) >= smallest:
            plan.tables.append(playing)
        else:
            plan.byes.extend(playing)
    plan.byes.extend(e for e in schedule[number - 1]["sitting_out"] if e in active)
    return plan


def _plan_swiss(
    tournament: Tournament, entries: Sequence[EntryInfo], number: int, results: Sequence[dict[str, Any]]
) -> PlannedRound | None:
    present = [e for e in entries if e.first_round <= number]
    dropped = [e.id for e in present if e.dropped_by(number - 1)]
    if number > (tournament.planned_rounds or 0) or len(present) - len(dropped) < 2:
        return None
    entrants = [Entrant(e.id, rating=-e.seed) for e in present]  # the seed order stands in for rating
    byes = [r["entries"][0] for r in results if r["kind"] == "bye"]
    seed = f"{tournament.seed}:{number}"
    if tournament.is_two_seat:
        matches = [_match_result(r) for r in results if r["kind"] == "two_seat"]
        # Seat 0 games minus seat 1 games so far: pairing prefers entrants due opposite seats, and
        # assign_seats (round_pair_next) then gives seat 0 to the one who is due it.
        entry_of = dict(tournament.entries.values_list("competitor_id", "id"))
        seat_balance: dict[PlayerId, int] = {
            entry: sum(1 if s.position == 0 else -1 for s in seats if s.position < 2)
            for entry, seats in _seat_history(tournament, entry_of).items()
        }
        pairing = pair_round(entrants, matches, byes, dropped, seed=seed, seat_balance=seat_balance)
        # Swiss pairing takes int or str ids and gives back the ones it was given: entry ids.
        pairs = cast("tuple[tuple[int, int], ...]", pairing.pairs)
        bye = cast("int | None", pairing.bye)
        return PlannedRound(tables=list(pairs), byes=[bye] if bye is not None else [])
    tables = [TableResult(tuple(r["ranking"]), tuple(r["places"])) for r in results if r["kind"] == "table"]
    seated = seat_round(
        entrants,
        tables,
        byes,
        dropped,
        table_size=tournament.seats_per_table,
        min_table_size=tournament.min_table_size or tournament.seats_per_table,
        seed=seed,
    )
    # As in pairing: the tables and byes hold the entry ids given.
    return PlannedRound(
        tables=list(cast("tuple[tuple[int, ...], ...]", seated.tables)),
        byes=list(cast("tuple[int, ...]", seated.byes)),
    )


def _match_result(result: dict[str, Any]) -> MatchResult:
    """A stored two-seat match result as the Swiss pairing takes it."""
    (a, b), (wins_a, wins_b) = result["entries"], result["wins"]
    return MatchResult(a, b, wins_a, wins_b, result["draws"])


def _plan_elimination(
    tournament: Tournament,
    entries: Sequence[EntryInfo],
    number: int,
    results: Sequence[tuple[str, dict[str, Any]]],
) -> PlannedRound | None:
    """The bracket matches that are ready; one whose entrant dropped is a walkover for the other."""
    bracket = tournament_bracket(tournament, entries)
    state = advance(bracket, {match_id: r["winner"] for match_id, r in results})
    if state.champion is not None or not state.ready:
        return None
    info = {e.id: e for e in entries}
    plan = PlannedRound()
    for ready in state.ready:
        # A ready match has both its entrants, and the bracket was drawn from entry ids.
        a, b = cast("tuple[int, int]", ready.entrants)
        out = [e for e in (a, b) if info[e].dropped_by(number - 1)]
        if not out:
            plan.tables.append((a, b))
            plan.bracket_ids.append(ready.match.id)
            continue
        # One dropped: the other goes through. Both dropped: the better seed does, so the bracket ends.
        winner = b if out == [a] else a if out == [b] else min((a, b), key=lambda e: info[e].seed)
        plan.walkovers.append((ready.match.id, (a, b), winner))
    return plan


def plan_round(tournament: Tournament, entries: Sequence[EntryInfo], number: int) -> PlannedRound | None:
    """Round ``number``'s tables and byes, or None when the format has no more rounds to play."""
    if tournament.format in (TournamentFormat.ROUND_ROBIN, TournamentFormat.DOUBLE_ROUND_ROBIN):
        return _plan_round_robin(tournament, entries, number)
    results = tournament_results(tournament, number - 1)
    if tournament.format == TournamentFormat.SWISS:
        return _plan_swiss(tournament, entries, number, [r for _, r in results])
    return _plan_elimination(tournament, entries, number, results)


# -- Writing a round ---------------------------------------------------------------------------------


def _seat_history(tournament: Tournament, entry_of: dict[int, int]) -> dict[int, list[SeatTaken]]:
    """Each entry's seats in the tournament's games so far, oldest first."""
    games: dict[int, list[int]] = {}
    for game_id, competitor_id in (
        Seat.objects.filter(game__match_game__match__round__tournament=tournament)
        .order_by(
            "game__match_game__match__round__number",
            "game__match_game__match__table",
            "game__match_game__number",
            "index",
        )
        .values_list("game_id", "competitor_id")
    ):
        games.setdefault(game_id, []).append(entry_of[competitor_id])
    return seat_history([[table] for table in games.values()])


def _start_game(
    tournament: Tournament, match: Match, number: int, competitors: dict[int, Competitor]
) -> Game:
    """Game ``number`` of a match; the seats rotate by one from game to game."""
    shift = (number - 1) % len(match.entries)
    order = match.entries[shift:] + match.entries[:shift]
    game = game_create(
        game_id=tournament.game_id,
        competitors=[competitors[e] for e in order],
        config=tournament.config,
        seed=_game_seed(tournament, match, number),
        rated=tournament.rated,
        enqueue_bots=False,
    )
    MatchGame.objects.create(match=match, number=number, game=game)
    return game


def _game_seed(tournament: Tournament, match: Match, number: int) -> int:
    """The deal of a match's game; the same at every table of the round where the game deals in duplicate."""
    if get_game(tournament.game_id).duplicate_deals:
        return derived_seed(tournament, "game", match.round.number, number)
    return derived_seed(tournament, "game", match.round.number, match.table, number)


def _competitors(tournament: Tournament) -> dict[int, Competitor]:
    return {e.id: e.competitor for e in tournament.entries.select_related("competitor__bot")}


def round_pair_next(tournament: Tournament) -> tuple[Round, list[Game]] | None:
    """Pair and write round ``current_round + 1`` with its first games; None when there is none.

    The caller holds the tournament's row lock.
    """
    number = tournament.current_round + 1
    entries = entry_infos(tournament)
    plan = plan_round(tournament, entries, number)
    if plan is None:
        return None
    competitors = _competitors(tournament)
    tables = plan.tables
    if not plan.seated:
        entry_of = {c.pk: e for e, c in competitors.items()}
        history = _seat_history(tournament, entry_of)
        tables = assign_seats(tables, history, seed=derived_seed(tournament, "seats", number))
    rnd = Round.objects.create(tournament=tournament, number=number)
    now = timezone.now()
    games = []
    bracket_ids = plan.bracket_ids or [""] * len(tables)
    for number_at, (table, bracket_id) in enumerate(zip(tables, bracket_ids, strict=True), start=1):
        match = Match.objects.create(
            round=rnd, table=number_at, entries=list(table), bracket_match=bracket_id
        )
        games.append(_start_game(tournament, match, 1, competitors))
    # Byes and walkovers have no game: they are finished as they are written, after the tables.
    finished = {"bye": True, "finished": True, "finished_at": now}
    next_table = len(tables) + 1
    for offset, entry in enumerate(plan.byes):
        Match.objects.create(
            round=rnd, table=next_table + offset, entries=[entry], result=bye_result(entry), **finished
        )
    next_table += len(plan.byes)
    for offset, (bracket_id, pair, winner) in enumerate(plan.walkovers):
        Match.objects.create(
            round=rnd,
            table=next_table + offset,
            entries=list(pair),
            bracket_match=bracket_id,
            result=walkover_result(pair, winner),
            **finished,
        )
    tournament.current_round = number
    tournament.save(update_fields=["current_round"])
    notify_round_started(rnd, games)
    table_games = [
        (table, list(entries), game)
        for table, (entries, game) in enumerate(zip(tables, games, strict=True), start=1)
    ]
    round_started(tournament, rnd, table_games, list(plan.byes), competitors)
    return rnd, games


# -- Moving on -------------------------------------------------------------------------------------


def _settle_matches(tournament: Tournament, rnd: Round) -> tuple[bool, list[Game]]:
    """Finish the decided matches of a round and start the next game of the others.

    Returns (every match is finished, games started).
    """
    open_matches = list(rnd.matches.filter(finished=False).select_related("round"))
    if not open_matches:
        return True, []
    running = set(
        MatchGame.objects.filter(match__in=open_matches, game__status=GameStatus.RUNNING).values_list(
            "match_id", flat=True
        )
    )
    played = games_played(open_matches)
    scoring, per_table = match_format(tournament.game_id)
    seeds = {e.id: e.seed for e in entry_infos(tournament)}
    competitors: dict[int, Competitor] | None = None
    started, now = [], timezone.now()
    for match in open_matches:
        if match.pk in running:
            continue
        result = match_result(
            entries=match.entries,
            games=played[match.pk],
            two_seat=tournament.is_two_seat,
            best_of=tournament.best_of,
            scoring=scoring,
            games_per_table=per_table,
            needs_winner=tournament.is_elimination,
            seeds=seeds,
        )
        if result is None:
            competitors = competitors or _competitors(tournament)
            started.append(_start_game(tournament, match, match.match_games.count() + 1, competitors))
            continue
        match.finished, match.result, match.finished_at = True, result, now
        match.save(update_fields=["finished", "result", "finished_at"])
    all_done = not rnd.matches.filter(finished=False).exists()
    return all_done, started


def round_close(tournament: Tournament, rnd: Round) -> None:
    """Snapshot the standings after this round; later drops never rewrite them."""
    rnd.standings = tournament_standings(tournament, rnd.number)
    rnd.finished = True
    rnd.finished_at = timezone.now()
    rnd.save(update_fields=["standings", "finished", "finished_at"])
    standings_after_round(tournament, rnd)


def _tournament_finish(tournament: Tournament) -> None:
    last = tournament.round_set.filter(finished=True).order_by("-number").first()
    tournament.standings = last.standings if last else tournament_standings(tournament, 0)
    tournament.state = CompetitionState.FINISHED
    tournament.finished_at = timezone.now()
    tournament.save(update_fields=["standings", "state", "finished_at"])
    tournament_ended(tournament)


def tournament_progress(tournament: Tournament) -> list[Game]:
    """Settle the current round and go on while rounds end: pair the next or finish the tournament.

    The caller holds the tournament's row lock. The bots of every game started are queued on
    commit, all together. Returns the games started.
    """
    started: list[Game] = []
    while tournament.state == CompetitionState.RUNNING:
        rnd = tournament.round_set.filter(number=tournament.current_round).first()
        if rnd is not None and not rnd.finished:
            games_ended(tournament, rnd)
            all_done, games = _settle_matches(tournament, rnd)
            started += games
            if not all_done:
                break
            round_close(tournament, rnd)
        paired = round_pair_next(tournament)
        if paired is None:
            _tournament_finish(tournament)
            break
        started += paired[1]
    bots = set(
        Bot.objects.filter(competitor__seats__game__in=started).values_list(
            "competitor__seats__game_id", flat=True
        )
    )
    games_enqueue_bots([g.pk for g in started if g.pk in bots])
    return started


@transaction.atomic
def tournament_advance(*, tournament_pk: int) -> int:
    """Move a running tournament on from its finished games; returns the games started."""
    tournament = Tournament.objects.select_for_update().filter(pk=tournament_pk).first()
    if tournament is None or tournament.state != CompetitionState.RUNNING:
        return 0
    return len(tournament_progress(tournament))


def competitions_advance(*, game_pks: Sequence[int]) -> int:
    """Move on every tournament that one of these (finished) games belongs to; idempotent.

    One transaction per tournament, taken in id order, so the lock is held briefly.
    """
    tournament_pks = sorted(
        set(
            MatchGame.objects.filter(game_id__in=game_pks).values_list(
                "match__round__tournament_id", flat=True
            )
        )
    )
    return sum(tournament_advance(tournament_pk=pk) for pk in tournament_pks)
