"""The Django project: settings, URLs, the Celery app."""

from mulligan_league.celery import app as celery_app

__all__ = ["celery_app"]
