"""The cursor for the project's hand-written SQL: on PostgreSQL one whose statements the server
prepares once they repeat (``mulligan_league.postgresql``'s ``prepared_cursor``), elsewhere Django's.

SQL run through it binds its parameters on the server, where a parameter is a value and never part
of the statement's text, and a prepared statement is planned once for every value bound to it
(PostgreSQL's generic plan, after five runs planned for their values). So it must be written for
that:

- a ``LIMIT`` or ``OFFSET`` is written into the text (an int, checked by the caller): a plan made
  for any limit is a poor one;
- a value picking among a few of very different frequency (a status, a game) is written into the
  text too (``games.selectors.lists.sql_literal``): a plan made for a million finished games
  scans them all to find no aborted one. Only keys (ids, a cursor's position) are bound;
- a parameter needs a type PostgreSQL can infer from where it stands (a comparison with a column,
  or a cast such as ``%s::jsonb``).

So it is asked for statement by statement (``games.selectors.lists.fetch(..., prepared=True)``, a
``SqlList``'s ``prepared``, the bulk writes of ``games.services.bulk``), never by default.
"""

from __future__ import annotations

from typing import Any

from django.db import connection


def statement_cursor() -> Any:
    """A cursor for hand-written SQL (a context manager, as ``connection.cursor()``)."""
    prepared = getattr(connection, "prepared_cursor", None)
    return prepared() if prepared is not None else connection.cursor()
