"""``manage.py serve`` (``make run``) as real processes: the web server, a Celery worker, its pool
and its embedded beat. SIGTERM or SIGINT to the command's process group stops every one of them.

Each run has its own SQLite file and filesystem broker in a temporary folder (no database is
needed to start; the worker's periodic tasks simply fail on the empty file)."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings

START_TIMEOUT = 90.0  # a loaded machine starts Django and Celery slowly: bounded, not a measure
STOP_TIMEOUT = 10.0
# serve, the worker, its one pool process and the embedded beat.
PROCESSES_WHEN_UP = 4


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def session_processes(sid: int) -> list[str]:
    """The live processes of this session (zombies are dead already), as "pid name" strings."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue  # exited meanwhile
        name = stat[stat.index("(") + 1 : stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2 :].split()
        state, session = fields[0], int(fields[3])
        if session == sid and state != "Z":
            found.append(f"{entry.name} {name}")
    return found


def answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


def group_gone(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return True
    return False


class Served:
    def __init__(self, process: subprocess.Popen[bytes], log: Path, port: int) -> None:
        self.process, self.log, self.port = process, log, port

    def output(self) -> str:
        return self.log.read_text(errors="replace")[-6000:]

    def wait_until_up(self) -> None:
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                pytest.fail(f"serve exited with {self.process.returncode} while starting:\n{self.output()}")
            if answers(self.port) and len(session_processes(self.process.pid)) >= PROCESSES_WHEN_UP:
                return
            time.sleep(0.2)
        pytest.fail(
            f"serve did not answer on port {self.port} with its worker, pool and beat up within "
            f"{START_TIMEOUT:.0f} s; its processes: {session_processes(self.process.pid)}\n{self.output()}"
        )


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    env = {
        **{key: value for key, value in os.environ.items() if not key.startswith(("DJANGO_", "CELERY_"))},
        "DJANGO_SETTINGS_MODULE": "mulligan_league.settings.local",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "CELERY_BROKER_URL": "filesystem://localhost/",
        "CELERY_FILESYSTEM_DIR": str(tmp_path / "celery"),
        "PYTHONPATH": str(settings.BASE_DIR),
        "PYTHONUNBUFFERED": "1",
    }
    port = free_port()
    log = tmp_path / "serve.log"
    with log.open("wb") as sink:
        process = subprocess.Popen(
            [sys.executable, "manage.py", "serve", f"127.0.0.1:{port}", "--concurrency", "1"],
            cwd=settings.BASE_DIR,
            env=env,
            stdout=sink,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        yield Served(process, log, port)
    finally:
        # Whatever a failed test left behind: every process of the session, whatever its group.
        for line in session_processes(process.pid):
            with contextlib.suppress(ProcessLookupError):
                os.kill(int(line.split()[0]), signal.SIGKILL)
        process.wait(timeout=30)


@pytest.mark.parametrize("to_group", [True, False], ids=["to-its-group", "to-serve-alone"])
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_signal_to_serve_stops_the_web_server_worker_pool_and_beat(
    served: Served, signum: int, to_group: bool
) -> None:
    """To its process group as a terminal's Ctrl-C or a supervisor does; to serve alone as `kill`."""
    served.wait_until_up()
    pgid = served.process.pid  # start_new_session: serve leads its session and its group
    if to_group:
        os.killpg(pgid, signum)
    else:
        os.kill(served.process.pid, signum)
    deadline = time.monotonic() + STOP_TIMEOUT
    while time.monotonic() < deadline:
        served.process.poll()  # reap serve itself: its zombie would keep the group alive
        if group_gone(pgid) and not session_processes(pgid):
            break
        time.sleep(0.2)
    left = session_processes(pgid)
    assert group_gone(pgid) and not left, (
        f"{signal.Signals(signum).name}: still running {STOP_TIMEOUT:.0f} s later: {left}\n{served.output()}"
    )
    assert not answers(served.port), "the web server still answers"
