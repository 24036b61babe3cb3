"""Bulk writes for the hot path of bot play: moves, seats, finished games, ratings.

``bulk_create`` and ``bulk_update`` cost ~70 µs of Python per move on PostgreSQL (a model instance,
field preparation, and psycopg quoting each JSON action inside an array literal with a regular
expression): more than the engine takes to play the move. On PostgreSQL the rows travel instead as
one JSON document that the server takes apart (``jsonb_array_elements``, ``jsonb_to_recordset``),
~3 µs a move; the SQL is built from the models' metadata, so it follows them. Elsewhere (SQLite,
the embedded default) the ORM does it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any, cast

from django.db import connection
from django.db.models import Field, Model
from django.db.models.options import Options

# Tests switch this off to run the ORM path on PostgreSQL too.
POSTGRESQL_BULK_SQL = True


def _postgresql_bulk_sql() -> bool:
    return POSTGRESQL_BULK_SQL and connection.vendor == "postgresql"


def insert_rows(
    model: type[Model],
    fields: Sequence[str],
    rows: Sequence[Sequence[Any]],
    constants: Mapping[str, Any],
    *,
    returning_ids: bool = False,
) -> list[int]:
    """Insert rows (values of ``fields``, attnames, plus ``constants`` in every row) in the order given.

    The ids follow that order too (RatingChange ids record the order ratings were applied in);
    with ``returning_ids`` they are returned in that order, else an empty list.
    """
    if not rows:
        return []
    if not _postgresql_bulk_sql():
        created = model._default_manager.bulk_create(
            [model(**dict(zip(fields, row, strict=True)), **constants) for row in rows]
        )
        return [int(obj.pk) for obj in created] if returning_ids else []
    meta, quote = model._meta, connection.ops.quote_name
    model_fields = [_column_field(meta, name) for name in fields]
    values = [
        f"r.value->{i}" if f.get_internal_type() == "JSONField" else f"(r.value->>{i})::{_db_type(f)}"
        for i, f in enumerate(model_fields)
    ]
    columns = [quote(f.column) for f in model_fields] + [
        quote(_column_field(meta, name).column) for name in constants
    ]
    sql = (
        f"INSERT INTO {quote(meta.db_table)} ({', '.join(columns)}) "
        f"SELECT {', '.join(values + ['%s'] * len(constants))} "
        f"FROM jsonb_array_elements(%s::jsonb) WITH ORDINALITY AS r(value, position) ORDER BY r.position"
    )
    if returning_ids:
        sql += f" RETURNING {quote(meta.pk.column)}"
    with connection.cursor() as cursor:
        cursor.execute(sql, [*constants.values(), json.dumps(rows)])
        # The ids come from the sequence in the order the rows were inserted: ascending is that order.
        return sorted(row[0] for row in cursor.fetchall()) if returning_ids else []


def update_rows(model: type[Model], objects: Sequence[Model], fields: Sequence[str]) -> None:
    """Write ``fields`` of these objects (saved ones) back, with one statement for all of them."""
    if not objects:
        return
    if not _postgresql_bulk_sql():
        model._default_manager.bulk_update(objects, list(fields))
        return
    meta, quote = model._meta, connection.ops.quote_name
    model_fields = [_column_field(meta, name) for name in fields]
    pk = quote(meta.pk.column)
    # The stub of Field (django-stubs 5.2) leaves out rel_db_type, which Django defines on Field.
    pk_type = meta.pk.rel_db_type(connection)  # type: ignore[attr-defined]
    record = ", ".join(f"{quote(f.column)} {_db_type(f)}" for f in model_fields)
    assignments = ", ".join(f"{quote(f.column)} = v.{quote(f.column)}" for f in model_fields)
    document = [
        {meta.pk.column: obj.pk, **{f.column: _json_value(getattr(obj, f.attname)) for f in model_fields}}
        for obj in objects
    ]
    sql = (
        f"UPDATE {quote(meta.db_table)} AS t SET {assignments} "
        f"FROM jsonb_to_recordset(%s::jsonb) AS v({pk} {pk_type}, {record}) "
        f"WHERE t.{pk} = v.{pk}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [json.dumps(document)])


def update_by_pk(model: type[Model], fields: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
    """Set ``fields`` (attnames) of the rows whose primary key is each row's first value to the rest.

    For many rows at once (a recompute rewriting millions of rating changes, a batch at a time):
    on PostgreSQL they are copied (``COPY``, no SQL text to build or parse) into a temporary table
    and applied with one ``UPDATE ... FROM``; elsewhere one ``UPDATE`` per row, prepared once
    (``executemany``). A float travels as its shortest exact text and lands bit for bit.
    """
    if not rows:
        return
    meta, quote = model._meta, connection.ops.quote_name
    model_fields = [_column_field(meta, name) for name in fields]
    pk = quote(meta.pk.column)
    columns = [quote(f.column) for f in model_fields]
    if not _postgresql_bulk_sql():
        assignments = ", ".join(f"{column} = %s" for column in columns)
        with connection.cursor() as cursor:
            cursor.executemany(
                f"UPDATE {quote(meta.db_table)} SET {assignments} WHERE {pk} = %s",
                [(*row[1:], row[0]) for row in rows],
            )
        return
    # The stub of Field (django-stubs 5.2) leaves out rel_db_type, which Django defines on Field.
    pk_type = meta.pk.rel_db_type(connection)  # type: ignore[attr-defined]
    staging = quote(f"staging_{meta.db_table}")
    record = ", ".join(f"{column} {_db_type(f)}" for column, f in zip(columns, model_fields, strict=True))
    assignments = ", ".join(f"{column} = v.{column}" for column in columns)
    with connection.cursor() as cursor:
        cursor.execute(f"CREATE TEMPORARY TABLE {staging} ({pk} {pk_type}, {record}) ON COMMIT DROP")
        # Django's cursor wrapper passes copy() through to psycopg's cursor.
        with cursor.copy(f"COPY {staging} FROM STDIN") as copy:
            for row in rows:
                copy.write_row(row)
        cursor.execute(
            f"UPDATE {quote(meta.db_table)} AS t SET {assignments} FROM {staging} AS v WHERE t.{pk} = v.{pk}"
        )
        cursor.execute(f"DROP TABLE {staging}")


def _column_field(meta: Options[Model], name: str) -> Field[Any, Any]:
    """The field named ``name``, which has a column (callers only name concrete fields)."""
    return cast("Field[Any, Any]", meta.get_field(name))


def _db_type(model_field: Field[Any, Any]) -> str:
    # "varchar(20)" -> "varchar": the column's own type checks the length on assignment.
    return str(model_field.db_type(connection)).split("(")[0]


def _json_value(value: Any) -> Any:
    return value.isoformat() if isinstance(value, datetime) else value
