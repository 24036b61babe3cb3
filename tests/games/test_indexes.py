"""No index of the games app is one that another already leads with (games/models/__init__.py):
each index is one more entry written for every row stored, and for every update of an indexed
column (a move updates its game's and seats'), while the longer index serves the same lookups."""

from __future__ import annotations

import pytest
from django.db import connection

from tests.games.helpers import postgres_only

pytestmark = [pytest.mark.django_db, postgres_only]

# Each index's columns (with their direction) and operator classes, from the catalog.
INDEXES = """
SELECT c.relname, i.indexrelid::regclass::text, i.indisunique, i.indpred IS NOT NULL,
       ARRAY(SELECT a.attname || CASE WHEN i.indoption[k - 1] & 1 = 1 THEN ' desc' ELSE '' END
             FROM unnest(i.indkey) WITH ORDINALITY AS key(attnum, k)
             JOIN pg_attribute AS a ON a.attrelid = i.indrelid AND a.attnum = key.attnum ORDER BY k),
       ARRAY(SELECT o.opcname::text FROM unnest(i.indclass) WITH ORDINALITY AS cls(oid, k)
             JOIN pg_opclass AS o ON o.oid = cls.oid ORDER BY k)
FROM pg_index AS i JOIN pg_class AS c ON c.oid = i.indrelid
WHERE c.relname LIKE 'games\\_%' AND c.relnamespace = 'public'::regnamespace
"""


def test_no_index_is_the_start_of_another() -> None:
    with connection.cursor() as cursor:
        cursor.execute(INDEXES)
        indexes = cursor.fetchall()
    assert len({table for table, *_ in indexes}) > 20  # the app's tables are all there
    redundant = [
        (name, columns, longer)
        for table, name, unique, partial, columns, classes in indexes
        if not unique and not partial
        for other_table, longer, _, other_partial, other_columns, other_classes in indexes
        if other_table == table
        and longer != name
        and not other_partial
        and other_columns[: len(columns)] == columns
        and other_classes[: len(classes)] == classes
    ]
    assert redundant == []
