"""Submitted bots for the remote-play tests: small Python programs written here, run for real in the
sandbox (engine.bots.program), and HTTP bots served by a local threaded server."""

from __future__ import annotations

import hashlib
import json
import random
import shutil
import tempfile
import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from games.models import Bot, BotKind, BotVersion, Competitor, ValidationStatus

# Plays a random legal action (its own seeded generator) on every decision.
GOOD_BOT = """
import json, random, sys
rng = random.Random(7)
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "move":
        print(json.dumps({"action": rng.choice(message["legal_actions"])}), flush=True)
"""

# Answers every decision with an action no game has, and says why on stderr.
ILLEGAL_BOT = """
import json, sys
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "move":
        print(f"confused at move {message['move']}", file=sys.stderr, flush=True)
        print(json.dumps({"action": {"type": "nonsense"}}), flush=True)
"""

# Reads its first decision and never answers.
SILENT_BOT = """
import sys, time
sys.stdin.readline()
print("thinking forever", file=sys.stderr, flush=True)
time.sleep(3600)
"""


@pytest.fixture(autouse=True)
def _bot_settings(settings: Any) -> Iterator[None]:
    # Not under tmp_path: the sandbox's unprivileged uid must be able to reach the unpacked bots.
    cache_dir = Path(tempfile.mkdtemp(prefix="bot-cache-"))
    cache_dir.chmod(0o755)
    settings.BOT_CACHE_DIR = cache_dir
    settings.BOT_HTTP_ALLOW_PRIVATE = True
    # Generous: a sandboxed interpreter's first answer includes its start-up.
    settings.BOT_MOVE_TIME_MS = 5000
    settings.BOT_TIME_BANK_MS = 10_000
    settings.BOT_FAULT_POLICY = "default_move"
    settings.BOT_MAX_STRIKES = 3
    yield
    shutil.rmtree(cache_dir, ignore_errors=True)


def make_submitted_bot(
    *,
    name: str,
    kind: str = BotKind.PROGRAM,
    source: str | None = None,
    url: str = "",
    status: str = ValidationStatus.PASSED,
    active: bool = True,
) -> Bot:
    """A submitted Mulligan bot with one version (``source`` as bot.py, or ``url``)."""
    bot = Bot.objects.create(competitor=Competitor.objects.create(name=name), game_id="mulligan", kind=kind)
    content = source.encode() if source is not None else None
    version = BotVersion.objects.create(
        bot=bot,
        number=1,
        filename="bot.py" if content is not None else "",
        content=content,
        sha256=hashlib.sha256(content).hexdigest() if content is not None else "",
        size=len(content or b""),
        url=url,
        validation_status=status,
    )
    if active:
        bot.active_version = version
        bot.save(update_fields=["active_version"])
    return bot


@pytest.fixture
def program_bot(db: None) -> Callable[..., Bot]:
    def make(source: str = GOOD_BOT, *, name: str = "my bot", **options: Any) -> Bot:
        return make_submitted_bot(name=name, source=source, **options)

    return make


class _Handler(BaseHTTPRequestHandler):
    rng: random.Random
    seen: list[dict[str, Any]]

    def do_POST(self) -> None:
        message = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        self.seen.append(message)
        body = json.dumps(
            {"action": self.rng.choice(message["legal_actions"])} if message["type"] == "move" else {}
        ).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def http_bot_server() -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """A local HTTP bot answering random legal actions: (its URL, the messages it got)."""
    seen: list[dict[str, Any]] = []
    # A generator of its own: one shared by every server would answer each test after the moves of
    # the tests before it.
    handler = type("Handler", (_Handler,), {"seen": seen, "rng": random.Random(11)})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/move", seen
    finally:
        server.shutdown()
        server.server_close()
