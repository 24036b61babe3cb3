"""The site served by uvicorn (the ASGI server ``manage.py serve`` and the image run) in a process of
its own, on this test's PostgreSQL database, and a client that reads its event streams as they come.

Tests using it must be ``django_db(transaction=True)``: what they write is committed, so the server
sees it; and their commits announce themselves on Redis (``STREAMS_REDIS_URL``) as the server's do.
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import REPO_ROOT, broker_url, other_process_env

STARTUP_TIMEOUT = 60.0
# A bound on waiting for an event, never a measure: a slow machine only waits longer.
EVENT_TIMEOUT = 30.0
HEARTBEAT_SECONDS = 0.5
HEARTBEAT = "heartbeat"


@dataclass
class LiveAsgi:
    host: str
    port: int
    log_path: Path

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def open(
        self, path: str, *, accept: str, token: str | None = None, last_event_id: int | str | None = None
    ) -> EventReader:
        """GET ``path`` as a stream; the reader of its answer (status and events)."""
        connection = http.client.HTTPConnection(self.host, self.port, timeout=EVENT_TIMEOUT)
        headers = {"Accept": accept}
        if token is not None:
            headers["Authorization"] = f"Token {token}"
        if last_event_id is not None:
            headers["Last-Event-ID"] = str(last_event_id)
        connection.request("GET", path, headers=headers)
        return EventReader(connection, connection.getresponse())

    def request(
        self, method: str, path: str, *, accept: str = "application/json", token: str | None = None
    ) -> tuple[int, Any]:
        connection = http.client.HTTPConnection(self.host, self.port, timeout=EVENT_TIMEOUT)
        headers = {"Accept": accept}
        if token is not None:
            headers["Authorization"] = f"Token {token}"
        try:
            connection.request(method, path, headers=headers)
            response = connection.getresponse()
            raw = response.read()
        finally:
            connection.close()
        try:
            return response.status, json.loads(raw)
        except ValueError:
            return response.status, raw


class EventReader:
    """Reads a stream line by line: ndjson objects, or server-sent events (``id``/``event``/``data``)."""

    def __init__(self, connection: http.client.HTTPConnection, response: http.client.HTTPResponse) -> None:
        self.connection = connection
        self.response = response
        self.status = response.status
        self.content_type = response.getheader("Content-Type", "")
        self.heartbeats = 0

    @property
    def sse(self) -> bool:
        return self.content_type.startswith("text/event-stream")

    def body(self) -> Any:
        return json.loads(self.response.read())

    def next_event(self) -> dict[str, Any] | None:
        """The next event (heartbeats counted and skipped); None when the server ended the stream."""
        while True:
            item = self.next_item()
            if item != HEARTBEAT:
                return item  # type: ignore[return-value]

    def next_item(self) -> dict[str, Any] | str | None:
        """The next event, :data:`HEARTBEAT`, or None when the server ended the stream."""
        while True:
            if self.sse:
                fields: dict[str, str] = {}
                comment = False
                while True:
                    line = self.response.readline()
                    if not line:
                        return None
                    text = line.decode().rstrip("\n")
                    if text == "":
                        break
                    if text.startswith(":"):
                        comment = True
                        continue
                    name, _, value = text.partition(": ")
                    fields[name] = value
                if comment and not fields:
                    self.heartbeats += 1
                    return HEARTBEAT
                if "data" not in fields:
                    continue  # the opening "retry:"
                event: dict[str, Any] = json.loads(fields["data"])
                assert fields["id"] == str(event["id"]) and fields["event"] == event["type"], fields
                return event
            line = self.response.readline()
            if not line:
                return None
            if line == b"\n":
                self.heartbeats += 1
                return HEARTBEAT
            parsed: dict[str, Any] = json.loads(line)
            return parsed

    def events(self, count: int) -> list[dict[str, Any]]:
        found = []
        for _ in range(count):
            event = self.next_event()
            assert event is not None, f"the stream ended after {found}"
            found.append(event)
        return found

    def close(self) -> None:
        self.connection.close()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def live_asgi(
    tmp_path: Path, *, redis: bool = True, settings: dict[str, str] | None = None
) -> Iterator[LiveAsgi]:
    """uvicorn serving the site on a free port; ``redis`` False: the embedded default's streams,
    which read the database every STREAM_POLL_SECONDS (no Redis, a filesystem broker); ``settings``:
    more of the server's environment (e.g. ``WEB_THREADS``)."""
    port = _free_port()
    log_path = tmp_path / "uvicorn.log"
    env = {
        **os.environ,
        **other_process_env(),
        "CELERY_BROKER_URL": "filesystem://localhost/",
        "CELERY_FILESYSTEM_DIR": str(tmp_path / "celery"),
        "STREAMS_REDIS_URL": broker_url() if redis else "",
        "STREAM_HEARTBEAT_SECONDS": str(HEARTBEAT_SECONDS),
        "STREAM_POLL_SECONDS": "0.2",
        "PYTHONUNBUFFERED": "1",
        **(settings or {}),
    }
    command = [
        sys.executable, "-m", "uvicorn", "mulligan_league.asgi:application",
        "--host", "127.0.0.1", "--port", str(port), "--timeout-graceful-shutdown", "2",
    ]  # fmt: skip
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            command, cwd=REPO_ROOT, env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT
        )
    service = LiveAsgi("127.0.0.1", port, log_path)
    try:
        _wait_until_serving(service, process)
        yield service
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=30)


def _wait_until_serving(service: LiveAsgi, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + STARTUP_TIMEOUT
    while True:
        if process.poll() is not None:
            pytest.fail(f"uvicorn exited with status {process.returncode}:\n{service.log()}", pytrace=False)
        try:
            status, _ = service.request("GET", "/api/catalog/")
            if status == 200:
                return
        except OSError:
            pass
        if time.monotonic() > deadline:
            pytest.fail(
                f"uvicorn did not answer within {STARTUP_TIMEOUT:.0f} s:\n{service.log()}", pytrace=False
            )
        time.sleep(0.2)
