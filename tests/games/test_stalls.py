"""The stall sweep (``games.services.stalls``, the ``requeue_stalled`` beat task): work a dead
worker left behind is handed to a worker again, and work a live worker holds is not.

Times are passed to the sweep (``now=``) rather than waited for: nothing here sleeps or measures.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from datetime import datetime, timedelta
from typing import Any

import pytest
from django.db import connection, transaction
from django.utils import timezone

from engine import get_game
from engine.bots import make_bot
from engine.play import play_game
from games import tasks
from games.models import Bot, BotKind, Competitor, Game, GameStatus, Match, Seat, Tournament
from games.selectors.games import game_state
from games.services.competitions import tournament_start
from games.services.games import game_create, game_play_bots, game_play_bots_batch
from games.services.stalls import (
    bots_requeue_noted,
    stalled_games_requeue,
    stalled_tournaments_advance,
    stalls_recover,
)
from mulligan_league.celery import app as celery_app
from tests.conftest import SteadyBot
from tests.games.competitions.conftest import make_bots, open_tournament
from tests.games.factories import BotFactory, PlayerFactory
from tests.games.helpers import postgres_only, stored_moves

MULLIGAN = "mulligan"


def later(seconds: float, settings: Any) -> datetime:
    """A moment ``seconds`` past the stall bound from now."""
    return timezone.now() + timedelta(seconds=settings.STALL_SECONDS + seconds)


def lost_game(competitors: list[Competitor], seed: int) -> Game:
    """A game whose bots must act and whose task never ran (its worker died with it)."""
    return game_create(game_id=MULLIGAN, competitors=competitors, seed=seed, enqueue_bots=False)


def assert_played_like_the_engine(game: Game) -> None:
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    names = [
        seat.competitor.bot.engine_bot
        for seat in game.seats.select_related("competitor__bot").order_by("index")
    ]
    record = play_game(game.game_id, game.config, game.seed, [make_bot(game.game_id, n) for n in names])
    assert [[seat, action] for seat, action in stored_moves(game)] == [[s, a] for s, a in record.actions]
    assert [number for number in game.moves.order_by("number").values_list("number", flat=True)] == list(
        range(1, game.version + 1)
    )


@pytest.mark.django_db
def test_a_game_left_by_a_dead_worker_is_played_to_its_end(
    random_bot: Bot, heuristic_bot: Bot, settings: Any, on_commit: Callable[[], AbstractContextManager[Any]]
) -> None:
    game = lost_game([random_bot.competitor, heuristic_bot.competitor, random_bot.competitor], seed=71)
    assert Seat.objects.filter(game=game, to_act=True).exists()

    with on_commit():  # the eager task runs the requeued game at the sweep's commit
        report = stalls_recover(now=later(1, settings))

    assert report == {"games_requeued": 1, "tournaments_advanced": 0}
    assert_played_like_the_engine(game)


@pytest.mark.django_db
def test_a_game_that_moved_lately_or_waits_for_a_person_is_left_alone(
    random_bot: Bot, settings: Any, on_commit: Callable[[], AbstractContextManager[Any]]
) -> None:
    recent = lost_game([random_bot.competitor, random_bot.competitor], seed=72)
    person = PlayerFactory()
    with on_commit():
        waiting = game_create(
            game_id=MULLIGAN, competitors=[person.competitor, random_bot.competitor], seed=73
        )
    waiting.refresh_from_db()
    assert waiting.status == GameStatus.RUNNING
    Game.objects.filter(pk=waiting.pk).update(moved_at=timezone.now() - timedelta(days=2))

    with on_commit():
        assert stalled_games_requeue(now=timezone.now() + timedelta(seconds=settings.STALL_SECONDS / 2)) == 0
        assert stalled_games_requeue(now=later(1, settings)) == 1  # the bots-only game, once stale

    recent.refresh_from_db()
    assert recent.status == GameStatus.FINISHED
    # The person's turn stays theirs: nothing was queued or played for that game.
    assert Game.objects.filter(pk=waiting.pk).values_list("version", "bots_requeued_at").get() == (
        waiting.version,
        None,
    )


@pytest.mark.django_db
def test_a_game_that_still_does_not_move_is_handed_over_again_after_twice_the_wait(
    random_bot: Bot, settings: Any
) -> None:
    game = lost_game([random_bot.competitor, random_bot.competitor], seed=74)
    moved = Game.objects.get(pk=game.pk).moved_at
    stall = timedelta(seconds=settings.STALL_SECONDS)
    settings.STALL_BACKOFF_MAX = 3 * settings.STALL_SECONDS
    longest = timedelta(seconds=settings.STALL_BACKOFF_MAX)
    step = stall / 10
    # A sweep every `step`, and the task handed over never runs (no on-commit callbacks run here:
    # a long queue, or another dead worker).
    handed_over = []
    for k in range(200):
        now = moved + k * step
        if stalled_games_requeue(now=now):
            handed_over.append(now - moved)
    assert stall <= handed_over[0] <= stall + step
    waits = [later - earlier for earlier, later in itertools.pairwise(handed_over)]
    for still, wait in zip(handed_over[:-1], waits, strict=True):
        # As long again as the game had been still at the hand-over before, up to the longest wait.
        assert min(still, longest) <= wait <= min(still, longest) + step
    assert waits[-1] >= longest  # the longest wait is reached, and kept
    game.refresh_from_db()
    assert (game.status, game.version) == (GameStatus.RUNNING, 0)


@pytest.mark.django_db
def test_a_long_bot_stretch_stored_in_parts_keeps_its_bot_seat_marked(steady_bot: Bot) -> None:
    """The sweep finds a game through its bot seats to act: marked between two stored parts too.

    Four steady bots end their game only at the turn cap: two moves leave it running.
    """
    game = lost_game([steady_bot.competitor] * 4, seed=75)
    assert game_play_bots(game_pk=game.pk, max_moves=2) == 2
    game.refresh_from_db()
    assert game.status == GameStatus.RUNNING
    marked = set(Seat.objects.filter(game=game, to_act=True).values_list("index", flat=True))
    assert marked == set(game_state(game).to_act())
    assert game.turn_deadline is None  # bots only: nobody's clock


@pytest.mark.django_db
def test_a_game_waiting_for_a_submitted_bot_gets_the_time_its_decision_may_take(
    random_bot: Bot, settings: Any
) -> None:
    """Nothing is stored while a submitted bot thinks: the sweep waits its time per move and bank too."""
    http_bot = Bot.objects.create(
        competitor=Competitor.objects.create(name="web bot"), game_id=MULLIGAN, kind=BotKind.HTTP
    )
    game = lost_game([http_bot.competitor, random_bot.competitor], seed=78)
    assert Seat.objects.get(game=game, index=0).to_act
    thinking = timedelta(milliseconds=settings.BOT_MOVE_TIME_MS + settings.BOT_TIME_BANK_MS)

    assert stalled_games_requeue(now=later(1, settings)) == 0
    assert stalled_games_requeue(now=later(1, settings) + thinking) == 1


@pytest.mark.django_db
def test_a_game_a_worker_handed_back_for_later_waits_until_then(random_bot: Bot, settings: Any) -> None:
    """A sandbox worker that cannot run a program puts its game back with a countdown (play_remote_bots)."""
    game = lost_game([random_bot.competitor, random_bot.competitor], seed=79)
    due = timezone.now() + timedelta(minutes=5)
    bots_requeue_noted(game_pk=game.pk, due=due)

    assert stalled_games_requeue(now=due) == 0
    # Then as a game handed over before: within the longest wait between two hand-overs.
    assert stalled_games_requeue(now=due + timedelta(seconds=settings.STALL_BACKOFF_MAX + 1)) == 1


@pytest.mark.django_db
def test_the_beat_schedule_runs_the_sweep_on_the_deadlines_queue(settings: Any) -> None:
    entry = settings.CELERY_BEAT_SCHEDULE["requeue-stalled"]
    assert entry["task"] == tasks.requeue_stalled.name
    assert entry["schedule"] == settings.STALL_CHECK_INTERVAL
    assert (
        celery_app.amqp.router.route({}, tasks.requeue_stalled.name)["queue"].name == settings.QUEUE_DEADLINES
    )


# -- A live worker's game is never handed over ------------------------------------------------------


class GatedBot(SteadyBot):
    """A steady bot that stops at its first decision until the test opens the gate."""

    name = "gated"
    gate = threading.Event()
    waiting = threading.Event()

    def act(self, observation: Any, legal_actions: list[dict[str, Any]], rng: Any) -> dict[str, Any]:
        type(self).waiting.set()
        if not type(self).gate.wait(timeout=60):
            raise AssertionError("the test never opened the gate")
        return super().act(observation, legal_actions, rng)


@pytest.fixture
def gated_bot(transactional_db: None, monkeypatch: pytest.MonkeyPatch) -> Iterator[Bot]:
    game_class = type(get_game(MULLIGAN))
    builtin = game_class.bots
    monkeypatch.setattr(game_class, "bots", lambda self: {**builtin(self), GatedBot.name: GatedBot})
    GatedBot.gate.clear()
    GatedBot.waiting.clear()
    yield BotFactory(engine_bot=GatedBot.name)
    GatedBot.gate.set()


def in_thread(work: Callable[[], Any]) -> tuple[threading.Thread, list[Any]]:
    result: list[Any] = []

    def run() -> None:
        try:
            result.append(work())
        except Exception as exc:
            result.append(exc)
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    return thread, result


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_a_game_a_live_worker_is_playing_is_passed_over_and_gets_one_move_per_turn(
    gated_bot: Bot, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    other = BotFactory(engine_bot="random")
    played = lost_game([gated_bot.competitor, other.competitor], seed=76)
    idle = lost_game([other.competitor, other.competitor], seed=77)
    long_ago = timezone.now() - timedelta(seconds=10 * settings.STALL_SECONDS)
    Game.objects.filter(pk__in=[played.pk, idle.pk]).update(moved_at=long_ago)
    settings.CELERY_TASK_ALWAYS_EAGER = False  # the sweep's hand-over is published, not run here
    published: list[list[int]] = []

    def publish(game_ids: list[int]) -> None:
        published.append(list(game_ids))

    # A live worker: it holds the game's row lock while its bot thinks.
    live, live_result = in_thread(lambda: game_play_bots(game_pk=played.pk))
    assert GatedBot.waiting.wait(timeout=60)
    # A second delivery of the same work (a redelivered task, or a copy the sweep queued earlier).
    copy, copy_result = in_thread(lambda: game_play_bots_batch(game_pks=[played.pk]))

    monkeypatch.setattr(tasks.play_bot_games, "delay", publish)
    assert stalled_games_requeue() == 1  # the idle game only: the played one is locked
    assert published == [[idle.pk]]
    assert Game.objects.get(pk=played.pk).bots_requeued_at is None

    GatedBot.gate.set()
    live.join(timeout=60)
    copy.join(timeout=60)
    assert not live.is_alive() and not copy.is_alive()
    assert not any(isinstance(result, Exception) for result in live_result + copy_result), (
        live_result,
        copy_result,
    )
    # Whoever got the lock second found the turns taken: every move once, as the engine plays them.
    played.refresh_from_db()
    assert played.status == GameStatus.FINISHED
    assert live_result[0] + copy_result[0][played.pk] == played.version
    record = play_game(MULLIGAN, played.config, played.seed, [GatedBot(), make_bot(MULLIGAN, "random")])
    assert [[s, a] for s, a in stored_moves(played)] == [[s, a] for s, a in record.actions]


# -- Tournaments whose advance was lost -------------------------------------------------------------


@pytest.mark.django_db
def test_a_tournament_whose_advance_was_lost_moves_on(settings: Any) -> None:
    field = [bot.competitor for bot in make_bots(4)]
    tournament = open_tournament(field=field, rounds=2)
    # Started, its games played, but the advance tasks of their commits never ran (no on-commit
    # callbacks run in this test): round 1 is over and nobody moved the tournament on.
    with transaction.atomic():
        tournament_start(tournament_pk=tournament.pk)
    games = list(Game.objects.filter(match_game__match__round__tournament=tournament))
    game_play_bots_batch(game_pks=[g.pk for g in games])
    assert not Game.objects.filter(pk__in=[g.pk for g in games], status=GameStatus.RUNNING).exists()
    assert Match.objects.filter(round__tournament=tournament, finished=False).exists()

    assert stalled_tournaments_advance(now=timezone.now()) == 0  # just ended: the advance may be on its way
    assert stalled_tournaments_advance(now=later(1, settings)) == 1

    tournament = Tournament.objects.get(pk=tournament.pk)
    assert tournament.current_round == 2
    assert tournament.round_set.get(number=1).finished
    # And again: nothing left to do until round 2's games end.
    assert stalled_tournaments_advance(now=later(1, settings)) == 0
