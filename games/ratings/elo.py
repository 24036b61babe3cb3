"""Elo ratings, two-player and multi-seat, as pure functions.

Multi-seat games are scored pairwise by finishing order: every pair of seats is one Elo "game"
(won by the better-placed seat, half-half on equal ranks), and each seat's K is divided by N-1 so
that one multi-seat game moves a rating about as much as one two-player game. With two seats this
is exactly the standard formula.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations


@dataclass(frozen=True)
class EloConfig:
    initial: float = 1500.0
    k: float = 20.0
    k_provisional: float = 40.0
    provisional_games: int = 30

    def k_for(self, games_played: int) -> float:
        """A higher K while a rating is provisional lets newcomers find their level quickly."""
        return self.k_provisional if games_played < self.provisional_games else self.k


def expected_score(rating: float, opponent: float) -> float:
    # float ** float is typed Any (a negative base gives a complex); 10.0 to a real power is a float.
    power: float = 10.0 ** ((opponent - rating) / 400.0)
    return 1.0 / (1.0 + power)


def two_player_update(
    rating_a: float, rating_b: float, score_a: float, k_a: float, k_b: float
) -> tuple[float, float]:
    """New ratings after A scores ``score_a`` (1 win, 0.5 draw, 0 loss) against B."""
    expected_a = expected_score(rating_a, rating_b)
    return (
        rating_a + k_a * (score_a - expected_a),
        rating_b + k_b * ((1.0 - score_a) - (1.0 - expected_a)),
    )


def multi_seat_update(
    ratings: Sequence[float], ranks: Sequence[int], k_factors: Sequence[float]
) -> list[float]:
    """New ratings for the seats of one game; ``ranks`` are finishing places (1 best, ties equal).

    Each pair of seats is visited once and scored both ways, with :func:`expected_score` written
    out inline: a call per ordered pair was most of the time of replaying a million games. The
    operations, and the order each seat's terms are summed in (opponents by seat), are the ones
    of the plain double loop, so the results are the same to the last bit.
    """
    n = len(ratings)
    if not n == len(ranks) == len(k_factors):
        raise ValueError("ratings, ranks and k_factors must have one entry per seat")
    if n < 2:
        raise ValueError("a rated game needs at least two seats")
    if n == 4:
        return _four_seats(ratings, ranks, k_factors)
    totals = [0.0] * n
    for i, j in _PAIRS.get(n) or tuple(combinations(range(n), 2)):
        # (rating_i - rating_j) / 400 is exactly the negation of this: the same operands either way.
        difference = (ratings[j] - ratings[i]) / 400.0
        rank_i, rank_j = ranks[i], ranks[j]
        score_i = 1.0 if rank_i < rank_j else 0.5 if rank_i == rank_j else 0.0
        totals[i] += score_i - 1.0 / (1.0 + 10.0**difference)
        totals[j] += (1.0 - score_i) - 1.0 / (1.0 + 10.0**-difference)
    others = n - 1
    # The lengths are checked above; zip's strict check would cost a tenth of the time here.
    return [rating + k / others * total for rating, k, total in zip(ratings, k_factors, totals)]  # noqa: B905


def _four_seats(ratings: Sequence[float], ranks: Sequence[int], k_factors: Sequence[float]) -> list[float]:
    """:func:`multi_seat_update`'s loop written out for four seats, the usual table (a loop's
    bookkeeping was a third of its time); the same operations in the same order."""
    r0, r1, r2, r3 = ratings
    p0, p1, p2, p3 = ranks
    d01, d02, d03 = (r1 - r0) / 400.0, (r2 - r0) / 400.0, (r3 - r0) / 400.0
    d12, d13, d23 = (r2 - r1) / 400.0, (r3 - r1) / 400.0, (r3 - r2) / 400.0
    s01 = 1.0 if p0 < p1 else 0.5 if p0 == p1 else 0.0
    s02 = 1.0 if p0 < p2 else 0.5 if p0 == p2 else 0.0
    s03 = 1.0 if p0 < p3 else 0.5 if p0 == p3 else 0.0
    s12 = 1.0 if p1 < p2 else 0.5 if p1 == p2 else 0.0
    s13 = 1.0 if p1 < p3 else 0.5 if p1 == p3 else 0.0
    s23 = 1.0 if p2 < p3 else 0.5 if p2 == p3 else 0.0
    # Each total starts from 0.0 and adds its opponents' terms in seat order, as the loop does.
    t0 = 0.0 + (s01 - 1.0 / (1.0 + 10.0**d01))
    t0 += s02 - 1.0 / (1.0 + 10.0**d02)
    t0 += s03 - 1.0 / (1.0 + 10.0**d03)
    t1 = 0.0 + ((1.0 - s01) - 1.0 / (1.0 + 10.0**-d01))
    t1 += s12 - 1.0 / (1.0 + 10.0**d12)
    t1 += s13 - 1.0 / (1.0 + 10.0**d13)
    t2 = 0.0 + ((1.0 - s02) - 1.0 / (1.0 + 10.0**-d02))
    t2 += (1.0 - s12) - 1.0 / (1.0 + 10.0**-d12)
    t2 += s23 - 1.0 / (1.0 + 10.0**d23)
    t3 = 0.0 + ((1.0 - s03) - 1.0 / (1.0 + 10.0**-d03))
    t3 += (1.0 - s13) - 1.0 / (1.0 + 10.0**-d13)
    t3 += (1.0 - s23) - 1.0 / (1.0 + 10.0**-d23)
    k0, k1, k2, k3 = k_factors
    return [r0 + k0 / 3 * t0, r1 + k1 / 3 * t1, r2 + k2 / 3 * t2, r3 + k3 / 3 * t3]


# The pairs (i, j), i < j, by i then j (seat i meets its opponents in seat order), for the usual
# table sizes; larger tables build theirs on the fly.
_PAIRS = {n: tuple(combinations(range(n), 2)) for n in range(2, 11)}
