"""Elo as pure functions (``games.ratings.elo``): hand-computed numbers and properties. No database."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.ratings.elo import EloConfig, expected_score, multi_seat_update, two_player_update

# 1600 against 1400: 1 / (1 + 10 ** (-200 / 400)) = 1 / (1 + 0.316227766...) = 0.759746926...
EXPECTED_1600_VS_1400 = 0.7597469266479578


def test_expected_score_of_equal_ratings_is_one_half() -> None:
    assert expected_score(1500, 1500) == 0.5


def test_expected_score_of_a_200_point_favourite() -> None:
    assert expected_score(1600, 1400) == pytest.approx(EXPECTED_1600_VS_1400, abs=1e-12)
    assert expected_score(1400, 1600) == pytest.approx(1 - EXPECTED_1600_VS_1400, abs=1e-12)


def test_expected_score_400_points_is_ten_to_one() -> None:
    # A 400-point gap is odds of 10:1 by the definition of the scale.
    assert expected_score(1900, 1500) == pytest.approx(10 / 11)


def test_two_player_equal_ratings_win_moves_k_over_two() -> None:
    assert two_player_update(1500, 1500, 1.0, 20, 20) == pytest.approx((1510.0, 1490.0))


def test_two_player_equal_ratings_draw_changes_nothing() -> None:
    assert two_player_update(1500, 1500, 0.5, 20, 20) == pytest.approx((1500.0, 1500.0))


def test_two_player_favourite_wins() -> None:
    # +20 * (1 - 0.759747) = +4.805061 for the favourite, the same amount off the underdog.
    a, b = two_player_update(1600, 1400, 1.0, 20, 20)
    assert a == pytest.approx(1604.805061467, abs=1e-6)
    assert b == pytest.approx(1395.194938533, abs=1e-6)


def test_two_player_underdog_wins() -> None:
    # -20 * 0.759747 = -15.194939 for the favourite.
    a, b = two_player_update(1600, 1400, 0.0, 20, 20)
    assert a == pytest.approx(1584.805061467, abs=1e-6)
    assert b == pytest.approx(1415.194938533, abs=1e-6)


def test_two_player_draw_costs_the_favourite() -> None:
    a, b = two_player_update(1600, 1400, 0.5, 20, 20)
    assert a == pytest.approx(1600 - 20 * (EXPECTED_1600_VS_1400 - 0.5), abs=1e-9)
    assert a == pytest.approx(1594.805061467, abs=1e-6)
    assert b == pytest.approx(1405.194938533, abs=1e-6)


def test_two_player_each_side_has_its_own_k() -> None:
    # A provisional newcomer (K=40) beats an established player (K=20) of the same rating.
    assert two_player_update(1500, 1500, 1.0, 40, 20) == pytest.approx((1520.0, 1490.0))


def test_multi_seat_with_two_seats_is_the_two_player_formula() -> None:
    assert multi_seat_update([1500, 1500], [1, 2], [20, 20]) == pytest.approx([1510.0, 1490.0])
    assert multi_seat_update([1600, 1400], [1, 2], [20, 20]) == pytest.approx(
        [1604.805061467, 1395.194938533], abs=1e-6
    )
    assert multi_seat_update([1600, 1400], [2, 1], [20, 20]) == pytest.approx(
        [1584.805061467, 1415.194938533], abs=1e-6
    )
    assert multi_seat_update([1600, 1400], [1, 1], [20, 20]) == pytest.approx(
        [1594.805061467, 1405.194938533], abs=1e-6
    )


def test_multi_seat_three_equal_players() -> None:
    # K / (N - 1) = 10 per pair; the winner beats two (+0.5 each over expectation), the middle
    # seat wins one and loses one, the last loses two.
    assert multi_seat_update([1500] * 3, [1, 2, 3], [20] * 3) == pytest.approx([1510.0, 1500.0, 1490.0])


def test_multi_seat_four_equal_players() -> None:
    # K / 3 per pair: +1.5, +0.5, -0.5, -1.5 over expectation.
    assert multi_seat_update([1500] * 4, [1, 2, 3, 4], [20] * 4) == pytest.approx(
        [1510.0, 1500 + 20 / 6, 1500 - 20 / 6, 1490.0]
    )


def test_multi_seat_ranks_are_by_seat_not_by_order() -> None:
    assert multi_seat_update([1500] * 4, [3, 1, 4, 2], [20] * 4) == pytest.approx(
        [1500 - 20 / 6, 1510.0, 1490.0, 1500 + 20 / 6]
    )


def test_multi_seat_tied_seats_score_half_against_each_other() -> None:
    # Seats 0 and 1 share first place: against each other a draw, against seat 2 a win.
    assert multi_seat_update([1500] * 3, [1, 1, 3], [20] * 3) == pytest.approx([1505.0, 1505.0, 1490.0])
    assert multi_seat_update([1500] * 4, [1, 1, 1, 1], [20] * 4) == pytest.approx([1500.0] * 4)


def test_multi_seat_k_scaled_by_one_over_n_minus_one() -> None:
    # Three seats, unequal ratings: seat 0 (1600) beats 1 (1500) and 2 (1400).
    e01, e02 = expected_score(1600, 1500), expected_score(1600, 1400)
    e12 = expected_score(1500, 1400)
    new = multi_seat_update([1600, 1500, 1400], [1, 2, 3], [30, 30, 30])
    assert new[0] == pytest.approx(1600 + 15 * ((1 - e01) + (1 - e02)))
    assert new[1] == pytest.approx(1500 + 15 * ((0 - (1 - e01)) + (1 - e12)))
    assert new[2] == pytest.approx(1400 + 15 * ((0 - (1 - e02)) + (0 - (1 - e12))))


def test_multi_seat_each_seat_uses_its_own_k() -> None:
    new = multi_seat_update([1500] * 3, [1, 2, 3], [40, 20, 10])
    assert new == pytest.approx([1520.0, 1500.0, 1495.0])


def test_multi_seat_winner_gains_most_and_loser_loses_most() -> None:
    ratings = [1500.0] * 5
    new = multi_seat_update(ratings, [2, 5, 1, 3, 4], [20] * 5)
    deltas = [after - before for after, before in zip(new, ratings, strict=True)]
    assert max(deltas) == deltas[2] > 0
    assert min(deltas) == deltas[1] < 0
    # Strictly ordered by place.
    by_place = [deltas[seat] for seat in (2, 0, 3, 4, 1)]
    assert by_place == sorted(by_place, reverse=True)
    assert len(set(by_place)) == 5


@pytest.mark.parametrize(
    ("ratings", "ranks", "k_factors"),
    [
        ([1500, 1500, 1500], [1, 2], [20, 20, 20]),
        ([1500, 1500], [1, 2], [20]),
        ([1500], [1, 2], [20, 20]),
        ([1500], [1], [20]),
        ([], [], []),
    ],
)
def test_multi_seat_rejects_wrong_lengths(
    ratings: list[float], ranks: list[int], k_factors: list[float]
) -> None:
    with pytest.raises(ValueError):
        multi_seat_update(ratings, ranks, k_factors)


def test_k_for_uses_the_provisional_k_until_the_threshold() -> None:
    config = EloConfig()
    assert (config.initial, config.k, config.k_provisional, config.provisional_games) == (
        1500.0,
        20.0,
        40.0,
        30,
    )
    assert config.k_for(0) == 40.0
    assert config.k_for(29) == 40.0
    assert config.k_for(30) == 20.0
    assert config.k_for(1000) == 20.0


def test_k_for_with_a_custom_threshold() -> None:
    config = EloConfig(k=16, k_provisional=32, provisional_games=2)
    assert [config.k_for(played) for played in range(4)] == [32, 32, 16, 16]
    assert EloConfig(provisional_games=0).k_for(0) == 20.0


RATINGS = st.floats(min_value=100, max_value=3000, allow_nan=False)


@st.composite
def seat_results(draw: st.DrawFn) -> tuple[list[float], list[int]]:
    n = draw(st.integers(min_value=2, max_value=8))
    ratings = draw(st.lists(RATINGS, min_size=n, max_size=n))
    ranks = draw(st.lists(st.integers(min_value=1, max_value=n), min_size=n, max_size=n))
    return ratings, ranks


@given(seat_results(), st.floats(min_value=1, max_value=64))
def test_changes_sum_to_zero_with_equal_k(results: tuple[list[float], list[int]], k: float) -> None:
    ratings, ranks = results
    new = multi_seat_update(ratings, ranks, [k] * len(ratings))
    assert math.fsum(new) == pytest.approx(math.fsum(ratings), abs=1e-7)


@given(seat_results(), st.floats(min_value=1, max_value=64))
def test_no_change_is_larger_than_k(results: tuple[list[float], list[int]], k: float) -> None:
    ratings, ranks = results
    new = multi_seat_update(ratings, ranks, [k] * len(ratings))
    assert all(abs(after - before) <= k + 1e-9 for after, before in zip(new, ratings, strict=True))


@given(RATINGS, RATINGS, st.sampled_from([0.0, 0.5, 1.0]), st.floats(1, 64), st.floats(1, 64))
def test_two_seats_agree_with_two_player_update(
    a: float, b: float, score: float, k_a: float, k_b: float
) -> None:
    ranks = {1.0: [1, 2], 0.5: [1, 1], 0.0: [2, 1]}[score]
    assert multi_seat_update([a, b], ranks, [k_a, k_b]) == pytest.approx(
        list(two_player_update(a, b, score, k_a, k_b)), abs=1e-9
    )


@given(st.integers(min_value=2, max_value=8), RATINGS, st.randoms(use_true_random=False))
def test_equal_ratings_gain_in_order_of_place(n: int, rating: float, rng: random.Random) -> None:
    ranks = list(range(1, n + 1))
    rng.shuffle(ranks)
    new = multi_seat_update([rating] * n, ranks, [20.0] * n)
    by_place = [new[ranks.index(place)] for place in range(1, n + 1)]
    assert by_place == sorted(by_place, reverse=True)
    assert by_place[0] > rating > by_place[-1]


def _plain_double_loop(ratings: list[float], ranks: list[int], k_factors: list[float]) -> list[float]:
    """The definition, one ordered pair at a time through ``expected_score``: what ratings stored
    before the inline arithmetic were computed with."""
    n = len(ratings)
    new = []
    for i in range(n):
        total = 0.0
        for j in range(n):
            if i != j:
                actual = 1.0 if ranks[i] < ranks[j] else 0.5 if ranks[i] == ranks[j] else 0.0
                total += actual - expected_score(ratings[i], ratings[j])
        new.append(ratings[i] + k_factors[i] / (n - 1) * total)
    return new


@given(
    st.lists(
        st.tuples(
            st.floats(min_value=0.0, max_value=3000.0),
            st.integers(min_value=1, max_value=6),
            st.sampled_from([16.0, 20.0, 32.0, 40.0, 7.25]),
        ),
        min_size=2,
        max_size=12,
    )
)
def test_multi_seat_update_is_the_plain_double_loop_to_the_last_bit(
    seats: list[tuple[float, int, float]],
) -> None:
    ratings, ranks, k_factors = (list(column) for column in zip(*seats, strict=True))
    assert multi_seat_update(ratings, ranks, k_factors) == _plain_double_loop(ratings, ranks, k_factors)
