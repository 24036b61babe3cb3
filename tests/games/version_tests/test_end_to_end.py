"""A version test played to its end by the real bot runners, on pinned seeds."""

from __future__ import annotations

from collections.abc import Callable

from games.models import Bot, Player, VersionTest, VersionTestState


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
        max_deals=300,
    )
    print(test.state, test.pairs, test.pentanomial, test.llr, test.elo, test.nelo)
    assert test.state == VersionTestState.ACCEPTED


def test_an_equal_candidate_is_not_accepted(
    author: Player, random_builtin: Bot, run_test: Callable[..., VersionTest]
) -> None:
    random_builtin.owner = author
    random_builtin.save()
    test = run_test(
        random_builtin,
        author.user,
        baseline_bot=random_builtin.pk,
        config={"players": 2},
        elo0=0,
        elo1=30,
        max_deals=300,
    )
    print(test.state, test.pairs, test.pentanomial, test.llr, test.elo, test.nelo)
    assert test.state != VersionTestState.ACCEPTED
