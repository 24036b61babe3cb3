from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

# CI runs the same examples every time (a red build must be reproducible); locally hypothesis
# explores freely.
settings.register_profile(
    "ci", derandomize=True, max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def _require_database_server() -> None:
    """Fail the run at once, and say why, when the configured database server cannot be reached."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        return
    import psycopg

    try:
        # The server's own "postgres" database: the test database does not exist yet.
        psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", connect_timeout=5).close()
    except psycopg.OperationalError as exc:
        raise SystemExit(
            f"DATABASE_URL={url} but PostgreSQL cannot be reached ({exc}). Start it, or unset "
            f"DATABASE_URL to run on SQLite."
        ) from None


_require_database_server()
