from __future__ import annotations

import atexit
import signal
import subprocess
import sys
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser

QUEUES = ",".join([settings.QUEUE_BOTS, settings.QUEUE_DEADLINES, settings.QUEUE_RATINGS, "default"])


class Command(BaseCommand):
    help = "Web server and a Celery worker together, for one machine (development and try-outs)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("addrport", nargs="?", default="127.0.0.1:8000")
        parser.add_argument("--concurrency", type=int, default=2, help="worker processes")

    def handle(self, *args: Any, **options: Any) -> None:
        worker_command = [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "mulligan_league",
            "worker",
            "-Q",
            QUEUES,
            "--concurrency",
            str(options["concurrency"]),
            "--loglevel",
            "info",
        ]
        self.stdout.write(
            f"starting a Celery worker on {settings.CELERY_BROKER_URL.split('@')[-1]}: queues {QUEUES}"
        )
        worker = subprocess.Popen(worker_command)

        def stop_worker() -> None:
            if worker.poll() is None:
                worker.send_signal(signal.SIGTERM)
                try:
                    worker.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    worker.kill()

        atexit.register(stop_worker)
        try:
            call_command("runserver", options["addrport"], use_reloader=False)
        finally:
            stop_worker()
