"""Two-player Swiss pairing under the Magic Tournament Rules, as pure functions over plain data.

What a round's pairing must do (MTR; match points 3/1/0, see :mod:`games.scheduling.tiebreaks`):

* pair players within match-point groups, pairing down when a group is odd;
* never pair two players who have met, while a pairing without that rematch exists;
* give the bye (a 2-0 match win) to the lowest-ranked player who has not had one;
* leave dropped players out; be deterministic for a seed.

How: **maximum-weight perfect matching** (``rustworkx.max_weight_matching``, Edmonds' blossom
algorithm, with ``max_cardinality=True``) on a graph of the active players plus, for an odd
field, a "bye" node. Every perfect matching has the same number of edges, so maximizing
``Σ (C - cost(edge))`` minimizes the total cost; each edge's cost packs a lexicographic key into
one integer with multipliers large enough that no amount of a lower criterion can buy one unit of
a higher one (Python ints; rustworkx takes 128-bit weights). The criteria, most important first,
are the fields of :class:`PairingCost`:

1. ``rematches``: meetings repeated (a pair that met twice counts 2);
2. ``repeat_byes``: byes the bye recipient already had;
3. ``bye_height``: how many players rank below the bye recipient (0 = the last one);
4. ``point_spread``: Σ (match-point difference)² over pairs. Squared, so one pair-down across two
   point groups (6 vs 0: 36) costs more than two pair-downs across adjacent groups (9 + 9);
5. ``seat_conflicts``: pairs of two players due the same seat. ``seat_balance`` (optional) gives
   each player's first-seat games minus second-seat games so far; a pair whose balances have the
   same sign costs min(|a|, |b|), so two players both two games up on seat 0 cost more than two
   just one up. Only the seating of a pair is left to decide once it is paired
   (:func:`games.scheduling.seating.assign_seats`), so this is what keeps every player's seats
   as even as the pairing allows; it ranks below points so it never breaks a score group;
6. ``rank_spread``: Σ (standing-position difference)² over pairs: prefers 1v2, 3v4 inside a group
   (Monrad-style), and is what makes ties between equally good pairings deterministic.

Which order is "standing order" is ``within_group``: ``"standings"`` (default) ranks by match
points, then the MTR tiebreakers (OMW%, GW%, OGW%), then rating (higher first), then a seeded
random key; ``"random"`` ranks by match points, then the seeded random key only: random pairing
within point groups, the way Magic events are commonly paired (the bye then goes to a random
player of the lowest group who has not had one). Ties that survive are broken by the seeded RNG:
``random.Random(seed)`` draws one key per player, in sorted-id order, so the result depends only
on the inputs and the seed, not on the order of the input lists. Pass a different seed per round
(e.g. ``f"{event_id}:{round_number}"``) for fresh random keys each round.

Why a sparse graph: the complete graph on 10,000 players has 50M edges, and blossom is O(n³);
even a band graph over all 10,000 players takes ~8 s here. But without rematches the optimum is
the adjacent pairing of the standing order (sorted order minimizes any convex cost of the
differences), and rematch avoidance only perturbs it locally. So:

* a field of at most ``exact_size`` players (default 128) is solved on the complete graph: the
  result is the exact optimum of the objective above (tests check it against brute force);
* a larger field is cut into blocks of ``block_size`` consecutive standing positions (even sizes,
  so the adjacent pairing never crosses a cut; the bottom block takes the remainder, the bye node
  and the best bye candidate), and each block is solved on a band graph where a player has edges
  to the next ``window`` players only (window starts at rounds played + 2, at least 8).
  A block whose solution has a rematch, or a bye that is not the ideal one, is solved again with
  the window doubled, up to the complete block; if that still fails, it is merged with its
  neighbour and solved again, up to the whole field on the complete graph. So a rematch or a
  misplaced bye is only ever accepted from an exact solve of the whole field: **no rematch while
  one can be avoided** holds for every field size. (For n ≥ 2 × rounds + 2 a rematch-free pairing
  always exists — each player is barred from at most ``rounds`` others, so the allowed graph has
  minimum degree ≥ n/2 and is Hamiltonian (Dirac). In simulated 1,000- and 10,000-player events
  the first band of every block already had one.)

What blocks give up: a pair-down or a swap that would cross a block cut. Point spread, seat
conflicts and rank spread are therefore optimal within each block but only near-optimal over a large field; rematch
avoidance and the bye rule are not compromised. 10,000 players after five rounds pair in about
0.25 s of CPU on this project's 2-core machine, 1,000 in 0.02 s; on a simulated 1,000-player
field the blocks found the same cost as the exact complete-graph solve, which took 5 s
(``bench/scheduling.py --check-optimal``).

:func:`recommended_rounds` gives the number of Swiss rounds from MTR Appendix E.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal, NamedTuple

import rustworkx as rx

from games.scheduling.tiebreaks import MatchResult, PlayerId, ranking, tally_results

__all__ = [
    "Entrant",
    "MatchResult",
    "Pairing",
    "PairingCost",
    "RoundContext",
    "pair_context",
    "pair_round",
    "recommended_rounds",
    "round_context",
]

EXACT_SIZE = 128
"""Fields up to this size are paired on the complete graph (exact optimum, ~5 ms)."""
BLOCK_SIZE = 100
"""Standing positions per block in larger fields (even, so adjacent pairs never straddle a cut).

100 and a start window of 8 were the fastest settings tried on simulated 10,000-player fields
(blocks of 100-400, windows of 4-16 all gave the same pairing cost there)."""
MIN_WINDOW = 8
"""Smallest band: each player starts with edges to at least the next 8 in standing order."""
_MAX_WEIGHT = 2**100
"""rustworkx stores weights as 128-bit ints; stay far below that so its dual sums cannot overflow."""

WithinGroup = Literal["standings", "random"]


@dataclass(frozen=True, slots=True)
class Entrant:
    """A registered player. ``rating`` orders players whose points and tiebreakers are equal."""

    id: PlayerId
    rating: float = 0.0


class PairingCost(NamedTuple):
    """The pairing objective, compared lexicographically (lower is better). See module docs."""

    rematches: int
    repeat_byes: int
    bye_height: int
    point_spread: int
    seat_conflicts: int
    rank_spread: int


@dataclass(frozen=True, slots=True)
class Pairing:
    """One round's pairings.

    ``pairs`` are in table order (by the higher-ranked player's standing), higher-ranked first.
    ``order`` is the standing order of the active players that the pairing used.
    """

    pairs: tuple[tuple[PlayerId, PlayerId], ...]
    bye: PlayerId | None
    cost: PairingCost
    order: tuple[PlayerId, ...]
    pair_downs: int

    @property
    def rematches(self) -> int:
        return self.cost.rematches


@dataclass(frozen=True)
class RoundContext:
    """What a pairing is judged on: active players in standing order, points, history."""

    order: tuple[PlayerId, ...]
    points: dict[PlayerId, int]
    meetings: dict[PlayerId, dict[PlayerId, int]]
    byes_received: dict[PlayerId, int]
    seat_balance: dict[PlayerId, int] = field(default_factory=dict)

    def times_met(self, a: PlayerId, b: PlayerId) -> int:
        return self.meetings.get(a, {}).get(b, 0)

    def cost(self, pairs: Iterable[tuple[PlayerId, PlayerId]], bye: PlayerId | None) -> PairingCost:
        """The objective value of a pairing (used by the tests' brute force, and reported)."""
        position = {player: i for i, player in enumerate(self.order)}
        rematches = point_spread = seat_conflicts = rank_spread = 0
        for a, b in pairs:
            rematches += self.times_met(a, b)
            point_spread += (self.points[a] - self.points[b]) ** 2
            seat_conflicts += _seat_conflict(self.seat_balance.get(a, 0), self.seat_balance.get(b, 0))
            rank_spread += (position[a] - position[b]) ** 2
        repeat_byes = self.byes_received.get(bye, 0) if bye is not None else 0
        bye_height = len(self.order) - 1 - position[bye] if bye is not None else 0
        return PairingCost(rematches, repeat_byes, bye_height, point_spread, seat_conflicts, rank_spread)


def _seat_conflict(a: int, b: int) -> int:
    """Cost of pairing players whose seat balances are ``a`` and ``b``: both due the same seat."""
    if (a > 0 and b > 0) or (a < 0 and b < 0):
        return min(abs(a), abs(b))
    return 0


def round_context(
    entrants: Iterable[Entrant | PlayerId],
    matches: Iterable[MatchResult] = (),
    byes: Iterable[PlayerId] = (),
    dropped: Iterable[PlayerId] = (),
    *,
    seed: int | str = 0,
    within_group: WithinGroup = "standings",
    seat_balance: Mapping[PlayerId, int] | None = None,
) -> RoundContext:
    """Standing order, points and meeting history of the players still in the event.

    ``seat_balance``: each player's first-seat games minus second-seat games so far (missing: 0).
    """
    if within_group not in ("standings", "random"):
        raise ValueError(f"within_group must be 'standings' or 'random', not {within_group!r}")
    entries = [e if isinstance(e, Entrant) else Entrant(e) for e in entrants]
    rating = {e.id: e.rating for e in entries}
    if len(rating) != len(entries):
        raise ValueError("duplicate entrant id")
    rng = random.Random(seed)
    random_key = {player: rng.random() for player in sorted(rating)}
    dropped_set = frozenset(dropped)

    def tiebreak(player: PlayerId) -> tuple[float, float, PlayerId]:
        return (-rating[player], random_key[player], player)

    tallies = tally_results(rating, matches, byes)
    players = tallies.players
    order = [players[k] for k in ranking(tallies, tiebreak_key=tiebreak)]
    points = {player: tallies.match_points(k) for k, player in enumerate(players)}
    active = [p for p in order if p not in dropped_set]
    if within_group == "random":
        active.sort(key=lambda p: (-points[p], random_key[p], p))
    return RoundContext(
        order=tuple(active),
        points=points,
        meetings={
            players[k]: _count(players[o] for o in opps) for k, opps in enumerate(tallies.opponents) if opps
        },
        byes_received={player: tallies.byes[k] for k, player in enumerate(players) if tallies.byes[k]},
        seat_balance={player: b for player, b in (seat_balance or {}).items() if b and player in points},
    )


def _count(opponents: Iterable[PlayerId]) -> dict[PlayerId, int]:
    counts: dict[PlayerId, int] = {}
    for opponent in opponents:
        counts[opponent] = counts.get(opponent, 0) + 1
    return counts


def pair_round(
    entrants: Iterable[Entrant | PlayerId],
    matches: Iterable[MatchResult] = (),
    byes: Iterable[PlayerId] = (),
    dropped: Iterable[PlayerId] = (),
    *,
    seed: int | str = 0,
    within_group: WithinGroup = "standings",
    exact_size: int = EXACT_SIZE,
    block_size: int = BLOCK_SIZE,
    seat_balance: Mapping[PlayerId, int] | None = None,
) -> Pairing:
    """Pair the next round of a Swiss event from the results so far (see the module docs).

    ``matches`` and ``byes`` are every earlier round's results (``byes``: one entry per bye);
    ``dropped`` players are not paired. ``seat_balance`` is each player's first-seat games minus
    second-seat games so far: among otherwise equal pairings, players due opposite seats are
    paired. Pairings only depend on these and ``seed``.
    """
    context = round_context(
        entrants, matches, byes, dropped, seed=seed, within_group=within_group, seat_balance=seat_balance
    )
    return pair_context(context, exact_size=exact_size, block_size=block_size)


def pair_context(
    context: RoundContext, *, exact_size: int = EXACT_SIZE, block_size: int = BLOCK_SIZE
) -> Pairing:
    """Pair from a prepared :class:`RoundContext` (the matching step of :func:`pair_round`)."""
    if block_size < 2 or block_size % 2:
        raise ValueError("block_size must be an even number ≥ 2")
    solver = _Solver(context)
    edges = solver.solve(exact_size=exact_size, block_size=block_size)
    order = context.order
    pairs = tuple((order[i], order[j]) for i, j in sorted(e for e in edges if e[1] >= 0))
    bye = next((order[i] for i, j in edges if j < 0), None)
    pair_downs = sum(context.points[a] != context.points[b] for a, b in pairs)
    return Pairing(pairs=pairs, bye=bye, cost=context.cost(pairs, bye), order=order, pair_downs=pair_downs)


class _Solver:
    """Maximum-weight matching over standing positions 0..n-1 (0 = best); bye is position -1."""

    def __init__(self, context: RoundContext) -> None:
        order = context.order
        position = {player: i for i, player in enumerate(order)}
        self.n = len(order)
        self.points = [context.points[p] for p in order]
        self.met = [
            {position[o]: c for o, c in context.meetings.get(p, {}).items() if o in position} for p in order
        ]
        self.prior_byes = [context.byes_received.get(p, 0) for p in order]
        self.balance = [context.seat_balance.get(p, 0) for p in order]
        most_rounds = max((sum(m.values()) for m in self.met), default=0)
        self.start_window = max(MIN_WINDOW, most_rounds + 2)
        self.ideal_bye = min(self._bye_key(i) for i in range(self.n)) if self.n % 2 else None

    def _bye_key(self, i: int) -> tuple[int, int]:
        return (self.prior_byes[i], self.n - 1 - i)

    def solve(self, *, exact_size: int, block_size: int) -> list[tuple[int, int]]:
        """Pairs of positions (i, j), and (i, -1) for the bye."""
        if self.n == 0:
            return []
        if self.n <= max(exact_size, 2):
            return self._solve_block(0, self.n, self.n)[0]
        blocks = self._initial_blocks(block_size)
        solved: list[list[tuple[int, int]]] = []
        index = 0
        while index < len(blocks):
            start, end = blocks[index]
            edges, ok = self._solve_widening(start, end)
            if ok or (start, end) == (0, self.n):
                solved.append(edges)
                index += 1
            elif index + 1 < len(blocks):  # merge with the block below and try again
                blocks[index : index + 2] = [(start, blocks[index + 1][1])]
            else:  # the bottom block: merge with the block above, whose solution is dropped
                blocks[index - 1 : index + 1] = [(blocks[index - 1][0], end)]
                solved.pop()
                index -= 1
        return [edge for block in solved for edge in block]

    def _initial_blocks(self, block_size: int) -> list[tuple[int, int]]:
        """Even blocks of consecutive positions; the bottom one holds the ideal bye candidate."""
        starts = list(range(0, self.n, block_size))
        if len(starts) > 1 and self.n - starts[-1] < block_size:
            starts.pop()  # no runt block at the bottom: it takes the remainder
        if self.ideal_bye is not None:
            ideal_position = self.n - 1 - self.ideal_bye[1]
            while len(starts) > 1 and starts[-1] > ideal_position:
                starts.pop()
        ends = starts[1:] + [self.n]
        return list(zip(starts, ends, strict=True))

    def _solve_widening(self, start: int, end: int) -> tuple[list[tuple[int, int]], bool]:
        window = self.start_window
        while True:
            edges, ok = self._solve_block(start, end, window)
            if ok or window >= end - start - 1:
                return edges, ok
            window *= 2

    def _solve_block(self, start: int, end: int, window: int) -> tuple[list[tuple[int, int]], bool]:
        """Solve positions [start, end) on a band graph; ok = no rematch and the ideal bye."""
        size = end - start
        with_bye = size % 2 == 1
        graph = rx.PyGraph(multigraph=False)
        graph.add_nodes_from(range(size + with_bye))
        graph.add_edges_from(self._weighted_edges(start, end, min(window, size - 1), with_bye))
        matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=_identity)
        edges = [_positions(u, v, start, size) for u, v in matching]
        if 2 * len(edges) != size + with_bye:
            raise RuntimeError("no perfect matching on a block; the band graph must be connected enough")
        return edges, self._acceptable(edges)

    def _acceptable(self, edges: list[tuple[int, int]]) -> bool:
        for i, j in edges:
            if j < 0:
                if self._bye_key(i) != self.ideal_bye:
                    return False
            elif j in self.met[i]:
                return False
        return True

    def _weighted_edges(
        self, start: int, end: int, window: int, with_bye: bool
    ) -> list[tuple[int, int, int]]:
        """Band edges i-j (j - i ≤ window) and, for an odd block, bye edges to node ``end - start``.

        Weight = ceiling - cost, cost packing the :class:`PairingCost` fields (see _multipliers).
        """
        points, met, balance = self.points, self.met, self.balance
        block_points = points[start:end]
        most_met = max((max(m.values(), default=0) for m in met[start:end]), default=0)
        bounds = PairingCost(
            rematches=most_met,
            repeat_byes=max(self.prior_byes[start:end]) if with_bye else 0,
            bye_height=self.n - 1 - start if with_bye else 0,
            point_spread=(max(block_points) - min(block_points)) ** 2,
            seat_conflicts=max((abs(b) for b in balance[start:end]), default=0),
            rank_spread=window**2,
        )
        multipliers = _multipliers(bounds, matching_size=(end - start + 1) // 2)
        rematch_m, repeat_m, height_m, point_m, seat_m, _ = multipliers
        ceiling = sum(m * b for m, b in zip(multipliers, bounds, strict=True)) + 1
        if ceiling > _MAX_WEIGHT:
            raise OverflowError("pairing weights too large for the matching library; lower block_size")
        edges: list[tuple[int, int, int]] = []
        append = edges.append
        for i in range(start, end):
            points_i, met_i, balance_i, local_i = points[i], met[i], balance[i], i - start
            for j in range(i + 1, min(end, i + window + 1)):
                cost = met_i.get(j, 0) * rematch_m + (points_i - points[j]) ** 2 * point_m + (j - i) ** 2
                if balance_i:
                    cost += _seat_conflict(balance_i, balance[j]) * seat_m
                append((local_i, j - start, ceiling - cost))
        if with_bye:
            bye_node = end - start
            for i in range(start, end):
                cost = self.prior_byes[i] * repeat_m + (self.n - 1 - i) * height_m
                append((i - start, bye_node, ceiling - cost))
        return edges


def _positions(u: int, v: int, start: int, size: int) -> tuple[int, int]:
    if u == size:
        return (v + start, -1)
    if v == size:
        return (u + start, -1)
    return (min(u, v) + start, max(u, v) + start)


def _identity(weight: int) -> int:
    return weight


def _multipliers(bounds: PairingCost, matching_size: int) -> list[int]:
    """Multipliers that make one integer cost compare like the tuple of :class:`PairingCost`.

    ``bounds`` holds each field's largest value on a single edge. Going from the least important
    field up, each multiplier exceeds the largest total that all less important fields can reach
    over one perfect matching (``matching_size`` edges), so one unit of a more important field
    outweighs any amount of the less important ones.
    """
    multipliers = [0] * len(bounds)
    reach = 0  # the largest matching total of the fields packed so far
    for k in reversed(range(len(bounds))):
        multipliers[k] = reach + 1
        reach += multipliers[k] * matching_size * bounds[k]
    return multipliers


# MTR Appendix E, "Recommended Number of Rounds in Swiss Tournaments"
# (https://blogs.magicjudges.org/rules/mtr-appendix-e/): upper bound of players -> Swiss rounds.
# For 4 and 5-8 players the MTR recommends 2 and 3 rounds of single elimination instead of Swiss;
# the same number of rounds is what a Swiss of that size needs to find one undefeated player.
_MTR_APPENDIX_E: tuple[tuple[int, int], ...] = (
    (1, 0),
    (2, 1),
    (4, 2),
    (8, 3),
    (16, 5),  # 4 if the format is Limited with a Booster Draft playoff (top 8); 5 otherwise (top 4)
    (32, 5),
    (64, 6),
    (128, 7),
    (226, 8),
    (409, 9),
)
_MTR_MOST_ROUNDS = 10  # 410+ players


def recommended_rounds(players: int, *, draft_playoff: bool = False) -> int:
    """Swiss rounds for ``players`` entrants per MTR Appendix E.

    9-16 players: 5 rounds (top-4 playoff), or 4 with ``draft_playoff`` (a Limited event whose
    top 8 drafts). 410 or more: 10. Fewer than 9: the MTR recommends single elimination (4
    players: 2 rounds, 5-8: 3); this returns that round count, ⌈log2 n⌉, which is also what a
    Swiss needs to leave one undefeated player; 2 players: 1, fewer: 0. The MTR also counts a
    player with a k-round awarded bye as 2**k players; pass that adjusted count.
    """
    if players < 0:
        raise ValueError("players must not be negative")
    if draft_playoff and 9 <= players <= 16:
        return 4
    for most, rounds in _MTR_APPENDIX_E:
        if players <= most:
            return rounds
    return _MTR_MOST_ROUNDS
