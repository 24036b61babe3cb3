"""Thin Celery tasks: they take ids, call a service, and are safe to run twice.

Each task imports its service inside the function (HackSoft's way): the services enqueue tasks
(through :mod:`games.services.after_commit`), so a module-level import here would close a circle.
"""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any, TypedDict

from celery import Task, shared_task
from django.conf import settings
from django.db import DatabaseError
from django.utils import timezone


class _ReliableOptions(TypedDict):
    acks_late: bool
    autoretry_for: tuple[type[BaseException], ...]
    retry_backoff: bool
    retry_backoff_max: int
    retry_jitter: bool
    max_retries: int


# acks_late + reject_on_worker_lost (settings): a task whose worker dies is delivered again, and
# the service picks the game up from its stored moves.
_RELIABLE: _ReliableOptions = {
    "acks_late": True,
    "autoretry_for": (DatabaseError,),
    "retry_backoff": True,
    # Celery's default, written out: a countdown must stay below Redis's visibility timeout.
    "retry_backoff_max": 600,
    "retry_jitter": True,
    "max_retries": 5,
}


@shared_task(**_RELIABLE, soft_time_limit=240, time_limit=300)
def play_bot_game(game_id: int) -> int:
    """Play the bot seats of a game until a person must act or it ends (a finished game: no-op)."""
    from games.services.games import game_play_bots

    return game_play_bots(game_pk=game_id)


@shared_task(**_RELIABLE, soft_time_limit=240, time_limit=300)
def play_bot_games(game_ids: list[int]) -> int:
    """``play_bot_game`` for a batch of games in one task and one transaction; returns the moves played.

    Enqueued by ``games_enqueue_bots`` where many games start at once. Safe to run twice: games
    that already ended are skipped, and a retry after a database error picks every game up from
    its stored moves.
    """
    from games.services.games import game_play_bots_batch

    return sum(game_play_bots_batch(game_pks=game_ids).values())


@shared_task(
    **_RELIABLE,
    bind=True,
    soft_time_limit=settings.BOT_GAME_TIME_LIMIT,
    time_limit=settings.BOT_GAME_TIME_LIMIT + 60,
)
def play_remote_bots(self: Task[[int], int], game_id: int) -> int:
    """Play a game's bot seats when submitted bots (programs, HTTP) sit in it; returns the moves stored.

    On the ``sandbox`` queue, one game per task and long enough for a whole bots-only game: each bot
    is asked with no transaction open. Safe to run twice: each move is stored under the game's row
    lock with its version checked, so of two workers on one game one stores and the other stops. A
    worker that cannot sandbox programs hands the game back to the queue for a while (and logs why)
    rather than run a program unconfined or charge the bot for it.
    """
    return _play_remote(self, game_id)


def _play_remote(task: Task[[int], int], game_id: int) -> int:
    from games.services.remote_play import WorkerCannotSandbox, game_play_remote
    from games.services.stalls import bots_requeue_noted

    try:
        return game_play_remote(game_pk=game_id)
    except WorkerCannotSandbox as exc:
        countdown = settings.BOT_SANDBOX_RETRY_SECONDS
        # Still for a while on purpose: the stall sweep must not queue copies of it meanwhile.
        bots_requeue_noted(game_pk=game_id, due=timezone.now() + timedelta(seconds=countdown))
        raise task.retry(exc=exc, countdown=countdown, max_retries=settings.BOT_SANDBOX_MAX_RETRIES) from exc


# -- Version tests: the same bot runners on the versiontests queue (settings: CELERY_TASK_ROUTES) --


@shared_task(**_RELIABLE, soft_time_limit=240, time_limit=300)
def play_version_test_games(game_ids: list[int]) -> int:
    """``play_bot_games`` for a version test's games of built-in bots, on the versiontests queue."""
    from games.services.games import game_play_bots_batch

    return sum(game_play_bots_batch(game_pks=game_ids).values())


@shared_task(
    **_RELIABLE,
    bind=True,
    soft_time_limit=settings.BOT_GAME_TIME_LIMIT,
    time_limit=settings.BOT_GAME_TIME_LIMIT + 60,
)
def play_version_test_remote(self: Task[[int], int], game_id: int) -> int:
    """``play_remote_bots`` for a version test's game with submitted bots, on the versiontests queue
    (whose workers must be able to sandbox programs, as the sandbox queue's)."""
    return _play_remote(self, game_id)


@shared_task(**_RELIABLE, soft_time_limit=240, time_limit=300)
def advance_version_tests(game_ids: list[int]) -> int:
    """Count the pairs these ended games complete, run the SPRT, and start more deals or stop.
    Safe to run twice: a pair is counted once, under its test's row lock. Returns the pairs counted."""
    from games.services.version_tests import version_tests_advance

    return version_tests_advance(game_pks=game_ids)


@shared_task(**_RELIABLE, soft_time_limit=50, time_limit=60)
def top_up_version_tests() -> int:
    """Give running version tests their deals where a lost task or the daily cap left them short
    (celery beat, every ``VERSIONTEST_TOP_UP_INTERVAL``). Returns the deals started."""
    from games.services.version_tests import version_tests_top_up

    return version_tests_top_up()


@shared_task(**_RELIABLE, soft_time_limit=240, time_limit=300)
def advance_competitions(game_ids: list[int]) -> int:
    """Move on the tournaments these finished games belong to: the next game of a best-of, the
    match result, the round's standings and the next round. Safe to run twice: every step is
    derived from the stored games under the tournament's row lock. Returns the games started.
    """
    from games.services.rounds import competitions_advance

    return competitions_advance(game_pks=game_ids)


@shared_task(**_RELIABLE, soft_time_limit=1800, time_limit=1900)
def recompute_ratings() -> dict[str, float]:
    from games.services.ratings import ratings_recompute

    report = ratings_recompute()
    return {
        "games": report.games,
        "ratings": report.ratings,
        "changed_ratings": report.changed_ratings,
        "largest_difference": report.largest_difference,
    }


@shared_task(**_RELIABLE, soft_time_limit=50, time_limit=60)
def ladder_matchmaking() -> int:
    """Match the idle bots of every running league (celery beat, every ``LADDER_MATCH_INTERVAL``).

    Safe to run twice or overlapping: each league's row is locked, and a bot already in a running
    league game is not idle. Returns the games created.
    """
    from games.services.ladder import ladder_matchmake_all

    return ladder_matchmake_all()


@shared_task(**_RELIABLE, soft_time_limit=50, time_limit=60)
def expire_deadlines() -> dict[str, int]:
    """Apply the timeout policies to overdue moves (celery beat, every ``DEADLINE_CHECK_INTERVAL``).

    Safe to run twice or overlapping: each game is handled under its row lock, with its deadline
    and version checked again. Returns counts of what was done.
    """
    from games.services.deadlines import deadlines_expire

    return deadlines_expire()


@shared_task(**_RELIABLE, soft_time_limit=50, time_limit=60)
def notify_turns(turns: list[list[Any]]) -> int:
    """Tell people it is their turn: each entry ``[game id, move number, [seat indexes]]``, enqueued
    by a move's commit. Decides who is told by which channel (their settings, verified addresses,
    who was told already) and queues the deliveries. Safe to run twice: one notification per game,
    move, seat and channel. Returns the notifications created.
    """
    from games.services.notifications import turn_notifications_send

    return turn_notifications_send(
        turns=[(int(pk), int(version), list(seats)) for pk, version, seats in turns]
    )


@shared_task(bind=True, acks_late=True, soft_time_limit=50, time_limit=60, max_retries=None)
def deliver_notification(self: Task[[int], str], notification_pk: int) -> str:
    """Send one notification (an e-mail or a webhook POST); a sent or failed one is left alone.

    Network errors, 429 and 5xx answers are retried with exponential backoff (and jitter) until
    ``NOTIFY_MAX_ATTEMPTS`` attempts, then recorded as failed; a database error is retried too.
    """
    from games.services.notifications import TransientDeliveryError, notification_deliver

    final = self.request.retries + 1 >= settings.NOTIFY_MAX_ATTEMPTS
    try:
        return notification_deliver(notification_pk=notification_pk, final_attempt=final)
    except (TransientDeliveryError, DatabaseError) as exc:
        if final:
            raise
        backoff = settings.NOTIFY_RETRY_BASE_SECONDS * 2**self.request.retries
        raise self.retry(exc=exc, countdown=backoff * random.uniform(0.8, 1.2)) from None


@shared_task(**_RELIABLE, soft_time_limit=50, time_limit=60)
def warn_deadlines() -> int:
    """Warn the people whose move time is nearly up (celery beat, every ``DEADLINE_CHECK_INTERVAL``).

    Safe to run twice: each warning is stored once per game, move and seat. Also queues again the
    notifications whose delivery was never queued (a broker down at the commit). Returns the
    warnings created.
    """
    from games.services.notifications import deadline_warnings_send, notifications_requeue_stale

    created = deadline_warnings_send()
    notifications_requeue_stale()
    return created


@shared_task(**_RELIABLE, soft_time_limit=50, time_limit=60)
def requeue_stalled() -> dict[str, int]:
    """Hand the work a dead worker left behind to a worker again (celery beat, every
    ``STALL_CHECK_INTERVAL``): bot games that must move and have not for ``STALL_SECONDS``, and
    tournaments whose round stopped. Safe to run twice or overlapping: games are taken under their
    row locks (a game being played is passed over), tournaments move on under theirs."""
    from games.services.stalls import stalls_recover

    return stalls_recover()


@shared_task(**_RELIABLE, soft_time_limit=50, time_limit=60)
def expire_challenges() -> int:
    """Mark the open challenges past their time expired (celery beat). Safe to run twice: one
    conditional UPDATE; accepting re-checks the time anyway. Returns the challenges expired."""
    from games.services.challenges import challenges_expire

    return challenges_expire()
