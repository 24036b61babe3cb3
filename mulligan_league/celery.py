"""The Celery app. Workers: ``celery -A mulligan_league worker -Q bots,deadlines,ratings,notifications,default``."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import Any

from celery import Celery
from celery.signals import task_postrun, task_prerun

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mulligan_league.settings.local")

app = Celery("mulligan_league")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.on_after_configure.connect
def _make_filesystem_queue_folders(sender: Celery, **kwargs: object) -> None:
    options = sender.conf.broker_transport_options or {}
    for key in ("data_folder_in", "data_folder_out", "processed_folder", "control_folder"):
        if key in options:
            os.makedirs(options[key], exist_ok=True)


@task_prerun.connect
@task_postrun.connect
def _close_old_connections(sender: Any = None, **kwargs: object) -> None:
    """A worker's database connections follow Django's rules between tasks, as between requests.

    With ``CELERY_DB_REUSE_MAX`` set, Celery's fixup no longer closes them after every task; this
    closes one that is too old (``CONN_MAX_AGE``), left in a transaction or broken (checked again
    with ``CONN_HEALTH_CHECKS``). Not for eager tasks: they run inside the caller's transaction.
    """
    request = getattr(sender, "request", None)
    if getattr(request, "is_eager", False):
        return
    from django.db import close_old_connections

    close_old_connections()


def worker_command(
    *,
    name: str | None = None,
    pool: str | None = None,
    concurrency: int | None = None,
    quiet: bool = False,
    beat: bool = False,
    schedule: str | os.PathLike[str] | None = None,
    config: Sequence[str] = (),
) -> list[str]:
    """The command line of a worker on every named queue, for whatever starts one as a subprocess.

    ``quiet`` leaves out gossip, mingle and heartbeats (single short-lived workers: tests and
    benchmarks); ``beat`` runs the periodic tasks in the same process (one machine only), keeping
    its schedule in ``schedule`` (by default ``var/celerybeat-schedule``); ``config`` is passed
    after ``--`` as Celery's own ``key=value`` settings.
    """
    from django.conf import settings

    command = [sys.executable, "-m", "celery", "-A", "mulligan_league", "worker", "-l", "INFO"]
    command += ["-Q", ",".join(settings.WORKER_QUEUES)]
    if name:
        command += ["-n", name]
    if pool:
        command += ["-P", pool]
    if concurrency and pool != "solo":
        command += ["--concurrency", str(concurrency)]
    if quiet:
        command += ["--without-gossip", "--without-mingle", "--without-heartbeat"]
    if beat:
        # One machine only: the periodic tasks (ladder matchmaking, ...) run inside this worker.
        if schedule is None:
            os.makedirs(settings.VAR_DIR, exist_ok=True)
            schedule = settings.VAR_DIR / "celerybeat-schedule"
        command += ["--beat", "--schedule", os.fspath(schedule)]
    if config:
        command += ["--", *config]
    return command
