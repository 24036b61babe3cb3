"""Django's PostgreSQL backend, with three costs of every read taken out.

The health check. With ``CONN_HEALTH_CHECKS`` Django sends ``SELECT 1`` before the first query of
every request on a kept connection: a round trip per read, about as much as a small page's own
query. A connection the server has ended (PostgreSQL restarted or stopped, the backend terminated,
an idle timeout) has had an error message and an end of file sent to it, so its socket reads as
ready; an idle, healthy connection has nothing to read. So the socket is polled first (no wait, no
traffic), and the full ``SELECT 1`` runs only when something arrived or psycopg already knows the
connection is closed. What a poll cannot see is a server that vanished without a word (its host cut
off): there the first query fails as ``SELECT 1`` would, and Django drops the connection at the end
of that request.

Reading times. Django reads ``timestamptz`` columns with a loader built on psycopg's pure-Python
one (to set the zone it wants), about a fifth of a games page's CPU for its 50 ``created_at``.
Django sets the session's zone to its own on every new connection, and where that is UTC,
psycopg's own C loader (psycopg-binary's) gives the same values with the same ``timezone.utc``
(it reads the session's zone, and psycopg names UTC so), ~0.14 µs a value against ~1.2 for the
loader below and more for Django's. Elsewhere (another zone, or psycopg without its C part),
``UtcTzLoader`` reads ``2026-11-25 13:30:24.197212+00`` with ``datetime.fromisoformat`` in C and
hands any other form (another zone's offset, a year past 9999 or before Christ, infinity) to
Django's loader. tests/test_postgresql_backend.py holds the loader in use to Django's.

Planning. Django binds values into the statement's text, so PostgreSQL plans every statement anew;
for the ladder's page that took more of its CPU than running it. ``prepared_cursor`` (through
``mulligan_league.statements``) binds on the server, and a statement that repeats is prepared and
planned once per connection. tests/test_prepared_statements.py.
"""

from __future__ import annotations

import functools
import select
from datetime import UTC, datetime, tzinfo
from typing import Any

import psycopg
from django.db.backends.postgresql import base
from django.db.backends.postgresql.psycopg_any import BaseTzLoader
from psycopg import adapt
from psycopg.pq import Format

TIMESTAMPTZ_OID = 1184  # pg_type.oid of timestamptz


def server_spoke(connection: Any) -> bool:
    """Whether an idle connection has something to read (an error, its end) or is known closed."""
    if connection.closed or connection.broken:
        return True
    try:
        poller = select.poll()
        poller.register(connection.fileno(), select.POLLIN)
        return bool(poller.poll(0))
    except (OSError, ValueError):  # no socket left to ask: let the full check decide
        return True


class UtcTzLoader(BaseTzLoader):
    """Django's timestamptz loader (its class, so Django sees its zone), reading UTC text in C."""

    def load(self, data: Any) -> datetime:
        text = bytes(data)
        # "YYYY-MM-DD HH:MM:SS[.ffffff]+00": four-digit years only, UTC only.
        if 22 <= len(text) <= 29 and text[4:5] == b"-" and text[10:11] == b" " and text.endswith(b"+00"):
            try:
                return datetime.fromisoformat(text.decode()).replace(tzinfo=self.timezone)
            except ValueError:
                pass
        loaded: datetime = super().load(data)
        return loaded


@functools.cache
def psycopg_c_loader() -> type | None:
    """psycopg's own timestamptz loader where it is written in C (psycopg-binary's), else None."""
    loader = psycopg.adapters.get_loader(TIMESTAMPTZ_OID, Format.TEXT)
    return loader if loader is not None and loader.__module__.startswith("psycopg_binary") else None


@functools.cache
def adapters_with_utc_loader(template: adapt.AdaptersMap, zone: tzinfo | None) -> adapt.AdaptersMap:
    """Django's adapters for the connection (one map per zone, as Django keeps it), with the loader above."""
    adapters = adapt.AdaptersMap(template)
    loader = type("UtcTzLoader", (UtcTzLoader,), {"timezone": zone})
    adapters.register_loader("timestamptz", loader)
    return adapters


# How many runs of one statement on a connection before PostgreSQL is asked to prepare it (psycopg's
# own default): a statement run once or twice (a deep page's literal offset) is never prepared.
PREPARE_THRESHOLD = 5


class DatabaseOperations(base.DatabaseOperations):
    def last_executed_query(self, cursor: Any, sql: str, params: Any) -> str | None:
        # Django reads what a client-binding cursor sent; a server-binding one sent "$1", so the
        # query is logged with its values as Django composes them where it binds on the server.
        if isinstance(cursor, psycopg.ClientCursor) or params is None:
            found: str | None = super().last_executed_query(cursor, sql, params)
            return found
        try:
            return str(self.compose_sql(sql, params))
        except psycopg.DataError:
            return None


class DatabaseWrapper(base.DatabaseWrapper):
    ops_class = DatabaseOperations
    # Set only while prepared_cursor() asks Django for its cursor; a DatabaseWrapper is one thread's.
    _server_binding_next = False

    def prepared_cursor(self) -> Any:
        """Django's cursor (its health check, its wrapper that logs and counts queries), binding
        parameters on the server, so that a statement run on this connection ``PREPARE_THRESHOLD``
        times is prepared: PostgreSQL then plans it once, not on every run. Planning the ladder's
        page took more of the server's CPU than running it (0.3 of 0.55 ms). Django keeps its own
        queries on client-side binding, which prepares nothing; this is for the hand-written SQL of
        the reads and a move's writes, written to bind on either side. ``PREPARED_STATEMENTS``
        false in the database's settings (a pooler without prepared statements) gives Django's."""
        if not self.settings_dict.get("PREPARED_STATEMENTS", True):
            return self.cursor()
        self._server_binding_next = True
        try:
            return self.cursor()
        finally:
            self._server_binding_next = False

    def create_cursor(self, name: str | None = None) -> Any:
        if self._server_binding_next and not name and self.connection is not None:
            # Django's own steps (the zone's loader) on psycopg's server-binding cursor class.
            raw = self.connection
            raw.prepare_threshold = PREPARE_THRESHOLD  # Django connects with None: never prepare
            factory, raw.cursor_factory = raw.cursor_factory, base.ServerBindingCursor
            try:
                cursor = super().create_cursor(name)
            finally:
                raw.cursor_factory = factory
        else:
            cursor = super().create_cursor(name)
        # On the cursor, not the connection: Django asks the connection's loader for its
        # ``timezone`` on every cursor, which the C class cannot be given (~1 µs a cursor).
        c_loader = psycopg_c_loader() if self.timezone is UTC else None
        if c_loader is not None:
            cursor.adapters.register_loader(TIMESTAMPTZ_OID, c_loader)
        return cursor

    def get_connection_params(self) -> dict[str, Any]:
        params: dict[str, Any] = super().get_connection_params()
        if "context" in params:
            params["context"] = adapters_with_utc_loader(params["context"], self.timezone)
        return params

    def close_if_health_check_failed(self) -> None:
        if self.connection is None or not self.health_check_enabled or self.health_check_done or self.pool:
            return
        if server_spoke(self.connection) and not self.is_usable():
            self.close()
        self.health_check_done = True
