"""Round-robin schedules as pure functions: two-seat Berger tables and balanced multi-seat rounds.

Two seats: :func:`berger_round_robin` reproduces FIDE's Berger tables (FIDE Handbook C.05,
Annex 1, "Berger Tables for Round-Robin Tournaments"; the tables as published are reproduced e.g.
at http://c.w.fox.tripod.com/chess/berger.html). For 6 players they read::

    Rd 1: 1-6, 2-5, 3-4      Rd 2: 6-4, 5-3, 1-2      Rd 3: 2-6, 3-1, 4-5
    Rd 4: 6-5, 1-4, 2-3      Rd 5: 3-6, 4-2, 5-1

where the first number of a pair has White, here the first seat (the seat that acts first). With
an odd number of entrants the highest Berger number is a dummy, and whoever meets it has a bye. A
double round robin repeats the cycle with the seats reversed, so each pair meets once in each
seat order. FIDE recommends swapping the last two rounds of the first cycle so that nobody gets the
same seat three times running across the cycle boundary (``swap_last_two_rounds``).

Three or more seats: :func:`balanced_schedule` spreads meetings as evenly as it can. A resolvable
design gives a provably optimal start where one is known to this module (Kirkman's 15 schoolgirls,
affine planes AG(2, q), and q-round transversal designs over GF(q) for n = k·q with q > k); a
seeded simulated-annealing search that swaps two entrants between tables of one round then lowers
the sum of squared pair-meeting counts. :func:`meeting_stats` reports how far the result is from a
lower bound, so a caller (or a test) can see whether it is provably optimal.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from itertools import combinations

EntrantId = Hashable

# Kirkman's schoolgirl problem (1850): 15 entrants, tables of 3, 7 rounds, every pair exactly once.
# Checked in tests/games/scheduling/test_round_robin.py.
_KIRKMAN_15 = (
    "ABC DEF GHI JKL MNO",
    "ADH BEK CIO FLN GJM",
    "AEM BHN CGK DIL FJO",
    "AFI BLO CHJ DKM EGN",
    "AGL BDJ CFM EHO IKN",
    "AJN BIM CEL DGO FHK",
    "AKO BFG CDN EIJ HLM",
)

# Irreducible polynomials (coefficients, lowest degree first, monic) for the prime-power fields
# small enough for a card table: GF(p^m) = GF(p)[x] / (poly).
_IRREDUCIBLE = {
    4: (2, (1, 1, 1)),  # x^2 + x + 1 over GF(2)
    8: (2, (1, 1, 0, 1)),  # x^3 + x + 1 over GF(2)
    9: (3, (1, 0, 1)),  # x^2 + 1 over GF(3)
    16: (2, (1, 1, 0, 0, 1)),  # x^4 + x + 1 over GF(2)
    25: (5, (2, 1, 1)),  # x^2 + x + 2 over GF(5)
    27: (3, (1, 2, 0, 1)),  # x^3 + 2x + 1 over GF(3)
}


@dataclass(frozen=True)
class Round:
    """One round: the tables in play and who sits out.

    Each table lists its entrants in seat order (seat 0 acts first) for Berger schedules. A
    :func:`balanced_schedule` leaves seat order to :mod:`games.scheduling.seating` and lists each
    table in the order the entrants were given.
    """

    number: int
    tables: tuple[tuple[EntrantId, ...], ...]
    sitting_out: tuple[EntrantId, ...] = ()


@dataclass(frozen=True)
class Schedule:
    entrants: tuple[EntrantId, ...]
    table_size: int
    rounds: tuple[Round, ...]


@dataclass(frozen=True)
class MeetingStats:
    """How evenly a schedule spreads meetings over the pairs of entrants.

    ``sum_of_squares_lower_bound`` is the larger of two bounds: the total number of meetings spread
    as evenly as possible over all pairs, and, per entrant, its tablemate slots spread as evenly as
    possible over the others. A schedule whose ``sum_of_squares`` equals it is optimal.
    """

    min_count: int
    max_count: int
    sum_of_squares: int
    sum_of_squares_lower_bound: int

    @property
    def spread(self) -> int:
        return self.max_count - self.min_count

    @property
    def is_provably_optimal(self) -> bool:
        return self.sum_of_squares == self.sum_of_squares_lower_bound


# --------------------------------------------------------------------------- two seats: Berger


def berger_table(n: int) -> list[list[tuple[int, int]]]:
    """FIDE's Berger table for an even ``n``: per round, per board, (first seat, second seat).

    Players are Berger numbers 1..n. In round r the player p facing n satisfies
    2p ≡ r + 1 (mod n - 1), i.e. p = (r - 1)·n/2 mod (n - 1) + 1; n takes the second seat in odd
    rounds and the first in even ones. The other boards pair p + j with p - j (mod n - 1, over
    1..n-1) for j = 1..n/2 - 1, with p + j in the first seat. This reproduces the published
    tables board for board.
    """
    if n < 2 or n % 2:
        raise ValueError(f"a Berger table needs an even number of players, got {n}")
    cycle, half = n - 1, n // 2
    table = []
    for r in range(1, n):
        facing_n = (r - 1) * half % cycle + 1
        boards = [(facing_n, n) if r % 2 else (n, facing_n)]
        for j in range(1, half):
            first = (facing_n - 1 + j) % cycle + 1
            second = (facing_n - 1 - j) % cycle + 1
            boards.append((first, second))
        table.append(boards)
    return table


def berger_round_robin(
    entrants: Sequence[EntrantId], *, double: bool = False, swap_last_two_rounds: bool = False
) -> Schedule:
    """All-play-all for two seats by the Berger tables; ``entrants[i]`` gets Berger number i + 1.

    Odd fields get a dummy Berger number n + 1; a pairing with it becomes ``sitting_out`` (a bye).
    ``double`` appends a second cycle: the same rounds with the seats reversed.
    ``swap_last_two_rounds`` swaps the last two rounds of the first cycle (FIDE's recommendation for
    double round robins, to avoid three same-seat games in a row); the second cycle keeps the
    table's order.
    """
    players = _unique(entrants)
    if len(players) < 2:
        raise ValueError("a round robin needs at least two entrants")
    size = len(players) + len(players) % 2
    table = berger_table(size)
    first_cycle = list(table)
    if swap_last_two_rounds and len(first_cycle) >= 2:
        first_cycle[-2], first_cycle[-1] = first_cycle[-1], first_cycle[-2]
    cycles = [first_cycle]
    if double:
        cycles.append([[(b, a) for a, b in boards] for boards in table])
    rounds: list[Round] = []
    for boards in (boards for cycle in cycles for boards in cycle):
        rounds.append(_berger_round(len(rounds) + 1, boards, players))
    return Schedule(entrants=tuple(players), table_size=2, rounds=tuple(rounds))


def _berger_round(number: int, boards: list[tuple[int, int]], players: list[EntrantId]) -> Round:
    tables, byes = [], []
    for first, second in boards:
        if first > len(players):
            byes.append(players[second - 1])
        elif second > len(players):
            byes.append(players[first - 1])
        else:
            tables.append((players[first - 1], players[second - 1]))
    return Round(number=number, tables=tuple(tables), sitting_out=tuple(byes))


# --------------------------------------------------------------------------- statistics


def pair_meeting_counts(schedule: Schedule) -> dict[frozenset[EntrantId], int]:
    """How often each pair of entrants shares a table, for every pair (zero included)."""
    counts: dict[frozenset[EntrantId], int] = {
        frozenset(pair): 0 for pair in combinations(schedule.entrants, 2)
    }
    for rnd in schedule.rounds:
        for table in rnd.tables:
            for pair in combinations(table, 2):
                counts[frozenset(pair)] += 1
    return counts


def meeting_stats(schedule: Schedule) -> MeetingStats:
    counts = list(pair_meeting_counts(schedule).values()) or [0]
    index = {entrant: i for i, entrant in enumerate(schedule.entrants)}
    plan = [[[index[e] for e in table] for table in rnd.tables] for rnd in schedule.rounds]
    return MeetingStats(
        min_count=min(counts),
        max_count=max(counts),
        sum_of_squares=sum(c * c for c in counts),
        sum_of_squares_lower_bound=_sum_of_squares_lower_bound(plan, len(schedule.entrants)),
    )


def _balanced_sum_of_squares(total: int, bins: int) -> int:
    """The least sum of squares of ``bins`` non-negative integers adding up to ``total``."""
    if bins <= 0:
        return 0
    q, r = divmod(total, bins)
    return (bins - r) * q * q + r * (q + 1) * (q + 1)


def _sum_of_squares_lower_bound(plan: Sequence[Sequence[Sequence[int]]], n: int) -> int:
    """A lower bound on the sum of squared pair counts of any schedule seating the same entrants.

    The largest of three counting bounds, each of which holds for every schedule that seats the
    same entrants in the same rounds at the same number of tables:

    1. all meetings spread evenly over all pairs;
    2. per entrant, its tablemate slots spread evenly over the other entrants;
    3. Σc² = Σc + 2·Σ C(c, 2), and Σ C(c, 2) counts, for every two rounds, the pairs that share a
       table in both. Between two rounds with q₁ and q₂ tables, the M entrants seated in both fall
       into q₁·q₂ (table, table) cells, at best evenly. This bound is what makes, e.g., 12 entrants
       at three tables of 4 provably optimal with repeats: a second round cannot avoid them.
    """
    slots = [0] * n
    seated: list[set[int]] = []
    for tables in plan:
        seated.append({p for table in tables for p in table})
        for table in tables:
            for p in table:
                slots[p] += len(table) - 1
    total = sum(slots) // 2
    per_entrant = math.ceil(sum(_balanced_sum_of_squares(d, n - 1) for d in slots) / 2)
    overall = _balanced_sum_of_squares(total, n * (n - 1) // 2)
    repeats = 0
    for r1, r2 in combinations(range(len(plan)), 2):
        cells = len(plan[r1]) * len(plan[r2])
        both = len(seated[r1] & seated[r2])
        repeats += (_balanced_sum_of_squares(both, cells) - both) // 2  # Σ C(m, 2) at best
    return max(per_entrant, overall, total + 2 * repeats)


# --------------------------------------------------------------------------- multi-seat


def balanced_schedule(
    entrants: Sequence[EntrantId],
    table_size: int,
    rounds: int,
    *,
    seed: int = 0,
    iterations: int = 60_000,
) -> Schedule:
    """``rounds`` rounds at tables of ``table_size``, meeting counts as even as we can make them.

    When ``table_size`` does not divide the field, ``len(entrants) % table_size`` entrants sit out
    each round, taken in turn from one seeded order, so sit-outs differ by at most one between
    entrants and nobody sits out twice before everyone has sat out once.

    Optimality reached:

    * Provably optimal from the constructions alone (every pair meets ⌊m⌋ or ⌈m⌉ times: the
      least possible spread and sum of squares): 15 entrants at tables of 3 (Kirkman, 7 rounds a
      cycle); n = q² at tables of q (affine plane AG(2, q), q + 1 rounds a cycle: 9, 16, 25
      entrants for q = 3, 4, 5; no plane of order 6 exists); cycles repeat, each in a fresh seeded
      order, and a partial cycle meets no pair twice. And n = k·q at tables of k for q > k a prime
      or one of 4, 8, 9, 16, 25, 27 (a transversal design over GF(q)): for up to q rounds no pair
      meets twice.
    * Otherwise seeded simulated annealing over swaps of two entrants between tables of a round,
      minimising Σ 1000·c² + (c - mean)⁴ over pair counts c: the sum of squares first, the spread
      as tie-break. It stops as soon as the sum of squares reaches :class:`MeetingStats`' lower
      bound with a spread of at most one. It reaches the bound in many small cases (8 at tables
      of 4 over 7 rounds: every pair exactly 3 times; 12 at tables of 4 or 6; 10 at tables of 3
      or 5), not in all (the bound need not be attainable, e.g. 12 at tables of 3 over 5 rounds,
      where no nearly Kirkman system exists). :func:`meeting_stats` reports what was reached.
      ``iterations`` bounds the work: the default takes well under a second in CPython.

    Tables list entrants in the order given; seat order is for :mod:`games.scheduling.seating`.
    """
    players = _unique(entrants)
    n = len(players)
    if not 2 <= table_size <= n:
        raise ValueError(f"table size must be between 2 and the number of entrants ({n}), got {table_size}")
    if rounds < 1:
        raise ValueError("a schedule needs at least one round")
    rng = random.Random(seed)
    labels = list(range(n))
    rng.shuffle(labels)  # which entrant plays which role in the design: the seed decides
    sitting_out = _rotating_sit_outs(labels, n % table_size, rounds)
    plan = _initial_tables(n, table_size, rounds, labels, sitting_out, rng)
    _anneal(plan, n, table_size, iterations, rng)
    return Schedule(
        entrants=tuple(players),
        table_size=table_size,
        rounds=tuple(
            _as_round(number + 1, tables, sitting_out[number], players) for number, tables in enumerate(plan)
        ),
    )


def _rotating_sit_outs(order: list[int], per_round: int, rounds: int) -> list[list[int]]:
    n = len(order)
    return [[order[(r * per_round + j) % n] for j in range(per_round)] for r in range(rounds)]


def _as_round(number: int, tables: list[list[int]], out: list[int], players: list[EntrantId]) -> Round:
    ordered = sorted(sorted(table) for table in tables)
    return Round(
        number=number,
        tables=tuple(tuple(players[i] for i in table) for table in ordered),
        sitting_out=tuple(players[i] for i in sorted(out)),
    )


def _initial_tables(
    n: int,
    k: int,
    rounds: int,
    labels: list[int],
    sitting_out: list[list[int]],
    rng: random.Random,
) -> list[list[list[int]]]:
    """A design's rounds where one fits (relabelled by ``labels``), else random tables."""
    design = _resolvable_design(n, k) if n % k == 0 else None
    plan: list[list[list[int]]] = []
    if design is not None:
        classes, complete = design
        order: list[int] = []
        while len(order) < rounds and (complete or not order):
            cycle = list(range(len(classes)))
            rng.shuffle(cycle)
            order.extend(cycle)
        for index in order[:rounds]:
            plan.append([[labels[p] for p in table] for table in classes[index]])
    for r in range(len(plan), rounds):
        out = set(sitting_out[r])
        seated = [p for p in range(n) if p not in out]
        rng.shuffle(seated)
        plan.append([seated[i : i + k] for i in range(0, len(seated), k)])
    return plan


def _resolvable_design(n: int, k: int) -> tuple[list[list[list[int]]], bool] | None:
    """Parallel classes over points 0..n-1 and whether they cover every pair equally often."""
    if k == 3 and n == 15:
        letters = "ABCDEFGHIJKLMNO"
        classes = [[[letters.index(c) for c in t] for t in day.split()] for day in _KIRKMAN_15]
        return classes, True
    q = n // k
    if q < k or k < 2 or not _is_field_order(q):
        return None
    add, mul = _finite_field(q)
    classes = [_transversal_class(q, k, slope, add, mul) for slope in range(q)]
    if q == k:  # affine plane: the groups themselves are the last parallel class
        classes.append([[group * q + x for x in range(q)] for group in range(k)])
        return classes, True
    return classes, False


def _transversal_class(
    q: int, k: int, slope: int, add: list[list[int]], mul: list[list[int]]
) -> list[list[int]]:
    """Tables {(g, t + g·slope)} over GF(q): two entrants of different groups meet for one slope."""
    return [[g * q + add[t][mul[g][slope]] for g in range(k)] for t in range(q)]


def _is_field_order(q: int) -> bool:
    return q in _IRREDUCIBLE or (q >= 2 and all(q % d for d in range(2, math.isqrt(q) + 1)))


def _finite_field(q: int) -> tuple[list[list[int]], list[list[int]]]:
    """Addition and multiplication tables of GF(q); element i encodes a polynomial base p."""
    p, modulus = _IRREDUCIBLE.get(q, (q, (0, 1)))
    degree = len(modulus) - 1

    def digits(x: int) -> list[int]:
        return [(x // p**i) % p for i in range(degree)]

    def number(coefficients: list[int]) -> int:
        return sum(c * p**i for i, c in enumerate(coefficients))

    def times(a: int, b: int) -> int:
        product = [0] * (2 * degree)
        for i, ca in enumerate(digits(a)):
            for j, cb in enumerate(digits(b)):
                product[i + j] = (product[i + j] + ca * cb) % p
        for top in range(2 * degree - 1, degree - 1, -1):  # reduce by the monic modulus
            factor = product[top]
            for i, c in enumerate(modulus):
                product[top - degree + i] = (product[top - degree + i] - factor * c) % p
        return number(product[:degree])

    add = [
        [number([(x + y) % p for x, y in zip(digits(a), digits(b), strict=True)]) for b in range(q)]
        for a in range(q)
    ]
    mul = [[times(a, b) for b in range(q)] for a in range(q)]
    return add, mul


class _PairCost:
    """Cost of one pair's meeting count c: W·c² + (c - m)⁴, with m the mean count rounded.

    The squared term is the objective; the quartic term breaks its ties towards smaller spreads
    (it costs more to leave one pair at 0 and another at 4 than two at 2). ``up[c]`` and ``down[c]``
    are the changes for c -> c + 1 and c -> c - 1, tabulated because the search adds them up
    millions of times.
    """

    SQUARE_WEIGHT = 1000

    def __init__(self, mean: int, most: int) -> None:
        values = [self.SQUARE_WEIGHT * c * c + (c - mean) ** 4 for c in range(most + 2)]
        self.up = [values[c + 1] - values[c] for c in range(most + 1)]
        self.down = [0] + [values[c - 1] - values[c] for c in range(1, most + 1)]
        self.values = values


def _anneal(plan: list[list[list[int]]], n: int, k: int, iterations: int, rng: random.Random) -> None:
    """Even out pair counts in place by swapping two entrants between tables of one round.

    Simulated annealing, because plain descent stalls on plateaus of equal cost. The best plan seen
    is kept, and the search stops once the sum of squares reaches the lower bound with a spread of
    at most one (nothing better exists then).
    """
    counts = [[0] * n for _ in range(n)]
    for tables in plan:
        for table in tables:
            for a, b in combinations(table, 2):
                counts[a][b] += 1
                counts[b][a] += 1
    pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
    bound = _sum_of_squares_lower_bound(plan, n)
    pair_cost = _PairCost(round(sum(counts[a][b] for a, b in pairs) / len(pairs)), len(plan))

    def finished() -> bool:
        values = [counts[a][b] for a, b in pairs]
        return sum(c * c for c in values) <= bound and max(values) - min(values) <= 1

    movable = [r for r, tables in enumerate(plan) if len(tables) >= 2]
    if not movable or iterations <= 0 or finished():
        return
    cost = sum(pair_cost.values[counts[a][b]] for a, b in pairs)
    best_cost, best = cost, [[list(t) for t in tables] for tables in plan]
    scale = pair_cost.SQUARE_WEIGHT
    start_temperature, end_temperature = 1.0 * scale, 0.2 * scale
    for step in range(iterations):
        temperature = start_temperature * (end_temperature / start_temperature) ** (step / iterations)
        tables = plan[rng.choice(movable)]
        ta, tb = rng.sample(range(len(tables)), 2)
        ia, ib = rng.randrange(k), rng.randrange(k)
        delta = _swap_delta(counts, pair_cost, tables[ta], tables[tb], ia, ib)
        if delta > 0 and rng.random() >= math.exp(-delta / temperature):
            continue
        _swap(counts, tables[ta], tables[tb], ia, ib)
        cost += delta
        if cost < best_cost:
            best_cost, best = cost, [[list(t) for t in tabs] for tabs in plan]
            if finished():
                break
    plan[:] = best


def _swap_delta(
    counts: list[list[int]], pair_cost: _PairCost, table_a: list[int], table_b: list[int], ia: int, ib: int
) -> int:
    """Change in total pair cost when table_a[ia] and table_b[ib] trade places.

    a leaves its tablemates x for b's tablemates y and b does the reverse: the pairs (a, x) and
    (b, y) lose a meeting, (b, x) and (a, y) gain one, and no pair is touched twice.
    """
    a, b = table_a[ia], table_b[ib]
    row_a, row_b = counts[a], counts[b]
    up, down = pair_cost.up, pair_cost.down
    delta = 0
    for x in table_a:
        if x != a:
            delta += up[row_b[x]] + down[row_a[x]]
    for y in table_b:
        if y != b:
            delta += up[row_a[y]] + down[row_b[y]]
    return delta


def _swap(counts: list[list[int]], table_a: list[int], table_b: list[int], ia: int, ib: int) -> None:
    a, b = table_a[ia], table_b[ib]
    for x in table_a:
        if x != a:
            counts[a][x] -= 1
            counts[x][a] -= 1
            counts[b][x] += 1
            counts[x][b] += 1
    for y in table_b:
        if y != b:
            counts[b][y] -= 1
            counts[y][b] -= 1
            counts[a][y] += 1
            counts[y][a] += 1
    table_a[ia], table_b[ib] = b, a


def _unique(entrants: Sequence[EntrantId]) -> list[EntrantId]:
    players = list(entrants)
    if len(set(players)) != len(players):
        raise ValueError("entrants must be distinct")
    return players
