"""Simulated version tests of known strength: how often the SPRT errs and how long it takes.

Used by the tests (error rates within alpha and beta) and by ``bench/sprt.py`` (the games that
pairing on the same deal saves). Pure functions; every draw comes from the ``random.Random`` given.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from games.ratings.sprt import (
    NELO_PER_T,
    PENTANOMIAL_VALUES,
    Bounds,
    Decision,
    Distribution,
    evaluate,
    mle_with_t_value,
    pentanomial_cell,
    pentanomial_distribution,
    trinomial_distribution,
)

# A pair distribution of a game with much luck and no edge: most pairs split (each version wins
# the seat the deal favours), few are won or lost twice.
EVEN_PAIRS: Distribution = list(zip(PENTANOMIAL_VALUES, (0.08, 0.22, 0.40, 0.22, 0.08), strict=True))


def pairs_at_nelo(nelo: float, base: Distribution = EVEN_PAIRS) -> Distribution:
    """A pair distribution whose normalized Elo per game is exactly ``nelo`` (the closest to ``base``)."""
    return mle_with_t_value(base, nelo / NELO_PER_T * math.sqrt(2.0))


def draw_cell(pdf: Distribution, rng: random.Random) -> int:
    u = rng.random()
    total = 0.0
    for index, (_, p) in enumerate(pdf):
        total += p
        if u < total:
            return index
    return len(pdf) - 1


@dataclass(frozen=True)
class Run:
    decision: Decision
    pairs: int


def run_pentanomial(bounds: Bounds, pdf: Distribution, rng: random.Random, max_pairs: int) -> Run:
    """One test on pairs drawn from ``pdf``, checked after every pair, as the service checks it."""
    counts = [0] * len(PENTANOMIAL_VALUES)
    for pairs in range(1, max_pairs + 1):
        counts[draw_cell(pdf, rng)] += 1
        total, observed = pentanomial_distribution(counts)
        decision = evaluate(total, observed, bounds).decision
        if decision is not Decision.CONTINUE:
            return Run(decision, pairs)
    return Run(Decision.CONTINUE, max_pairs)


def error_rate(
    bounds: Bounds, true_nelo: float, wrong: Decision, runs: int, seed: int, max_pairs: int = 100_000
) -> tuple[int, float]:
    """How many of ``runs`` tests at ``true_nelo`` ended in ``wrong``, and their mean length in pairs."""
    rng = random.Random(seed)
    pdf = pairs_at_nelo(true_nelo)
    results = [run_pentanomial(bounds, pdf, rng, max_pairs) for _ in range(runs)]
    return sum(run.decision is wrong for run in results), sum(run.pairs for run in results) / runs


GamePair = Callable[[random.Random], tuple[float, float]]


def luck_model(decided_by_deal: float, candidate_edge: float) -> GamePair:
    """Two games on one deal, the candidate in each seat in turn; its scores in each.

    With probability ``decided_by_deal`` the deal's cards decide both games for seat 1 (the
    candidate wins one and loses the other); otherwise the better play wins with probability
    ``1/2 + candidate_edge`` in each game independently.
    """

    def play(rng: random.Random) -> tuple[float, float]:
        if rng.random() < decided_by_deal:
            return 1.0, 0.0
        first = 1.0 if rng.random() < 0.5 + candidate_edge else 0.0
        second = 1.0 if rng.random() < 0.5 + candidate_edge else 0.0
        return first, second

    return play


@dataclass(frozen=True)
class Comparison:
    paired_games: int
    unpaired_games: int
    paired_decision: Decision
    unpaired_decision: Decision


def compare_on_one_stream(
    bounds: Bounds, game_pair: GamePair, rng: random.Random, max_pairs: int
) -> Comparison:
    """One stream of game pairs read twice: as pairs (pentanomial) and as single games (trinomial).

    Each view stops when its own test decides; both see the very same games in the same order.
    """
    pentanomial = [0] * 5
    trinomial = [0] * 3
    paired: tuple[int, Decision] | None = None
    unpaired: tuple[int, Decision] | None = None
    for pairs in range(1, max_pairs + 1):
        first, second = game_pair(rng)
        pentanomial[pentanomial_cell(first, second)] += 1
        for score in (first, second):
            trinomial[round(score * 2)] += 1
        if paired is None:
            total, pdf = pentanomial_distribution(pentanomial)
            decision = evaluate(total, pdf, bounds).decision
            if decision is not Decision.CONTINUE:
                paired = (2 * pairs, decision)
        if unpaired is None:
            total, pdf = trinomial_distribution(trinomial)
            decision = evaluate(total, pdf, bounds, paired=False).decision
            if decision is not Decision.CONTINUE:
                unpaired = (2 * pairs, decision)
        if paired and unpaired:
            break
    paired = paired or (2 * max_pairs, Decision.CONTINUE)
    unpaired = unpaired or (2 * max_pairs, Decision.CONTINUE)
    return Comparison(paired[0], unpaired[0], paired[1], unpaired[1])


def mean_games(comparisons: Sequence[Comparison]) -> tuple[float, float]:
    count = len(comparisons)
    return (
        sum(c.paired_games for c in comparisons) / count,
        sum(c.unpaired_games for c in comparisons) / count,
    )
