"""``manage.py serve`` (``make run``): the web server (uvicorn, the ASGI server the image runs too, so
the event streams wait without holding a thread) and a Celery worker with its embedded beat,
together, for one machine. SIGTERM or SIGINT (Ctrl-C) stops all of them and leaves no orphan."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from types import FrameType
from typing import Any

import uvicorn
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from mulligan_league.celery import worker_command

# How long the worker gets to stop before it, its pool processes and its beat are killed.
WORKER_STOP_GRACE = 7.0
# Of that, how long a running task gets to finish (Celery's soft shutdown); then it is cancelled and,
# being acks_late and unacknowledged, given back to the broker as the worker closes its connection.
# So a stopped worker finishes its task or returns it (tests/faults/test_worker_stop.py).
WORKER_SOFT_SHUTDOWN = 3.0
# How long uvicorn lets open requests finish when told to stop; then it closes them (an event
# stream never finishes by itself, and its reader reconnects with Last-Event-ID).
WEB_STOP_GRACE = 2


class Command(BaseCommand):
    help = "Web server and a Celery worker (with beat) together, for one machine (development and try-outs)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("addrport", nargs="?", default="127.0.0.1:8000")
        parser.add_argument("--concurrency", type=int, default=2, help="worker processes")

    def handle(self, *args: Any, **options: Any) -> None:
        command = worker_command(concurrency=options["concurrency"], beat=True)
        self.stdout.write(
            f"starting a Celery worker on {settings.CELERY_BROKER_URL.split('@')[-1]}: "
            f"queues {', '.join(settings.WORKER_QUEUES)}"
        )
        # The worker, its pool processes and its embedded beat form a process group of their own:
        # they are stopped together by group, and a Ctrl-C in the terminal reaches this process
        # alone, which stops them once and in order (a worker that sees SIGINT twice cold-stops).
        worker = subprocess.Popen(command, process_group=0, env=worker_environment())
        stopping = False

        def on_signal(signum: int, frame: FrameType | None) -> None:
            nonlocal stopping
            if stopping:  # asked again while stopping: no more waiting
                worker_group_kill(worker.pid)
                return
            stopping = True
            self.stdout.write(f"{signal.Signals(signum).name}: stopping the worker and the web server")
            worker_stop(worker)
            raise SystemExit(128 + signum)

        previous = {signum: signal.signal(signum, on_signal) for signum in (signal.SIGTERM, signal.SIGINT)}
        try:
            # uvicorn handles SIGTERM and SIGINT while it serves: it stops, puts our handler back
            # and raises the signal again, so on_signal then stops the worker.
            host, port = parse_addrport(options["addrport"])
            server = uvicorn.Server(
                uvicorn.Config(
                    "mulligan_league.asgi:application",
                    host=host,
                    port=port,
                    lifespan="off",
                    timeout_graceful_shutdown=WEB_STOP_GRACE,
                )
            )
            self.stdout.write(f"serving http://{host}:{port}/ with uvicorn (ASGI)")
            server.run()
        finally:
            for signum, handler in previous.items():
                signal.signal(signum, handler)
            worker_stop(worker)


def parse_addrport(addrport: str) -> tuple[str, int]:
    """``"127.0.0.1:8000"``, ``"0.0.0.0:80"`` or a port alone (on 127.0.0.1), as runserver took it."""
    host, _, port = addrport.rpartition(":")
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise CommandError(f"{addrport!r}: give a port, or an address and a port (127.0.0.1:8000)")
    return host.strip("[]") or "127.0.0.1", int(port)


def worker_environment() -> dict[str, str]:
    """The worker's environment: a soft shutdown of ``WORKER_SOFT_SHUTDOWN`` seconds, unless the
    environment sets another (``CELERY_WORKER_SOFT_SHUTDOWN_TIMEOUT``)."""
    return {
        **os.environ,
        "CELERY_WORKER_SOFT_SHUTDOWN_TIMEOUT": os.environ.get(
            "CELERY_WORKER_SOFT_SHUTDOWN_TIMEOUT", str(WORKER_SOFT_SHUTDOWN)
        ),
    }


def worker_stop(worker: subprocess.Popen[bytes], grace: float = WORKER_STOP_GRACE) -> None:
    """Stop the worker: SIGQUIT to it alone, Celery's cold shutdown, which first lets the running
    tasks finish for :data:`WORKER_SOFT_SHUTDOWN` seconds (a soft shutdown), then cancels the rest
    and gives them back to the broker; SIGKILL to its whole process group after ``grace``.

    (SIGTERM would be a warm shutdown, which waits for the tasks without end; and a signal to the
    whole group would kill the pool's task at once.) The group can outlive its leader (a pool
    process or beat still exiting), so it is waited for, and killed, as a group; the leader is
    reaped first, and the group is never signalled once empty.
    """
    deadline = time.monotonic() + grace
    if worker.poll() is None:
        worker.send_signal(signal.SIGQUIT)
    try:
        worker.wait(timeout=max(0.0, deadline - time.monotonic()))
    except subprocess.TimeoutExpired:
        worker_group_kill(worker.pid)
        worker.wait()
    while _group_alive(worker.pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    if _group_alive(worker.pid):
        worker_group_kill(worker.pid)


def worker_group_kill(pgid: int) -> None:
    _signal_group(pgid, signal.SIGKILL)


def _signal_group(pgid: int, signum: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(pgid, signum)


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True
