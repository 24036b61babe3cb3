"""The version test's SPRT (games/ratings/sprt.py): published results, exact constraints, error rates."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.ratings.sprt import (
    NELO_PER_T,
    Bounds,
    Decision,
    Model,
    SprtError,
    evaluate_paired,
    evaluate_pentanomial,
    log_likelihood_ratio,
    mean_and_variance,
    mle_with_mean,
    mle_with_t_value,
    pair_value,
    pentanomial_cell,
    pentanomial_distribution,
    trinomial_distribution,
)
from games.ratings.sprt_simulation import (
    EVEN_PAIRS,
    compare_on_one_stream,
    error_rate,
    luck_model,
    mean_games,
)


def test_fishtest_pentanomial_result_with_normalized_bounds() -> None:
    # A published fishtest result: pairs LL..WW with normalized bounds [0, 3] and alpha = beta = 0.05.
    result = evaluate_pentanomial([398, 4112, 7672, 4336, 430], Bounds(0.0, 3.0))

    assert round(result.llr, 2) == 2.96
    assert result.decision is Decision.ACCEPTED
    assert round(result.elo.value, 2) == 2.95
    assert round(result.elo.high - result.elo.value, 2) == 2.18
    assert round(result.elo.value - result.elo.low, 2) == 2.18


@pytest.mark.parametrize(
    ("losses", "draws", "wins", "elo0", "elo1", "expected"),
    # fastchess's published checks of the normalized trinomial GSPRT (unpaired games).
    [(36027, 68692, 36433, 0.0, 2.0, 0.92), (10650, 20431, 10871, -1.75, 0.25, 2.30)],
)
def test_unpaired_games_match_published_trinomial_results(
    losses: int, draws: int, wins: int, elo0: float, elo1: float, expected: float
) -> None:
    games, pdf = trinomial_distribution([losses, draws, wins])
    assert round(log_likelihood_ratio(games, pdf, Bounds(elo0, elo1), paired=False), 2) == expected


def test_wald_bounds_follow_alpha_and_beta() -> None:
    bounds = Bounds(0.0, 2.0, alpha=0.05, beta=0.1)
    assert bounds.lower == pytest.approx(math.log(0.1 / 0.95))
    assert bounds.upper == pytest.approx(math.log(0.9 / 0.05))


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"elo0": 2.0, "elo1": 0.0}, "elo0"),
        ({"elo0": 0.0, "elo1": 2.0, "alpha": 0.5}, "alpha"),
        ({"elo0": 0.0, "elo1": 2.0, "beta": 0.0}, "beta"),
        ({"elo0": 0.0, "elo1": 2.0, "alpha": -0.1}, "alpha"),
    ],
)
def test_bounds_out_of_order_or_error_rates_outside_the_open_half_interval_are_refused(
    kwargs: dict[str, float], field: str
) -> None:
    with pytest.raises(SprtError, match=field):
        Bounds(**kwargs)  # type: ignore[arg-type]


@given(t=st.floats(min_value=-0.5, max_value=0.5))
def test_the_constrained_distribution_has_exactly_the_t_value_asked_for(t: float) -> None:
    constrained = mle_with_t_value(EVEN_PAIRS, t)
    mean, variance = mean_and_variance(constrained)
    assert sum(p for _, p in constrained) == pytest.approx(1.0, abs=1e-12)
    assert (mean - 0.5) / math.sqrt(variance) == pytest.approx(t, abs=1e-9)


@given(mean=st.floats(min_value=0.2, max_value=0.8))
def test_the_constrained_distribution_has_exactly_the_mean_asked_for(mean: float) -> None:
    constrained = mle_with_mean(EVEN_PAIRS, mean)
    assert sum(p for _, p in constrained) == pytest.approx(1.0, abs=1e-12)
    assert mean_and_variance(constrained)[0] == pytest.approx(mean, abs=1e-12)


@given(counts=st.lists(st.integers(min_value=0, max_value=5000), min_size=5, max_size=5))
def test_swapping_candidate_and_baseline_mirrors_the_estimates(counts: list[int]) -> None:
    bounds = Bounds(-3.0, 3.0)
    forward = evaluate_pentanomial(counts, bounds)
    backward = evaluate_pentanomial(counts[::-1], bounds)
    assert backward.nelo.value == pytest.approx(-forward.nelo.value, rel=1e-7, abs=1e-9)
    assert backward.elo.value == pytest.approx(-forward.elo.value, rel=1e-7, abs=1e-9)
    # Symmetric bounds: the evidence for "better by 3" is the evidence against "worse by 3".
    assert backward.llr == pytest.approx(-forward.llr, rel=1e-7, abs=1e-6)


def test_no_pairs_yet_means_no_evidence() -> None:
    result = evaluate_pentanomial([0, 0, 0, 0, 0], Bounds(0.0, 2.0))
    assert result.llr == 0.0
    assert result.decision is Decision.CONTINUE


def test_normalized_elo_is_per_game_for_pairs() -> None:
    # A pair averages two games: its t-value is sqrt(2) times a game's, and nElo is per game.
    _, pdf = pentanomial_distribution([100, 300, 600, 350, 120])
    mean, variance = mean_and_variance(pdf)
    expected = (mean - 0.5) / math.sqrt(variance) / math.sqrt(2.0) * NELO_PER_T
    assert evaluate_pentanomial([100, 300, 600, 350, 120], Bounds(0.0, 2.0)).nelo.value == pytest.approx(
        expected
    )


def test_multi_seat_pairs_are_paired_score_differences() -> None:
    assert pair_value(1.0, 0.0) == 1.0
    assert pair_value(0.5, 0.5) == 0.5
    with pytest.raises(SprtError, match="score"):
        pair_value(1.5, 0.0)
    # Every pair equal: no spread, no evidence either way.
    assert evaluate_paired({0.5: 40}, Bounds(0.0, 5.0)).llr == 0.0
    better = evaluate_paired({0.5: 40, 0.75: 30, 0.25: 10, 1.0: 5}, Bounds(0.0, 5.0))
    assert better.nelo.value > 0 and better.llr > 0


def test_pentanomial_cells() -> None:
    assert [pentanomial_cell(a, b) for a, b in [(0, 0), (0, 0.5), (1, 0), (1, 0.5), (1, 1)]] == [
        0,
        1,
        2,
        3,
        4,
    ]
    with pytest.raises(SprtError):
        pentanomial_cell(0.25, 1.0)


def _upper_tail(successes: int, trials: int, rate: float) -> float:
    """P(X >= successes) for X ~ Binomial(trials, rate)."""
    return sum(
        math.comb(trials, k) * rate**k * (1 - rate) ** (trials - k) for k in range(successes, trials + 1)
    )


@pytest.mark.parametrize(
    ("true_nelo", "wrong", "rate_name"),
    [(0.0, Decision.ACCEPTED, "alpha"), (50.0, Decision.REJECTED, "beta")],
)
def test_simulated_tests_err_no_more_often_than_alpha_and_beta(
    true_nelo: float, wrong: Decision, rate_name: str
) -> None:
    # Wide bounds keep each simulated test short; the error rates are the SPRT's wherever the bounds.
    bounds = Bounds(0.0, 50.0, alpha=0.05, beta=0.05)
    runs = 300
    errors, _ = error_rate(bounds, true_nelo, wrong, runs, seed=20261125)
    stated = getattr(bounds, rate_name)
    # A rate above the stated one would show as a count this high less than once in a thousand.
    assert _upper_tail(errors, runs, stated) > 0.001, (errors, runs, stated)


def test_pairing_on_the_same_deal_needs_fewer_games_than_counting_games_alone() -> None:
    # A game where the deal decides 60 % of games: pairs cancel that luck, single games carry it.
    bounds = Bounds(0.0, 20.0, model=Model.LOGISTIC)
    rng = random.Random(7)
    comparisons = [compare_on_one_stream(bounds, luck_model(0.6, 0.05), rng, 50_000) for _ in range(30)]
    paired, unpaired = mean_games(comparisons)
    assert paired < unpaired
