#!/usr/bin/env python
"""Container healthchecks of the Mulligan League image (exit 0: healthy, 1: not).

``healthcheck.py`` (or ``healthcheck.py web``), the image's HEALTHCHECK: GET ``/api/catalog/`` from
the gunicorn inside this container. That endpoint needs no database, so a slow database does not
get web containers restarted. The request carries a Host that ``DJANGO_ALLOWED_HOSTS`` allows,
or Django would answer 400.

``healthcheck.py broker`` (compose uses it for beat): the Celery broker in ``CELERY_BROKER_URL``
accepts a connection, i.e. beat can deliver what it schedules.

Only the standard library for ``web``: no curl or wget in the slim image.
"""

from __future__ import annotations

import os
import sys
import urllib.error
import urllib.request

TIMEOUT_SECONDS = 5.0


def allowed_host() -> str:
    """A Host header Django accepts: the first entry of DJANGO_ALLOWED_HOSTS, made concrete."""
    for entry in os.environ.get("DJANGO_ALLOWED_HOSTS", "").split(","):
        entry = entry.strip()
        if not entry or entry == "*":
            continue
        # ".example.org" allows example.org and its subdomains; "[::1]" stays bracketed.
        return entry.lstrip(".")
    return "localhost"


def check_web() -> str:
    port = os.environ.get("HEALTHCHECK_PORT", "8000")
    path = os.environ.get("HEALTHCHECK_PATH", "/api/catalog/")
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", headers={"Host": allowed_host(), "Accept": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as response:
        return f"GET {path}: HTTP {response.status}"


def check_broker() -> str:
    from kombu import Connection

    url = os.environ.get("CELERY_BROKER_URL", "")
    if not url:
        raise RuntimeError("CELERY_BROKER_URL is not set")
    with Connection(url, connect_timeout=TIMEOUT_SECONDS) as connection:
        connection.ensure_connection(max_retries=1, timeout=TIMEOUT_SECONDS)
        return f"broker {connection.as_uri()} accepts connections"  # as_uri() masks the password


CHECKS = {"web": check_web, "broker": check_broker}


def main(argv: list[str]) -> int:
    name = argv[1] if len(argv) > 1 else "web"
    if name not in CHECKS:
        print(f"unknown check {name!r}; one of: {', '.join(CHECKS)}", file=sys.stderr)
        return 1
    try:
        print(CHECKS[name]())
    except urllib.error.HTTPError as exc:
        print(f"unhealthy: HTTP {exc.code} from {exc.url}", file=sys.stderr)
        return 1
    except Exception as exc:
        print(f"unhealthy: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
