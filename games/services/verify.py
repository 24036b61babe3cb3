"""Bad data at rest: every stored game replayed, ratings and standings recomputed, and compared.

A game's moves are the only truth (``design.md``: config, seed and moves rebuild everything). So
:func:`stored_data_verify` (``manage.py verify``), in one consistent snapshot of the database:

1. replays every stored game through its engine: the moves are numbered 1..``version``, each is
   legal where it stands, and they lead where the row says: a game finished by the rules is over
   with the stored outcome and each seat's rank and score; a forfeit gives the late or faulty
   seats the last place; a running or aborted game is not over; a running game marks exactly the
   seats the engine says must act;
2. recomputes every Elo rating from the ranks step 1 vouched for, in the order they were applied
   (:func:`games.services.ratings.ratings_recompute` without repairing), and every league's
   ratings (:func:`games.services.leagues.league_ratings_recompute`, likewise), and counts each
   league's active entrants and finished games against its tally
   (:func:`games.services.league_tallies.tally_differences`);
3. recomputes every tournament's match results and each finished round's standings from the
   stored games (:func:`games.selectors.tournaments.match_results_rebuilt`) and compares them
   with the results and the snapshots stored then.

Each difference is told in words to ``on_difference``; nothing is written. A clean database has
none.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import connection, transaction

from engine import EngineError, State, get_game
from games.models import Game, GameStatus, League, Move, Round, Seat, Tournament
from games.scheduling.scoring import forfeit_places
from games.selectors.tournaments import match_results_rebuilt, standings_rebuilt_from_games
from games.services.game_flow import ending_played
from games.services.league_tallies import tally_differences
from games.services.leagues import league_ratings_recompute
from games.services.ratings import ratings_recompute

# How a game the rules did not end may finish (games.services.game_flow.ending_forfeit): a person
# out of time, a submitted bot's fault.
FORFEITS = ("timeout", "bot_fault")

# Games read per round trip (with their moves and seats).
GAMES_PER_CHUNK = 1000

Progress = Callable[[str, int], None]


@dataclass(frozen=True)
class VerifyReport:
    games: int
    rated_games: int
    tournaments: int
    leagues: int
    differences: int


def plain(data: Any) -> Any:
    """``data`` as a JSON column gives it back (tuples become lists, keys strings)."""
    return json.loads(json.dumps(data))


@transaction.atomic
def stored_data_verify(
    *, on_difference: Callable[[str], None], on_progress: Progress | None = None
) -> VerifyReport:
    """Check everything stored (see the module's docstring); ``on_progress(phase, n)`` is told how
    many items of ``phase`` ("games", "ratings", "tournaments", "leagues") were checked since its last call."""
    _one_snapshot()
    found = 0

    def differs(text: str) -> None:
        nonlocal found
        found += 1
        on_difference(text)

    def progress(phase: str) -> Callable[[int], None] | None:
        if on_progress is None:
            return None
        return lambda count: on_progress(phase, count)

    games = games_verify(on_difference=differs, on_progress=progress("games"))
    ratings = ratings_recompute(repair=False, on_difference=differs, on_progress=progress("ratings"))
    tournaments = tournaments_verify(on_difference=differs, on_progress=progress("tournaments"))
    leagues = 0
    for league_pk in League.objects.order_by("pk").values_list("pk", flat=True):
        league_ratings_recompute(league_pk=league_pk, repair=False, on_difference=differs)
        leagues += 1
        if on_progress is not None:
            on_progress("leagues", 1)
    for text in tally_differences():
        differs(text)
    return VerifyReport(games, ratings.games, tournaments, leagues, found)


def _one_snapshot() -> None:
    """Every read of this transaction sees the same committed state (PostgreSQL's REPEATABLE READ;
    SQLite's transactions are serializable anyway): games finishing meanwhile are not half seen."""
    # Only where this transaction is the outermost (a caller's own transaction has its snapshot).
    if connection.vendor == "postgresql" and len(connection.atomic_blocks) == 1:
        with connection.cursor() as cursor:
            cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")


# -- Games ------------------------------------------------------------------------------------------


@dataclass
class StoredGame:
    pk: int
    game_id: str
    config: dict[str, Any]
    seed: int
    status: str
    version: int
    outcome: dict[str, Any] | None
    moves: list[tuple[int, int, Any]]  # (number, seat, action)
    seats: list[tuple[int, int | None, float | None, bool]]  # (index, rank, score, to_act)


def games_verify(
    *, on_difference: Callable[[str], None], on_progress: Callable[[int], None] | None = None
) -> int:
    """Replay every stored game (step 1 of the module's docstring); returns the games checked."""
    checked = 0
    for chunk in _stored_games():
        for game in chunk:
            for text in game_differences(game):
                on_difference(f"game {game.pk} ({game.game_id}): {text}")
        checked += len(chunk)
        if on_progress is not None:
            on_progress(len(chunk))
    return checked


def _stored_games() -> Iterator[list[StoredGame]]:
    last = 0
    while True:
        rows = list(
            Game.objects.filter(pk__gt=last)
            .order_by("pk")
            .values_list("pk", "game_id", "config", "seed", "status", "version", "outcome")[:GAMES_PER_CHUNK]
        )
        if not rows:
            return
        games = {row[0]: StoredGame(*row, moves=[], seats=[]) for row in rows}
        for game_pk, number, seat, action in (
            Move.objects.filter(game_id__in=games)
            .order_by("game_id", "number")
            .values_list("game_id", "number", "seat", "action")
        ):
            games[game_pk].moves.append((number, seat, action))
        for game_pk, index, rank, score, to_act in (
            Seat.objects.filter(game_id__in=games)
            .order_by("game_id", "index")
            .values_list("game_id", "index", "rank", "score", "to_act")
        ):
            games[game_pk].seats.append((index, rank, score, to_act))
        yield list(games.values())
        last = rows[-1][0]


def game_differences(game: StoredGame) -> list[str]:
    """What in this stored game its own moves contradict (nothing, for a sound game)."""
    numbers = [number for number, _, _ in game.moves]
    if numbers != list(range(1, len(numbers) + 1)) or len(numbers) != game.version:
        return [f"its moves are numbered {_ranges(numbers)}, but it has played {game.version}"]
    try:
        state = get_game(game.game_id).new_state(game.config, game.seed)
    except EngineError as exc:
        return [f"cannot be set up again from its config and seed: {exc}"]
    for number, seat, action in game.moves:
        try:
            state.apply(seat, action)
        except EngineError as exc:
            return [f"move {number} (seat {seat}: {json.dumps(action)}) is not legal there: {exc}"]
    if game.status == GameStatus.FINISHED and state.is_over:
        return _played_differences(game, state)
    details = (game.outcome or {}).get("details") or {}
    if game.status == GameStatus.FINISHED and details.get("reason") in FORFEITS:
        return _forfeit_differences(game, details)
    if game.status == GameStatus.FINISHED:
        return ["it is stored as finished by its moves, but they do not end it"]
    if state.is_over:
        return [f"its moves end it, but it is stored as {game.status}"]
    found = []
    if any(rank is not None for _, rank, _, _ in game.seats):
        found.append(f"it is {game.status}, yet its seats have ranks")
    if game.status == GameStatus.RUNNING:
        marked = [index for index, _, _, to_act in game.seats if to_act]
        if sorted(marked) != sorted(state.to_act()):
            found.append(f"seats {marked} are marked to act, but the moves say {sorted(state.to_act())}")
    return found


def _played_differences(game: StoredGame, state: State) -> list[str]:
    found = []
    replayed = plain(state.outcome().to_json())
    if replayed != game.outcome:
        found.append(
            f"its stored outcome {json.dumps(game.outcome)} is not the replay's {json.dumps(replayed)}"
        )
    places = ending_played(state).places or {}
    found += _seat_differences(game, places)
    return found


def _forfeit_differences(game: StoredGame, details: dict[str, Any]) -> list[str]:
    late = details.get("timed_out") or details.get("forfeited") or []
    indexes = [index for index, _, _, _ in game.seats]
    if not late or not set(late) <= set(indexes):
        return [f"its forfeit names seats {late}, not seats of the game"]
    return _seat_differences(game, forfeit_places(indexes, late))


def _seat_differences(game: StoredGame, places: dict[int, tuple[int, float]]) -> list[str]:
    found = []
    for index, rank, score, _ in game.seats:
        expected = places.get(index)
        if expected is None or (rank, score) != (expected[0], expected[1]):
            found.append(
                f"seat {index} is stored with rank {rank} and score {score}, the replay gives {expected}"
            )
    return found


def _ranges(numbers: Sequence[int]) -> str:
    if not numbers:
        return "nothing"
    return f"{numbers[0]}..{numbers[-1]} ({len(numbers)} moves)" if len(numbers) > 3 else str(list(numbers))


# -- Tournaments ------------------------------------------------------------------------------------


def tournaments_verify(
    *, on_difference: Callable[[str], None], on_progress: Callable[[int], None] | None = None
) -> int:
    """Match results and round standings recomputed from the stored games (step 3); returns the
    tournaments checked."""
    checked = 0
    for tournament in Tournament.objects.filter(current_round__gt=0).order_by("pk"):
        for text in tournament_differences(tournament):
            on_difference(f"tournament {tournament.pk}: {text}")
        checked += 1
        if on_progress is not None:
            on_progress(1)
    return checked


def tournament_differences(tournament: Tournament) -> list[str]:
    found = []
    for match, result, games in match_results_rebuilt(tournament, tournament.current_round):
        if match.bye or (games == 0 and match.result is not None):
            continue  # a bye, or a walkover: no game to rebuild its result from
        stored = plain(match.result) if match.finished else None
        rebuilt = plain(result) if result is not None else None
        if stored != rebuilt:
            found.append(
                f"round {match.round.number}, table {match.table}: the match result is stored as "
                f"{json.dumps(stored)}, its games give {json.dumps(rebuilt)}"
            )
    last = None
    for rnd in Round.objects.filter(tournament=tournament, finished=True).order_by("number"):
        rebuilt_standings = plain(standings_rebuilt_from_games(tournament, rnd.number))
        found += _standings_differences(f"round {rnd.number}'s standings", rnd.standings, rebuilt_standings)
        last = rebuilt_standings
    if tournament.standings and last is not None:
        found += _standings_differences("the final standings", tournament.standings, last)
    return found


def _standings_differences(what: str, stored: Any, rebuilt: list[dict[str, Any]]) -> list[str]:
    stored_rows = {row.get("entry"): row for row in stored or [] if isinstance(row, dict)}
    rebuilt_rows = {row["entry"]: row for row in rebuilt}
    found = []
    for entry in sorted(set(stored_rows) | set(rebuilt_rows), key=str):
        old, new = stored_rows.get(entry), rebuilt_rows.get(entry)
        if old != new:
            keys = sorted({*(old or {}), *(new or {})} - {"entry"})
            changed = {
                key: ((old or {}).get(key), (new or {}).get(key))
                for key in keys
                if (old or {}).get(key) != (new or {}).get(key)
            }
            found.append(f"{what}: entry {entry} stored/recomputed {json.dumps(changed)}")
    if not found and [row.get("entry") for row in stored or []] != [row["entry"] for row in rebuilt]:
        found.append(f"{what}: stored in another order than recomputed")
    return found
