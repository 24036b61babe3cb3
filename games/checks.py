"""System checks (``manage.py check``, and before ``runserver``, ``migrate``, ``serve``)."""

from __future__ import annotations

from typing import Any

from django.core.checks import CheckMessage, Error, register

# kombu's own default, when the settings give none.
REDIS_DEFAULT_VISIBILITY_TIMEOUT = 3600


@register("celery")
def visibility_timeout_covers_every_task(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """On Redis, an unacknowledged task goes to another worker after the visibility timeout: a task
    allowed to run longer than that would be run twice at once."""
    from mulligan_league.celery import app

    if not str(app.conf.broker_url or "").startswith(("redis://", "rediss://", "sentinel://")):
        return []
    options = app.conf.broker_transport_options or {}
    timeout = float(options.get("visibility_timeout", REDIS_DEFAULT_VISIBILITY_TIMEOUT))
    errors: list[CheckMessage] = []
    for name, task in sorted(app.tasks.items()):
        limit = task.time_limit or app.conf.task_time_limit
        if name.startswith("games.") and limit and limit >= timeout:
            errors.append(
                Error(
                    f"task {name} may run {limit} s, not less than Redis's visibility timeout "
                    f"({timeout:.0f} s): a second worker would start it while the first still runs it",
                    hint="raise CELERY_VISIBILITY_TIMEOUT above the longest task time limit",
                    id="games.E001",
                )
            )
    return errors
