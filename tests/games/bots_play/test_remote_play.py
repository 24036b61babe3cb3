"""Games with submitted bots, played by the play_remote_bots task: moves, ratings, the HTTP
transport, the fault policies and the sandbox refusing to run."""

from __future__ import annotations

import random
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest

from games.models import Bot, BotFault, BotKind, Game, GameStatus, Move, Rating
from games.selectors.games import game_state
from games.services.after_commit import games_enqueue_bots
from games.services.games import game_create
from games.services.moves import move_submit
from games.services.remote_play import game_play_remote
from tests.games.bots_play.conftest import GOOD_BOT, ILLEGAL_BOT, make_submitted_bot
from tests.games.factories import BotFactory
from tests.games.helpers import choose

OnCommit = Callable[[], AbstractContextManager[Any]]
# With this seed the built-in random bot at seat 1 lets seat 0 decide 9 times when seat 0 always
# plays its first legal action (engine check in the module's first test), so 3 strikes fit.
LONG_SEED = 2


def two_seat_game(bot: Bot, opponent: Bot, on_commit: OnCommit, *, seed: int = LONG_SEED) -> Game:
    with on_commit():
        game = game_create(
            game_id="mulligan",
            competitors=[bot.competitor, opponent.competitor],
            config={"players": 2},
            seed=seed,
        )
    game.refresh_from_db()
    return game


def assert_replays(game: Game) -> None:
    state = game_state(game)
    assert state.is_over
    assert list(state.outcome().ranks) == [s.rank for s in game.seats.order_by("index")]


def test_a_program_bot_plays_a_whole_rated_game_through_the_task(
    program_bot: Callable[..., Bot], on_commit: OnCommit
) -> None:
    bot = program_bot(GOOD_BOT)
    random_bot = BotFactory(engine_bot="random")
    heuristic_bot = BotFactory(engine_bot="heuristic")
    with on_commit():
        game = game_create(
            game_id="mulligan",
            competitors=[random_bot.competitor, bot.competitor, heuristic_bot.competitor],
            seed=5,
        )
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert game.moves.count() == game.version > 0
    assert game.moves.filter(seat=1).exists()
    assert not game.moves.filter(auto=True).exists()
    assert not BotFault.objects.exists()
    assert_replays(game)
    assert game.seats.get(index=1).bot_version_id == bot.active_version_id  # pinned for the game
    for competitor in (bot.competitor, random_bot.competitor, heuristic_bot.competitor):
        assert Rating.objects.get(competitor=competitor, game_id="mulligan").games_played == 1


def test_an_http_bot_plays_a_whole_game(
    db: None, http_bot_server: tuple[str, list[dict[str, Any]]], on_commit: OnCommit
) -> None:
    url, seen = http_bot_server
    bot = make_submitted_bot(name="web bot", kind=BotKind.HTTP, url=url)
    game = two_seat_game(bot, BotFactory(engine_bot="random"), on_commit, seed=3)
    assert game.status == GameStatus.FINISHED
    asked = [m for m in seen if m["type"] == "move"]
    assert len(asked) == game.moves.filter(seat=0).exclude(action__type="say").count() > 0
    assert {m["seat"] for m in asked} == {0}
    assert all("deck" not in m["observation"] and "seed" not in m["observation"] for m in asked)
    assert seen[-1]["type"] == "end"
    assert_replays(game)


def test_default_move_policy_strikes_then_forfeits(
    program_bot: Callable[..., Bot], on_commit: OnCommit
) -> None:
    bot = program_bot(ILLEGAL_BOT)
    game = two_seat_game(bot, BotFactory(engine_bot="random"), on_commit)
    faults = list(BotFault.objects.filter(game=game).order_by("id"))
    assert [f.consequence for f in faults] == ["default_move", "default_move", "forfeit"]
    assert {f.kind for f in faults} == {"illegal"}
    assert all(f.bot == bot and f.version_id == bot.active_version_id and f.seat == 0 for f in faults)
    assert "confused at move" in faults[0].stderr_tail
    auto = list(Move.objects.filter(game=game, auto=True).order_by("number"))
    assert [(m.seat, m.number - 1) for m in auto] == [(0, f.move_number) for f in faults[:2]]
    assert game.status == GameStatus.FINISHED
    assert [s.rank for s in game.seats.order_by("index")] == [2, 1]
    assert game.outcome["details"]["reason"] == "bot_fault"
    assert game.outcome["details"]["forfeited"] == [0]


def test_forfeit_policy_ends_the_game_at_the_first_fault(
    program_bot: Callable[..., Bot], on_commit: OnCommit, settings: Any
) -> None:
    settings.BOT_FAULT_POLICY = "forfeit"
    bot = program_bot(ILLEGAL_BOT)
    game = two_seat_game(bot, BotFactory(engine_bot="random"), on_commit)
    fault = BotFault.objects.get(game=game)
    assert (fault.kind, fault.consequence, fault.move_number) == ("illegal", "forfeit", 0)
    assert game.status == GameStatus.FINISHED and game.version == 0
    assert [s.rank for s in game.seats.order_by("index")] == [2, 1]
    assert Rating.objects.get(competitor=bot.competitor).games_played == 1  # a forfeit is rated


def test_without_a_sandbox_the_program_never_runs_and_the_bot_is_not_charged(
    program_bot: Callable[..., Bot], on_commit: OnCommit, monkeypatch: pytest.MonkeyPatch
) -> None:
    from celery.exceptions import Retry

    from engine.bots import program, sandbox
    from games.services.remote_play import WorkerCannotSandbox
    from games.tasks import play_remote_bots

    monkeypatch.setattr(sandbox, "sandbox_available", lambda: (False, "no bubblewrap in this test"))

    def refuse(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("a program bot was started without a sandbox")

    monkeypatch.setattr(program, "ProgramBot", refuse)
    bot = program_bot(GOOD_BOT)
    with on_commit():
        game = game_create(
            game_id="mulligan",
            competitors=[bot.competitor, BotFactory(engine_bot="random").competitor],
            seed=1,
            enqueue_bots=False,
        )
    with pytest.raises(WorkerCannotSandbox, match="no bubblewrap in this test"):
        game_play_remote(game_pk=game.pk)
    # The task hands the game back to the queue for a worker that can sandbox it.
    retried: list[dict[str, Any]] = []

    def retry(**options: Any) -> Retry:
        retried.append(options)
        return Retry("later")

    monkeypatch.setattr(play_remote_bots, "retry", retry)
    with pytest.raises(Retry):
        play_remote_bots.run(game.pk)
    assert isinstance(retried[0]["exc"], WorkerCannotSandbox) and retried[0]["countdown"] > 0
    game.refresh_from_db()
    assert game.status == GameStatus.RUNNING and game.version == 0, "nothing was played or stored"
    assert not BotFault.objects.filter(game=game).exists(), "the bot was charged for the worker's problem"


def test_a_finished_game_is_left_alone(program_bot: Callable[..., Bot], on_commit: OnCommit) -> None:
    game = two_seat_game(program_bot(GOOD_BOT), BotFactory(engine_bot="random"), on_commit, seed=3)
    assert game.status == GameStatus.FINISHED
    assert game_play_remote(game_pk=game.pk) == 0


def test_games_with_submitted_bots_are_routed_to_the_sandbox_queue(
    program_bot: Callable[..., Bot], monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    from games import tasks

    sent: list[tuple[str, Any]] = []
    monkeypatch.setattr(tasks.play_remote_bots, "delay", lambda pk: sent.append(("remote", pk)))
    monkeypatch.setattr(tasks.play_bot_games, "delay", lambda pks: sent.append(("batch", pks)))
    monkeypatch.setattr(tasks.play_bot_game, "delay", lambda pk: sent.append(("builtin", pk)))
    bot = program_bot(GOOD_BOT)
    random_bot, heuristic_bot = BotFactory(engine_bot="random"), BotFactory(engine_bot="heuristic")
    with django_capture_on_commit_callbacks(execute=True):
        submitted = game_create(game_id="mulligan", competitors=[bot.competitor, random_bot.competitor])
        builtin = game_create(
            game_id="mulligan", competitors=[heuristic_bot.competitor, random_bot.competitor]
        )
    assert sent == [("remote", submitted.pk), ("builtin", builtin.pk)]
    sent.clear()
    with django_capture_on_commit_callbacks(execute=True):
        pks = [
            game_create(game_id="mulligan", competitors=c, enqueue_bots=False).pk
            for c in (
                [random_bot.competitor, bot.competitor],
                [heuristic_bot.competitor, random_bot.competitor],
            )
        ]
        assert games_enqueue_bots(pks) == 1
    assert sorted(sent, key=str) == [("batch", [pks[1]]), ("remote", pks[0])]
    from django.conf import settings

    assert settings.CELERY_TASK_ROUTES["games.tasks.play_remote_bots"] == {"queue": settings.QUEUE_SANDBOX}
    assert settings.QUEUE_SANDBOX in settings.WORKER_QUEUES


def test_a_person_and_a_program_bot_play_a_game_to_its_end(
    program_bot: Callable[..., Bot], players: list[Any], on_commit: OnCommit
) -> None:
    bot = program_bot(GOOD_BOT)
    person = players[0]
    with on_commit():
        game = game_create(
            game_id="mulligan", competitors=[person.competitor, bot.competitor], config={"players": 2}, seed=4
        )
    rng = random.Random(1)
    for _ in range(500):
        game.refresh_from_db()
        state = game_state(game)
        if state.is_over:
            break
        assert state.to_act() == [0], "the bot's turn was not played after the person's move"
        if game.version:  # a new game's first deadline is armed by the sweep
            assert game.turn_deadline is not None
        with on_commit():  # the person's move enqueues play_remote_bots for the bot's turn
            move_submit(game_pk=game.pk, user=person.user, action=choose(state.legal_actions(0), rng))
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert game.moves.filter(seat=1).exists() and not BotFault.objects.exists()
    assert_replays(game)


def test_of_two_workers_on_one_game_only_one_stores_the_move(
    program_bot: Callable[..., Bot], monkeypatch: pytest.MonkeyPatch
) -> None:
    from games.services import remote_play

    bot = program_bot(GOOD_BOT)
    opponent = BotFactory(engine_bot="random")
    game = game_create(
        game_id="mulligan",
        competitors=[bot.competitor, opponent.competitor],
        config={"players": 2},
        seed=LONG_SEED,
        enqueue_bots=False,
    )
    real_ask = remote_play.ask

    def ask_while_another_worker_stores(*args: Any, **kwargs: Any) -> Any:
        decision = real_ask(*args, **kwargs)
        # The other worker got the same answer first and stored it.
        Move.objects.create(game=game, number=1, seat=decision.seat, action=decision.action)
        Game.objects.filter(pk=game.pk).update(version=1)
        return decision

    monkeypatch.setattr(remote_play, "ask", ask_while_another_worker_stores)
    assert game_play_remote(game_pk=game.pk) == 0
    game.refresh_from_db()
    assert game.version == 1 and game.moves.count() == 1


def test_the_time_bank_carries_over_between_calls_of_one_game(
    program_bot: Callable[..., Bot], players: list[Any], on_commit: OnCommit, monkeypatch: pytest.MonkeyPatch
) -> None:
    from games.services import remote_play

    real_ask = remote_play.ask
    banks: list[int] = []

    def ask_and_overrun(bot: Any, state: Any, seat: int, clock: Any, **kwargs: Any) -> Any:
        banks.append(clock.bank_ms)
        decision = real_ask(bot, state, seat, clock, **kwargs)
        clock.charge(clock.per_move_ms + 700)  # as if each answer came 700 ms late
        return decision

    monkeypatch.setattr(remote_play, "ask", ask_and_overrun)
    bot = program_bot(GOOD_BOT)
    person = players[0]
    with on_commit():
        game = game_create(
            game_id="mulligan", competitors=[person.competitor, bot.competitor], config={"players": 2}, seed=4
        )
    rng = random.Random(1)
    while len(banks) < 3:
        game.refresh_from_db()
        state = game_state(game)
        assert not state.is_over, "the game ended before the bot was asked three times"
        with on_commit():  # each move: a new play_remote_bots call with a new program process
            move_submit(game_pk=game.pk, user=person.user, action=choose(state.legal_actions(0), rng))
    assert banks[:3] == [10_000, 9_300, 8_600]
