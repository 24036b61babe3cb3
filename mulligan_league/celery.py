"""The Celery app. Workers: ``celery -A mulligan_league worker -Q bots,deadlines,ratings,default``."""

from __future__ import annotations

import os

from celery import Celery

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
