"""Seat order within tables, balanced over a competition, as pure functions.

Seat 0 acts first (it auctions first in Mulligan), and early and late seats are not worth the same,
so over a competition every entrant should hold every position about equally often. With two seats
this is colour balancing, as in chess: alternate who goes first.

Objective. An entrant's *deviation* at position p is how often it has held p minus how often it
would have held p with uniformly random seats (the sum of 1/size over its past tables that have a
position p). Seating it at p adds one game: every expected count moves by 1/size and the count at
p by one, so the sum of its squared deviations grows by 2·deviation(p) plus a constant. Minimising
the total squared deviation for one table is therefore the linear assignment problem "give each
entrant a position of least deviation", which for tables of up to 8 seats (8! = 40,320
permutations) is solved exactly by trying every permutation; no solver library is needed.

Ties, which are common, are broken first by recency (an entrant should not hold the seat it held
last game, and prefers the seat it has held least recently, which turns two-seat balancing into
strict alternation when counts are level), then by a draw from ``seed``.

Fixed tables end perfectly balanced: while an entrant has not yet held every position, an
assignment giving everyone an unheld position always exists (a Latin rectangle can always be
extended, by Hall's theorem), so nobody's counts ever differ by more than one. Tables that change
every round only get "as even as the tables allow", since two entrants short of the same seat may
meet.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Mapping, Sequence
from itertools import permutations
from typing import NamedTuple, TypeAlias, TypeVar, cast

# An entrant's id: any hashable the caller likes, and the tables come back with the same ids.
_E = TypeVar("_E", bound=Hashable)

MAX_TABLE_SIZE = 8
# Deviations are kept as integers scaled by the least common multiple of the table sizes 2..8, so
# that 1/size is exact and seat choices never hinge on floating-point rounding.
_SCALE = 840


class SeatTaken(NamedTuple):
    """One past game of an entrant: the position held and the table's size."""

    position: int
    table_size: int


SeatHistory: TypeAlias = Mapping[_E, Sequence[SeatTaken]]


def seat_history(rounds: Iterable[Sequence[Sequence[_E]]]) -> dict[_E, list[SeatTaken]]:
    """Each entrant's positions, oldest first, from past rounds' tables listed in seat order."""
    history: dict[_E, list[SeatTaken]] = {}
    for tables in rounds:
        for table in tables:
            for position, entrant in enumerate(table):
                history.setdefault(entrant, []).append(SeatTaken(position, len(table)))
    return history


def position_counts(history: SeatHistory[_E], table_size: int) -> dict[_E, list[int]]:
    """How often each entrant held each of positions 0..table_size-1 (for reports and tests)."""
    counts = {}
    for entrant, seats in history.items():
        row = [0] * table_size
        for seat in seats:
            if seat.position < table_size:
                row[seat.position] += 1
        counts[entrant] = row
    return counts


def assign_seats(
    tables: Sequence[Sequence[_E]], history: SeatHistory[_E], *, seed: int = 0
) -> list[tuple[_E, ...]]:
    """Each table of one round in seat order (seat 0 first), balancing positions against ``history``.

    Deterministic for the same tables, history and seed. Called round by round, pass a seed that
    changes with the round (say, derived from the competition's seed and the round number), or
    use :func:`seat_rounds`.
    """
    return _assign(tables, history, random.Random(seed))


def seat_rounds(
    rounds: Sequence[Sequence[Sequence[_E]]],
    *,
    seed: int = 0,
    history: SeatHistory[_E] | None = None,
    polish_iterations: int = 20_000,
) -> list[list[tuple[_E, ...]]]:
    """Seat a planned competition: round by round, then improved as a whole.

    The round-by-round pass is :func:`assign_seats` with each round's seats feeding the next
    round's history. It keeps every intermediate standing close (within 2 in our trials) but can
    leave entrants two apart at the end, because each round is decided without knowing the next.
    The polish then swaps two entrants' seats within a table whenever that does not raise the
    squared deviation summed over every round's standings, the final one weighted as much as all
    the others together. In our trials the end then comes out within 1 for everyone (tested); an
    intermediate standing may drift to 3 now and then. ``polish_iterations=0`` keeps the
    round-by-round seats.
    """
    rng = random.Random(seed)
    start: dict[_E, list[SeatTaken]] = {e: list(s) for e, s in (history or {}).items()}
    so_far = {e: list(s) for e, s in start.items()}
    seated_rounds = []
    for tables in rounds:
        seated = _assign(tables, so_far, rng)
        for table in seated:
            for position, entrant in enumerate(table):
                so_far.setdefault(entrant, []).append(SeatTaken(position, len(table)))
        seated_rounds.append(seated)
    if seated_rounds and polish_iterations > 0:
        _polish(seated_rounds, start, polish_iterations, rng)
    return seated_rounds


def _polish(
    seated_rounds: list[list[tuple[_E, ...]]],
    start: SeatHistory[_E],
    iterations: int,
    rng: random.Random,
) -> None:
    """Swap seats within tables, in place, while the weighted squared deviation does not grow.

    ``deviation[e][u][p]`` is entrant e's scaled deviation at position p after round u. Swapping
    a (seat i) and b (seat j) in round r moves a's count from i to j and b's from j to i in every
    standing from r on; the squared deviation then changes by 2·S times
    D_a[j] - D_a[i] + D_b[i] - D_b[j] + 2·S per standing, S being one game.
    """
    count = len(seated_rounds)
    width = max(len(t) for tables in seated_rounds for t in tables)
    entrants = {e for tables in seated_rounds for t in tables for e in t}
    deviation = {e: [[0] * width for _ in range(count)] for e in entrants}
    for e in entrants:
        running = _deviations(start.get(e, ()), width)
        for u, tables in enumerate(seated_rounds):
            for table in tables:
                if e in table:
                    _add_game(running, table.index(e), len(table))
            deviation[e][u] = list(running)
    weights = [1] * (count - 1) + [count]
    tables_by_round = [[list(t) for t in tables] for tables in seated_rounds]
    candidates = [
        (r, t) for r, tables in enumerate(tables_by_round) for t in range(len(tables)) if len(tables[t]) > 1
    ]
    if not candidates:
        return
    for _ in range(iterations):
        r, t = rng.choice(candidates)
        row = tables_by_round[r][t]
        i, j = rng.sample(range(len(row)), 2)
        dev_a, dev_b = deviation[row[i]], deviation[row[j]]
        change = sum(
            weights[u] * (dev_a[u][j] - dev_a[u][i] + dev_b[u][i] - dev_b[u][j] + 2 * _SCALE)
            for u in range(r, count)
        )
        if change > 0:
            continue
        for u in range(r, count):
            dev_a[u][i] -= _SCALE
            dev_a[u][j] += _SCALE
            dev_b[u][j] -= _SCALE
            dev_b[u][i] += _SCALE
        row[i], row[j] = row[j], row[i]
    seated_rounds[:] = [[tuple(t) for t in tables] for tables in tables_by_round]


def _deviations(seats: Sequence[SeatTaken], width: int) -> list[int]:
    running = [0] * width
    for seat in seats:
        if seat.position < width:
            _add_game(running, seat.position, min(seat.table_size, width), seat.table_size)
    return running


def _add_game(running: list[int], position: int, seats: int, table_size: int | None = None) -> None:
    """One more game at ``position``: its count up by one game, every expected count by 1/size."""
    size = table_size or seats
    running[position] += _SCALE
    for p in range(seats):
        running[p] -= _SCALE // size


def _assign(
    tables: Sequence[Sequence[_E]], history: SeatHistory[_E], rng: random.Random
) -> list[tuple[_E, ...]]:
    entrants = [e for table in tables for e in table]
    if len(set(entrants)) != len(entrants):
        raise ValueError("an entrant cannot sit at two tables, or twice at one, in the same round")
    return [_seat_table(list(table), history, rng) for table in tables]


def _seat_table(table: list[_E], history: SeatHistory[_E], rng: random.Random) -> tuple[_E, ...]:
    size = len(table)
    if not 1 <= size <= MAX_TABLE_SIZE:
        raise ValueError(f"tables have 1 to {MAX_TABLE_SIZE} seats, got {size}")
    costs = [_position_costs(history.get(e, ()), size) for e in table]
    best_key: tuple[int, int] | None = None
    best: list[tuple[int, ...]] = []
    for positions in permutations(range(size)):
        deviation = sum(costs[i][p][0] for i, p in enumerate(positions))
        recency = sum(costs[i][p][1] for i, p in enumerate(positions))
        key = (deviation, recency)
        if best_key is None or key < best_key:
            best_key, best = key, [positions]
        elif key == best_key:
            best.append(positions)
    chosen = rng.choice(best)
    seated: list[_E | None] = [None] * size
    for i, position in enumerate(chosen):
        seated[position] = table[i]
    # chosen is a permutation of the positions: every seat is taken.
    return cast("tuple[_E, ...]", tuple(seated))


def _position_costs(seats: Sequence[SeatTaken], size: int) -> list[tuple[int, int]]:
    """Per position: (scaled deviation, recency penalty) for one entrant at a table of ``size``.

    The recency penalty is larger the more recently the entrant held that position (the number
    of games since, counted from the end, subtracted from the history length), zero if never.
    """
    deviation = [0] * size
    last_held = [-1] * size
    for game, seat in enumerate(seats):
        if seat.position < size:
            deviation[seat.position] += _SCALE
            last_held[seat.position] = game
        for p in range(min(seat.table_size, size)):
            deviation[p] -= _SCALE // seat.table_size
    return [(deviation[p], last_held[p] + 1) for p in range(size)]
