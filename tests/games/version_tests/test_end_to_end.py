"""Version tests played to their end by the real bot runners (eager workers) on pinned deals."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from games.models import Bot, Game, GameStatus, Player, VersionTest, VersionTestState
from games.services.seeds import seeds_pin

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _these_deals() -> None:
    """The deals are pinned here, not per run: a test that watches bots play fixes its deals."""
    seeds_pin("version tests end to end")


def test_a_clearly_better_candidate_is_accepted(
    author: Player, heuristic: Bot, random_builtin: Bot, run_test: Callable[..., VersionTest]
) -> None:
    test = run_test(
        heuristic,
        author.user,
        baseline_bot=random_builtin.pk,
        config={"players": 2},
        elo0=0,
        elo1=30,
        max_deals=400,
    )
    assert test.state == VersionTestState.ACCEPTED
    assert test.llr is not None and test.llr_upper is not None and test.llr >= test.llr_upper
    assert test.elo is not None and test.elo_low is not None and test.elo_low > 0
    assert sum(test.pentanomial) == test.pairs and test.pairs < test.deals_started <= 400
    # Every counted game really was played to its end, and the test's games are all unrated.
    counted = [
        pk for deal in test.deals.filter(void=False) for pk in (deal.first_game_id, deal.second_game_id)
    ]
    assert len(counted) == 2 * test.pairs
    assert set(Game.objects.filter(pk__in=counted).values_list("status", "rated")) == {
        (GameStatus.FINISHED, False)
    }


def test_a_candidate_against_itself_is_not_accepted(
    author: Player, random_builtin: Bot, run_test: Callable[..., VersionTest]
) -> None:
    """The same engine bot on both sides of the same deal: each pair is one win and one loss."""
    random_builtin.owner = author
    random_builtin.save(update_fields=["owner"])
    test = run_test(
        random_builtin,
        author.user,
        baseline_bot=random_builtin.pk,
        config={"players": 2},
        elo0=0,
        elo1=30,
        max_deals=400,
    )
    assert test.state == VersionTestState.REJECTED
    assert test.pentanomial == [0, 0, test.pairs, 0, 0]


def test_a_multi_seat_candidate_equal_to_its_baseline_is_not_accepted(
    author: Player, heuristic: Bot, random_builtin: Bot, run_test: Callable[..., VersionTest]
) -> None:
    """Heuristic against heuristic at a four-seat table: the two tables of a deal are the same game."""
    test = run_test(
        heuristic,
        author.user,
        baseline_bot=heuristic.pk,
        config={"players": 4},
        opponents=[random_builtin.pk] * 3,
        max_deals=12,
    )
    assert test.state == VersionTestState.INCONCLUSIVE and test.pairs == 12
    assert test.paired_values == {"0.5": 12} and test.wins == test.losses == 0
