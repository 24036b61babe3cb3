"""Every piece of work that waits for a commit: bots to play, competitions to move on, mail to send.

Services never call a Celery task themselves: they ask here, and the task is enqueued once their
transaction commits, so a rolled-back transaction leaves no task behind and a task never looks for
rows that are not committed yet. This is the only service module that imports the tasks (at module
level, HackSoft's way); each task imports its service inside the function.
"""

from __future__ import annotations

import threading
from collections.abc import Collection, Iterable, Sequence

from django.conf import settings
from django.db import transaction

from games import tasks
from games.models import MatchGame
from games.selectors.games import game_has_submitted_bots, games_with_submitted_bots
from games.selectors.version_tests import version_test_games
from games.streams.notices import (
    game_channel,
    publish,
    tournament_channel,
    turns_channel,
    version_test_channel,
)


def bots_play_on_commit(game_pk: int, *, submitted: bool | None = None) -> None:
    """Let the bots of this game play once the transaction commits; ``submitted``: whether a seat is
    a submitted bot, when the caller knows it (else it is looked up)."""
    if submitted is None:
        submitted = game_has_submitted_bots(game_pk)
    # Submitted bots are asked outside any transaction, one game per task, on the sandbox queue.
    task = tasks.play_remote_bots if submitted else tasks.play_bot_game
    transaction.on_commit(lambda: task.delay(game_pk))


def submitted_bots_play_on_commit(game_pk: int) -> None:
    """A game known to seat submitted bots (a validation game): the sandbox queue, after the commit."""
    transaction.on_commit(lambda: tasks.play_remote_bots.delay(game_pk))


def games_enqueue_bots(game_pks: Iterable[int], *, batch_size: int | None = None) -> int:
    """Let the bots of these games play, ``batch_size`` games per task, once the transaction commits.

    For callers that create many games at once (a round, the demo, the pipeline benchmark): a task,
    a transaction and a round of rating locks per game cost far more than a short bot game itself,
    so :func:`games.services.games.game_play_bots_batch` plays a batch of them in one of each.
    Batches keep the order given, which is the order their games finish (and are rated) in.
    Returns the number of batch tasks (games with submitted bots get one task each, not counted).
    """
    pks = list(dict.fromkeys(game_pks))
    remote = games_with_submitted_bots(pks)
    for pk in (pk for pk in pks if pk in remote):
        submitted_bots_play_on_commit(pk)
    pks = [pk for pk in pks if pk not in remote]
    size = max(1, batch_size or settings.BOT_GAMES_PER_TASK)
    batches = [pks[start : start + size] for start in range(0, len(pks), size)]
    for batch in batches:
        _batch_play_on_commit(batch)
    return len(batches)


def _batch_play_on_commit(game_pks: list[int]) -> None:
    transaction.on_commit(lambda: tasks.play_bot_games.delay(game_pks))


def competitions_advance_on_commit(
    game_pks: Sequence[int], *, in_matches: Collection[int] | None = None
) -> None:
    """Once these ended games are committed, let their tournaments move on (a ratings-queue task).
    ``in_matches``: those of them known to be a tournament match's games (else asked here)."""
    if in_matches is None:
        in_matches = list(MatchGame.objects.filter(game_id__in=game_pks).values_list("game_id", flat=True))
    ended = set(game_pks)
    pks = sorted(pk for pk in in_matches if pk in ended)
    if pks:
        transaction.on_commit(lambda: tasks.advance_competitions.delay(pks))


def version_test_games_play_on_commit(game_pks: Sequence[int], *, submitted: bool) -> None:
    """A version test's new games, on the versiontests queue once the transaction commits: games with
    submitted bots one per task (as the sandbox queue plays them), built-in bots' all in one task."""
    pks = list(game_pks)
    if not pks:
        return
    if submitted:
        for pk in pks:
            _version_test_remote_on_commit(pk)
    else:
        transaction.on_commit(lambda: tasks.play_version_test_games.delay(pks))


def _version_test_remote_on_commit(game_pk: int) -> None:
    transaction.on_commit(lambda: tasks.play_version_test_remote.delay(game_pk))


def version_tests_advance_on_commit(ended: Sequence[tuple[int, bool]]) -> None:
    """Once these ended games (pk, rated) are committed, let the version tests they belong to count
    their pairs. Only unrated games can be a test's, so a rated game's end costs no query here."""
    unrated = [pk for pk, rated in ended if not rated]
    if not unrated:
        return
    in_tests = sorted(version_test_games(unrated))
    if in_tests:
        transaction.on_commit(lambda: tasks.advance_version_tests.delay(in_tests))


def turn_notifications_on_commit(turns: Sequence[tuple[int, int, Sequence[int]]]) -> None:
    """Tell the people at these seats it is their turn, once the transaction commits: one task for
    all of them, each turn as (game, move number, seat indexes); the task decides who is told how.

    ``robust``: the move is committed by then, and a broker that is down must not turn it into an
    error (the deadline warning still reaches them before their time runs out).
    """
    payload = [[game_pk, version, list(seats)] for game_pk, version, seats in turns if seats]
    if payload:
        transaction.on_commit(lambda: tasks.notify_turns.delay(payload), robust=True)


def notifications_deliver_on_commit(notification_pks: Sequence[int]) -> None:
    """Deliver these stored notifications once the transaction commits.

    ``robust``: the move that caused them is committed by then, and a broker that is down must not
    turn it into an error (the rows stay pending and ``warn_deadlines`` queues them again).
    """
    for pk in notification_pks:
        _deliver_on_commit(pk)


def _deliver_on_commit(notification_pk: int) -> None:
    transaction.on_commit(lambda: tasks.deliver_notification.delay(notification_pk), robust=True)


def streams_announce_on_commit(
    *, games: Sequence[int] = (), tournaments: Sequence[int] = (), version_tests: Sequence[int] = ()
) -> None:
    """Wake the event streams of these games, tournaments and version tests once the transaction commits.

    ``robust``: the change is committed by then; a Redis that is away costs a delay, not an error.
    """
    if not settings.STREAMS_REDIS_URL:
        return  # the embedded default: its streams look at the database (games.streams.waiting)
    channels = [game_channel(pk) for pk in dict.fromkeys(games)]
    channels += [tournament_channel(pk) for pk in dict.fromkeys(tournaments)]
    channels += [version_test_channel(pk) for pk in dict.fromkeys(version_tests)]
    _announce_on_commit(channels)


def turns_announce_on_commit(competitors: Iterable[int]) -> None:
    """Wake the long polls (``GET /api/me/turns/wait/``) of these competitors, whose turns began,
    moved on or ended, once the transaction commits."""
    if not settings.STREAMS_REDIS_URL:
        return  # the embedded default: a long poll looks at the database every LONG_POLL_INTERVAL
    _announce_on_commit([turns_channel(pk) for pk in dict.fromkeys(competitors)])


class _Announcements:
    """The channels a transaction announces, published together after its commit (one round trip
    to Redis for a move's game and its people's turns)."""

    def __init__(self) -> None:
        self.channels: dict[str, None] = {}
        self.hook = self.publish  # the one bound method registered, found again by identity

    def publish(self) -> None:
        publish(list(self.channels))


_pending = threading.local()


def _announce_on_commit(channels: Sequence[str]) -> None:
    if not channels:
        return
    connection = transaction.get_connection()
    pending: _Announcements | None = getattr(_pending, "announcements", None)
    # Still waiting for this transaction's commit (not run, nor dropped with a rollback): add to it.
    if (
        pending is not None
        and connection.in_atomic_block
        and any(hook[1] is pending.hook for hook in connection.run_on_commit)
    ):
        pending.channels.update(dict.fromkeys(channels))
        return
    pending = _pending.announcements = _Announcements()
    pending.channels.update(dict.fromkeys(channels))
    transaction.on_commit(pending.hook, robust=True)  # outside a transaction: published now
