"""The sequential probability ratio test of a version test, as pure functions over pair counts.

A version test plays each deal twice, once with the candidate and once with the baseline in the
same seat against the same opponents and seeds, and scores the *pair*. Following fishtest (Michel
Van den Bergh's generalized SPRT, "GSPRT"), the pairs are a sample from a distribution over a few
values in [0, 1] and nothing else is assumed about it:

- two-seat games, candidate against baseline on one deal in both seat orders: the pair's score per
  game, 0, 1/4, 1/2, 3/4 or 1 (the pentanomial counts LL, LD, DD+WL, WD, WW);
- multi-seat tables: ``(1 + d) / 2`` where ``d`` is the candidate's score on the deal minus the
  baseline's (each score in [0, 1]), so equal play scores 1/2 exactly as a drawn pair does.

The hypotheses H0: Elo = elo0 and H1: Elo = elo1 are composite (the shape of the distribution is
free), so each is replaced by the maximum-likelihood distribution under its constraint, and the
log-likelihood ratio of the observed pairs between the two is the test statistic. With normalized
Elo the constraint is on the t-value ``(mean - 1/2) / sigma`` (fishtest, OpenBench); with logistic
Elo on the mean. The test stops at the first LLR outside ``(log(beta/(1-alpha)), log((1-beta)/alpha))``.

Normalized Elo (nElo) is ``t * 800 / ln 10`` per *game*: a pair averages two games, so its t-value
is larger by sqrt(2) than one game's. One nElo bound then means the same power whatever the
game's luck, which is why version tests use it by default.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

NELO_PER_T = 800.0 / math.log(10.0)
PENTANOMIAL_VALUES: tuple[float, ...] = (0.0, 0.25, 0.5, 0.75, 1.0)
TRINOMIAL_VALUES: tuple[float, ...] = (0.0, 0.5, 1.0)
# fishtest replaces an empty cell of a fixed grid with this small count, so that the first pairs
# (which leave cells empty) give a finite LLR and the MLE never sits on the edge of the simplex.
EMPTY_CELL = 1e-3
Z_95 = 1.959963984540054

Distribution = list[tuple[float, float]]  # (value, probability), probabilities summing to 1


class Model(StrEnum):
    NORMALIZED = "normalized"
    LOGISTIC = "logistic"


class Decision(StrEnum):
    CONTINUE = "continue"
    ACCEPTED = "accepted"  # H1: the candidate is at least elo1 better
    REJECTED = "rejected"  # H0: the candidate is at most elo0 better


class SprtError(ValueError):
    """Bounds or data a test cannot be run with; the message names the field."""


@dataclass(frozen=True)
class Bounds:
    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05
    model: Model = Model.NORMALIZED

    def __post_init__(self) -> None:
        if not self.elo0 < self.elo1:
            raise SprtError(f"elo0 ({self.elo0}) must be below elo1 ({self.elo1})")
        for name in ("alpha", "beta"):
            value = getattr(self, name)
            if not 0.0 < value < 0.5:
                raise SprtError(f"{name} must lie strictly between 0 and 0.5, not {value}")
        if self.model is Model.LOGISTIC and not -2000.0 < self.elo0 < self.elo1 < 2000.0:
            raise SprtError("logistic bounds must lie between -2000 and 2000 Elo")

    @property
    def lower(self) -> float:
        return math.log(self.beta / (1.0 - self.alpha))

    @property
    def upper(self) -> float:
        return math.log((1.0 - self.beta) / self.alpha)


@dataclass(frozen=True)
class Estimate:
    value: float
    low: float
    high: float


@dataclass(frozen=True)
class SprtResult:
    llr: float
    lower: float
    upper: float
    decision: Decision
    pairs: int
    elo: Estimate  # logistic Elo per game, with its 95 % interval
    nelo: Estimate  # normalized Elo per game, with its 95 % interval


def pentanomial_distribution(counts: Sequence[int]) -> tuple[int, Distribution]:
    """The pairs' distribution from the five counts LL, LD, DD+WL, WD, WW (empty cells regularized)."""
    return _grid_distribution(counts, PENTANOMIAL_VALUES)


def trinomial_distribution(counts: Sequence[int]) -> tuple[int, Distribution]:
    """Single games' distribution from the counts of losses, draws and wins (the unpaired view)."""
    return _grid_distribution(counts, TRINOMIAL_VALUES)


def _grid_distribution(counts: Sequence[int], values: Sequence[float]) -> tuple[int, Distribution]:
    if len(counts) != len(values):
        raise SprtError(f"expected {len(values)} counts, got {len(counts)}")
    if any(count < 0 for count in counts):
        raise SprtError("counts cannot be negative")
    total = sum(counts)
    cells = [float(count) if count else EMPTY_CELL for count in counts]
    mass = sum(cells)
    return total, [(value, cell / mass) for value, cell in zip(values, cells, strict=True)]


def paired_distribution(value_counts: Mapping[float, int]) -> tuple[int, Distribution]:
    """The pairs' distribution from counts of pair values in [0, 1] (multi-seat paired differences)."""
    for value, count in value_counts.items():
        if not 0.0 <= value <= 1.0:
            raise SprtError(f"a pair value lies in [0, 1], not {value}")
        if count < 0:
            raise SprtError("counts cannot be negative")
    total = sum(value_counts.values())
    if not total:
        return 0, []
    return total, [(value, count / total) for value, count in sorted(value_counts.items()) if count]


def mean_and_variance(pdf: Distribution) -> tuple[float, float]:
    mean = sum(value * p for value, p in pdf)
    return mean, sum(p * (value - mean) ** 2 for value, p in pdf)


def _secular_root(pdf: Distribution) -> float:
    """The x with sum p_i a_i / (1 + x a_i) = 0 on the interval where every 1 + x a_i > 0.

    The left side falls strictly in x there, from +inf to -inf, so the root is unique; Newton's
    step is kept inside a shrinking bracket so that it cannot leave the interval.
    """
    top = max(a for a, _ in pdf)
    bottom = min(a for a, _ in pdf)
    if not bottom < 0.0 < top:
        raise SprtError("the constraint lies outside the observed values")
    low, high = -1.0 / top, -1.0 / bottom
    x = 0.0
    for _ in range(200):
        f = 0.0
        slope = 0.0
        for a, p in pdf:
            ratio = a / (1.0 + x * a)
            f += p * ratio
            slope -= p * ratio * ratio
        if f > 0.0:
            low = x
        else:
            high = x
        step = x - f / slope
        next_x = step if low < step < high else (low + high) / 2.0
        if abs(next_x - x) <= 1e-15 * max(1.0, abs(x)):
            return next_x
        x = next_x
    return x


def mle_with_mean(pdf: Distribution, mean: float) -> Distribution:
    """The distribution on the same values closest in likelihood to ``pdf`` with the given mean."""
    shifted = [(value - mean, p) for value, p in pdf]
    x = _secular_root(shifted)
    return [(value, p / (1.0 + x * a)) for (value, p), (a, _) in zip(pdf, shifted, strict=True)]


def mle_with_t_value(pdf: Distribution, t: float, reference: float = 0.5) -> Distribution:
    """The distribution on the same values of highest likelihood with ``(mean - reference) / sigma = t``.

    The Lagrange condition is a secular equation in the constrained distribution's own mean and
    sigma; it is solved by iterating those to a fixed point (fishtest's method, which converges in
    a handful of rounds for the t-values of a version test).
    """
    estimate = [(value, 1.0 / len(pdf)) for value, _ in pdf]
    for _ in range(100):
        mean, variance = mean_and_variance(estimate)
        sigma = math.sqrt(variance)
        terms = [
            (value - reference - t * sigma * (1.0 + ((mean - value) / sigma) ** 2) / 2.0, p)
            for value, p in pdf
        ]
        x = _secular_root(terms)
        following = [(value, p / (1.0 + x * a)) for (value, p), (a, _) in zip(pdf, terms, strict=True)]
        change = max(abs(q - r) for (_, q), (_, r) in zip(estimate, following, strict=True))
        estimate = following
        if change < 1e-12:
            break
    return estimate


def logistic_score(elo: float) -> float:
    power: float = 10.0 ** (-elo / 400.0)
    return 1.0 / (1.0 + power)


def logistic_elo(score: float) -> float:
    score = min(max(score, 1e-12), 1.0 - 1e-12)
    return -400.0 * math.log10(1.0 / score - 1.0)


def log_likelihood_ratio(pairs: int, pdf: Distribution, bounds: Bounds, *, paired: bool = True) -> float:
    """The GSPRT statistic of ``pairs`` observations distributed as ``pdf`` between elo0 and elo1.

    ``paired`` says an observation is the average of two games (a pair), as in every version test;
    the unpaired (trinomial) view of the same games passes False.
    """
    if pairs == 0 or len(pdf) < 2:
        return 0.0
    if bounds.model is Model.LOGISTIC:
        null = mle_with_mean(pdf, logistic_score(bounds.elo0))
        alternative = mle_with_mean(pdf, logistic_score(bounds.elo1))
    else:
        games_per_observation = math.sqrt(2.0) if paired else 1.0
        null = mle_with_t_value(pdf, bounds.elo0 / NELO_PER_T * games_per_observation)
        alternative = mle_with_t_value(pdf, bounds.elo1 / NELO_PER_T * games_per_observation)
    per_pair = sum(
        p * math.log(q1 / q0) for (_, p), (_, q0), (_, q1) in zip(pdf, null, alternative, strict=True)
    )
    return pairs * per_pair


def _moments(pdf: Distribution) -> tuple[float, float, float, float]:
    mean, variance = mean_and_variance(pdf)
    sigma = math.sqrt(variance)
    if sigma == 0.0:
        return mean, 0.0, 0.0, 0.0
    skewness = sum(p * ((value - mean) / sigma) ** 3 for value, p in pdf)
    excess_kurtosis = sum(p * ((value - mean) / sigma) ** 4 for value, p in pdf) - 3.0
    return mean, sigma, skewness, excess_kurtosis


def estimates(pairs: int, pdf: Distribution, *, paired: bool = True) -> tuple[Estimate, Estimate]:
    """Logistic and normalized Elo per game with 95 % intervals (normal approximation, as fishtest).

    The normalized interval uses the t-value's own standard error, which depends on the skewness
    and kurtosis of the pair distribution: ``var(t) = 1 - t*skew + t^2 (kurt + 2) / 4``.
    """
    if pairs == 0 or not pdf:
        zero = Estimate(0.0, -math.inf, math.inf)
        return zero, zero
    mean, sigma, skewness, excess_kurtosis = _moments(pdf)
    half_score = Z_95 * sigma / math.sqrt(pairs)
    elo = Estimate(logistic_elo(mean), logistic_elo(mean - half_score), logistic_elo(mean + half_score))
    if sigma == 0.0:
        return elo, Estimate(0.0, -math.inf, math.inf)
    per_game = NELO_PER_T / (math.sqrt(2.0) if paired else 1.0)
    t = (mean - 0.5) / sigma
    t_variance = max(1.0 - t * skewness + t * t * (excess_kurtosis + 2.0) / 4.0, 0.0)
    half_t = Z_95 * math.sqrt(t_variance / pairs)
    return elo, Estimate(t * per_game, (t - half_t) * per_game, (t + half_t) * per_game)


def evaluate(pairs: int, pdf: Distribution, bounds: Bounds, *, paired: bool = True) -> SprtResult:
    llr = log_likelihood_ratio(pairs, pdf, bounds, paired=paired)
    if llr >= bounds.upper:
        decision = Decision.ACCEPTED
    elif llr <= bounds.lower:
        decision = Decision.REJECTED
    else:
        decision = Decision.CONTINUE
    elo, nelo = estimates(pairs, pdf, paired=paired)
    return SprtResult(llr, bounds.lower, bounds.upper, decision, pairs, elo, nelo)


def evaluate_pentanomial(counts: Sequence[int], bounds: Bounds) -> SprtResult:
    pairs, pdf = pentanomial_distribution(counts)
    return evaluate(pairs, pdf, bounds)


def evaluate_paired(value_counts: Mapping[float, int], bounds: Bounds) -> SprtResult:
    pairs, pdf = paired_distribution(value_counts)
    return evaluate(pairs, pdf, bounds)


def pair_value(candidate_score: float, baseline_score: float) -> float:
    """A multi-seat pair's value: 1/2 plus half the candidate's score minus the baseline's."""
    for score in (candidate_score, baseline_score):
        if not 0.0 <= score <= 1.0:
            raise SprtError(f"a seat's score lies in [0, 1], not {score}")
    return (1.0 + candidate_score - baseline_score) / 2.0


def pentanomial_cell(first_game: float, second_game: float) -> int:
    """The pentanomial cell (0 = two losses .. 4 = two wins) of the candidate's two game scores."""
    for score in (first_game, second_game):
        if score not in (0.0, 0.5, 1.0):
            raise SprtError(f"a game's score is 0, 1/2 or 1, not {score}")
    return round((first_game + second_game) * 2)
