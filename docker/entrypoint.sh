#!/usr/bin/env bash
# Entrypoint of the Mulligan League image (web, worker, beat, one-off commands).
#
#   1. waits for PostgreSQL when DATABASE_URL names one (bounded: DB_WAIT_TIMEOUT seconds, default 60;
#      WAIT_FOR_DB=0 skips the wait);
#   2. runs `manage.py migrate` when MIGRATE_ON_START=1 (set it on ONE service only: the web one);
#   3. execs the command (the image's CMD, gunicorn, unless one is given), which so becomes the
#      process that receives the container's signals.
set -euo pipefail

# The project root (/app in the image): manage.py lives there.
APP_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

log() {
    printf 'entrypoint: %s\n' "$*" >&2
}

wait_for_database() {
    # Python, not pg_isready: the image has no PostgreSQL client, and psycopg (a dependency of the
    # project) reads the same URL Django does. The password never reaches the log.
    python - <<'PY'
import os
import sys
import time
from urllib.parse import urlsplit

url = os.environ.get("DATABASE_URL", "")
parts = urlsplit(url)
if parts.scheme not in ("postgres", "postgresql", "pgsql", "postgis"):
    print(f"entrypoint: DATABASE_URL is not PostgreSQL ({parts.scheme or 'unset'}): no wait", file=sys.stderr)
    sys.exit(0)

import psycopg

# django-environ accepts scheme aliases libpq does not: hand libpq the URL it knows.
conninfo = "postgresql" + url[len(parts.scheme):]
where = f"{parts.hostname or 'localhost'}:{parts.port or 5432}{parts.path or ''}"
timeout = float(os.environ.get("DB_WAIT_TIMEOUT", "60"))
deadline = time.monotonic() + timeout
attempt = 0
while True:
    attempt += 1
    try:
        remaining = deadline - time.monotonic()
        psycopg.connect(conninfo, connect_timeout=max(1, min(5, int(remaining) + 1))).close()
    except psycopg.OperationalError as exc:
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        if time.monotonic() >= deadline:
            print(
                f"entrypoint: PostgreSQL at {where} is still unreachable after {timeout:g}s "
                f"({attempt} attempts): {reason}. Check DATABASE_URL and that the database server "
                f"is up; raise DB_WAIT_TIMEOUT to wait longer.",
                file=sys.stderr,
            )
            sys.exit(1)
        if attempt == 1 or attempt % 5 == 0:
            print(f"entrypoint: waiting for PostgreSQL at {where}: {reason}", file=sys.stderr)
        time.sleep(min(2.0, max(0.0, deadline - time.monotonic())))
    else:
        print(f"entrypoint: PostgreSQL at {where} is up", file=sys.stderr)
        sys.exit(0)
PY
}

if [ "$#" -eq 0 ]; then
    log "no command given"
    exit 64
fi

if [ -n "${DATABASE_URL:-}" ] && [ "${WAIT_FOR_DB:-1}" != "0" ]; then
    wait_for_database
fi

if [ "${MIGRATE_ON_START:-0}" = "1" ]; then
    log "applying database migrations (MIGRATE_ON_START=1)"
    python "$APP_DIR/manage.py" migrate --noinput
fi

exec "$@"
