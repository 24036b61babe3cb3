"""How PostgreSQL ran a read: the plan nodes of every statement it sent, and the rows it looked at.

A read that scales is one whose rows looked at stay bounded by what it shows, however large the
tables; the plan says so where a timing could not."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from django.db import connection
from django.test.utils import CaptureQueriesContext


def plans_of(
    read: Callable[[], Any], sent_only: Callable[[str], bool] = lambda sql: True
) -> Iterator[dict[str, Any]]:
    """The plan nodes of every statement ``read`` sends (those ``sent_only`` keeps), as PostgreSQL
    ran them."""
    with CaptureQueriesContext(connection) as sent:
        read()
    statements = [query["sql"] for query in sent.captured_queries if sent_only(query["sql"])]
    assert statements, "the read sent no such statement"
    for sql in statements:
        with connection.cursor() as cursor:
            cursor.execute(f"EXPLAIN (ANALYZE, FORMAT JSON) {sql}")
            (document,) = cursor.fetchone()
        yield from _nodes(document[0]["Plan"])


def _nodes(node: dict[str, Any]) -> Iterator[dict[str, Any]]:
    yield node
    for child in node.get("Plans", ()):
        yield from _nodes(child)


def rows_read(
    read: Callable[[], Any], table: str, sent_only: Callable[[str], bool] = lambda sql: True
) -> int:
    """Rows of ``table`` the database looked at, kept or filtered out, over all loops (of the
    statements ``sent_only`` keeps)."""
    return sum(
        (node["Actual Rows"] + node.get("Rows Removed by Filter", 0)) * node["Actual Loops"]
        for node in plans_of(read, sent_only)
        if node.get("Relation Name") == table
    )


def analyze(*tables: str) -> None:
    """Fresh statistics for the planner, as autovacuum would leave them."""
    with connection.cursor() as cursor:
        for table in tables:
            cursor.execute(f"ANALYZE {table}")


@contextmanager
def ordered_paths_only() -> Iterator[None]:
    """Within it the planner may not sort, hash, merge or scan a whole table where it has another way.

    On the small tables of a test, sorting every row is as cheap as anything, so the planner's own
    choice says nothing about a large site. With these off it reads a page in the list's order only
    when an index gives that order: a list without one must still sort everything, and its rows read
    show it."""
    with connection.cursor() as cursor:
        for setting in ("enable_sort", "enable_seqscan", "enable_hashjoin", "enable_mergejoin"):
            cursor.execute(f"SET LOCAL {setting} = off")
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            for setting in ("enable_sort", "enable_seqscan", "enable_hashjoin", "enable_mergejoin"):
                cursor.execute(f"RESET {setting}")
