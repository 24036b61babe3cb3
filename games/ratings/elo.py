"""Elo ratings, two-player and multi-seat, as pure functions.

Multi-seat games are scored pairwise by finishing order: every pair of seats is one Elo "game"
(won by the better-placed seat, half-half on equal ranks), and each seat's K is divided by N-1 so
that one multi-seat game moves a rating about as much as one two-player game. With two seats this
is exactly the standard formula.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


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
    """New ratings for the seats of one game; ``ranks`` are finishing places (1 best, ties equal)."""
    n = len(ratings)
    if not n == len(ranks) == len(k_factors):
        raise ValueError("ratings, ranks and k_factors must have one entry per seat")
    if n < 2:
        raise ValueError("a rated game needs at least two seats")
    new = []
    for i in range(n):
        total = 0.0
        for j in range(n):
            if i == j:
                continue
            actual = 1.0 if ranks[i] < ranks[j] else 0.5 if ranks[i] == ranks[j] else 0.0
            total += actual - expected_score(ratings[i], ratings[j])
        new.append(ratings[i] + k_factors[i] / (n - 1) * total)
    return new
