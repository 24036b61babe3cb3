"""bench/api.py counts PostgreSQL's CPU beside its server's: every postgres process on the machine."""

from __future__ import annotations

import pytest
from django.db import connection

from bench.api_load import database_cpu_seconds, database_cpu_since

pytestmark = pytest.mark.usefixtures("postgresql_required")  # fails, saying why, on another database


@pytest.mark.django_db
def test_work_done_by_the_database_shows_in_its_cpu() -> None:
    before = database_cpu_seconds()
    with connection.cursor() as cursor:
        # Some hundreds of ms of the backend's CPU: many clock ticks, however fast the machine.
        cursor.execute("SELECT count(*) FROM generate_series(1, 5000000) AS n WHERE n > 3")
        assert cursor.fetchone()[0] > 0
    assert database_cpu_since(before) > 0
    backend = connection.connection.info.backend_pid
    assert backend in before and backend in database_cpu_seconds()  # the test's own backend is counted

