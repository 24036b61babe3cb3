"""Bulk writes for the hot path of bot play: moves, seats, finished games, ratings.

``bulk_create`` and ``bulk_update`` cost ~70 µs of Python per move on PostgreSQL (a model instance,
field preparation, and psycopg quoting each JSON action inside an array literal with a regular
expression): more than the engine takes to play the move. On PostgreSQL the rows travel instead as
one JSON document that the server takes apart (``jsonb_array_elements``, ``jsonb_to_recordset``),
~3 µs a move; the SQL is built from the models' metadata, so it follows them. Elsewhere (SQLite,
the embedded default) the ORM does it.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any, cast

from django.db import connection
from django.db.models import Field, Model
from django.db.models.options import Options

from mulligan_league.statements import statement_cursor

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
    sql = _insert_sql(model, tuple(fields), tuple(constants), returning_ids)
    with statement_cursor() as cursor:
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
    with statement_cursor() as cursor:
        cursor.execute(_update_sql(model, tuple(fields)), [_update_document(model, objects, fields)])


def update_rows_together(updates: Sequence[tuple[type[Model], Sequence[Model], Sequence[str]]]) -> None:
    """:func:`update_rows` of each (model, objects, fields), on PostgreSQL as one statement (every
    update but the last in a WITH clause, which PostgreSQL runs whether or not it is referred to):
    one round trip where a move writes its seats and its game."""
    updates = [update for update in updates if update[1]]
    if len(updates) < 2 or not _postgresql_bulk_sql():
        for model, objects, fields in updates:
            update_rows(model, objects, fields)
        return
    *first, (last_model, _, last_fields) = updates
    sql = "WITH {} {}".format(
        ", ".join(
            f"updated_{i} AS ({_update_sql(model, tuple(fields))})"
            for i, (model, _, fields) in enumerate(first)
        ),
        _update_sql(last_model, tuple(last_fields)),
    )
    with statement_cursor() as cursor:
        cursor.execute(sql, [_update_document(model, objects, fields) for model, objects, fields in updates])


def _update_document(model: type[Model], objects: Sequence[Model], fields: Sequence[str]) -> str:
    meta = model._meta
    model_fields = [_column_field(meta, name) for name in fields]
    return json.dumps(
        [
            {meta.pk.column: obj.pk, **{f.column: _json_value(getattr(obj, f.attname)) for f in model_fields}}
            for obj in objects
        ]
    )


# The statements follow the models' metadata, which does not change while the process runs: each is
# built once (asking every field its database type cost a person's move more than its engine step).
@functools.cache
def _insert_sql(
    model: type[Model], fields: tuple[str, ...], constants: tuple[str, ...], returning_ids: bool
) -> str:
    meta, quote = model._meta, connection.ops.quote_name
    model_fields = [_column_field(meta, name) for name in fields]
    values = [
        f"r.value->{i}" if f.get_internal_type() == "JSONField" else f"(r.value->>{i})::{_db_type(f)}"
        for i, f in enumerate(model_fields)
    ]
    constant_fields = [_column_field(meta, name) for name in constants]
    columns = [quote(f.column) for f in model_fields] + [quote(f.column) for f in constant_fields]
    # Each constant cast to its column's type: bound on the server (mulligan_league.statements), a
    # parameter in a SELECT list has no type of its own to take (a None would be text).
    values += [f"%s::{_db_type(f)}" for f in constant_fields]
    sql = (
        f"INSERT INTO {quote(meta.db_table)} ({', '.join(columns)}) "
        f"SELECT {', '.join(values)} "
        f"FROM jsonb_array_elements(%s::jsonb) WITH ORDINALITY AS r(value, position) ORDER BY r.position"
    )
    if returning_ids:
        sql += f" RETURNING {quote(meta.pk.column)}"
    return sql


@functools.cache
def _update_sql(model: type[Model], fields: tuple[str, ...]) -> str:
    meta, quote = model._meta, connection.ops.quote_name
    model_fields = [_column_field(meta, name) for name in fields]
    pk = quote(meta.pk.column)
    # The stub of Field (django-stubs 5.2) leaves out rel_db_type, which Django defines on Field.
    pk_type = meta.pk.rel_db_type(connection)  # type: ignore[attr-defined]
    record = ", ".join(f"{quote(f.column)} {_db_type(f)}" for f in model_fields)
    assignments = ", ".join(f"{quote(f.column)} = v.{quote(f.column)}" for f in model_fields)
    return (
        f"UPDATE {quote(meta.db_table)} AS t SET {assignments} "
        f"FROM jsonb_to_recordset(%s::jsonb) AS v({pk} {pk_type}, {record}) "
        f"WHERE t.{pk} = v.{pk}"
    )


def update_by_pk(model: type[Model], fields: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
    """Set ``fields`` (attnames) of the rows whose primary key is each row's first value to the rest.

    One :class:`PkUpdates` batch, applied at once.
    """
    updates = PkUpdates(model, fields)
    updates.add(rows)
    updates.apply()


# The memory the server may take to hash the staged rows of one :meth:`PkUpdates.apply`: about
# what a row of a few numbers costs in its hash table, up to a bound whatever the number of rows.
UPDATE_HASH_BYTES_PER_ROW = 64
UPDATE_HASH_MAX_KB = 512 * 1024


class PkUpdates:
    """Rows to update by primary key, gathered a batch at a time and applied with one statement.

    For many rows at once (a recompute rewriting millions of rating changes while it streams them):
    on PostgreSQL each batch is copied (binary ``COPY``: no SQL text to build or parse, a float
    lands bit for bit) into one temporary table, and :meth:`apply` runs a single ``UPDATE ... FROM``
    over all of them, which the server joins in one pass instead of once per batch. Elsewhere each
    batch is one ``UPDATE`` per row, prepared once (``executemany``), and :meth:`apply` has nothing
    left to do. Use inside a transaction (the temporary table goes at commit).
    """

    def __init__(self, model: type[Model], fields: Sequence[str]) -> None:
        self._model = model
        self._fields = [_column_field(model._meta, name) for name in fields]
        self._staged = 0

    def add(self, rows: Sequence[Sequence[Any]]) -> None:
        """Stage these rows: (primary key, then the values of ``fields``) each."""
        if not rows:
            return
        meta, quote = self._model._meta, connection.ops.quote_name
        pk = quote(meta.pk.column)
        columns = [quote(f.column) for f in self._fields]
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
        types = [pk_type] + [_db_type(f) for f in self._fields]
        with connection.cursor() as cursor:
            if not self._staged:
                record = ", ".join(
                    f"{column} {db_type}" for column, db_type in zip([pk, *columns], types, strict=True)
                )
                cursor.execute(f"CREATE TEMPORARY TABLE {self._staging} ({record}) ON COMMIT DROP")
            # Django's cursor wrapper passes copy() through to psycopg's cursor.
            with cursor.copy(f"COPY {self._staging} FROM STDIN (FORMAT BINARY)") as copy:
                copy.set_types(types)
                for row in rows:
                    copy.write_row(row)
        self._staged += len(rows)

    def apply(self) -> None:
        """Write every staged row (on PostgreSQL; elsewhere they are written already)."""
        if not self._staged:
            return
        meta, quote = self._model._meta, connection.ops.quote_name
        pk = quote(meta.pk.column)
        assignments = ", ".join(f"{quote(f.column)} = v.{quote(f.column)}" for f in self._fields)
        with connection.cursor() as cursor:
            # The row count lets the planner hash the staged rows instead of probing the table once each.
            cursor.execute(f"ANALYZE {self._staging}")
            # Room to hash them in memory for this statement only (a hash in batches spilled to disk
            # took 3x as long for four million rows), the setting restored after it.
            cursor.execute("SELECT current_setting('work_mem')")
            work_mem = cursor.fetchone()[0]
            hash_kb = min(UPDATE_HASH_MAX_KB, max(4096, self._staged * UPDATE_HASH_BYTES_PER_ROW // 1024))
            cursor.execute("SELECT set_config('work_mem', %s, true)", [f"{hash_kb}kB"])
            cursor.execute(
                f"UPDATE {quote(meta.db_table)} AS t SET {assignments} "
                f"FROM {self._staging} AS v WHERE t.{pk} = v.{pk}"
            )
            cursor.execute("SELECT set_config('work_mem', %s, true)", [work_mem])
            cursor.execute(f"DROP TABLE {self._staging}")
        self._staged = 0

    @property
    def _staging(self) -> str:
        return connection.ops.quote_name(f"staging_{self._model._meta.db_table}")


def _column_field(meta: Options[Model], name: str) -> Field[Any, Any]:
    """The field named ``name``, which has a column (callers only name concrete fields)."""
    return cast("Field[Any, Any]", meta.get_field(name))


def _db_type(model_field: Field[Any, Any]) -> str:
    # "varchar(20)" -> "varchar": the column's own type checks the length on assignment.
    return str(model_field.db_type(connection)).split("(")[0]


def _json_value(value: Any) -> Any:
    return value.isoformat() if isinstance(value, datetime) else value
