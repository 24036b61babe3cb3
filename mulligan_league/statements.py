"""The cursor for the project's hand-written SQL: on PostgreSQL one whose statements the server
prepares once they repeat (``mulligan_league.postgresql``'s ``prepared_cursor``), elsewhere Django's.

SQL run through it binds its parameters on the server, where a parameter is a value and never part
of the statement's text. So it must be written for either side: a ``LIMIT`` or ``OFFSET`` is
written into the text (an int, checked by the caller), since a plan made for any limit is a poor
one, and a parameter needs a type PostgreSQL can infer from where it stands (a comparison with a
column, or a cast such as ``%s::jsonb``).
"""

from __future__ import annotations

from typing import Any

from django.db import connection


def statement_cursor() -> Any:
    """A cursor for hand-written SQL (a context manager, as ``connection.cursor()``)."""
    prepared = getattr(connection, "prepared_cursor", None)
    return prepared() if prepared is not None else connection.cursor()
