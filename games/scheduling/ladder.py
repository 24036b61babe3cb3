"""Continuous-ladder matchmaking: tables from whoever is waiting, by rating proximity and time waited.

Pure: plain numbers in, tables of entrant ids out; no clock, no randomness, so the same pool always
gives the same tables.

The rule
--------
Each waiting entrant may accept a table whose rating spread (highest minus lowest rating at the
table) is at most its **allowed gap**, which widens linearly with the time it has waited::

    allowed_gap(waited) = base_gap + gap_per_second * waited      (capped at max_gap, if set)

Entrants are served longest-waiting first (ties: lower rating gap needed, then entrant id). The one
served (the *anchor*) gets the acceptable table of the nearest ratings to its own among those still
unmatched: of the tables within its allowed gap, the one that

1. does not repeat the anchor's or any member's previous table (the exact same set of entrants),
   if any other acceptable table exists — so nobody plays the same table twice in a row when it
   can be avoided;
2. then has the smallest spread, then the smallest total distance from the anchor, then the
   lowest entrant ids.

An anchor with no acceptable table now stays waiting; it is matched on a later call, when its gap
has widened enough (with no cap, every entrant is matched eventually, as long as ``table_size``
entrants are waiting). Seats: the anchor first, then the others nearest first (the service may
rotate seats).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

# How many of the nearest candidates the anchor's table is chosen from: enough to step around a
# repeated table, small enough that the combinations stay cheap for 6-seat tables.
CANDIDATES_BEYOND_TABLE = 6


@dataclass(frozen=True)
class Waiting:
    entrant: int
    rating: float
    waited: float  # seconds since the entrant last became free


@dataclass(frozen=True)
class LadderRules:
    base_gap: float = 100.0
    gap_per_second: float = 2.0
    max_gap: float | None = None

    def allowed_gap(self, waited: float) -> float:
        gap = self.base_gap + self.gap_per_second * max(0.0, waited)
        return gap if self.max_gap is None else min(gap, self.max_gap)


def match(
    waiting: Sequence[Waiting],
    table_size: int,
    *,
    rules: LadderRules = LadderRules(),
    previous: Mapping[int, frozenset[int]] | None = None,
) -> list[list[int]]:
    """Tables of ``table_size`` entrant ids from the pool; ``previous``: each entrant's last table."""
    if table_size < 2:
        raise ValueError("a table has at least two seats")
    ids = [w.entrant for w in waiting]
    if len(set(ids)) != len(ids):
        raise ValueError("an entrant waits once")
    previous = previous or {}
    free = {w.entrant: w for w in waiting}
    order = sorted(waiting, key=lambda w: (-w.waited, w.entrant))
    tables: list[list[int]] = []
    for anchor in order:
        if anchor.entrant not in free or len(free) < table_size:
            continue
        table = _best_table(anchor, free, table_size, rules, previous)
        if table is None:
            continue
        tables.append(table)
        for entrant in table:
            del free[entrant]
    return tables


def _best_table(
    anchor: Waiting,
    free: Mapping[int, Waiting],
    table_size: int,
    rules: LadderRules,
    previous: Mapping[int, frozenset[int]],
) -> list[int] | None:
    gap = rules.allowed_gap(anchor.waited)
    nearest = sorted(
        (w for w in free.values() if w.entrant != anchor.entrant and abs(w.rating - anchor.rating) <= gap),
        key=lambda w: (abs(w.rating - anchor.rating), w.entrant),
    )[: table_size - 1 + CANDIDATES_BEYOND_TABLE]
    best: tuple[tuple[bool, float, float, list[int]], list[int]] | None = None
    for others in combinations(nearest, table_size - 1):
        members = [anchor, *others]
        ratings = [w.rating for w in members]
        spread = max(ratings) - min(ratings)
        if spread > gap:
            continue
        entrants = frozenset(w.entrant for w in members)
        repeat = any(previous.get(w.entrant) == entrants for w in members)
        distance = sum(abs(w.rating - anchor.rating) for w in others)
        key = (repeat, spread, distance, sorted(entrants))
        if best is None or key < best[0]:
            best = (key, [w.entrant for w in members])
    return None if best is None else best[1]
