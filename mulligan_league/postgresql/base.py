"""Django's PostgreSQL backend, whose per-request health check asks the socket before the server.

With ``CONN_HEALTH_CHECKS`` Django sends ``SELECT 1`` before the first query of every request on a
kept connection: a round trip per read, about as much as a small page's own query. A connection
the server has ended (PostgreSQL restarted or stopped, the backend terminated, an idle timeout)
has had an error message and an end of file sent to it, so its socket reads as ready; an idle,
healthy connection has nothing to read. So the socket is polled first (no wait, no traffic), and
the full ``SELECT 1`` runs only when something arrived or psycopg already knows it is closed.
What a poll cannot see is a server that vanished without a word (its host cut off): there the
first query fails as ``SELECT 1`` would, and Django drops the connection at the end of that request.
"""

from __future__ import annotations

import select
from typing import Any

from django.db.backends.postgresql import base


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


class DatabaseWrapper(base.DatabaseWrapper):
    def close_if_health_check_failed(self) -> None:
        if self.connection is None or not self.health_check_enabled or self.health_check_done or self.pool:
            return
        if server_spoke(self.connection) and not self.is_usable():
            self.close()
        self.health_check_done = True
