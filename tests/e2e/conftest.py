"""A real Celery worker process for end-to-end tests.

``celery -A mulligan_league worker`` runs as a subprocess with the test settings, ``DATABASE_URL``
naming the test database pytest-django created for this process (``test_<name>``, with a
``_gwN`` suffix under xdist) and the broker from ``CELERY_BROKER_URL`` (the Makefile's Redis when
it is unset). Tests using it must be ``@pytest.mark.django_db(transaction=True)``: what they write
is committed, so the worker sees it, and they see what the worker commits.

Isolation: several test runs may share one Redis database (two CI jobs on one host, say), so each
worker started here gets a Redis key prefix of its own (kombu's ``global_keyprefix``, set on the
worker's command line after ``--``) and this process's Celery app publishes with the same prefix
while the worker runs. Purging the queues first would not do: it would drop another run's tasks,
and that run's worker could still take ours. The prefixed keys are deleted afterwards.
"""

from __future__ import annotations

import json
import os
import subprocess
import time
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

import pytest

from tests.conftest import require_postgresql

REPO_ROOT = Path(__file__).resolve().parents[2]
# What `make pytest` gives the suite when CELERY_BROKER_URL is not set.
DEFAULT_BROKER_URL = "redis://127.0.0.1:6379/15"
SETTINGS_MODULE = "mulligan_league.settings.test"
# Bounds on waiting, never assertions on speed: a slow machine only waits longer.
GAME_TIMEOUT = 120.0
STARTUP_TIMEOUT = 60.0
STOP_TIMEOUT = 20.0
POLL_INTERVAL = 0.2


def worker_database_url(settings_dict: Mapping[str, Any]) -> str:
    """A ``DATABASE_URL`` (django-environ) for the database ``settings_dict`` names: the test database."""
    if "postgresql" not in settings_dict["ENGINE"]:
        require_postgresql("sqlite", "needs a database a worker process can open too")
    user = quote(str(settings_dict.get("USER") or ""), safe="")
    password = str(settings_dict.get("PASSWORD") or "")
    credentials = user + (f":{quote(password, safe='')}" if password else "")
    netloc = (f"{credentials}@" if credentials else "") + quote(str(settings_dict.get("HOST") or ""), safe="")
    if settings_dict.get("PORT"):
        netloc += f":{settings_dict['PORT']}"
    options = {
        key: value
        for key, value in (settings_dict.get("OPTIONS") or {}).items()
        if isinstance(value, str | int | float)
    }
    query = f"?{urlencode(options)}" if options else ""
    return f"postgres://{netloc}/{quote(str(settings_dict['NAME']), safe='')}{query}"


def broker_url() -> str:
    return os.environ.get("CELERY_BROKER_URL") or DEFAULT_BROKER_URL


@dataclass
class Broker:
    """Where one worker and this process meet: URL, transport options, and the worker's extra config."""

    url: str
    transport_options: dict[str, Any] = field(default_factory=dict)
    worker_config: list[str] = field(default_factory=list)
    worker_env: dict[str, str] = field(default_factory=dict)
    key_prefix: str | None = None

    @classmethod
    def isolated(cls, url: str, folder: Path) -> Broker:
        """The broker at ``url``, kept apart from other runs' tasks. Fails when Redis is down.

        Redis: a fresh key prefix. Filesystem: ``folder`` instead of ``CELERY_FILESYSTEM_DIR``
        (this process's options are the settings' with that folder swapped in). Others as given.
        """
        from django.conf import settings

        if url.startswith(("redis://", "rediss://")):
            _require_redis(url)
            prefix = f"mulligan-e2e-{uuid.uuid4().hex[:12]}:"
            # The settings' own options (the visibility timeout) with this run's prefix, and a
            # client name: a test can tell this worker's connections among the server's clients.
            options = {
                **(getattr(settings, "CELERY_BROKER_TRANSPORT_OPTIONS", None) or {}),
                "global_keyprefix": prefix,
                "client_name": prefix.rstrip(":"),
            }
            return cls(
                url,
                transport_options=options,
                worker_config=[f"broker.transport_options=(json){json.dumps(options)}"],
                key_prefix=prefix,
            )
        options = dict(getattr(settings, "CELERY_BROKER_TRANSPORT_OPTIONS", None) or {})
        if not url.startswith("filesystem://"):
            return cls(url, transport_options=options)
        configured = str(settings.CELERY_FILESYSTEM_DIR)
        for key, value in options.items():
            if isinstance(value, str) and value.startswith(configured):
                options[key] = str(folder) + value[len(configured) :]
                Path(options[key]).mkdir(parents=True, exist_ok=True)
        return cls(url, transport_options=options, worker_env={"CELERY_FILESYSTEM_DIR": str(folder)})

    def clean_up(self) -> None:
        if self.key_prefix is None:
            return
        import redis

        client = redis.Redis.from_url(self.url, socket_connect_timeout=5, socket_timeout=10)
        try:
            keys = list(client.scan_iter(match=f"{self.key_prefix}*", count=1000))
            if keys:
                client.delete(*keys)
        finally:
            client.close()


def _require_redis(url: str) -> None:
    import redis

    client = redis.Redis.from_url(url, socket_connect_timeout=5, socket_timeout=5)
    try:
        client.ping()
        problem = None
    except redis.RedisError as exc:
        problem = str(exc)
    finally:
        client.close()
    if problem is not None:
        pytest.fail(
            f"CELERY_BROKER_URL={url} but Redis cannot be reached ({problem}). Start Redis (`make pytest` "
            f"expects it at 127.0.0.1:6379) or point CELERY_BROKER_URL at one.",
            pytrace=False,
        )


def _forget_broker_connections() -> None:
    """The next publish connects with the current broker settings (what Celery does after a fork)."""
    from mulligan_league.celery import app

    app._pool = None
    app.amqp._producer_pool = None


@contextmanager
def publishing_to(broker: Broker) -> Iterator[None]:
    """This process's Celery app publishes to ``broker`` (``game_create``'s on-commit enqueue too).

    Through Django's settings, which the app reads at every access (``config_from_object`` with
    the lazy settings object): writing ``app.conf`` directly would outlive this block in Celery's
    own layer and shadow the settings other tests change (see ``tests/games/conftest.py``).
    """
    from django.test import override_settings

    from mulligan_league.celery import app

    with override_settings(
        CELERY_BROKER_URL=broker.url,
        CELERY_BROKER_TRANSPORT_OPTIONS=broker.transport_options,
        CELERY_TASK_ALWAYS_EAGER=False,
    ):
        if app.conf.task_always_eager or app.conf.broker_transport_options != broker.transport_options:
            pytest.fail("the Celery app does not follow Django's settings (see tests/games/conftest.py)")
        _forget_broker_connections()
        try:
            yield
        finally:
            pool = app._pool
            if pool is not None:
                pool.force_close_all()
            _forget_broker_connections()


@dataclass
class CeleryWorker:
    """One ``celery worker`` subprocess, its environment and its log file."""

    process: subprocess.Popen[bytes]
    env: dict[str, str] = field(repr=False)
    log_path: Path

    def log(self, since: int = 0) -> str:
        with self.log_path.open("rb") as log:
            log.seek(since)
            return log.read().decode(errors="replace")

    def log_size(self) -> int:
        return self.log_path.stat().st_size

    def check_alive(self) -> None:
        code = self.process.poll()
        if code is not None:
            pytest.fail(f"the Celery worker exited with status {code}; its log:\n{self.log()}", pytrace=False)

    def wait_until(self, condition: Callable[[], bool], describe: Callable[[], str], timeout: float) -> None:
        """Poll ``condition`` until it holds; fail (with the worker's log) if the worker dies or time runs out."""
        deadline = time.monotonic() + timeout
        while not condition():
            self.check_alive()
            if time.monotonic() > deadline:
                pytest.fail(
                    f"gave up after {timeout:.0f} s waiting for {describe()}; the worker's log:\n{self.log()}",
                    pytrace=False,
                )
            time.sleep(POLL_INTERVAL)

    def wait_until_ready(self) -> None:
        self.wait_until(lambda: " ready." in self.log(), lambda: "the worker to start", STARTUP_TIMEOUT)

    def wait_for_log(self, text: str, *, since: int = 0, timeout: float = GAME_TIMEOUT) -> None:
        self.wait_until(lambda: text in self.log(since), lambda: f"{text!r} in the worker's log", timeout)

    def wait_for_games(self, game_pks: Iterable[int], timeout: float = GAME_TIMEOUT) -> None:
        """Wait until every game is finished (reading what the worker committed)."""
        from games.models import Game, GameStatus

        pks = set(game_pks)

        def finished() -> bool:
            return Game.objects.filter(pk__in=pks, status=GameStatus.FINISHED).count() == len(pks)

        def describe() -> str:
            states = dict(Game.objects.filter(pk__in=pks).values_list("pk", "status"))
            return f"games to finish: {states}"

        self.wait_until(finished, describe, timeout)

    def stop(self) -> None:
        """SIGTERM (a warm shutdown: the running task ends first), then SIGKILL if it hangs."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=STOP_TIMEOUT)


def start_worker(
    *, env: Mapping[str, str], log_path: Path, worker_config: Sequence[str] = ()
) -> CeleryWorker:
    """``celery -A mulligan_league worker`` on every queue, one task at a time (``-P solo``)."""
    full_env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": SETTINGS_MODULE,
        "CELERY_TASK_ALWAYS_EAGER": "false",
        "PYTHONUNBUFFERED": "1",
        **env,
    }
    from mulligan_league.celery import worker_command

    command = worker_command(
        name=f"e2e-{uuid.uuid4().hex[:8]}@%h", pool="solo", quiet=True, config=worker_config
    )
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            command,
            cwd=REPO_ROOT,
            env=full_env,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    return CeleryWorker(process=process, env=full_env, log_path=log_path)


def other_process_env() -> dict[str, str]:
    """Settings for another process (a worker, a producer) on this process's test database."""
    from django.db import connections

    return {
        "DJANGO_SETTINGS_MODULE": SETTINGS_MODULE,
        "DATABASE_URL": worker_database_url(connections["default"].settings_dict),
    }


# -- Showing the worker's log when a test fails ---------------------------------------------------

_REPORTS = pytest.StashKey[dict[str, pytest.TestReport]]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[pytest.TestReport]:
    report: pytest.TestReport = yield
    item.stash.setdefault(_REPORTS, {})[report.when] = report
    return report


def _test_failed(request: pytest.FixtureRequest) -> bool:
    reports = request.node.stash.get(_REPORTS, {})
    return any(report.failed for report in reports.values())


def _dump_log(request: pytest.FixtureRequest, worker: CeleryWorker, since: int) -> None:
    if _test_failed(request):
        # Printed during teardown: pytest shows it under the failed test ("Captured stdout teardown").
        print(f"---- Celery worker log ({worker.log_path}) ----\n{worker.log(since)}")


# -- Fixtures -------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def celery_worker_process(
    django_db_setup: None, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[CeleryWorker]:
    """One worker for a module's tests, on the test database and CELERY_BROKER_URL (isolated)."""
    env = other_process_env()
    folder = tmp_path_factory.mktemp("celery-worker")
    broker = Broker.isolated(broker_url(), folder / "broker")
    worker = start_worker(
        env={**env, "CELERY_BROKER_URL": broker.url, **broker.worker_env},
        log_path=folder / "worker.log",
        worker_config=broker.worker_config,
    )
    try:
        with publishing_to(broker):
            worker.wait_until_ready()
            yield worker
    finally:
        worker.stop()
        broker.clean_up()


@pytest.fixture
def celery_worker(
    celery_worker_process: CeleryWorker, request: pytest.FixtureRequest
) -> Iterator[CeleryWorker]:
    """The module's worker; its log of this test is printed if the test fails."""
    since = celery_worker_process.log_size()
    yield celery_worker_process
    _dump_log(request, celery_worker_process, since)
    celery_worker_process.check_alive()


@pytest.fixture
def start_celery_worker(
    django_db_setup: None, tmp_path: Path, request: pytest.FixtureRequest
) -> Iterator[Callable[[Mapping[str, str]], CeleryWorker]]:
    """Start workers of one's own (``env`` on top of the test database's settings); stopped after the test."""
    workers: list[CeleryWorker] = []

    def start(env: Mapping[str, str]) -> CeleryWorker:
        log_path = tmp_path / f"worker-{len(workers)}.log"
        worker = start_worker(env={**other_process_env(), **env}, log_path=log_path)
        workers.append(worker)
        worker.wait_until_ready()
        return worker

    yield start
    for worker in workers:
        worker.stop()
        _dump_log(request, worker, 0)
