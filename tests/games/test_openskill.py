"""OpenSkill ratings (pure): the direction and size of changes follow the finishing order."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from games.ratings.openskill import SkillRating, openskill_initial, openskill_update


def test_a_new_rating_is_openskill_default() -> None:
    rating = openskill_initial()
    assert rating.mu == pytest.approx(25.0)
    assert rating.sigma == pytest.approx(25.0 / 3)
    assert rating.ordinal == pytest.approx(0.0)


def test_the_winner_gains_the_last_loses_and_everyone_grows_more_certain() -> None:
    seats = [openskill_initial() for _ in range(4)]
    after = openskill_update(seats, [1, 2, 3, 4])
    assert after[0].mu > seats[0].mu
    assert after[3].mu < seats[3].mu
    assert [r.mu for r in after] == sorted((r.mu for r in after), reverse=True)
    assert all(new.sigma < old.sigma for new, old in zip(after, seats, strict=True))


def test_equal_players_who_tie_keep_their_mu() -> None:
    after = openskill_update([openskill_initial(), openskill_initial()], [1, 1])
    assert after[0].mu == pytest.approx(25.0)
    assert after[1].mu == pytest.approx(25.0)


def test_beating_a_stronger_player_is_worth_more() -> None:
    weak, strong, equal = SkillRating(20.0, 4.0), SkillRating(30.0, 4.0), SkillRating(20.0, 4.0)
    upset = openskill_update([weak, strong], [1, 2])[0].mu - weak.mu
    even = openskill_update([weak, equal], [1, 2])[0].mu - weak.mu
    assert upset > even > 0


def test_mismatched_lengths_and_lone_seats_are_refused() -> None:
    with pytest.raises(ValueError, match="one entry per seat"):
        openskill_update([openskill_initial()] * 3, [1, 2])
    with pytest.raises(ValueError, match="at least two seats"):
        openskill_update([openskill_initial()], [1])


@given(st.permutations([1, 2, 3, 4, 5]))
def test_the_order_of_mu_after_a_game_among_equals_is_the_finishing_order(ranks: list[int]) -> None:
    after = openskill_update([openskill_initial() for _ in ranks], ranks)
    by_rank = [after[ranks.index(place)].mu for place in range(1, 6)]
    assert by_rank == sorted(by_rank, reverse=True)


@given(
    st.lists(
        st.tuples(
            st.floats(min_value=-50.0, max_value=80.0),
            st.floats(min_value=0.01, max_value=12.0),
            st.integers(min_value=1, max_value=5),
        ),
        min_size=2,
        max_size=8,
    )
)
def test_the_numbers_are_openskills_own_to_the_last_bit(seats: list[tuple[float, float, int]]) -> None:
    model = PlackettLuce()
    teams = [[model.rating(mu=mu, sigma=sigma)] for mu, sigma, _ in seats]
    expected = model.rate(teams, ranks=[float(rank) for _, _, rank in seats])

    after = openskill_update([SkillRating(mu, sigma) for mu, sigma, _ in seats], [rank for *_, rank in seats])

    assert [(r.mu, r.sigma) for r in after] == [(team[0].mu, team[0].sigma) for team in expected]


def test_games_of_different_sizes_one_after_another_do_not_mix() -> None:
    # The rating objects handed to openskill are reused from one call to the next.
    model = PlackettLuce()
    for seats in ([(30.0, 5.0, 2), (20.0, 6.0, 1), (25.0, 2.0, 3)], [(10.0, 1.0, 1), (12.0, 3.0, 1)]):
        expected = model.rate(
            [[model.rating(mu=m, sigma=s)] for m, s, _ in seats], ranks=[r for *_, r in seats]
        )
        after = openskill_update([SkillRating(m, s) for m, s, _ in seats], [r for *_, r in seats])
        assert [(r.mu, r.sigma) for r in after] == [(t[0].mu, t[0].sigma) for t in expected]
