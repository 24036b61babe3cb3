from __future__ import annotations

import atexit
import signal
import subprocess
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser

from mulligan_league.celery import worker_command


class Command(BaseCommand):
    help = "Web server and a Celery worker together, for one machine (development and try-outs)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("addrport", nargs="?", default="127.0.0.1:8000")
        parser.add_argument("--concurrency", type=int, default=2, help="worker processes")

    def handle(self, *args: Any, **options: Any) -> None:
        command = worker_command(concurrency=options["concurrency"], beat=True)
        self.stdout.write(
            f"starting a Celery worker on {settings.CELERY_BROKER_URL.split('@')[-1]}: queues {', '.join(settings.WORKER_QUEUES)}"
        )
        worker = subprocess.Popen(command)

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
