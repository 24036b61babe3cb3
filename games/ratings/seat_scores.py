"""A seat's score in [0, 1] from the places of a finished game, for the pairs of a version test.

The engines' own scores are in each game's units (chips, golf strokes, duels won), so a version test
scores a seat by its place instead, as a multi-player Elo does: the share of the other seats it
finished ahead of, a seat it tied with counting half. Two seats: a win 1, a draw 1/2, a loss 0; four
seats: 1, 2/3, 1/3, 0 from first to last. Forfeits are places too (the forfeiting seats share the
last one), so a bot's fault costs it in the test as it would in a tournament.
"""

from __future__ import annotations

from collections.abc import Sequence


def seat_score(ranks: Sequence[int], seat: int) -> float:
    """The score of ``seat`` given every seat's place (1 = first; tied seats share a place)."""
    if len(ranks) < 2:
        raise ValueError("a seat's score needs at least two seats")
    own = ranks[seat]
    ahead = sum(1 for index, rank in enumerate(ranks) if index != seat and rank > own)
    tied = sum(1 for index, rank in enumerate(ranks) if index != seat and rank == own)
    return (ahead + tied / 2.0) / (len(ranks) - 1)
