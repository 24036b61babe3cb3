"""Work that a dead worker left behind: bot games that stopped moving, tournaments that stopped.

Tasks are ``acks_late``, so the broker delivers a task again when its worker dies before
acknowledging it, but Redis does so only after its visibility timeout (``CELERY_VISIBILITY_TIMEOUT``,
longer than the longest task may run, so a task is never run twice while it is still running), and
a worker killed between a commit and its on-commit enqueue sent nothing at all. So the
``requeue_stalled`` beat task (every ``STALL_CHECK_INTERVAL`` seconds) looks for work that should
be under way and is not, and hands it to a worker again:

* a running game whose bots must act (a bot's seat is marked to act, ``Seat.to_act``, read through
  its partial index) and whose last move is older than ``STALL_SECONDS``: its bots are queued
  again. Where a submitted bot sits, that bound grows by the longest its decision may take (its
  time per move and time bank), as nothing is stored while it thinks;
* a running tournament whose current round has no running game left, none of them finished for
  ``STALL_SECONDS``, and the round still open: it is moved on as a finished game would have moved
  it (:func:`games.services.rounds.tournament_advance`).

Both are safe against the live work they may meet. A game is handed over under its row lock taken
with ``SKIP LOCKED``: a worker playing it holds that lock for the whole of each stored part, so a
game being played is passed over, and a task that still arrives for a game already played
(a redelivery, the hand-over of a game that was only queued behind others) finds nothing left to
do under the same lock. A hand-over is noted (``Game.bots_requeued_at``) and the game waits at least
``STALL_SECONDS`` again, twice as long each time it still does not move, before the next: a long
queue is not flooded with copies of itself, nor the log with a game whose bots keep failing.
A tournament moves on under its own row lock from what is stored, so doing it twice changes nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Count, DurationField, ExpressionWrapper, F, Max, Q, QuerySet, Value
from django.utils import timezone

from games.models import CompetitionState, Game, GameStatus, Round, Seat
from games.selectors.games import games_with_submitted_bots
from games.selectors.version_tests import version_test_games
from games.services.after_commit import games_enqueue_bots, version_test_games_play_on_commit
from games.services.remote_play import remote_rules_for
from games.services.rounds import tournament_advance

logger = logging.getLogger(__name__)

# Games handed over per sweep at most (oldest first); the next sweep takes the rest.
STALL_BATCH = 1000


def stall_cutoff(now: datetime) -> datetime:
    return now - timedelta(seconds=settings.STALL_SECONDS)


def stalls_recover(*, now: datetime | None = None) -> dict[str, int]:
    """One sweep: the stalled bot games queued again, the stalled tournaments moved on."""
    now = now or timezone.now()
    return {
        "games_requeued": stalled_games_requeue(now=now),
        "tournaments_advanced": stalled_tournaments_advance(now=now),
    }


def stalled_games_requeue(*, now: datetime | None = None, limit: int = STALL_BATCH) -> int:
    """Queue again the bots of the running games that must move and have not for a while; returns
    how many games were handed over."""
    now = now or timezone.now()
    bots_to_act = Seat.objects.filter(to_act=True, competitor__bot__isnull=False).values("game_id")
    candidates = list(
        _stalled(Game.objects.filter(pk__in=bots_to_act), now)
        .order_by("moved_at", "pk")
        .values_list("pk", flat=True)[:limit]
    )
    return _requeue(candidates, now) if candidates else 0


def _stalled(games: QuerySet[Game], now: datetime) -> QuerySet[Game]:
    """The running games among these that have not moved for ``STALL_SECONDS`` and are due a hand-over.

    A game handed over before and still not moved waits as long again as it had been still then
    (30 s, 60 s, 120 s, ... after its last move), up to ``STALL_BACKOFF_MAX`` between two: a game
    whose bots keep failing, or that waits behind a long queue, is not handed over every sweep.
    """
    cutoff = stall_cutoff(now)
    backoff_max = timedelta(seconds=settings.STALL_BACKOFF_MAX)
    return (
        games.filter(status=GameStatus.RUNNING, moved_at__lt=cutoff)
        .alias(
            still_then=ExpressionWrapper(F("bots_requeued_at") - F("moved_at"), output_field=DurationField()),
            since=ExpressionWrapper(Value(now) - F("bots_requeued_at"), output_field=DurationField()),
        )
        .filter(
            Q(bots_requeued_at__isnull=True)
            | Q(bots_requeued_at__lt=cutoff) & (Q(since__gte=F("still_then")) | Q(since__gte=backoff_max))
        )
    )


@transaction.atomic
def _requeue(candidates: Sequence[int], now: datetime) -> int:
    # Checked again under the row locks; a game locked now is being played: left alone.
    locked = list(
        _stalled(Game.objects.filter(pk__in=candidates), now)
        .select_for_update(skip_locked=True)
        .order_by("pk")
        .values_list("pk", "moved_at", "bots_requeued_at")
    )
    submitted = games_with_submitted_bots([pk for pk, _, _ in locked])
    stalled = [
        pk
        for pk, moved_at, requeued_at in locked
        if pk not in submitted or _thinking_over(pk, now, moved_at, requeued_at)
    ]
    if not stalled:
        return 0
    Game.objects.filter(pk__in=stalled).update(bots_requeued_at=now)
    # A version test's games go back to the versiontests queue, never to a tournament's.
    tested = version_test_games(stalled)
    games_enqueue_bots(sorted(pk for pk in stalled if pk not in tested))
    version_test_games_play_on_commit(sorted(pk for pk in tested if pk in submitted), submitted=True)
    version_test_games_play_on_commit(sorted(pk for pk in tested if pk not in submitted), submitted=False)
    logger.warning("handing %d stalled bot games to a worker again: %s", len(stalled), sorted(stalled)[:50])
    return len(stalled)


def _thinking_over(game_pk: int, now: datetime, moved_at: datetime, requeued_at: datetime | None) -> bool:
    """Whether a game with submitted bots has been still for longer than a decision may take
    (the hand-over before, if any, counted as :func:`_stalled` counts it)."""
    rules = remote_rules_for(game_pk)
    cutoff = stall_cutoff(now) - timedelta(milliseconds=rules.move_time_ms + rules.bank_ms)
    return moved_at < cutoff and (requeued_at is None or requeued_at < cutoff)


def bots_requeue_noted(*, game_pk: int, due: datetime) -> None:
    """A worker handed this game's bots back to the queue, to be played at ``due`` (a sandbox worker
    that cannot run them): the stall sweep leaves the game alone until ``STALL_SECONDS`` after that."""
    Game.objects.filter(pk=game_pk).update(bots_requeued_at=due)


def stalled_tournaments_advance(*, now: datetime | None = None) -> int:
    """Move on the running tournaments whose current round has no running game left and has been
    still for ``STALL_SECONDS`` (its advance task was lost); returns how many were moved."""
    now = now or timezone.now()
    running = Q(matches__match_games__game__status=GameStatus.RUNNING)
    stalled = list(
        Round.objects.filter(
            tournament__state=CompetitionState.RUNNING,
            number=F("tournament__current_round"),
            finished=False,
        )
        .annotate(
            running=Count("matches__match_games", filter=running),
            last_end=Max("matches__match_games__game__finished_at"),
        )
        .filter(running=0)
        .filter(Q(last_end__isnull=True) | Q(last_end__lt=stall_cutoff(now)))
        .order_by("tournament_id")
        .values_list("tournament_id", flat=True)
    )
    for pk in stalled:
        started = tournament_advance(tournament_pk=pk)
        logger.warning("moved stalled tournament %s on (%d games started)", pk, started)
    return len(stalled)
