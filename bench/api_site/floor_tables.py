"""The tables of the write floor (bench/api_site/floor_write.py), without Django: bench/api.py makes
them in the bench's database before it starts the server."""

from __future__ import annotations

from typing import Any

ROWS = 64

TABLES = (
    "CREATE TABLE IF NOT EXISTS bench_floor_row (id integer PRIMARY KEY, version integer NOT NULL)",
    "CREATE TABLE IF NOT EXISTS bench_floor_write (id bigserial PRIMARY KEY, row_id integer NOT NULL,"
    " number integer NOT NULL, body jsonb NOT NULL, at timestamptz NOT NULL DEFAULT now())",
    f"INSERT INTO bench_floor_row (id, version) SELECT n, 0 FROM generate_series(0, {ROWS - 1}) AS n"
    " ON CONFLICT (id) DO NOTHING",
    "TRUNCATE bench_floor_write",  # a run's rows are of no use to the next
)


def make_tables(cursor: Any) -> None:
    """The floor's tables and rows where they are missing, its writes emptied (any DB-API cursor on
    PostgreSQL)."""
    for statement in TABLES:
        cursor.execute(statement)
