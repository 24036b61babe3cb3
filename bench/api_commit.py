"""What one committed write costs the database server itself, without Django: the floor under any
move, whose answer waits for its transaction's commit.

A move is acknowledged only once PostgreSQL has flushed its commit record to disk
(``synchronous_commit = on``, the default and the service's setting), so at one client a move can
take no less than a bare request plus one such flush. ``bench/api.py`` prints this beside the move's
figure, with the same transaction where the server does not wait for the flush, to show how much of
the floor is the disk's.
"""

from __future__ import annotations

import time
from typing import Any

import psycopg

# One row of the write floor's table (bench/api_site/floor_tables.py), updated as a move updates
# its game's row: a logged table, so each commit has a record to flush (a temporary table has none).
_UPDATE = "UPDATE bench_floor_row SET version = version + 1 WHERE id = 0"


def commit_latencies(url: str, seconds: float, synchronous: bool) -> list[float]:
    """Seconds taken by each update-and-commit on one connection for ``seconds``."""
    taken: list[float] = []
    with psycopg.connect(url) as conn:
        conn.execute(f"SET synchronous_commit = {'on' if synchronous else 'off'}")
        conn.commit()
        until = time.perf_counter() + seconds
        while (began := time.perf_counter()) < until:
            conn.execute(_UPDATE)
            conn.commit()
            taken.append(time.perf_counter() - began)
    return taken


def summary(taken: list[float]) -> dict[str, Any]:
    ordered = sorted(taken)
    return {
        "commits": len(ordered),
        "commits_per_s": round(len(ordered) / sum(ordered), 1),
        "p50_ms": round(ordered[len(ordered) // 2] * 1000, 3),
        "p99_ms": round(ordered[min(len(ordered) - 1, len(ordered) * 99 // 100)] * 1000, 3),
    }


def commit_floor(url: str, seconds: float) -> dict[str, Any]:
    """The JSON line: one connection's update-and-commit, waiting for the disk and not."""
    return {
        "bench": "api",
        "figure": "commit_floor",
        "statement": _UPDATE,
        "seconds": seconds,
        "durable": summary(commit_latencies(url, seconds, synchronous=True)),
        "not_waiting_for_the_disk": summary(commit_latencies(url, seconds, synchronous=False)),
    }


def ratio_bound(bare_req_per_s: float, commit_s: float) -> float:
    """The most a request that commits once can reach against the bare view at one client: its
    time is at least the bare request's plus the commit's."""
    bare_s = 1 / bare_req_per_s
    return round(bare_s / (bare_s + commit_s), 4)
