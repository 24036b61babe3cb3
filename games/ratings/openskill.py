"""OpenSkill (Plackett-Luce) ratings for multi-seat games, as pure functions over plain numbers.

Elo's pairwise form treats a four-seat game as six independent duels; Plackett-Luce models the
whole finishing order at once and keeps an uncertainty (sigma) per competitor, which shrinks as
games are played. A league chooses it per league (issue 4); the numbers come from the openskill
package, not from code of ours.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

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
    """New ratings for the seats of one game; ``ranks`` are finishing places (1 best, ties equal)."""
    if len(ratings) != len(ranks):
        raise ValueError("ratings and ranks must have one entry per seat")
    if len(ratings) < 2:
        raise ValueError("a rated game needs at least two seats")
    teams = [[_MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in ratings]
    rated = _MODEL.rate(teams, ranks=[float(rank) for rank in ranks])
    return [SkillRating(mu=float(team[0].mu), sigma=float(team[0].sigma)) for team in rated]
