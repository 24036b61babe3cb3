"""Redis's visibility timeout and the tasks' time limits agree (settings, ``games.checks``).

A task is acknowledged when it ends (acks_late); Redis gives a task nobody acknowledged to another
worker after the visibility timeout. Shorter than a task may run, a running task would be started a
second time; a countdown longer than it would be delivered before it is due.
"""

from __future__ import annotations

from typing import Any

from games import tasks
from games.checks import visibility_timeout_covers_every_task
from mulligan_league.celery import app as celery_app

REDIS = "redis://127.0.0.1:6379/0"


def games_tasks() -> dict[str, Any]:
    return {name: task for name, task in celery_app.tasks.items() if name.startswith("games.")}


def test_on_redis_the_timeout_outlasts_every_task_and_every_countdown(settings: Any) -> None:
    settings.CELERY_BROKER_URL = REDIS
    settings.CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": settings.CELERY_VISIBILITY_TIMEOUT}
    timeout = settings.CELERY_VISIBILITY_TIMEOUT
    limits = {
        name: task.time_limit or settings.CELERY_TASK_TIME_LIMIT for name, task in games_tasks().items()
    }
    assert tasks.play_remote_bots.name in limits and max(limits.values()) < timeout
    longest_notification_backoff = (
        settings.NOTIFY_RETRY_BASE_SECONDS * 2 ** (settings.NOTIFY_MAX_ATTEMPTS - 2) * 1.2
    )
    countdowns = [
        longest_notification_backoff,
        settings.BOT_SANDBOX_RETRY_SECONDS,
        tasks.play_bot_games.retry_backoff_max,  # autoretry on database errors
    ]
    assert max(countdowns) < timeout
    assert visibility_timeout_covers_every_task() == []


def test_a_timeout_shorter_than_a_task_is_refused_by_the_checks(settings: Any) -> None:
    settings.CELERY_BROKER_URL = REDIS
    settings.CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 1000}
    errors = visibility_timeout_covers_every_task()
    named = {error.msg.split()[1] for error in errors}
    assert named == {name for name, task in games_tasks().items() if (task.time_limit or 0) >= 1000}
    assert tasks.play_remote_bots.name in named
    assert all(error.id == "games.E001" for error in errors)


def test_the_redis_settings_carry_the_timeout() -> None:
    from mulligan_league.settings import base

    if base.CELERY_BROKER_URL.startswith("redis://"):
        assert base.CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"] == base.CELERY_VISIBILITY_TIMEOUT
    assert base.CELERY_VISIBILITY_TIMEOUT > base.BOT_GAME_TIME_LIMIT + 60
