"""Fixtures of the version test tests: an author who owns a built-in bot (a candidate the engine
plays deterministically from the seed), another person, and submitted bots with versions."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from django.core.cache import cache

from games.models import Bot, BotKind, BotVersion, Player, ValidationStatus, VersionTest
from games.services.bot_versions import bot_create
from games.services.version_tests import VersionTestRequest, version_test_start
from tests.games.factories import BotFactory, PlayerFactory


@pytest.fixture(autouse=True)
def _fresh_rate_limits() -> None:
    cache.clear()


@pytest.fixture
def author(db: None) -> Player:
    return PlayerFactory(user__username="ada")


@pytest.fixture
def stranger(db: None) -> Player:
    return PlayerFactory(user__username="mallory")


def owned_builtin(owner: Player, engine_bot: str, game_id: str = "mulligan") -> Bot:
    """The game's built-in ``engine_bot`` made the author's, so it can be a test's candidate."""
    bot: Bot = BotFactory(game_id=game_id, engine_bot=engine_bot)
    bot.owner = owner
    bot.save(update_fields=["owner"])
    return bot


@pytest.fixture
def heuristic(author: Player) -> Bot:
    return owned_builtin(author, "heuristic")


@pytest.fixture
def random_builtin(db: None) -> Bot:
    return BotFactory(engine_bot="random")


@pytest.fixture
def program_bot(author: Player) -> Bot:
    return bot_create(owner=author, name="Ada's bot", game_id="mulligan", kind=BotKind.PROGRAM)


def add_version(bot: Bot, number: int, status: str = ValidationStatus.PASSED) -> BotVersion:
    """A version as its validation game leaves it (the program itself is never run here)."""
    version = BotVersion.objects.create(
        bot=bot,
        number=number,
        filename="bot.py",
        content=b"",
        sha256=f"{number:064x}",
        validation_status=status,
    )
    if status == ValidationStatus.PASSED:
        Bot.objects.filter(pk=bot.pk).update(active_version=version)
    return version


@pytest.fixture
def run_test(
    django_capture_on_commit_callbacks: Callable[..., AbstractContextManager[Any]],
) -> Callable[..., VersionTest]:
    """Start a test and let its workers (eager tasks) play it to the end."""

    def start(bot: Bot, user: Any, **asked: Any) -> VersionTest:
        with django_capture_on_commit_callbacks(execute=True):
            test = version_test_start(bot_pk=bot.pk, user=user, request=VersionTestRequest(**asked))
        test.refresh_from_db()
        return test

    return start


@pytest.fixture
def unplayed(monkeypatch: pytest.MonkeyPatch) -> list[list[int]]:
    """No worker plays the tests' games: the test script ends them (each list: one call's games)."""
    calls: list[list[int]] = []

    def record(game_pks: Any, *, submitted: bool) -> None:
        calls.append(list(game_pks))

    monkeypatch.setattr("games.services.version_tests.version_test_games_play_on_commit", record)
    return calls
