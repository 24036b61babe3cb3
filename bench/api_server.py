"""The server under test: gunicorn as in the image (docker/gunicorn.conf.py: a uvicorn worker serving
the ASGI application, which runs every request but the event streams in WEB_THREADS threads), one
worker (or ``workers``) with ``WEB_THREADS`` threads (4, as the image, unless given), on a free loopback port, serving bench/api_site (the production settings plus the
bare view), with real Redis for the cache and the Celery broker."""

from __future__ import annotations

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

from api_load import fetch

IMAGE_WEB_THREADS = 4  # docker/gunicorn.conf.py's WEB_THREADS default (mulligan_league/settings/base.py)

SETTINGS = "bench.api_site.settings"
BARE_PATH = "/bench/bare/"


@dataclass(frozen=True)
class Server:
    host: str
    port: int
    master_pid: int
    worker_pids: tuple[int, ...]

    @property
    def worker_pid(self) -> int:
        """The one worker's pid, for the benches that run one."""
        if len(self.worker_pids) != 1:
            raise RuntimeError(f"{len(self.worker_pids)} workers run, not one")
        return self.worker_pids[0]

    @property
    def authority(self) -> str:
        return f"{self.host}:{self.port}"


def server_env(
    root: Path, database_url: str, redis_url: str, workers: int = 1, threads: int = IMAGE_WEB_THREADS
) -> dict[str, str]:
    """Production's settings module needs a secret and the allowed hosts; moves are not throttled
    (API_MOVE_RATE): the bench measures the move path, not the limit."""
    return dict(
        os.environ,
        PYTHONPATH=str(root),
        DJANGO_SETTINGS_MODULE=SETTINGS,
        DJANGO_SECRET_KEY="bench-only-secret-key-not-for-production-0123456789",
        DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
        DATABASE_URL=database_url,
        CELERY_BROKER_URL=redis_url,
        CACHE_URL=redis_url,
        API_MOVE_RATE="100000000/min",
        LOG_LEVEL="WARNING",
        WEB_CONCURRENCY=str(workers),
        WEB_THREADS=str(threads),
    )


def free_port(host: str) -> int:
    with socket.socket() as probe:
        probe.bind((host, 0))
        return int(probe.getsockname()[1])


def _children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    if int(stat.read().rsplit(")", 1)[1].split()[1]) == pid:
                        found.append(int(entry))
            except OSError:
                continue
    return found


@contextmanager
def running(
    root: Path,
    env: dict[str, str],
    host: str = "127.0.0.1",
    app: str = "mulligan_league.asgi:application",
    extra: tuple[str, ...] = (),
    workers: int = 1,
) -> Iterator[Server]:
    """The image's server with ``workers`` processes; ``app`` and ``extra`` flags (they win over the
    config file) another."""
    port = free_port(host)
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "--config",
        str(root / "docker" / "gunicorn.conf.py"),
        "--workers",
        str(workers),
        "--bind",
        f"{host}:{port}",
        "--log-level",
        "warning",
        "--chdir",
        str(root),
        *extra,
        app,
    ]
    process = subprocess.Popen(command, env=env, cwd=root)
    try:
        give_up = time.monotonic() + 60
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"gunicorn exited with {process.returncode}")
            try:
                status, body = fetch(host, port, BARE_PATH)
                if status == 200:
                    break
                raise RuntimeError(f"the bare view answers {status}: {body[:300]!r}")
            except OSError:
                if time.monotonic() > give_up:
                    raise RuntimeError("gunicorn did not answer within 60 s") from None
                time.sleep(0.2)
        # One worker answering does not mean all of them have started.
        while len(pids := _children(process.pid)) < workers and time.monotonic() < give_up:
            time.sleep(0.2)
        if len(pids) != workers:
            raise RuntimeError(f"expected {workers} gunicorn workers, found {pids}")
        yield Server(host, port, process.pid, tuple(sorted(pids)))
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
