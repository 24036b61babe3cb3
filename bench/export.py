"""The game export at size: N stored games streamed over loopback from gunicorn, against PostgreSQL's
own ``COPY ... TO STDOUT`` of the same rows, as JSON.

``python bench/export.py [--games 1000000] [--players 100000] [--database-url URL] [--reseed]``

* Data: bench/api_seed.py's (real seeded two-seat Mulligan games with every move, seats and rating
  changes, written with COPY), in a database of its own (default ``ml_bench_export``; a marker
  names the sizes and a later run of the same sizes reuses it). ``--database-url`` may name the API
  bench's ``ml_bench`` (1,000,000 games) to reuse it.
* Server: gunicorn as in the image (bench/api_server.py: one uvicorn worker, 4 WEB_THREADS, production
  settings), the export not throttled.
* Export: one ``GET /api/games/export/?sort=dateAsc`` read to its end by a plain HTTP client,
  counting lines and bytes, while the worker's resident memory is sampled every 50 ms from
  ``/proc``: its start, its peak, and its value at each tenth of the export (flat: the same from
  the first tenth to the last).
* Reference, measured in the same run: ``COPY (SELECT ...) TO STDOUT`` of the same rows (the
  finished games, their seats with rating changes, and their moves) read by psycopg in this
  process; ``ratio_to_copy`` is the export's games/s over the COPY's. On a shared machine the CPU
  seconds are steadier than the rates: the export's server worker and database backend against
  the COPY's backend and reader, per 1,000 games.

Stdout: one JSON line per figure (the export, the COPY reference) and a setup line. Progress on stderr.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import threading
import time
from pathlib import Path
from typing import Any

import psycopg
from api import ensure_data, machine
from api_seed import stderr
from api_server import IMAGE_WEB_THREADS, running, server_env

_ROOT = Path(__file__).resolve().parent.parent

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/ml_bench_export"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/13"
GOAL_GAMES_PER_S = 20_000
SAMPLE_SECONDS = 0.05
READ_BYTES = 1 << 20

# The rows one exported line is made of, as PostgreSQL would dump them.
COPY_QUERIES = {
    "games": "SELECT g.* FROM games_game g WHERE g.status = 'finished' ORDER BY g.id",
    "seats": "SELECT s.*, rc.rating_before, rc.rating_after FROM games_seat s "
    "JOIN games_game g ON g.id = s.game_id LEFT JOIN games_ratingchange rc ON rc.seat_id = s.id "
    "WHERE g.status = 'finished' ORDER BY s.game_id, s.index",
    "moves": "SELECT m.game_id, m.number, m.seat, m.action, m.created_at, m.auto FROM games_move m "
    "JOIN games_game g ON g.id = m.game_id WHERE g.status = 'finished' ORDER BY m.game_id, m.number",
}


TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """A process's user + system CPU time so far (0 once it is gone)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICKS


def database_backends(url: str, monitor: psycopg.Connection[Any]) -> list[int]:
    """The PostgreSQL backends connected to the bench database, but the monitor's own."""
    name = psycopg.conninfo.conninfo_to_dict(url)["dbname"]
    rows = monitor.execute(
        "SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()", (name,)
    ).fetchall()
    return [int(pid) for (pid,) in rows]


def resident_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for {pid}")


class MemoryWatch(threading.Thread):
    """Samples a process's resident memory until stopped, and the CPU time of the database backends
    serving it (a backend's last reading before it goes: the server's connection lives as long as
    its request)."""

    def __init__(self, pid: int, url: str) -> None:
        super().__init__(daemon=True)
        self.pid = pid
        self.url = url
        self.samples: list[tuple[float, int]] = []
        self.backend_cpu: dict[int, float] = {}
        self.stopping = threading.Event()

    def run(self) -> None:
        with psycopg.connect(self.url, autocommit=True) as monitor:
            while not self.stopping.is_set():
                self.samples.append((time.perf_counter(), resident_kb(self.pid)))
                for backend in database_backends(self.url, monitor):
                    self.backend_cpu[backend] = max(self.backend_cpu.get(backend, 0.0), cpu_seconds(backend))
                self.stopping.wait(SAMPLE_SECONDS)

    def stop(self) -> None:
        self.stopping.set()
        self.join()


def export_over_http(host: str, port: int, path: str, worker: int, url: str) -> dict[str, Any]:
    before_kb = resident_kb(worker)
    worker_cpu = cpu_seconds(worker)
    watch = MemoryWatch(worker, url)
    connection = http.client.HTTPConnection(host, port, timeout=600)
    started = time.perf_counter()
    cpu_started = time.process_time()
    watch.start()
    connection.request("GET", path, headers={"Accept": "application/x-ndjson"})
    response = connection.getresponse()
    if response.status != 200:
        raise RuntimeError(f"the export answered {response.status}: {response.read(500)!r}")
    lines = size = 0
    first_byte = None
    while chunk := response.read1(READ_BYTES):
        if first_byte is None:
            first_byte = time.perf_counter() - started
        lines += chunk.count(b"\n")
        size += len(chunk)
    elapsed = time.perf_counter() - started
    client_cpu = time.process_time() - cpu_started
    server_cpu = cpu_seconds(worker) - worker_cpu
    watch.stop()
    connection.close()
    samples = [kb for at, kb in watch.samples if at <= started + elapsed]
    tenths = [samples[min(len(samples) - 1, k * len(samples) // 10)] // 1024 for k in range(1, 11)]
    return {
        "games": lines,
        "bytes": size,
        "seconds": round(elapsed, 2),
        "first_byte_ms": round(1000 * (first_byte or 0), 1),
        "client_cpu_s": round(client_cpu, 2),
        "server_cpu_s": round(server_cpu, 2),
        # The backends the server's requests opened during the export (a new connection per request).
        "database_cpu_s": round(sum(watch.backend_cpu.values()), 2),
        "server_rss_mb_before": before_kb // 1024,
        "server_rss_mb_peak": max(samples) // 1024,
        "server_rss_mb_by_tenth": tenths,
        "server_rss_samples": len(samples),
    }


def copy_reference(url: str) -> dict[str, Any]:
    seconds: dict[str, float] = {}
    size = 0
    with psycopg.connect(url) as conn, conn.cursor() as cursor:
        backend_cpu = cpu_seconds(conn.info.backend_pid)
        cpu_started = time.process_time()
        for name, query in COPY_QUERIES.items():
            started = time.perf_counter()
            with cursor.copy(f"COPY ({query}) TO STDOUT") as copy:
                for block in copy:
                    size += len(block)
            seconds[name] = round(time.perf_counter() - started, 2)
        database_cpu = cpu_seconds(conn.info.backend_pid) - backend_cpu
    return {
        "seconds": round(sum(seconds.values()), 2),
        "by_table": seconds,
        "bytes": size,
        "database_cpu_s": round(database_cpu, 2),
        "client_cpu_s": round(time.process_time() - cpu_started, 2),
    }


def run(args: argparse.Namespace) -> None:
    marker, seeded_now = ensure_data(args)
    if args.seed_only:
        return
    with psycopg.connect(args.database_url) as conn:
        (finished,) = conn.execute("SELECT count(*) FROM games_game WHERE status = 'finished'").fetchone()
        (version,) = conn.execute("SELECT current_setting('server_version')").fetchone()
    env = server_env(_ROOT, args.database_url, args.redis_url) | {"API_EXPORT_RATE": "100000/min"}
    print(
        json.dumps(
            {
                "bench": "export",
                "figure": "setup",
                "finished_games": finished,
                "moves": marker.moves,
                "seeded_this_run": seeded_now,
                "postgresql": version,
                "server": f"gunicorn, 1 uvicorn worker, {IMAGE_WEB_THREADS} WEB_THREADS, production settings",
            }
            | machine()
        ),
        flush=True,
    )
    stderr(f"COPY of the same rows ({finished:,} games)")
    reference = copy_reference(args.database_url)
    reference_rate = finished / reference["seconds"] if reference["seconds"] else None
    print(
        json.dumps(
            {"bench": "export", "figure": "copy_to_stdout", "games": finished}
            | reference
            | {"games_per_s": round(reference_rate or 0)}
        ),
        flush=True,
    )
    with running(_ROOT, env) as server:
        stderr(
            f"gunicorn on {server.authority} (worker pid {server.worker_pid}); exporting {finished:,} games"
        )
        result = export_over_http(
            server.host, server.port, "/api/games/export/?sort=dateAsc", server.worker_pid, args.database_url
        )
    rate = result["games"] / result["seconds"]
    print(
        json.dumps(
            {"bench": "export", "figure": "export_over_http"}
            | result
            | {
                "games_per_s": round(rate),
                "goal_games_per_s": GOAL_GAMES_PER_S,
                "met": rate >= GOAL_GAMES_PER_S,
                "ratio_to_copy": round(rate / reference_rate, 3) if reference_rate else None,
                # Steadier on a busy machine than the wall-clock ratio: the CPU the export costs the
                # server and the database, against what the COPY costs the database and its reader.
                "cpu_s_per_1000_games": round(
                    1000 * (result["server_cpu_s"] + result["database_cpu_s"]) / finished, 3
                ),
                "copy_cpu_s_per_1000_games": round(
                    1000 * (reference["database_cpu_s"] + reference["client_cpu_s"]) / finished, 3
                ),
                "complete": result["games"] == finished,
            }
        ),
        flush=True,
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1_000_000, help="finished games stored and exported")
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--running", type=int, default=100, help="running games (not exported)")
    parser.add_argument(
        "--database-url", default=os.environ.get("BENCH_EXPORT_DATABASE_URL", DEFAULT_DATABASE_URL)
    )
    parser.add_argument("--redis-url", default=os.environ.get("BENCH_EXPORT_REDIS_URL", DEFAULT_REDIS_URL))
    parser.add_argument("--reseed", action="store_true", help="seed the data again even if it is there")
    parser.add_argument("--seed-only", action="store_true", help="seed (or check) the data, measure nothing")
    run(parser.parse_args(argv))


if __name__ == "__main__":
    main()
