"""A real webhook receiver on 127.0.0.1 for the notification tests, and games with people in them."""

from __future__ import annotations

import http.server
import json
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from games.models import Game, NotificationSettings, Player
from tests.games.factories import VerifiedPlayerFactory
from tests.games.helpers import create_game


@dataclass
class Received:
    headers: dict[str, str]
    body: bytes

    @property
    def json(self) -> Any:
        return json.loads(self.body)


@dataclass
class Receiver:
    """Answers with the statuses in ``answers`` in turn (then 200) and keeps what it received."""

    url: str
    answers: list[int] = field(default_factory=list)
    received: list[Received] = field(default_factory=list)


@pytest.fixture
def players(db: None) -> list[Player]:
    """People whose addresses are verified: only those get notification mails."""
    return VerifiedPlayerFactory.create_batch(4)


@pytest.fixture(autouse=True)
def _eager_retries(settings: Any) -> None:
    """Celery's eager mode runs a task's ``self.retry`` again in-process only when it does not
    propagate errors (with propagation the Retry itself is raised): so the retries here run as a
    worker would run them, one after the other (countdowns are not waited for)."""
    settings.CELERY_TASK_EAGER_PROPAGATES = False


@pytest.fixture
def receiver(settings: Any) -> Iterator[Receiver]:
    settings.NOTIFY_WEBHOOK_ALLOW_PRIVATE = True  # the receiver is on loopback
    box = Receiver(url="")

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            box.received.append(Received(dict(self.headers.items()), body))
            status = box.answers.pop(0) if box.answers else 200
            self.send_response(status)
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"ok")

        def log_message(self, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    box.url = f"http://127.0.0.1:{server.server_address[1]}/hook"
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    yield box
    server.shutdown()
    server.server_close()
    thread.join()


def with_webhook(player: Player, url: str, **switches: bool) -> NotificationSettings:
    found, _ = NotificationSettings.objects.get_or_create(user=player.user)
    found.webhook_url = url
    for name, value in switches.items():
        setattr(found, name, value)
    found.save()
    return found


SEED = 982_451_653  # long enough not to turn up by chance in a message


@pytest.fixture
def person_vs_bot(players, random_bot, on_commit) -> Game:
    """A game of players[0] against a bot; the bots have played up to the person's first turn."""
    with on_commit():
        game = create_game([players[0].competitor, random_bot.competitor], seed=SEED)
    game.refresh_from_db()
    return game
