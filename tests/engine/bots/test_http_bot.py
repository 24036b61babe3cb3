"""HttpBot against a real HTTP server on loopback (hence allow_private=True), one behaviour per path."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from engine.bots.http import HttpBot, check_url
from engine.bots.protocol import BotFault, FaultKind, decision_message, end_message
from engine.bots.random_bot import RandomBot
from engine.bots.referee import Clock, play_refereed
from engine.core import EngineError


class Recorder:
    def __init__(self) -> None:
        self.connections = 0
        self.messages: list[dict[str, Any]] = []
        self.lock = threading.Lock()


class BotHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as a real bot server would
    disable_nagle_algorithm = True
    recorder: Recorder

    def setup(self) -> None:
        super().setup()
        with self.recorder.lock:
            self.recorder.connections += 1

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def _reply(self, status: int, body: bytes, *, close: bool = False) -> None:
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        if close:
            self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self) -> None:
        message = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        with self.recorder.lock:
            self.recorder.messages.append(message)
        path = self.path
        if message["type"] == "end":
            self._reply(200, b"{}")
        elif path == "/good":
            answer: dict[str, Any] = {"action": message["legal_actions"][0]}
            if message.get("talk"):
                answer["say"] = "hello"
            self._reply(200, json.dumps(answer).encode())
        elif path == "/rambling":  # talk longer than Mulligan takes (280 characters)
            answer = {"action": message["legal_actions"][0], "say": "blah " * 80}
            self._reply(200, json.dumps(answer).encode())
        elif path == "/closing":
            self._reply(200, json.dumps({"action": message["legal_actions"][0]}).encode(), close=True)
        elif path == "/slow":
            time.sleep(1.5)
            self._reply(200, json.dumps({"action": message["legal_actions"][0]}).encode())
        elif path == "/drip":  # a byte at a time, each well inside any per-read timeout
            for byte in b"HTTP/1.1 200 OK\r\nX-Padding: " + b"a" * 60:
                self.wfile.write(bytes([byte]))
                self.wfile.flush()
                time.sleep(0.03)
            self.close_connection = True
        elif path == "/error":
            self._reply(500, b"Traceback: KeyError 'hand'")
        elif path == "/garbage":
            self._reply(200, b"<html>not json</html>")
        elif path == "/huge":
            self._reply(200, b'{"action": "' + b"x" * 200_000 + b'"}')
        else:
            self._reply(404, b"no such page")


class QuietServer(ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # the client hanging up on a slow or huge answer is what those tests do


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[str, Recorder]]:
    recorder = Recorder()
    handler = type("Handler", (BotHandler,), {"recorder": recorder})
    httpd = QuietServer(("127.0.0.1", 0), handler)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}", recorder
    httpd.shutdown()
    httpd.server_close()


def message(talk: bool = False) -> dict[str, Any]:
    return decision_message(
        game_id="mulligan",
        seat=1,
        move_number=3,
        observation={"hand": ["As"]},
        legal_actions=[{"type": "skip"}, {"type": "fold"}],
        time_left_ms=1000,
        talk=talk,
    )


def fault_of(bot: HttpBot, timeout_s: float = 1.0) -> BotFault:
    with pytest.raises(BotFault) as caught:
        bot.decide(message(), timeout_s)
    return caught.value


def test_a_good_bot_answers_over_one_kept_alive_connection(server: tuple[str, Recorder]) -> None:
    base, recorder = server
    bot = HttpBot(f"{base}/good", allow_private=True)
    before = recorder.connections
    try:
        answers = [bot.decide(message(), 2.0) for _ in range(5)]
    finally:
        bot.close()
    assert [a.action for a in answers] == [{"type": "skip"}] * 5
    assert all(a.say is None for a in answers)
    assert recorder.connections - before == 1
    assert recorder.messages[-1]["observation"] == {"hand": ["As"]}


def test_say_is_kept_where_the_game_has_talk(server: tuple[str, Recorder]) -> None:
    bot = HttpBot(f"{server[0]}/good", allow_private=True)
    assert bot.decide(message(talk=True), 2.0).say == "hello"
    bot.close()
    bot.close()  # closing twice is fine


def test_a_server_that_closes_each_connection_is_dialled_again(server: tuple[str, Recorder]) -> None:
    bot = HttpBot(f"{server[0]}/closing", allow_private=True)
    try:
        assert [bot.decide(message(), 2.0).action for _ in range(3)] == [{"type": "skip"}] * 3
    finally:
        bot.close()


def test_a_slow_bot_times_out_and_the_next_decision_still_works(server: tuple[str, Recorder]) -> None:
    bot = HttpBot(f"{server[0]}/slow", allow_private=True)
    fault = fault_of(bot, timeout_s=0.2)
    assert fault.kind == FaultKind.TIMEOUT
    assert "200 ms" in fault.message
    good = HttpBot(f"{server[0]}/good", allow_private=True)
    assert good.decide(message(), 2.0).action == {"type": "skip"}
    bot.close()
    good.close()


def test_a_server_dripping_bytes_cannot_outlast_the_deadline(server: tuple[str, Recorder]) -> None:
    bot = HttpBot(f"{server[0]}/drip", allow_private=True)
    assert fault_of(bot, timeout_s=0.3).kind == FaultKind.TIMEOUT
    bot.close()


def test_a_server_error_is_unavailable_with_the_body(server: tuple[str, Recorder]) -> None:
    bot = HttpBot(f"{server[0]}/error", allow_private=True)
    fault = fault_of(bot)
    assert fault.kind == FaultKind.UNAVAILABLE
    assert "500" in fault.message and "KeyError" in fault.message
    assert "KeyError 'hand'" in fault.stderr_tail == bot.stderr_tail
    bot.close()


def test_a_garbage_body_is_malformed(server: tuple[str, Recorder]) -> None:
    bot = HttpBot(f"{server[0]}/garbage", allow_private=True)
    fault = fault_of(bot)
    assert fault.kind == FaultKind.MALFORMED
    assert "not JSON" in fault.message
    bot.close()


def test_a_huge_body_is_over_the_output_limit(server: tuple[str, Recorder]) -> None:
    bot = HttpBot(f"{server[0]}/huge", allow_private=True)
    assert fault_of(bot).kind == FaultKind.OUTPUT_LIMIT
    bot.close()
    small = HttpBot(f"{server[0]}/good", allow_private=True, max_answer_bytes=10)
    assert fault_of(small).kind == FaultKind.OUTPUT_LIMIT
    small.close()


def test_a_refused_connection_is_unavailable() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    bot = HttpBot(f"http://127.0.0.1:{port}/move", allow_private=True)
    fault = fault_of(bot)
    assert fault.kind == FaultKind.UNAVAILABLE
    assert "connection refused" in fault.message
    bot.game_over(end_message(game_id="mulligan", seat=0, move_number=1, observation={}, outcome={}))
    bot.close()


def test_an_unknown_host_is_unavailable() -> None:
    bot = HttpBot("http://no-such-host.invalid/move")
    fault = fault_of(bot)
    assert fault.kind == FaultKind.UNAVAILABLE
    assert "not found" in fault.message


@pytest.mark.parametrize(
    "url",
    ["http://127.0.0.1:{port}/good", "http://localhost:{port}/good", "http://[::ffff:127.0.0.1]:{port}/good"],
)
def test_private_addresses_are_refused_without_a_request(server: tuple[str, Recorder], url: str) -> None:
    base, recorder = server
    port = base.rsplit(":", 1)[1]
    sent = len(recorder.messages)
    bot = HttpBot(url.format(port=port))
    fault = fault_of(bot)
    assert fault.kind == FaultKind.UNAVAILABLE
    assert "not a public address" in fault.message
    assert "BOT_HTTP_ALLOW_PRIVATE" in fault.message, "the refusal names the setting that allows it"
    assert len(recorder.messages) == sent


@pytest.mark.parametrize(
    ("url", "words"),
    [
        ("ftp://example.com/bot", "http:// or https://"),
        ("http:///move", "no host"),
        ("http://user:secret@example.com/", "password"),
        ("http://example.com:99999/", "bad port"),
        ("http://exa mple.com/", "one http://"),
    ],
)
def test_bad_urls_are_refused_up_front(url: str, words: str) -> None:
    with pytest.raises(EngineError, match=words):
        check_url(url)
    with pytest.raises(EngineError):
        HttpBot(url)


def test_a_whole_refereed_game_with_the_end_message(server: tuple[str, Recorder]) -> None:
    base, recorder = server
    bot = HttpBot(f"{base}/good", allow_private=True)
    try:
        result = play_refereed(
            "mulligan", {"players": 3}, 7, [bot, RandomBot(), RandomBot()], clock=lambda: Clock(2000, 5000)
        )
    finally:
        bot.close()
    assert result.faults == []
    assert result.outcome is not None
    assert recorder.messages[-1]["type"] == "end"
    assert recorder.messages[-1]["outcome"]["ranks"] == list(result.outcome.ranks)


def test_talk_the_game_refuses_is_dropped_and_the_game_goes_on(server: tuple[str, Recorder]) -> None:
    bot = HttpBot(f"{server[0]}/rambling", allow_private=True)
    try:
        result = play_refereed("mulligan", {"players": 2}, 3, [bot, RandomBot()])
    finally:
        bot.close()
    assert result.faults == [] and result.outcome is not None
    assert all(action["type"] != "say" for _, action in result.record.actions)
    talker = HttpBot(f"{server[0]}/good", allow_private=True)
    try:
        result = play_refereed("mulligan", {"players": 2}, 3, [talker, RandomBot()])
    finally:
        talker.close()
    assert (0, {"type": "say", "text": "hello"}) in result.record.actions
