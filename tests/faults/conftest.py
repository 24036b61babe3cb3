"""The adversarial suite (``make test-faults``; ``make test`` runs it too): real worker processes on
real PostgreSQL and Redis, killed, cut off and stopped the ways an operator or a crash would.

A worker here is started as ``manage.py serve`` starts one (``worker_command`` with a pool and its
embedded beat, in a process group of its own) on this process's test database and an isolated
Redis key prefix (``tests/e2e/conftest.py``). Its own beat schedule file lives in the test's
temporary folder. Waiting is bounded, never measured: a slow machine only waits longer.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import (
    POLL_INTERVAL,
    REPO_ROOT,
    SETTINGS_MODULE,
    STARTUP_TIMEOUT,
    Broker,
    broker_url,
    other_process_env,
    publishing_to,
)

pytestmark = pytest.mark.faults

# The application name of the worker's PostgreSQL sessions (pg_stat_activity), so a test can end them.
WORKER_APPLICATION = "mulligan-fault-worker"


@dataclass
class Worker:
    """One ``celery worker`` (with pool processes and beat) leading its own process group."""

    process: subprocess.Popen[bytes]
    log_path: Path
    env: dict[str, str] = field(repr=False)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def alive(self) -> bool:
        return self.process.poll() is None

    def group_alive(self) -> bool:
        try:
            os.killpg(self.process.pid, 0)
        except ProcessLookupError:
            return False
        return True

    def kill(self) -> None:
        """SIGKILL to the worker, its pool processes and its beat: a crash, a lost host."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)

    def wait_until_ready(self) -> None:
        deadline = time.monotonic() + STARTUP_TIMEOUT
        while " ready." not in self.log():
            if not self.alive():
                pytest.fail(f"the worker exited with {self.process.returncode}:\n{self.log()}", pytrace=False)
            if time.monotonic() > deadline:
                pytest.fail(
                    f"the worker did not start in {STARTUP_TIMEOUT:.0f} s:\n{self.log()}", pytrace=False
                )
            time.sleep(POLL_INTERVAL)


@dataclass
class Workers:
    """Starts workers on one isolated broker; every one still running is killed after the test."""

    broker: Broker
    folder: Path
    env: dict[str, str]
    started: list[Worker] = field(default_factory=list)

    @property
    def worker_client_name(self) -> str:
        assert self.broker.key_prefix is not None
        return self.broker.key_prefix.rstrip(":") + "-worker"

    def __call__(self, *, concurrency: int = 2, env: Mapping[str, str] | None = None) -> Worker:
        return self.start(concurrency=concurrency, env=env)

    def start(self, *, concurrency: int = 2, env: Mapping[str, str] | None = None) -> Worker:
        from games.management.commands.serve import worker_environment
        from mulligan_league.celery import worker_command

        number = len(self.started)
        options = {**self.broker.transport_options, "client_name": self.worker_client_name}
        command = worker_command(
            name=f"fault-{number}-{os.getpid()}@%h",
            concurrency=concurrency,
            beat=True,
            schedule=self.folder / f"beat-{number}",
            config=[f"broker.transport_options=(json){json.dumps(options)}"],
        )
        log_path = self.folder / f"worker-{number}.log"
        full_env = {**worker_environment(), **self.env, **(env or {})}
        with log_path.open("wb") as log:
            process = subprocess.Popen(
                command,
                cwd=REPO_ROOT,
                env=full_env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                process_group=0,  # as `manage.py serve` starts it
            )
        worker = Worker(process, log_path, full_env)
        self.started.append(worker)
        worker.wait_until_ready()
        return worker


_REPORTS = pytest.StashKey[dict[str, pytest.TestReport]]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[pytest.TestReport]:
    report: pytest.TestReport = yield
    item.stash.setdefault(_REPORTS, {})[report.when] = report
    return report


@pytest.fixture
def workers(django_db_setup: None, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Workers]:
    """``workers(concurrency=2, env={...})`` starts a worker as ``serve`` does; all are killed after."""
    broker = Broker.isolated(broker_url(), tmp_path / "broker")
    if broker.key_prefix is None:
        pytest.fail("the fault tests need Redis (CELERY_BROKER_URL=redis://...)", pytrace=False)
    env = other_process_env()
    env["DATABASE_URL"] += (
        "&" if "?" in env["DATABASE_URL"] else "?"
    ) + f"application_name={WORKER_APPLICATION}"
    pool = Workers(
        broker,
        tmp_path,
        {
            **env,
            "DJANGO_SETTINGS_MODULE": SETTINGS_MODULE,
            "CELERY_BROKER_URL": broker.url,
            "CELERY_TASK_ALWAYS_EAGER": "false",
            "PYTHONUNBUFFERED": "1",
        },
    )
    try:
        with publishing_to(broker):
            yield pool
    finally:
        for worker in pool.started:
            if worker.group_alive() or worker.alive():
                worker.kill()
        if any(report.failed for report in request.node.stash.get(_REPORTS, {}).values()):
            # Printed during teardown: pytest shows it under the failed test.
            for worker in pool.started:
                print(f"---- {worker.log_path} ----\n{worker.log()[-20000:]}")
        broker.clean_up()


def redis_client(url: str) -> Any:
    import redis

    return redis.Redis.from_url(url, socket_connect_timeout=5, socket_timeout=10)
