"""The Celery tasks (``games.tasks``): thin, idempotent, routed, and run eagerly in these tests.

See ``conftest.py`` for how the tests keep tasks off the broker.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import OperationalError

import games.services.games
from games import tasks
from games.models import Bot, Game, GameStatus, Player, RatingChange
from games.selectors.games import game_state
from games.services.errors import NotFound
from games.services.moves import move_submit
from mulligan_league.celery import app as celery_app
from tests.games.factories import BotFactory
from tests.games.helpers import create_game, stored_moves

SEED = 99


def test_settings_fixture_reaches_the_celery_app(settings: Any) -> None:
    # The autouse fixture set CELERY_TASK_ALWAYS_EAGER through Django's settings; Celery sees it.
    assert celery_app.conf.task_always_eager is True
    assert celery_app.conf.task_eager_propagates is True
    settings.CELERY_TASK_ALWAYS_EAGER = False
    assert celery_app.conf.task_always_eager is False
    # Nothing was written into Celery's own layer, which would shadow Django's settings.
    assert "task_always_eager" not in celery_app.conf.changes


def test_the_tasks_are_configured_for_redelivery() -> None:
    for task in (tasks.play_bot_game, tasks.recompute_ratings):
        assert task.acks_late is True
        assert task.autoretry_for == (tasks.DatabaseError,)
        assert task.max_retries == 5
    assert celery_app.conf.task_reject_on_worker_lost is True
    assert celery_app.conf.worker_prefetch_multiplier == 1
    assert celery_app.conf.task_serializer == "json"


@pytest.mark.parametrize(
    ("task", "queue"), [("games.tasks.play_bot_game", "bots"), ("games.tasks.recompute_ratings", "ratings")]
)
def test_tasks_are_routed_to_their_queues(task: str, queue: str) -> None:
    route = celery_app.amqp.router.route({}, task, args=(1,), kwargs={})
    assert route["queue"].name == queue


@pytest.mark.django_db
def test_play_bot_game_plays_a_bot_game_and_is_idempotent(random_bot: Bot, heuristic_bot: Bot) -> None:
    game = create_game([random_bot.competitor, heuristic_bot.competitor] * 2, seed=SEED)
    result = tasks.play_bot_game.delay(game.pk)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert result.get() == game.version > 0
    moves, changes = stored_moves(game), list(RatingChange.objects.values_list("id", flat=True))

    # Delivered again (acks_late after a lost worker): nothing happens.
    assert tasks.play_bot_game.apply(args=(game.pk,)).get() == 0
    assert stored_moves(game) == moves
    assert list(RatingChange.objects.values_list("id", flat=True)) == changes


@pytest.mark.django_db
def test_play_bot_game_waits_for_people(players: list[Player], random_bot: Bot) -> None:
    game = create_game([players[0].competitor, random_bot.competitor], seed=SEED)
    assert tasks.play_bot_game.delay(game.pk).get() == 0
    assert not game.moves.exists()


@pytest.mark.django_db
def test_play_bot_game_for_a_missing_game_fails_without_retrying() -> None:
    with pytest.raises(NotFound):
        tasks.play_bot_game.delay(123456789)


@pytest.mark.django_db
def test_play_bot_game_retries_on_a_database_error(
    random_bot: Bot, heuristic_bot: Bot, monkeypatch: pytest.MonkeyPatch, settings: Any
) -> None:
    # An eager task retries in place only when it does not propagate its exceptions.
    settings.CELERY_TASK_EAGER_PROPAGATES = False
    game = create_game([random_bot.competitor, heuristic_bot.competitor], seed=SEED)
    real = games.services.games.game_play_bots
    calls = 0

    def flaky(*, game_pk: int) -> int:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise OperationalError("the database went away")
        return real(game_pk=game_pk)

    # The task looks its service up when it runs (it imports it inside the function).
    monkeypatch.setattr(games.services.games, "game_play_bots", flaky)
    result = tasks.play_bot_game.delay(game.pk)
    assert calls == 2
    assert result.successful()
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED


def bot_callbacks(callbacks: list[Any]) -> list[Any]:
    """The on-commit callbacks that queue bots (a move also queues its notifications' delivery)."""
    return [c for c in callbacks if c.__qualname__.startswith("bots_play_on_commit")]


@pytest.mark.django_db
def test_a_move_enqueues_the_bots_on_commit(
    players: list[Player], random_bot: Bot, django_capture_on_commit_callbacks: Any
) -> None:
    game = create_game([players[0].competitor, random_bot.competitor], seed=SEED)
    auction = next(a for a in game_state(game).legal_actions(0) if a["type"] == "auction")
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        move_submit(game_pk=game.pk, user=players[0].user, action=auction)
    assert len(bot_callbacks(callbacks)) == 1
    game.refresh_from_db()
    # The bot offered at once; seat 0 decides next.
    assert game.version == 2 and stored_moves(game)[1][0] == 1


@pytest.mark.django_db
def test_a_move_that_leaves_people_to_act_enqueues_nothing(
    players: list[Player], django_capture_on_commit_callbacks: Any
) -> None:
    game = create_game([players[0].competitor, players[1].competitor], seed=SEED)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        move_submit(game_pk=game.pk, user=players[0].user, action={"type": "skip"})
    assert bot_callbacks(callbacks) == []


@pytest.mark.django_db
def test_recompute_ratings_task_reports(random_bot: Bot, heuristic_bot: Bot) -> None:
    game = create_game([random_bot.competitor, heuristic_bot.competitor], seed=SEED)
    tasks.play_bot_game.delay(game.pk)
    report = tasks.recompute_ratings.delay().get()
    assert report == {"games": 1, "ratings": 2, "changed_ratings": 0, "largest_difference": 0.0}


@pytest.mark.django_db(transaction=True)
def test_a_real_commit_runs_the_bots() -> None:
    # No captured callbacks here: the service's own commit fires on_commit, which runs the eager task.
    bots = [BotFactory(engine_bot="random").competitor, BotFactory(engine_bot="heuristic").competitor]
    game = create_game(bots * 2, seed=SEED)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert Game.objects.get(pk=game.pk).moves.count() == game.version > 0
