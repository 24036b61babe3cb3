from __future__ import annotations

import os

import pytest
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


NEEDS_POSTGRESQL = (
    "needs PostgreSQL (row locks, a database another process can open): set "
    "DATABASE_URL=postgres://postgres@127.0.0.1:5432/mulligan_league, as `make test` does"
)


def require_postgresql(vendor: str, why: str = NEEDS_POSTGRESQL) -> None:
    """Fail, saying why, where a test needs PostgreSQL and the run is on another database."""
    if vendor != "postgresql":
        pytest.fail(f"this test {why}", pytrace=False)


@pytest.fixture
def postgresql_required() -> None:
    """For ``postgres_only`` tests (tests/games/helpers.py)."""
    from django.db import connection

    require_postgresql(connection.vendor)
