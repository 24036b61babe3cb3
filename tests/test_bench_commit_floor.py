"""bench/api.py's commit floor: one connection's update-and-commit of the write floor's row, waiting
for the disk and not; every timed commit is a real, committed update."""

from __future__ import annotations

import pytest
from django.db import connection
from psycopg.conninfo import make_conninfo

from bench.api_commit import commit_floor, ratio_bound
from bench.api_site.floor_tables import make_tables

pytestmark = pytest.mark.usefixtures("postgresql_required")  # fails, saying why, on another database


def _version() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT version FROM bench_floor_row WHERE id = 0")
        return cursor.fetchone()[0]


@pytest.mark.django_db(transaction=True)  # the floor commits from its own connection
def test_each_timed_commit_updates_the_row_once() -> None:
    with connection.cursor() as cursor:
        make_tables(cursor)
    settings = connection.settings_dict
    url = make_conninfo(
        dbname=settings["NAME"],
        user=settings["USER"],
        password=settings["PASSWORD"] or None,
        host=settings["HOST"],
        port=settings["PORT"] or None,
    )
    before = _version()
    line = commit_floor(url, 0.2)
    durable, not_waiting = line["durable"], line["not_waiting_for_the_disk"]
    assert _version() - before == durable["commits"] + not_waiting["commits"]
    for figures in (durable, not_waiting):
        assert figures["commits"] > 0 and figures["commits_per_s"] > 0
        assert 0 < figures["p50_ms"] <= figures["p99_ms"]


def test_the_bound_adds_one_commit_to_the_bare_request() -> None:
    # A bare request of 1 ms and a commit of 1 ms: the request that commits takes 2 ms, half the rate.
    assert ratio_bound(1000.0, 0.001) == 0.5
    # A commit of 3 ms on a bare request of 1 ms leaves a quarter.
    assert ratio_bound(1000.0, 0.003) == 0.25
