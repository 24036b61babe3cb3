"""The service as production runs it, for the load tests: gunicorn's uvicorn workers (the ASGI
application, other requests than the event streams in ``THREADS`` threads each) in processes of their own, on this test's PostgreSQL database, spoken to over HTTP by many client threads.

Tests using it must be ``django_db(transaction=True)``: what they write is committed, so the server
sees it, and they see what it commits. The server publishes its tasks (turn notifications) to a
filesystem broker in a folder of the test's own, which nothing consumes and which goes with the test.
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

from tests.e2e.conftest import REPO_ROOT, other_process_env

WORKERS = 2  # this machine's cores
THREADS = 4  # per worker, as the image (WEB_THREADS); 8 database connections in all, and the pool's
STARTUP_TIMEOUT = 60.0
REQUEST_TIMEOUT = 60.0


@dataclass
class LiveService:
    host: str
    port: int
    log_path: Path

    def connection(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection(self.host, self.port, timeout=REQUEST_TIMEOUT)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def live_service(tmp_path: Path) -> Iterator[LiveService]:
    """gunicorn (``WORKERS`` x ``THREADS``) serving the site on a free port of 127.0.0.1."""
    port = _free_port()
    log_path = tmp_path / "gunicorn.log"
    env = {
        **os.environ,
        **other_process_env(),
        "CELERY_BROKER_URL": "filesystem://localhost/",
        "CELERY_FILESYSTEM_DIR": str(tmp_path / "celery"),
        "CELERY_TASK_ALWAYS_EAGER": "false",
        "WEB_CONCURRENCY": str(WORKERS),
        "WEB_THREADS": str(THREADS),
        "PYTHONUNBUFFERED": "1",
    }
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "--config",
        str(REPO_ROOT / "docker" / "gunicorn.conf.py"),
        "--bind",
        f"127.0.0.1:{port}",
        "--backlog",
        "512",
        # Client threads keep their connections; none is closed under them while they think.
        "--keep-alive",
        "120",
        "mulligan_league.asgi:application",
    ]
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            command, cwd=REPO_ROOT, env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT
        )
    service = LiveService("127.0.0.1", port, log_path)
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


def _wait_until_serving(service: LiveService, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + STARTUP_TIMEOUT
    while True:
        if process.poll() is not None:
            pytest.fail(f"gunicorn exited with status {process.returncode}:\n{service.log()}", pytrace=False)
        try:
            status, _ = request(service.connection(), "GET", "/api/catalog/")
            if status == 200:
                return
        except OSError:
            pass
        if time.monotonic() > deadline:
            pytest.fail(
                f"gunicorn did not answer within {STARTUP_TIMEOUT:.0f} s:\n{service.log()}", pytrace=False
            )
        time.sleep(0.2)


def request(
    connection: http.client.HTTPConnection,
    method: str,
    path: str,
    *,
    token: str | None = None,
    body: Any = None,
) -> tuple[int, Any]:
    """One request on a kept-alive connection: the status and the JSON answer (None if not JSON)."""
    headers = {"Accept": "application/json"}
    if token is not None:
        headers["Authorization"] = f"Token {token}"
    payload = None
    if body is not None:
        payload = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    connection.request(method, path, body=payload, headers=headers)
    response = connection.getresponse()
    raw = response.read()
    try:
        return response.status, json.loads(raw)
    except ValueError:
        return response.status, None
