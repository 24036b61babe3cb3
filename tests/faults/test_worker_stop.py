"""A worker stopped the way ``manage.py serve`` stops it (SIGTERM or SIGINT to serve, or to serve's
process group, all end in :func:`worker_stop`) finishes the task it was running or returns it to
the broker: never neither, whatever the task was doing.

The task here is blocked mid-game on purpose: a submitted HTTP bot that does not answer until the
worker is gone. Afterwards the stall sweep is kept out of it (``STALL_SECONDS`` of an hour) and the
visibility timeout is over an hour, so the only way the game can go on under a new worker is that
the stopped worker gave its task back.
"""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from games.management.commands.serve import worker_stop
from games.models import Bot, BotKind, BotVersion, Competitor, Game, GameStatus, ValidationStatus
from games.services.games import game_create
from games.services.players import builtin_bots_ensure
from tests.e2e.conftest import GAME_TIMEOUT, POLL_INTERVAL
from tests.faults.conftest import Worker, Workers

pytestmark = [pytest.mark.faults, pytest.mark.django_db(transaction=True)]

# No stall sweep in this test, and submitted bots' settings for a bot on this machine.
WORKER_ENV = {"STALL_SECONDS": "3600", "BOT_HTTP_ALLOW_PRIVATE": "true"}


class HeldBot(BaseHTTPRequestHandler):
    """Answers a random legal action, but holds its first answer until the test lets it go."""

    protocol_version = "HTTP/1.1"
    asked = threading.Event()
    release = threading.Event()
    rng = random.Random(5)

    def do_POST(self) -> None:
        message = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        if not type(self).asked.is_set():
            type(self).asked.set()
            type(self).release.wait(timeout=120)
        answer = (
            {"action": type(self).rng.choice(message["legal_actions"])} if message["type"] == "move" else {}
        )
        body = json.dumps(answer).encode()
        try:
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        except OSError:
            pass  # the worker that asked is gone

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def held_bot_url() -> Iterator[str]:
    HeldBot.asked.clear()
    HeldBot.release.clear()
    server = ThreadingHTTPServer(("127.0.0.1", 0), HeldBot)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/move"
    finally:
        HeldBot.release.set()
        server.shutdown()
        server.server_close()


def http_bot(url: str) -> Bot:
    bot = Bot.objects.create(
        competitor=Competitor.objects.create(name="held bot"), game_id="mulligan", kind=BotKind.HTTP
    )
    version = BotVersion.objects.create(bot=bot, number=1, url=url, validation_status=ValidationStatus.PASSED)
    bot.active_version = version
    bot.save(update_fields=["active_version"])
    return bot


def wait_for(condition: Callable[[], bool], what: str, worker: Worker) -> None:
    import time

    deadline = time.monotonic() + GAME_TIMEOUT
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"gave up waiting for {what}; the worker's log:\n{worker.log()}", pytrace=False)
        time.sleep(POLL_INTERVAL)


@pytest.mark.parametrize(
    "bot_answers", [False, True], ids=["bot-silent-until-the-worker-is-gone", "bot-answers-as-it-stops"]
)
def test_a_stopped_worker_finishes_or_returns_its_task(
    workers: Workers, held_bot_url: str, bot_answers: bool
) -> None:
    random_bot = next(
        b for b in builtin_bots_ensure() if b.game_id == "mulligan" and b.engine_bot == "random"
    )
    worker = workers(concurrency=1, env=WORKER_ENV)
    # The HTTP bot sits first: the play_remote_bots task asks it at once and waits for its answer.
    game = game_create(
        game_id="mulligan", competitors=[http_bot(held_bot_url).competitor, random_bot.competitor], seed=91
    )
    wait_for(HeldBot.asked.is_set, "the task to ask the bot", worker)

    if bot_answers:
        HeldBot.release.set()  # the task may go on while the worker stops, and finish the game
    worker_stop(worker.process)

    wait_for(lambda: not worker.group_alive(), "the worker's process group to be gone", worker)
    HeldBot.release.set()
    game.refresh_from_db()
    if game.status != GameStatus.FINISHED:
        # Not finished: it must have been given back. A new worker gets it and plays the game out.
        successor = workers(concurrency=1, env=WORKER_ENV)
        wait_for(
            lambda: Game.objects.get(pk=game.pk).status == GameStatus.FINISHED,
            "the game to finish",
            successor,
        )
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert list(game.moves.order_by("number").values_list("number", flat=True)) == list(
        range(1, game.version + 1)
    )
