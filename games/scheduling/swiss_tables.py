"""Swiss rounds for multi-seat tables (3-6 players a table), as pure functions over plain data.

The two-player rules of :mod:`games.scheduling.swiss` carried over to tables:

* **Points by finishing place.** ``points_table`` maps a table size to the points for 1st, 2nd, …
  place. The default for a table of N is N-1, N-2, …, 0 (a 4-seat table pays 3/2/1/0, a 3-seat
  table 2/1/0): every place beats the next by one point and last place scores nothing, the way
  3/1/0 match points make a win worth beating. Pass e.g. ``{4: (3, 2, 1, 0), 3: (3, 1, 0)}`` to
  pay short tables differently. Tied players (``places`` in :class:`TableResult`, like 1, 1, 3, 4)
  all get the points of the best place they share.
* **Byes.** When the active players cannot all be seated at tables of ``min_table_size`` to
  ``table_size`` (see :func:`table_sizes`), the lowest-ranked players with the fewest byes so far
  sit out, and each bye pays ``bye_points`` (default: a full table's first-place points, as a
  two-player bye counts as a match win).
* **Tables from like points.** Players are ranked by points, then rating (higher first), then a
  seeded random key (``random.Random(seed)``, one key per player in sorted-id order); the ranked
  list is cut into tables, largest tables first. Cutting the sorted list puts players of equal or
  nearest points together, which is what minimizes the point spread.
* **Repeated tablemates avoided.** Then a local search swaps players between tables to lower,
  lexicographically, (repeated pairs, point spread): ``repeated_pairs`` counts tablemate pairs
  that already shared a table (twice before counts 2), ``point_spread`` sums (points difference)²
  over tablemate pairs. It only looks at players in a repeated pair and first at the next table
  up or down; while repeats remain it doubles how many tables away it looks, up to all of them,
  so a repeat is only kept when no single swap removes it. Greedy, not an exact optimum: tables
  of 3+ make exact minimization a hard partitioning problem, and a swap search is what clubs do
  by hand. Deterministic: candidates are tried in table and seat order, first best wins.

Seat order within a table (who acts first) is left to the seating module; tables list their
players in standing order.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from games.scheduling.swiss import Entrant
from games.scheduling.tiebreaks import PlayerId

__all__ = [
    "TableResult",
    "TableRound",
    "default_points",
    "seat_round",
    "table_points",
    "table_sizes",
]


@dataclass(frozen=True, slots=True)
class TableResult:
    """One finished table: players from first place to last.

    ``places`` (1-based, same length as ``ranking``, non-decreasing) records ties, e.g. (1, 1, 3, 4)
    for two players sharing first; None means no ties (1, 2, 3, …).
    """

    ranking: tuple[PlayerId, ...]
    places: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if len(set(self.ranking)) != len(self.ranking):
            raise ValueError(f"a player appears twice at one table: {self.ranking}")
        if self.places is not None and (
            len(self.places) != len(self.ranking)
            or any(not 1 <= place <= k + 1 for k, place in enumerate(self.places))
            or list(self.places) != sorted(self.places)
        ):
            raise ValueError(f"places must be 1-based, sorted, one per player: {self.places}")

    def place_of(self, k: int) -> int:
        """1-based place of ``ranking[k]``."""
        return self.places[k] if self.places is not None else k + 1


@dataclass(frozen=True, slots=True)
class TableRound:
    """One round's tables. ``tables`` go from the top of the standings down."""

    tables: tuple[tuple[PlayerId, ...], ...]
    byes: tuple[PlayerId, ...]
    repeated_pairs: int
    point_spread: int
    order: tuple[PlayerId, ...]


def default_points(table_size: int) -> tuple[int, ...]:
    """N-1, N-2, …, 0 for a table of N (see module docs)."""
    return tuple(range(table_size - 1, -1, -1))


def table_sizes(players: int, table_size: int, min_table_size: int) -> tuple[tuple[int, ...], int]:
    """Table sizes (largest first) and the number of byes for ``players`` active players.

    Seats as many players as possible; among the ways to do that uses the fewest tables
    (⌈seated / table_size⌉) with sizes as even as possible (10 players at 4-seat tables with a
    minimum of 3: 4, 3, 3 and no bye; with a minimum of 4: 4, 4 and 2 byes).
    """
    if not 2 <= min_table_size <= table_size:
        raise ValueError("need 2 ≤ min_table_size ≤ table_size")
    for seated in range(players, 0, -1):
        tables = math.ceil(seated / table_size)
        if tables * min_table_size <= seated:
            base, extra = divmod(seated, tables)
            return tuple([base + 1] * extra + [base] * (tables - extra)), players - seated
    return (), players


def table_points(
    entrants: Iterable[Entrant | PlayerId],
    results: Iterable[TableResult] = (),
    byes: Iterable[PlayerId] = (),
    *,
    points_table: Mapping[int, Sequence[int]] | None = None,
    bye_points: int | None = None,
    table_size: int = 4,
) -> dict[PlayerId, int]:
    """Each entrant's points so far (every entrant appears, with 0 if nothing scored)."""
    points = {_entrant_id(e): 0 for e in entrants}
    for result in results:
        paid = _points_for(len(result.ranking), points_table)
        for k, player in enumerate(result.ranking):
            _require_known(points, player)
            points[player] += paid[result.place_of(k) - 1]
    per_bye = _bye_points(bye_points, table_size, points_table)
    for player in byes:
        _require_known(points, player)
        points[player] += per_bye
    return points


def _entrant_id(entrant: Entrant | PlayerId) -> PlayerId:
    return entrant.id if isinstance(entrant, Entrant) else entrant


def _require_known(points: Mapping[PlayerId, int], player: PlayerId) -> None:
    if player not in points:
        raise ValueError(f"result names an unknown player: {player!r}")


def _points_for(size: int, points_table: Mapping[int, Sequence[int]] | None) -> Sequence[int]:
    paid = points_table.get(size) if points_table is not None else default_points(size)
    if paid is None or len(paid) < size:
        raise ValueError(f"points_table has no points for every place of a {size}-player table")
    return paid


def _bye_points(
    bye_points: int | None, table_size: int, points_table: Mapping[int, Sequence[int]] | None
) -> int:
    return bye_points if bye_points is not None else _points_for(table_size, points_table)[0]


def seat_round(
    entrants: Iterable[Entrant | PlayerId],
    results: Iterable[TableResult] = (),
    byes: Iterable[PlayerId] = (),
    dropped: Iterable[PlayerId] = (),
    *,
    table_size: int = 4,
    min_table_size: int = 3,
    points_table: Mapping[int, Sequence[int]] | None = None,
    bye_points: int | None = None,
    seed: int | str = 0,
) -> TableRound:
    """Seat the next round (see the module docs). ``byes`` lists one entry per bye received."""
    players = [e if isinstance(e, Entrant) else Entrant(e) for e in entrants]
    results = list(results)
    byes = list(byes)
    points = table_points(
        players, results, byes, points_table=points_table, bye_points=bye_points, table_size=table_size
    )
    dropped_set = frozenset(dropped)
    order = _standing_order([p for p in players if p.id not in dropped_set], points, seed)
    sizes, bye_count = table_sizes(len(order), table_size, min_table_size)
    sitting_out = _choose_byes(order, byes, bye_count)
    seated = [p for p in order if p not in sitting_out]
    tables = _cut(seated, sizes)
    history = _shared_tables(results)
    _improve(tables, points, history)
    position = {player: k for k, player in enumerate(order)}
    final = tuple(tuple(sorted(table, key=position.__getitem__)) for table in tables)
    return TableRound(
        tables=final,
        byes=tuple(p for p in order if p in sitting_out),
        repeated_pairs=sum(_table_cost(t, points, history)[0] for t in final),
        point_spread=sum(_table_cost(t, points, history)[1] for t in final),
        order=tuple(order),
    )


def _standing_order(
    players: Sequence[Entrant], points: Mapping[PlayerId, int], seed: int | str
) -> list[PlayerId]:
    rng = random.Random(seed)
    random_key = {player: rng.random() for player in sorted(p.id for p in players)}
    ranked = sorted(players, key=lambda p: (-points[p.id], -p.rating, random_key[p.id], p.id))
    return [p.id for p in ranked]


def _choose_byes(order: Sequence[PlayerId], byes: Iterable[PlayerId], count: int) -> frozenset[PlayerId]:
    """The ``count`` lowest-ranked players among those with the fewest byes so far."""
    had: dict[PlayerId, int] = {}
    for player in byes:
        had[player] = had.get(player, 0) + 1
    bottom_up = sorted(range(len(order)), key=lambda k: (had.get(order[k], 0), -k))
    return frozenset(order[k] for k in bottom_up[:count])


def _cut(seated: Sequence[PlayerId], sizes: Sequence[int]) -> list[list[PlayerId]]:
    tables, start = [], 0
    for size in sizes:
        tables.append(list(seated[start : start + size]))
        start += size
    return tables


def _shared_tables(results: Iterable[TableResult]) -> dict[PlayerId, dict[PlayerId, int]]:
    """How often each pair of players has shared a table."""
    history: dict[PlayerId, dict[PlayerId, int]] = {}
    for result in results:
        for a, b in combinations(result.ranking, 2):
            row_a, row_b = history.setdefault(a, {}), history.setdefault(b, {})
            row_a[b] = row_a.get(b, 0) + 1
            row_b[a] = row_b.get(a, 0) + 1
    return history


def _pair_cost(
    a: PlayerId,
    b: PlayerId,
    points: Mapping[PlayerId, int],
    history: Mapping[PlayerId, Mapping[PlayerId, int]],
) -> tuple[int, int]:
    return history.get(a, {}).get(b, 0), (points[a] - points[b]) ** 2


def _table_cost(
    table: Sequence[PlayerId],
    points: Mapping[PlayerId, int],
    history: Mapping[PlayerId, Mapping[PlayerId, int]],
) -> tuple[int, int]:
    repeats = spread = 0
    for a, b in combinations(table, 2):
        r, s = _pair_cost(a, b, points, history)
        repeats += r
        spread += s
    return repeats, spread


def _improve(
    tables: list[list[PlayerId]],
    points: Mapping[PlayerId, int],
    history: Mapping[PlayerId, Mapping[PlayerId, int]],
) -> None:
    """Swap players between tables while that lowers (repeated pairs, point spread)."""
    reach = 1
    while True:
        while any(_improve_once(tables, t, reach, points, history) for t in range(len(tables))):
            pass
        if reach >= len(tables) - 1 or not any(_table_cost(t, points, history)[0] for t in tables):
            return
        reach *= 2


def _improve_once(
    tables: list[list[PlayerId]],
    t: int,
    reach: int,
    points: Mapping[PlayerId, int],
    history: Mapping[PlayerId, Mapping[PlayerId, int]],
) -> bool:
    """Make the best improving swap for one repeated-pair player of table ``t``, if any."""
    table = tables[t]
    repeated = [a for a in table if any(history.get(a, {}).get(b, 0) for b in table if b != a)]
    for a in repeated:
        best: tuple[tuple[int, int], int, int] | None = None
        for u in range(max(0, t - reach), min(len(tables), t + reach + 1)):
            if u == t:
                continue
            for b in tables[u]:
                delta = _swap_delta(table, a, tables[u], b, points, history)
                if delta < (0, 0) and (best is None or delta < best[0]):
                    best = (delta, u, tables[u].index(b))
        if best is not None:
            _, u, k = best
            table[table.index(a)], tables[u][k] = tables[u][k], a
            return True
    return False


def _swap_delta(
    table: Sequence[PlayerId],
    a: PlayerId,
    other: Sequence[PlayerId],
    b: PlayerId,
    points: Mapping[PlayerId, int],
    history: Mapping[PlayerId, Mapping[PlayerId, int]],
) -> tuple[int, int]:
    """Change in (repeats, spread) if ``a`` (at ``table``) and ``b`` (at ``other``) swap."""
    repeats = spread = 0
    for x in table:
        if x != a:
            (r_new, s_new), (r_old, s_old) = (
                _pair_cost(b, x, points, history),
                _pair_cost(a, x, points, history),
            )
            repeats += r_new - r_old
            spread += s_new - s_old
    for y in other:
        if y != b:
            (r_new, s_new), (r_old, s_old) = (
                _pair_cost(a, y, points, history),
                _pair_cost(b, y, points, history),
            )
            repeats += r_new - r_old
            spread += s_new - s_old
    return repeats, spread
