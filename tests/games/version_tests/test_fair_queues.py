"""A version test and a tournament at once: the tournament's games never wait behind the test's.

The tasks go to a broker kept in memory here (the app's own router picks each task's queue, as it
does for a real broker), and a worker is modelled that takes the next task from the queues it
consumes. What is asserted is where each task is and in what order tasks can be taken, never a time.
"""

from __future__ import annotations

from collections import defaultdict, deque
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import Any

import pytest
from celery import Task

from games.models import Bot, Game, GameStatus, MatchGame, Player, Tournament, VersionTest
from games.services.competitions import tournament_start
from games.services.version_tests import VersionTestRequest, version_test_start
from mulligan_league.celery import app as celery_app
from tests.games.competitions.conftest import make_bots, open_tournament

pytestmark = pytest.mark.django_db

Capture = Callable[..., AbstractContextManager[Any]]


class MemoryBroker:
    """Queues of (task name, args) in publishing order, filled by every ``delay``/``apply_async``."""

    def __init__(self) -> None:
        self.queues: dict[str, deque[tuple[str, tuple[Any, ...]]]] = defaultdict(deque)

    def publish(self, task: Task, args: tuple[Any, ...], options: dict[str, Any]) -> None:
        queue = (
            options.get("queue") or celery_app.amqp.router.route(options, task.name, args, {})["queue"].name
        )
        self.queues[queue].append((task.name, tuple(args)))

    def names(self, queue: str) -> list[str]:
        return [name for name, _ in self.queues[queue]]


@pytest.fixture
def broker(monkeypatch: pytest.MonkeyPatch, settings: Any) -> Iterator[MemoryBroker]:
    settings.CELERY_TASK_ALWAYS_EAGER = False
    memory = MemoryBroker()

    def apply_async(self: Task, args: Any = None, kwargs: Any = None, **options: Any) -> None:
        memory.publish(self, tuple(args or ()), options)

    monkeypatch.setattr(Task, "apply_async", apply_async)
    yield memory


def work(broker: MemoryBroker, queues: list[str], capture: Capture, *, limit: int = 500) -> list[str]:
    """A worker consuming ``queues``: runs tasks (their on-commit work published in turn) until those
    queues are empty; returns the names of the tasks it ran, in order."""
    ran = []
    for _ in range(limit):
        queue = next((q for q in queues if broker.queues[q]), None)
        if queue is None:
            return ran
        name, args = broker.queues[queue].popleft()
        with capture(execute=True):
            celery_app.tasks[name].apply(args=args)
        ran.append(name)
    raise AssertionError("the queues never emptied")


def tournament_games(tournament: Tournament) -> list[Game]:
    return list(
        Game.objects.filter(
            pk__in=MatchGame.objects.filter(match__round__tournament=tournament).values("game_id")
        )
    )


def test_a_running_test_never_holds_up_a_tournaments_games(
    broker: MemoryBroker,
    author: Player,
    heuristic: Bot,
    random_builtin: Bot,
    django_capture_on_commit_callbacks: Capture,
    settings: Any,
) -> None:
    settings.VERSIONTEST_DEALS_IN_FLIGHT = 4
    tournament_queues = [q for q in settings.WORKER_QUEUES if q != settings.QUEUE_VERSIONTESTS]
    # The test starts first: its deals are published before any of the tournament's games.
    with django_capture_on_commit_callbacks(execute=True):
        test = version_test_start(
            bot_pk=heuristic.pk,
            user=author.user,
            request=VersionTestRequest(baseline_bot=random_builtin.pk, config={"players": 2}, max_deals=100),
        )
    tournament = open_tournament(
        field=[bot.competitor for bot in make_bots(8)], format="round_robin", seats_per_table=2
    )
    with django_capture_on_commit_callbacks(execute=True):
        tournament_start(tournament_pk=tournament.pk)

    # Every task of the test is on its own queue, and the queue holds only the deals in flight.
    assert broker.names(settings.QUEUE_VERSIONTESTS) == ["games.tasks.play_version_test_games"]
    (_, (test_games,)) = broker.queues[settings.QUEUE_VERSIONTESTS][0]
    assert len(test_games) == 2 * settings.VERSIONTEST_DEALS_IN_FLIGHT
    assert all("version_test" not in name for q in tournament_queues for name in broker.names(q))
    assert broker.names(settings.QUEUE_BOTS)  # the first round's games, on the tournament queue

    # A worker on the tournament queues plays the whole tournament; not one test game is needed
    # first, and none has moved meanwhile.
    ran = work(broker, tournament_queues, django_capture_on_commit_callbacks)
    tournament.refresh_from_db()
    assert tournament.state == "finished", tournament.state
    assert all(game.status == GameStatus.FINISHED for game in tournament_games(tournament))
    assert not any("version_test" in name for name in ran)
    assert set(Game.objects.filter(pk__in=test_games).values_list("version", flat=True)) == {0}

    # The test's own worker then plays its deals, which are counted as pairs.
    work(broker, [settings.QUEUE_VERSIONTESTS], django_capture_on_commit_callbacks)
    test = VersionTest.objects.get(pk=test.pk)
    assert test.pairs > 0 and not broker.queues[settings.QUEUE_BOTS]


def test_a_deployment_gives_the_tests_a_worker_of_their_own(settings: Any) -> None:
    """In the compose file no worker of the tournament queues consumes versiontests, and one does."""
    from tests.test_docker_files import celery_worker_queues, command_words, services

    consumed = {name: celery_worker_queues(command_words(service)) for name, service in services().items()}
    tests_workers = [name for name, queues in consumed.items() if settings.QUEUE_VERSIONTESTS in queues]
    assert tests_workers == ["worker-versiontests"]
    assert consumed["worker-versiontests"] == {settings.QUEUE_VERSIONTESTS}


def test_a_stalled_test_game_goes_back_to_the_versiontests_queue(
    broker: MemoryBroker,
    author: Player,
    heuristic: Bot,
    random_builtin: Bot,
    django_capture_on_commit_callbacks: Capture,
    settings: Any,
) -> None:
    """A worker that died on a test's games: the stall sweep hands them back where they came from."""
    from datetime import timedelta

    from django.utils import timezone

    from games.services.stalls import stalled_games_requeue

    settings.VERSIONTEST_DEALS_IN_FLIGHT = 2
    with django_capture_on_commit_callbacks(execute=True):
        version_test_start(
            bot_pk=heuristic.pk,
            user=author.user,
            request=VersionTestRequest(baseline_bot=random_builtin.pk, config={"players": 2}),
        )
    broker.queues.clear()  # the worker took the tasks, and died
    later = timezone.now() + timedelta(seconds=settings.STALL_SECONDS + 60)
    with django_capture_on_commit_callbacks(execute=True):
        handed = stalled_games_requeue(now=later)
    assert handed == 4
    assert broker.names(settings.QUEUE_VERSIONTESTS) == ["games.tasks.play_version_test_games"]
    assert not broker.queues[settings.QUEUE_BOTS] and not broker.queues[settings.QUEUE_SANDBOX]
