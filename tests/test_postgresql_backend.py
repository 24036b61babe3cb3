"""The project's PostgreSQL backend (mulligan_league.postgresql): a kept connection the server
ended is replaced before a request's first query, and a healthy one costs no round trip; times are
read as Django's own loader reads them."""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo

import psycopg
import pytest
from django.db import connection, connections
from django.db.backends.postgresql.psycopg_any import BaseTzLoader
from psycopg.errors import DataError
from psycopg.pq import Format

from mulligan_league.postgresql.base import (
    UtcTzLoader,
    adapters_with_utc_loader,
    psycopg_c_loader,
    server_spoke,
)

TIMESTAMPTZ_OID = 1184  # pg_type.oid of timestamptz

pytestmark = pytest.mark.usefixtures("postgresql_required")  # fails, saying why, on another database

BOUND_SECONDS = 30  # a wait's bound, not a measurement: a slow machine only waits longer


def kept_connection() -> Any:
    """A connection of its own, as a server thread keeps one between requests."""
    wrapper = connections.create_connection("default")
    assert wrapper.settings_dict["CONN_HEALTH_CHECKS"]
    wrapper.ensure_connection()
    return wrapper


def request_starts_then_queries(wrapper: Any) -> int:
    """What a request does: request_started's check of kept connections, then a query."""
    wrapper.close_if_unusable_or_obsolete()
    with wrapper.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        (pid,) = cursor.fetchone()
    return int(pid)


@pytest.mark.django_db
def test_a_connection_whose_backend_was_terminated_is_replaced_before_the_next_query() -> None:
    wrapper = kept_connection()
    try:
        before = request_starts_then_queries(wrapper)
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(%s)", [before])
        give_up = time.monotonic() + BOUND_SECONDS
        while not server_spoke(wrapper.connection):  # the backend's goodbye is on its way
            assert time.monotonic() < give_up, "the terminated backend's socket never became readable"
            time.sleep(0.05)
        after = request_starts_then_queries(wrapper)  # no error: a new connection answers
        assert after != before
        assert not wrapper.errors_occurred
    finally:
        wrapper.close()


@pytest.mark.django_db
def test_a_healthy_kept_connection_is_not_asked_select_1(monkeypatch: pytest.MonkeyPatch) -> None:
    wrapper = kept_connection()
    try:
        first = request_starts_then_queries(wrapper)
        asked: list[bool] = []
        original = wrapper.is_usable
        monkeypatch.setattr(wrapper, "is_usable", lambda: asked.append(True) or original())
        for _ in range(3):
            assert request_starts_then_queries(wrapper) == first  # the same backend, kept
        assert asked == []
    finally:
        wrapper.close()


@pytest.mark.django_db
def test_a_connection_with_something_to_read_gets_the_full_check(monkeypatch: pytest.MonkeyPatch) -> None:
    """A notice or notification waiting on the socket is not an error: SELECT 1 says the connection
    is fine, and it is kept."""
    wrapper, other = kept_connection(), kept_connection()
    try:
        first = request_starts_then_queries(wrapper)
        with wrapper.cursor() as cursor:
            cursor.execute("LISTEN health_check_test")
        with other.cursor() as cursor:  # autocommit: delivered at once (the test's own is in a transaction)
            cursor.execute("NOTIFY health_check_test")
        give_up = time.monotonic() + BOUND_SECONDS
        while not server_spoke(wrapper.connection):
            assert time.monotonic() < give_up, "the notification never arrived"
            time.sleep(0.05)
        asked: list[bool] = []
        original = wrapper.is_usable
        monkeypatch.setattr(wrapper, "is_usable", lambda: asked.append(True) or original())
        assert request_starts_then_queries(wrapper) == first
        assert asked == [True]
    finally:
        wrapper.close()
        other.close()


TIMES = [
    "2026-11-25 13:30:24.197212+00",
    "2026-11-25 13:30:24.19+00",
    "2026-11-25 13:30:24+00",
    "2026-11-25 23:59:59.999999+00",
    "2024-02-29 00:00:00.000001+00",
    "0099-01-01 00:00:00+00",
    "0001-01-01 00:00:00+00",
    "9999-12-31 23:59:59.999999+00",
    "2026-11-25 13:30:24.5+05:30",
    "1911-03-10 00:00:00+00:09:21",
    "0044-03-15 12:00:00+00 BC",
    "10000-01-01 00:00:00+00",
    "infinity",
    "-infinity",
    "2026-13-01 00:00:00+00",
]


def loaded(loader: Any, text: str) -> Any:
    try:
        return repr(loader.load(text.encode()))  # its zone too: aware times of one instant are equal
    except DataError as error:
        return ("DataError", str(error))


@pytest.mark.django_db
def test_times_are_read_as_djangos_loader_reads_them() -> None:
    with connection.cursor() as cursor:
        in_use = cursor.cursor.adapters.get_loader(TIMESTAMPTZ_OID, Format.TEXT)
    # psycopg-binary is installed (pyproject), so, the session's zone being UTC, psycopg's C loader reads
    assert in_use is psycopg_c_loader() is not None
    # the connection's, which Django asks for its zone, and the one of a connection in another zone
    assert issubclass(connection.connection.adapters.get_loader(TIMESTAMPTZ_OID, Format.TEXT), UtcTzLoader)
    zoned = adapters_with_utc_loader(psycopg.adapters, ZoneInfo("Europe/Paris"))
    assert issubclass(zoned.get_loader(TIMESTAMPTZ_OID, Format.TEXT), UtcTzLoader)

    class Djangos(BaseTzLoader):
        timezone = UTC

    class Ours(UtcTzLoader):
        timezone = UTC

    for text in TIMES:
        djangos = loaded(Djangos(TIMESTAMPTZ_OID, connection.connection), text)
        assert loaded(in_use(TIMESTAMPTZ_OID, connection.connection), text) == djangos, text
        assert loaded(Ours(TIMESTAMPTZ_OID, connection.connection), text) == djangos, text


@pytest.mark.django_db
def test_a_stored_time_reads_back_the_same_in_utc() -> None:
    moment = datetime(2026, 11, 25, 13, 30, 24, 197212, tzinfo=UTC)
    with connection.cursor() as cursor:
        cursor.execute("SELECT %s::timestamptz, %s::timestamptz", [moment, moment.replace(microsecond=0)])
        first, second = cursor.fetchone()
    assert (first, second) == (moment, moment.replace(microsecond=0))
    assert first.tzinfo is UTC
