"""The PostgreSQL connection's health check (mulligan_league.postgresql): a kept connection the
server ended is replaced before a request's first query, and a healthy one costs no round trip."""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.db import connection, connections

from mulligan_league.postgresql.base import server_spoke

pytestmark = pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's backend only")

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
