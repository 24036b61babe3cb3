"""How a match's games add up to its result: pure functions over plain data, shared by the services
that run a tournament and the reads that rebuild its standings from the stored games.

Match results (``Match.result``, plain JSON), by ``kind``:

* ``"two_seat"``: ``entries`` [a, b], game ``wins`` [a's, b's], ``draws``, ``winner`` (None for a
  drawn match). A best-of-N ends once someone has won a majority, or after N games.
* ``"table"``: a multi-seat table: ``ranking`` (entry ids, best first), ``places`` (1-based, ties
  share the best place) and the ``totals`` they were ranked by (see :data:`SCORINGS`).
* ``"bye"``: one entry and no game; counts as a 2-0 match win at two seats (MTR) and as a full
  table's first place at multi-seat tables.
* ``"walkover"``: elimination only: ``winner`` goes through because the other entrant dropped.

Aborted games (the deadline sweep aborts a game in which no person ever moved, see
:mod:`games.services.deadlines`) stay unrated, but a match counts them: the seats that timed out
forfeit it, ranked as the ``forfeit`` policy ranks them (:func:`forfeit_places`: the late seats share
the last rank with score 0, the others rank 1 with score 1). When every seat timed out nobody
played: all share rank 1 with score 0, a drawn game. So that absent players cannot stall a
tournament, a match with :data:`MAX_ABANDONED_GAMES` such games is decided without another game
(its result says so in ``decided``): at two seats by the games so far (a draw when level), in
elimination, when level, by the better (lower) seed; at a multi-seat table by the games so far. An
aborted game without ``timed_out`` (a cancelled tournament's) counts for nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine import get_game


@dataclass(frozen=True)
class SeatResult:
    """One seat of a finished game, named by entry."""

    entry: int
    rank: int
    score: float
    absent: bool = False  # timed out in an aborted game: nobody had moved


GamePlayed = Sequence[SeatResult]


# Games of one match aborted with every seat late, after which the match is decided without more.
MAX_ABANDONED_GAMES = 2


NOBODY_PLAYED = "nobody played"


SEED_NOBODY_PLAYED = "seed, nobody played"


def forfeit_places(seat_indexes: Sequence[int], late: Iterable[int]) -> dict[int, tuple[int, float]]:
    """(rank, score) by seat index when the ``late`` seats forfeit: they share the last rank with
    score 0, the others rank 1 with score 1; everyone late: all rank 1 with score 0 (no winner)."""
    late = set(late)
    on_time = [index for index in seat_indexes if index not in late]
    last_rank = len(on_time) + 1 if on_time else 1
    return {index: (last_rank, 0.0) if index in late else (1, 1.0) for index in seat_indexes}


def abandoned(game: GamePlayed) -> bool:
    """An aborted game in which every seat timed out: nobody played."""
    return bool(game) and all(seat.absent for seat in game)


def _totals_by_rank(entries: Sequence[int], games: Sequence[GamePlayed]) -> dict[int, float]:
    totals = dict.fromkeys(entries, 0.0)
    for game in games:
        for seat in game:
            totals[seat.entry] -= seat.rank  # negated: higher totals are better everywhere
    return totals


def _totals_by_score(sign: int) -> Callable[[Sequence[int], Sequence[GamePlayed]], dict[int, float]]:
    def totals(entries: Sequence[int], games: Sequence[GamePlayed]) -> dict[int, float]:
        result = dict.fromkeys(entries, 0.0)
        for game in games:
            for seat in game:
                result[seat.entry] += sign * seat.score
        return result

    return totals


# How a multi-seat table's games are totalled, by the engine game's ``scoring`` (``"rank"`` unless the
# game says otherwise): a game that arrives with points (golf: strokes, fewest
# wins) or a chips session plugs in here, and no scheduling code changes. Higher totals rank first.
SCORINGS: dict[str, Callable[[Sequence[int], Sequence[GamePlayed]], dict[int, float]]] = {
    "rank": _totals_by_rank,  # finishing places summed over the table's games
    "points": _totals_by_score(+1),  # the outcome's scores, most first
    "chips": _totals_by_score(+1),  # net chips won, most first
    "strokes": _totals_by_score(-1),  # fewest first (golf)
}


def match_format(game_id: str) -> tuple[str, int]:
    """(scoring, games per multi-seat table) from the engine game's metadata."""
    engine_game = get_game(game_id)
    return engine_game.scoring, engine_game.games_per_table


def match_result(
    *,
    entries: Sequence[int],
    games: Sequence[GamePlayed],
    two_seat: bool,
    best_of: int = 1,
    scoring: str = "rank",
    games_per_table: int = 1,
    needs_winner: bool = False,
    seeds: Mapping[int, int] | None = None,
) -> dict[str, Any] | None:
    """The result of a match from its finished games, or None while it needs another game.

    ``needs_winner`` (elimination): a two-seat match drawn after ``best_of`` games goes on, one
    game at a time, until someone is ahead; or, after :data:`MAX_ABANDONED_GAMES` games nobody
    played, the better of ``seeds`` (entry -> seed, 1 best) goes through.
    """
    given_up = sum(map(abandoned, games)) >= MAX_ABANDONED_GAMES
    if two_seat:
        a, b = entries
        wins, draws = {a: 0, b: 0}, 0
        for game in games:
            ranks = {seat.entry: seat.rank for seat in game}
            if ranks[a] == ranks[b]:
                draws += 1
            else:
                wins[a if ranks[a] < ranks[b] else b] += 1
        decided = None
        if max(wins.values()) <= best_of // 2 and len(games) < best_of:
            if not given_up:
                return None
            decided = NOBODY_PLAYED
        winner = a if wins[a] > wins[b] else b if wins[b] > wins[a] else None
        if needs_winner and winner is None:
            if not given_up:
                return None
            winner, decided = min((a, b), key=lambda e: ((seeds or {}).get(e, 0), e)), SEED_NOBODY_PLAYED
        result = {
            "kind": "two_seat",
            "entries": [a, b],
            "wins": [wins[a], wins[b]],
            "draws": draws,
            "winner": winner,
        }
        return result if decided is None else {**result, "decided": decided}
    if len(games) < games_per_table and not given_up:
        return None
    totals = SCORINGS[scoring](entries, games)
    ranking = sorted(entries, key=lambda e: -totals[e])  # stable: seat order breaks nothing, ties share
    places = [1 + sum(totals[other] > totals[e] for other in entries) for e in ranking]
    result = {"kind": "table", "ranking": ranking, "places": places, "totals": [totals[e] for e in ranking]}
    return result if len(games) >= games_per_table else {**result, "decided": NOBODY_PLAYED}


def bye_result(entry: int) -> dict[str, Any]:
    return {"kind": "bye", "entries": [entry]}


def walkover_result(entries: Sequence[int], winner: int) -> dict[str, Any]:
    return {"kind": "walkover", "entries": list(entries), "winner": winner}
