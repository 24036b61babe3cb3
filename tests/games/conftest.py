"""Fixtures for the service, API and task tests.

Celery in these tests
---------------------
``game_create`` and ``move_submit`` enqueue ``play_bot_game.delay(game_pk)`` in
``transaction.on_commit``. Two things decide whether that task runs, and where:

1. *Whether the on_commit callback fires.* In an ordinary ``django_db`` test the whole test runs
   inside one transaction that is rolled back, so on_commit callbacks never fire on their own. Wrap
   the call in ``django_capture_on_commit_callbacks(execute=True)`` to run them (the ``on_commit``
   fixture below does exactly that). In ``django_db(transaction=True)`` tests they fire at the
   service's real commit.
2. *Where ``.delay`` sends the task.* ``mulligan_league.celery.app`` is configured with
   ``config_from_object("django.conf:settings", namespace="CELERY")``: Celery keeps the lazy
   ``django.conf.settings`` object itself as a config source and looks ``CELERY_*`` names up on it
   at every access, so the pytest-django ``settings`` fixture *is* seen by the app
   (``settings.CELERY_TASK_ALWAYS_EAGER = True`` makes ``celery_app.conf.task_always_eager`` true
   at once; ``test_tasks.py::test_settings_fixture_reaches_the_celery_app`` pins this down).
   Assigning ``celery_app.conf.task_always_eager = True`` directly also works, but it writes into
   Celery's own "changes" layer, which shadows Django's settings and outlives the test unless it
   is removed again, so we do not do that.

The autouse ``_celery_eager`` fixture below turns on ``CELERY_TASK_ALWAYS_EAGER`` (and
``CELERY_TASK_EAGER_PROPAGATES``, so a failing task fails the test) for every test in this folder:
nothing is ever published to the broker (CI points ``CELERY_BROKER_URL`` at a Redis database that
an end-to-end test with a real worker may share), and an enqueued task runs in-process, inside the
test's transaction, as soon as its on_commit callback runs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import Any

import pytest
from rest_framework.test import APIClient

from games.models import Bot, Player
from tests.games.factories import BotFactory, PlayerFactory


@pytest.fixture(autouse=True)
def _celery_eager(settings: Any) -> None:
    settings.CELERY_TASK_ALWAYS_EAGER = True
    settings.CELERY_TASK_EAGER_PROPAGATES = True


@pytest.fixture(autouse=True)
def _fresh_list_counts() -> Iterator[None]:
    """Long lists' counts are kept per process (games.api.pagination): never from another test."""
    from games.api.pagination import forget_counts

    forget_counts()
    yield
    forget_counts()


@pytest.fixture
def on_commit(
    django_capture_on_commit_callbacks: Callable[..., AbstractContextManager[Any]],
) -> Callable[[], AbstractContextManager[Any]]:
    """``with on_commit(): ...`` runs the on_commit callbacks (the bot task) registered inside."""

    def run() -> AbstractContextManager[Any]:
        return django_capture_on_commit_callbacks(execute=True)

    return run


@pytest.fixture
def random_bot(db: None) -> Bot:
    return BotFactory(engine_bot="random")


@pytest.fixture
def heuristic_bot(db: None) -> Bot:
    return BotFactory(engine_bot="heuristic")


@pytest.fixture
def players(db: None) -> list[Player]:
    return PlayerFactory.create_batch(4)


@pytest.fixture
def api_client() -> APIClient:
    return APIClient()


@pytest.fixture
def client_for() -> Iterator[Callable[[Player], APIClient]]:
    """An API client authenticated with a token of the player's (``HashedTokenAuthentication``)."""
    from games.services.tokens import token_create

    def make(player: Player) -> APIClient:
        _, key = token_create(user=player.user, name="test client")
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
        return client

    yield make
