"""OpenSkill (Plackett-Luce) ratings for multi-seat games, as pure functions over plain numbers.

Elo's pairwise form treats a four-seat game as six independent duels; Plackett-Luce models the
whole finishing order at once and keeps an uncertainty (sigma) per competitor, which shrinks as
games are played. A league chooses it per league (issue 4); the numbers come from the openskill
package, not from code of ours.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

# rate()'s options that openskill_update does not replay (weights, scores, limit_sigma) stay off.
_MODEL = PlackettLuce()


@dataclass(frozen=True)
class SkillRating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """A conservative single number for ladders: mu minus three sigmas (openskill's ordinal)."""
        return self.mu - 3.0 * self.sigma


def openskill_initial() -> SkillRating:
    rating = _MODEL.rating()
    return SkillRating(mu=float(rating.mu), sigma=float(rating.sigma))


def openskill_update(ratings: Sequence[SkillRating], ranks: Sequence[int]) -> list[SkillRating]:
    """New ratings for the seats of one game; ``ranks`` are finishing places (1 best, ties equal).

    The numbers of ``PlackettLuce().rate(teams, ranks=ranks)`` with one player per team, bit for
    bit (a test compares them), without its costs we do not need: ``rate`` checks its arguments
    and deep-copies every rating, and openskill gives each rating object it makes a fresh uuid4
    (7 µs, more than the arithmetic). Here the seats go through the steps ``rate`` takes for
    ranks alone (sigma widened by tau, seats sorted by place, the model's ``_compute``, seats put
    back) on rating objects made once per thread and reused.
    """
    n = len(ratings)
    if n != len(ranks):
        raise ValueError("ratings and ranks must have one entry per seat")
    if n < 2:
        raise ValueError("a rated game needs at least two seats")
    # sorted() is stable: tied seats keep their seat order, as in rate().
    order = sorted(range(n), key=ranks.__getitem__)
    tau_squared = _MODEL.tau * _MODEL.tau
    players = _scratch_ratings(n)
    for player, seat in zip(players, order):  # noqa: B905 (as many players as seats, or more)
        rating = ratings[seat]
        player.mu = rating.mu
        player.sigma = math.sqrt(rating.sigma * rating.sigma + tau_squared)
    rated = _MODEL._compute(
        teams=[[player] for player in players[:n]], ranks=[float(ranks[seat]) for seat in order]
    )
    result: list[SkillRating] = [_UNSET] * n
    for seat, (player,) in zip(order, rated, strict=True):
        result[seat] = SkillRating(mu=float(player.mu), sigma=float(player.sigma))
    return result


class _Scratch(threading.local):
    """Rating objects for the model to work on, one set per thread (the model writes into them)."""

    def __init__(self) -> None:
        self.ratings: list[PlackettLuceRating] = []


_SCRATCH = _Scratch()
_UNSET = SkillRating(mu=math.nan, sigma=math.nan)


def _scratch_ratings(n: int) -> list[PlackettLuceRating]:
    pool = _SCRATCH.ratings
    while len(pool) < n:
        pool.append(_MODEL.rating())
    return pool
