"""The bench database read into the machine's memory before anything is measured.

The figures are of the endpoints, not of the disk: on a machine just restarted the page cache held
a fifth of the 5 GB of data, and the endpoints that read 1,000 games or players in turn read them
from disk (game detail 22 requests/s, 260 with the data in memory). A server in service has its
hot rows in memory; so does the bench, by reading every table, index and TOAST table of its
database once through ``pg_prewarm`` (PostgreSQL's contrib, in Debian's server package) into the
operating system's cache.
"""

from __future__ import annotations

import time
from typing import Any

import psycopg

# Ours and their TOAST tables; the catalog is read by every connection anyway.
RELATIONS = """
SELECT c.oid::regclass::text, pg_relation_size(c.oid)
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname IN ('public', 'pg_toast') AND c.relkind IN ('r', 'i', 't', 'm') AND c.relpersistence = 'p'
ORDER BY 1
"""


def warm(url: str) -> dict[str, Any]:
    """Read the database's relations into the page cache; what was read, how much and how long."""
    began = time.perf_counter()
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("CREATE EXTENSION IF NOT EXISTS pg_prewarm")
        relations = conn.execute(RELATIONS).fetchall()
        for name, _ in relations:
            conn.execute("SELECT pg_prewarm(%s::regclass, 'read')", (name,))
    return {
        "relations": len(relations),
        "bytes": sum(size for _, size in relations),
        "seconds": round(time.perf_counter() - began, 1),
        "names": [name for name, _ in relations],
    }
