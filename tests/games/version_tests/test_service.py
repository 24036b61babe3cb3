"""The version test service on scripted results: the test's games are ended by the script through the
one game flow (a chosen seat forfeits, or every seat does for a draw), so each pair is known."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from django.db import transaction
from django.utils import timezone

from games.models import Bot, Game, GameStatus, Player, Seat, VersionTest, VersionTestDeal, VersionTestState
from games.ratings.sprt import Bounds, Decision, Model, evaluate_paired, evaluate_pentanomial, pair_value
from games.services.errors import Conflict, InvalidInput, NotAllowed
from games.services.game_flow import ending_forfeit, games_end
from games.services.version_tests import (
    TooManyTests,
    VersionTestRequest,
    version_test_publish,
    version_test_start,
    version_test_stop,
    version_tests_advance,
    version_tests_top_up,
)
from tests.games.factories import BotFactory
from tests.games.version_tests.conftest import add_version, owned_builtin

pytestmark = pytest.mark.django_db

Capture = Callable[..., AbstractContextManager[Any]]
WIN, DRAW, LOSS = 1.0, 0.5, 0.0


@pytest.fixture
def commit(django_capture_on_commit_callbacks: Capture) -> Callable[[], AbstractContextManager[Any]]:
    return lambda: django_capture_on_commit_callbacks(execute=True)


def start(bot: Bot, author: Player, commit: Any, **asked: Any) -> VersionTest:
    with commit():
        test = version_test_start(bot_pk=bot.pk, user=author.user, request=VersionTestRequest(**asked))
    test.refresh_from_db()
    return test


def end_game(game_pk: int, seat_scores: dict[int, float], commit: Any) -> None:
    """End a game through the game flow so that these seats score so (a seat's loss: it forfeits;
    a draw between two seats: both forfeit, and share the place)."""
    with commit(), transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_pk)
        seats = list(game.seats.order_by("index"))
        late = [index for index, score in seat_scores.items() if score < 1.0]
        games_end([(game, seats, ending_forfeit([s.index for s in seats], late))], now=timezone.now())


def play_two_seat_deal(deal: VersionTestDeal, first: float, second: float, commit: Any) -> None:
    """The candidate scores ``first`` in seat 0 of the first game and ``second`` in seat 1 of the second."""
    end_game(deal.first_game_id, {0: first, 1: 1.0 - first} if first != DRAW else {0: DRAW, 1: DRAW}, commit)
    end_game(
        deal.second_game_id, {1: second, 0: 1.0 - second} if second != DRAW else {0: DRAW, 1: DRAW}, commit
    )


def deals(test: VersionTest) -> list[VersionTestDeal]:
    return list(test.deals.order_by("number"))


@pytest.fixture
def two_seats(author: Player, heuristic: Bot, random_builtin: Bot) -> dict[str, Any]:
    return {"baseline_bot": random_builtin.pk, "config": {"players": 2}}


def test_each_deal_is_both_seat_orders_on_one_seed(
    author: Player,
    heuristic: Bot,
    random_builtin: Bot,
    two_seats: dict[str, Any],
    unplayed: list[list[int]],
    commit: Any,
    settings: Any,
) -> None:
    settings.VERSIONTEST_DEALS_IN_FLIGHT = 3
    test = start(heuristic, author, commit, **two_seats)
    assert test.deals_started == 3 and len(unplayed) == 1 and len(unplayed[0]) == 6
    seeds = set()
    for deal in deals(test):
        first, second = Game.objects.get(pk=deal.first_game_id), Game.objects.get(pk=deal.second_game_id)
        assert first.seed == second.seed == deal.seed and not first.rated and not second.rated
        assert [s.competitor_id for s in first.seats.order_by("index")] == [
            heuristic.competitor_id,
            random_builtin.competitor_id,
        ]
        assert [s.competitor_id for s in second.seats.order_by("index")] == [
            random_builtin.competitor_id,
            heuristic.competitor_id,
        ]
        seeds.add(deal.seed)
    assert len(seeds) == 3  # every deal its own


def test_pairs_are_counted_pentanomially_and_the_sprt_runs_after_each(
    author: Player,
    heuristic: Bot,
    two_seats: dict[str, Any],
    unplayed: list[list[int]],
    commit: Any,
    settings: Any,
) -> None:
    settings.VERSIONTEST_DEALS_IN_FLIGHT = 5
    test = start(heuristic, author, commit, **two_seats, elo0=-50, elo1=50, model="logistic")
    script = [(WIN, WIN), (WIN, LOSS), (LOSS, LOSS), (WIN, DRAW), (DRAW, DRAW)]
    for deal, (first, second) in zip(deals(test), script, strict=True):
        play_two_seat_deal(deal, first, second, commit)
    test.refresh_from_db()
    cells = [0] * 5
    for first, second in script:
        cells[int((first + second) * 2)] += 1
    assert test.pentanomial == cells == [1, 0, 2, 1, 1]
    games = [score for pair in script for score in pair]
    assert (test.wins, test.draws, test.losses) == (games.count(WIN), games.count(DRAW), games.count(LOSS))
    assert test.pairs == 5
    expected = evaluate_pentanomial(cells, Bounds(-50, 50, 0.05, 0.05, Model.LOGISTIC))
    assert test.llr == pytest.approx(expected.llr) and test.elo == pytest.approx(expected.elo.value)
    assert test.nelo == pytest.approx(expected.nelo.value)
    assert [(d.first_score, d.second_score) for d in deals(test)][:5] == script
    # Five pairs counted, five more dealt: the test keeps its five in flight.
    assert test.state == VersionTestState.RUNNING and test.deals_started == 10


def test_a_pair_counts_once_both_games_ended_and_only_once(
    author: Player, heuristic: Bot, two_seats: dict[str, Any], unplayed: list[list[int]], commit: Any
) -> None:
    test = start(heuristic, author, commit, **two_seats)
    deal = deals(test)[0]
    end_game(deal.first_game_id, {0: WIN, 1: LOSS}, commit)
    test.refresh_from_db()
    assert test.pairs == 0 and test.llr is None
    end_game(deal.second_game_id, {0: WIN, 1: LOSS}, commit)
    with commit():
        again = version_tests_advance(game_pks=[deal.first_game_id, deal.second_game_id])
    test.refresh_from_db()
    assert again == 0 and test.pairs == 1 and test.pentanomial == [0, 0, 1, 0, 0]


def test_the_test_stops_the_moment_the_llr_crosses_a_bound(
    author: Player,
    heuristic: Bot,
    two_seats: dict[str, Any],
    unplayed: list[list[int]],
    commit: Any,
    settings: Any,
) -> None:
    settings.VERSIONTEST_DEALS_IN_FLIGHT = 4
    bounds = Bounds(0, 100, 0.05, 0.05, Model.LOGISTIC)
    # How many straight double wins the SPRT needs, asked of the SPRT itself.
    needed = next(
        n
        for n in range(1, 1000)
        if evaluate_pentanomial([0, 0, 0, 0, n], bounds).decision is Decision.ACCEPTED
    )
    test = start(heuristic, author, commit, **two_seats, elo0=0, elo1=100, model="logistic")
    played = 0
    while test.state == VersionTestState.RUNNING:
        deal = test.deals.filter(counted=False).order_by("number").first()
        assert deal is not None
        play_two_seat_deal(deal, WIN, WIN, commit)
        played += 1
        test.refresh_from_db()
    assert test.state == VersionTestState.ACCEPTED and test.pairs == played == needed
    assert test.finished_at is not None and test.llr is not None and test.llr >= bounds.upper
    # Nothing more is dealt, and the deals still playing are dropped with their games aborted.
    dealt = test.deals_started
    open_games = [pk for d in test.deals.filter(void=True) for pk in (d.first_game_id, d.second_game_id)]
    assert open_games and set(Game.objects.filter(pk__in=open_games).values_list("status", flat=True)) == {
        GameStatus.ABORTED
    }
    with commit():
        version_tests_top_up()
    test.refresh_from_db()
    assert test.deals_started == dealt and test.pairs == needed


def test_the_budget_spent_without_a_decision_is_inconclusive(
    author: Player, heuristic: Bot, two_seats: dict[str, Any], unplayed: list[list[int]], commit: Any
) -> None:
    test = start(heuristic, author, commit, **two_seats, max_deals=3)
    assert test.deals_started == 3
    for deal, result in zip(deals(test), [(WIN, LOSS), (LOSS, WIN), (DRAW, DRAW)], strict=True):
        play_two_seat_deal(deal, *result, commit)
    test.refresh_from_db()
    assert test.state == VersionTestState.INCONCLUSIVE and test.pairs == 3 and test.deals_started == 3
    assert test.pentanomial == [0, 0, 3, 0, 0]


def test_an_aborted_game_voids_its_deal(
    author: Player, heuristic: Bot, two_seats: dict[str, Any], unplayed: list[list[int]], commit: Any
) -> None:
    test = start(heuristic, author, commit, **two_seats, max_deals=1)
    deal = deals(test)[0]
    end_game(deal.first_game_id, {0: WIN, 1: LOSS}, commit)
    with commit(), transaction.atomic():
        game = Game.objects.select_for_update().get(pk=deal.second_game_id)
        from games.services.game_flow import ending_aborted

        games_end([(game, list(game.seats.order_by("index")), ending_aborted([0]))], now=timezone.now())
    test.refresh_from_db()
    deal.refresh_from_db()
    assert deal.void and test.pairs == 0 and test.state == VersionTestState.INCONCLUSIVE


def test_a_multi_seat_test_pairs_the_candidates_table_with_the_baselines(
    author: Player, heuristic: Bot, random_builtin: Bot, unplayed: list[list[int]], commit: Any, settings: Any
) -> None:
    settings.VERSIONTEST_DEALS_IN_FLIGHT = 3
    opponent = BotFactory(engine_bot="heuristic")
    test = start(
        heuristic,
        author,
        commit,
        baseline_bot=random_builtin.pk,
        config={"players": 3},
        opponents=[opponent.pk, random_builtin.pk],
        elo0=-50,
        elo1=50,
        model="logistic",
    )
    expected: dict[float, int] = {}
    for deal in deals(test):
        assert deal.seat == (deal.number - 1) % 3  # the tested seat goes round the table
        first = list(Seat.objects.filter(game_id=deal.first_game_id).order_by("index"))
        second = list(Seat.objects.filter(game_id=deal.second_game_id).order_by("index"))
        assert first[deal.seat].competitor_id == heuristic.competitor_id
        assert second[deal.seat].competitor_id == random_builtin.competitor_id
        others = [s.competitor_id for s in first if s.index != deal.seat]
        assert others == [s.competitor_id for s in second if s.index != deal.seat]
        assert others == [opponent.competitor_id, random_builtin.competitor_id]
        # The candidate wins its table; the baseline shares the last place with one opponent.
        end_game(deal.first_game_id, {i: (1.0 if i == deal.seat else 0.0) for i in range(3)}, commit)
        loser = (deal.seat + 1) % 3
        end_game(
            deal.second_game_id, {i: (0.0 if i in (deal.seat, loser) else 1.0) for i in range(3)}, commit
        )
        # Scores by place: first of three = 1; sharing the last place with one other = 1/4.
        value = pair_value(1.0, 0.25)
        expected[value] = expected.get(value, 0) + 1
    test.refresh_from_db()
    assert test.pentanomial == [] and {float(k): v for k, v in test.paired_values.items()} == expected
    assert (test.wins, test.draws, test.losses) == (3, 0, 0)
    result = evaluate_paired(expected, Bounds(-50, 50, 0.05, 0.05, Model.LOGISTIC))
    assert test.llr == pytest.approx(result.llr)


def test_stopping_keeps_the_figures_and_aborts_the_games_in_flight(
    author: Player,
    stranger: Player,
    heuristic: Bot,
    two_seats: dict[str, Any],
    unplayed: list[list[int]],
    commit: Any,
) -> None:
    test = start(heuristic, author, commit, **two_seats)
    play_two_seat_deal(deals(test)[0], WIN, LOSS, commit)
    with pytest.raises(NotAllowed):
        version_test_stop(test_pk=test.pk, user=stranger.user)
    version_test_stop(test_pk=test.pk, user=author.user)
    test.refresh_from_db()
    assert test.state == VersionTestState.STOPPED and test.pairs == 1 and test.pentanomial == [0, 0, 1, 0, 0]
    assert test.llr is not None
    running = Game.objects.filter(
        pk__in=[pk for d in deals(test)[1:] for pk in (d.first_game_id, d.second_game_id)]
    ).values_list("status", flat=True)
    assert set(running) == {GameStatus.ABORTED}
    with pytest.raises(Conflict):
        version_test_stop(test_pk=test.pk, user=author.user)


def test_only_the_author_publishes(
    author: Player,
    stranger: Player,
    heuristic: Bot,
    two_seats: dict[str, Any],
    unplayed: list[list[int]],
    commit: Any,
) -> None:
    test = start(heuristic, author, commit, **two_seats)
    with pytest.raises(NotAllowed):
        version_test_publish(test_pk=test.pk, user=stranger.user)
    assert version_test_publish(test_pk=test.pk, user=author.user).published


def test_an_author_runs_at_most_the_cap_of_tests_and_of_deals_a_day(
    author: Player,
    heuristic: Bot,
    two_seats: dict[str, Any],
    unplayed: list[list[int]],
    commit: Any,
    settings: Any,
) -> None:
    settings.VERSIONTEST_MAX_RUNNING = 2
    settings.VERSIONTEST_DEALS_PER_DAY = 10
    settings.VERSIONTEST_DEALS_IN_FLIGHT = 8
    first = start(heuristic, author, commit, **two_seats)
    second = start(heuristic, author, commit, **two_seats)
    assert (first.deals_started, second.deals_started) == (8, 2)  # ten deals today, no more
    with pytest.raises(TooManyTests):
        start(heuristic, author, commit, **two_seats)
    assert VersionTest.objects.count() == 2
    play_two_seat_deal(deals(first)[0], WIN, LOSS, commit)
    first.refresh_from_db()
    assert first.deals_started == 8  # the day's allowance is spent: the top-up sweep comes back later


def test_submitted_versions_sit_in_their_seats(
    author: Player, program_bot: Bot, unplayed: list[list[int]], commit: Any
) -> None:
    v1, v2 = add_version(program_bot, 1), add_version(program_bot, 2)
    test = start(program_bot, author, commit, candidate_version=2, baseline_version=1, config={"players": 2})
    assert test.candidate_version == v2 and test.baseline_version == v1 and test.baseline_bot == program_bot
    deal = deals(test)[0]
    assert list(
        Seat.objects.filter(game_id=deal.first_game_id)
        .order_by("index")
        .values_list("bot_version", flat=True)
    ) == [v2.pk, v1.pk]
    assert list(
        Seat.objects.filter(game_id=deal.second_game_id)
        .order_by("index")
        .values_list("bot_version", flat=True)
    ) == [v1.pk, v2.pk]


@pytest.mark.parametrize(
    ("asked", "field"),
    [
        ({"candidate_version": 9, "baseline_version": 1}, "candidate_version"),
        ({"candidate_version": 2, "baseline_version": 9}, "baseline_version"),
        ({"candidate_version": 3, "baseline_version": 1}, "candidate_version"),  # failed validation
        ({"candidate_version": 2, "baseline_version": 2}, "baseline_version"),
        ({"candidate_version": 2}, "baseline_version"),
        ({"candidate_version": 2, "baseline_version": 1, "baseline_bot": 1}, "baseline_bot"),
        ({"candidate_version": 2, "baseline_version": 1, "elo0": 2, "elo1": 0}, "elo1"),
        ({"candidate_version": 2, "baseline_version": 1, "elo0": 1, "elo1": 1}, "elo1"),
        ({"candidate_version": 2, "baseline_version": 1, "elo0": -1e300}, "elo0"),
        ({"candidate_version": 2, "baseline_version": 1, "elo1": 5000}, "elo1"),
        ({"candidate_version": 2, "baseline_version": 1, "alpha": 0.5}, "alpha"),
        ({"candidate_version": 2, "baseline_version": 1, "alpha": 0}, "alpha"),
        ({"candidate_version": 2, "baseline_version": 1, "beta": 0.7}, "beta"),
        ({"candidate_version": 2, "baseline_version": 1, "max_deals": 10**9}, "max_deals"),
        ({"candidate_version": 2, "baseline_version": 1, "max_deals": 0}, "max_deals"),
        ({"candidate_version": 2, "baseline_version": 1, "config": {"players": 9}}, "config"),
        ({"candidate_version": 2, "baseline_version": 1, "config": {"players": 3}}, "opponents"),
        (
            {"candidate_version": 2, "baseline_version": 1, "config": {"players": 2}, "opponents": [1]},
            "opponents",
        ),
        ({"candidate_version": 2, "baseline_version": 1, "model": "glicko"}, "model"),
    ],
)
def test_bad_input_names_its_field_and_starts_nothing(
    author: Player,
    program_bot: Bot,
    unplayed: list[list[int]],
    commit: Any,
    asked: dict[str, Any],
    field: str,
) -> None:
    add_version(program_bot, 1)
    add_version(program_bot, 2)
    add_version(program_bot, 3, status="failed")
    games = Game.objects.count()
    with pytest.raises(InvalidInput) as refused:
        start(program_bot, author, commit, **({"config": {"players": 2}} | asked))
    assert refused.value.field == field
    assert VersionTest.objects.count() == 0 and Game.objects.count() == games and not unplayed


def test_a_baseline_or_opponent_the_author_may_not_play_is_refused(
    author: Player, stranger: Player, heuristic: Bot, unplayed: list[list[int]], commit: Any
) -> None:
    from games.models import BotKind
    from games.services.bot_versions import bot_create

    unvalidated = bot_create(owner=stranger, name="Mallory's bot", game_id="mulligan", kind=BotKind.PROGRAM)
    golf = owned_builtin(stranger, "random", game_id="golf")
    for asked, field in (
        ({"baseline_bot": unvalidated.pk, "config": {"players": 2}}, "baseline_bot"),
        ({"baseline_bot": golf.pk, "config": {"players": 2}}, "baseline_bot"),
        ({"baseline_bot": 10**9, "config": {"players": 2}}, "baseline_bot"),
        (
            {
                "baseline_bot": heuristic.pk,
                "config": {"players": 3},
                "opponents": [heuristic.pk, unvalidated.pk],
            },
            "opponents",
        ),
    ):
        with pytest.raises(InvalidInput) as refused:
            start(heuristic, author, commit, **asked)
        assert refused.value.field == field
    assert VersionTest.objects.count() == 0


def test_someone_elses_bot_is_refused(
    stranger: Player, heuristic: Bot, random_builtin: Bot, unplayed: list[list[int]], commit: Any
) -> None:
    with pytest.raises(NotAllowed):
        start(heuristic, stranger, commit, baseline_bot=random_builtin.pk, config={"players": 2})
    assert VersionTest.objects.count() == 0
