"""The API at a real ladder's size, against a bare Django view in the same run and server, as JSON.

``python bench/api.py [--players 100000] [--games 1000000] [--database-url URL] [--duration 10]
[--only ladder_page_1,...] [--quick] [--reseed]``

* Data (bench/api_seed.py): seeded into its own PostgreSQL database once (a few minutes at the
  full size; a marker row names the sizes, and a later run of the same sizes reuses it;
  ``--reseed`` starts again). Every run first applies the project's migrations to it, so a branch
  that adds indexes is measured with them.
* Server (bench/api_server.py): gunicorn, one uvicorn worker (docker/gunicorn.conf.py), 4 WEB_THREADS as the image (``--threads``),
  the production settings plus ``/bench/bare/`` and four floors beside it (bench/api_site/urls.py:
  the bare view with one primary-key read, the bare answer through DRF, and both; and the floor of a
  write, ``POST`` with a person's token and one transaction of a move's kind: a row locked, one
  inserted, the row updated, bench/api_site/floor_write.py), Redis for the cache and the Celery broker (no
  worker: the tasks a move enqueues just wait, and the Redis database is emptied at the end).
* Load (bench/api_load.py): an asyncio HTTP/1.1 keep-alive client at each concurrency (1 and 16).
  Measurements alternate: bare, endpoint 1, bare, endpoint 2, bare ...; an endpoint's reference
  is the mean of the bare view's rate just before and just after it.

Stdout: one JSON line per figure (``ratio`` = endpoint req/s / bare view req/s; the goals of issue
16: reads >= 0.5, ``POST`` a move >= 0.3, p99 <= 50 ms at 16 clients; the floors' lines have no
goal: they show what the stack itself costs a read or a write), one line per bare view concurrency,
and a line with the data sizes and the machine. Before the figures, one line on the database alone
(bench/api_commit.py): a row updated and committed on one connection, waiting for the disk (as every
move does) and not; the move's line at one client adds ``ratio_bound_one_commit``, the most a
request that commits once can reach against the bare view measured around it. Each figure's line
also carries the server's garbage-collector pauses while it ran (``gc_pauses``, warm-up included:
per generation the count, total and longest in ms, and the objects the collector tracks at the end;
a full collection stops every request in flight, so its longest pause shows in the p99 at 16
clients; null with ``--workers`` above 1), the workers' CPU per request (``server_cpu_ms_per_req``)
and PostgreSQL's (``database_cpu_ms_per_req``: every postgres process on the machine, which shares
the cores with the server and the load).
Progress goes to stderr.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import api_commit
import api_warm
import psycopg
import redis
from api_load import GetTarget, PostTarget, Result, Session, Target, fetch, follow_next, measure
from api_moves import MoveTarget
from api_seed import (
    GAME_ID,
    Seeded,
    Sizes,
    database_recreate,
    migrate,
    pool_reset,
    seed_all,
    seeded,
    seeded_bots,
    stderr,
)
from api_server import BARE_PATH, IMAGE_WEB_THREADS, Server, running, server_env
from api_site import floor_tables

_ROOT = Path(__file__).resolve().parent.parent

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/ml_bench"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/12"
READ_GOAL = 0.5
MOVE_GOAL = 0.3
P99_GOAL_MS = 50.0
P99_GOAL_CONCURRENCY = 16
ROTATION = 1000  # game and player pages read in turn, so a figure is not one cached row
LADDER = f"/api/ladder/?game={GAME_ID}"
WRITE_FLOOR_PATH = "/bench/bare-drf-write/"
GC_PATH = "/bench/gc/"  # bench/api_site: the server's garbage-collector pauses since the last ask


@dataclass(frozen=True)
class Endpoint:
    name: str
    goal: float | None  # None: a floor of the stack, measured for comparison only
    target: Callable[[], Target]


def endpoints(
    server: Server, marker: Seeded, pool_target: MoveTarget, captured: dict[str, str]
) -> list[Endpoint]:
    host = server.authority
    games = [1 + k * marker.finished_games // ROTATION for k in range(ROTATION)]
    players = [1 + k * marker.people // ROTATION for k in range(ROTATION)]
    bots = seeded_bots(marker)

    def get(name: str, *paths: str, token: str | None = None) -> Endpoint:
        return Endpoint(name, READ_GOAL, lambda: GetTarget(name, host, list(paths), token))

    def floor(name: str, path: str) -> Endpoint:
        return Endpoint(name, None, lambda: GetTarget(name, host, [path]))

    return [
        floor("floor_one_query", "/bench/bare-query/"),
        floor("floor_drf", "/bench/bare-drf/"),
        floor("floor_drf_one_query", "/bench/bare-drf-query/"),
        Endpoint(
            "floor_drf_write",
            None,
            lambda: PostTarget(
                "floor_drf_write", host, WRITE_FLOOR_PATH, marker.tokens["bench_a"], floor_tables.ROWS
            ),
        ),
        get("ladder_page_1", LADDER),
        get("ladder_page_1000", f"{LADDER}&page=1000"),
        get("ladder_next_1000", captured.get("ladder_next_1000", "")),
        get("league_ladder_page_1", f"/api/leagues/{marker.league}/ladder/"),
        get("games_page_1", "/api/games/"),
        get("games_page_5000", "/api/games/?page=5000"),
        get("games_next_5000", captured.get("games_next_5000", "")),
        get("game_detail", *(f"/api/games/{pk}/" for pk in games)),
        get("game_moves", *(f"/api/games/{pk}/moves/" for pk in games)),
        get("my_turns", "/api/me/turns/", token=marker.tokens["bench_a"]),
        get("player_detail", *(f"/api/players/{pk}/" for pk in players)),
        get("leagues_page_1", "/api/leagues/"),
        get("league_detail", f"/api/leagues/{marker.league}/"),
        get("bots_page_1", "/api/bots/"),
        get("bot_games", *(f"/api/bots/{pk}/games/" for pk in bots)),
        Endpoint("move_post", MOVE_GOAL, lambda: pool_target),
    ]


CAPTURES = {"ladder_next_1000": (LADDER, 1000), "games_next_5000": ("/api/games/", 5000)}


def capture_deep_pages(server: Server, wanted: set[str]) -> tuple[dict[str, str], dict[str, str]]:
    """The pages reached by following ``next`` links, found once before anything is measured."""
    session = Session(server.host, server.port)
    paths, how = {}, {}
    try:
        for name, (start, times) in CAPTURES.items():
            if name in wanted:
                began = time.perf_counter()
                paths[name], how[name] = follow_next(session, start, times, stderr)
                stderr(f"{name}: {paths[name]} ({how[name]}, {time.perf_counter() - began:.1f} s)")
    finally:
        session.close()
    return paths, how


def _ms(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


def figure(result: Result, before: Result, after: Result, goal: float | None) -> dict[str, Any]:
    reference = (before.req_per_s + after.req_per_s) / 2
    ratio = result.req_per_s / reference if reference else 0.0
    p99 = result.percentile_ms(0.99)
    line: dict[str, Any] = {
        "bench": "api",
        "endpoint": result.name,
        "concurrency": result.concurrency,
        "req_per_s": round(result.req_per_s, 1),
        "p50_ms": _ms(result.percentile_ms(0.5)),
        "p99_ms": _ms(p99),
        "reference": "bare view",
        "reference_req_per_s": round(reference, 1),
        "ratio": round(ratio, 4),
        "goal_ratio": goal,
    }
    if goal is not None:
        met = ratio >= goal and result.errors == 0
        if result.concurrency == P99_GOAL_CONCURRENCY:
            line["p99_goal_ms"] = P99_GOAL_MS
            met = met and p99 is not None and p99 <= P99_GOAL_MS
        line["met"] = met
    cpu, reference_cpu = result.server_cpu_ms_per_req, before.server_cpu_ms_per_req
    line |= {
        "errors": result.errors,
        "requests": len(result.latencies),
        # Server CPU per request (the worker process's own time): steadier than rates on a busy machine.
        "server_cpu_ms_per_req": _ms(cpu),
        "reference_server_cpu_ms_per_req": _ms(reference_cpu),
        # PostgreSQL's CPU per request (every postgres process on the machine, which the bench's server
        # and load share the cores with), and the bare view's, which asks the database nothing.
        "database_cpu_ms_per_req": _ms(result.database_cpu_ms_per_req),
        "reference_database_cpu_ms_per_req": _ms(before.database_cpu_ms_per_req),
    }
    return line


def bare_line(concurrency: int, bares: list[Result]) -> dict[str, Any]:
    latencies = sorted(latency for result in bares for latency in result.latencies)
    rates = [result.req_per_s for result in bares]
    wall = sum(result.seconds for result in bares)
    return {
        "bench": "api",
        "endpoint": "bare",
        "concurrency": concurrency,
        "req_per_s": round(statistics.mean(rates), 1),
        "req_per_s_min": round(min(rates), 1),
        "req_per_s_max": round(max(rates), 1),
        "p50_ms": _ms(latencies[len(latencies) // 2] * 1000 if latencies else None),
        "p99_ms": _ms(
            latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))] * 1000 if latencies else None
        ),
        "measurements": len(bares),
        "errors": sum(result.errors for result in bares),
        "server_cpu_ms_per_req": _ms(statistics.mean(r.server_cpu_ms_per_req or 0.0 for r in bares)),
        "database_cpu_ms_per_req": _ms(statistics.mean(r.database_cpu_ms_per_req or 0.0 for r in bares)),
        # The load client's own CPU over wall time: well under 1 means it was not the bottleneck.
        "client_cpu_share": round(sum(result.client_cpu for result in bares) / wall, 3) if wall else None,
    }


def pauses_merged(taken: list[dict[str, Any]]) -> dict[str, Any]:
    """The collector's pauses over several figures (the bare view's), as one figure's."""
    merged: dict[str, Any] = {}
    for generation in ("gen0", "gen1", "gen2"):
        parts = [one[generation] for one in taken]
        merged[generation] = {
            "count": sum(part["count"] for part in parts),
            "total_ms": round(sum(part["total_ms"] for part in parts), 2),
            "max_ms": max((part["max_ms"] for part in parts), default=0.0),
        }
    return merged


def machine() -> dict[str, Any]:
    model = platform.processor() or "unknown"
    try:
        with open("/proc/cpuinfo") as cpuinfo:
            model = next(line.split(":", 1)[1].strip() for line in cpuinfo if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return {"cpu": model, "cores": os.cpu_count(), "python": platform.python_version()}


def data_line(
    url: str,
    marker: Seeded,
    seeded_now: bool,
    how: dict[str, str],
    warmed: dict[str, Any],
    workers: int,
    threads: int,
) -> dict[str, Any]:
    with psycopg.connect(url) as conn:
        size, version, running_games, entries = conn.execute(
            "SELECT pg_database_size(current_database()), current_setting('server_version'), "
            "(SELECT count(*) FROM games_game WHERE status = 'running'), "
            "(SELECT count(*) FROM games_leagueentry WHERE league_id = %s)",
            (marker.league,),
        ).fetchone()
    return {
        "bench": "api",
        "figure": "setup",
        "players": marker.sizes.players,
        "finished_games": marker.finished_games,
        "running_games": running_games,
        "moves": marker.moves,
        "moves_stored_for": "every game",
        "league_entries": entries,
        "database_bytes": size,
        "seeded_in_s": marker.seconds,
        "seeded_this_run": seeded_now,
        "read_into_memory_bytes": warmed["bytes"],
        "postgresql": version,
        "server": f"gunicorn, {workers} uvicorn worker{'s' if workers > 1 else ''}, {threads} WEB_THREADS each (a2wsgi), "
        "production settings, Redis cache and broker",
        "deep_pages": how,
    } | machine()


def ensure_data(args: argparse.Namespace) -> tuple[Seeded, bool]:
    sizes = Sizes(args.players, args.games, args.running)
    env = server_env(_ROOT, args.database_url, args.redis_url)
    marker = None if args.reseed else seeded(args.database_url)
    if marker is not None and marker.sizes == sizes:
        stderr(f"reusing the seeded data in {args.database_url} ({sizes})")
        migrate(env, _ROOT)  # a branch's new migrations (indexes) apply to the seeded data
        # A migration that rewrote rows (a new column filled in) leaves a million dead tuples that
        # autovacuum clears only later: the figures would time that debris, not the endpoint.
        with psycopg.connect(args.database_url, autocommit=True) as conn:
            floor_tables.make_tables(conn.cursor())
            conn.execute("VACUUM (ANALYZE)")
        return marker, False
    stderr(
        f"first-time seeding of {sizes.players:,} players and {sizes.games:,} games into {args.database_url}: "
        "this takes several minutes, once (later runs of the same sizes reuse it)"
    )
    database_recreate(args.database_url)
    migrate(env, _ROOT)
    marker = seed_all(args.database_url, sizes)
    with psycopg.connect(args.database_url, autocommit=True) as conn:
        floor_tables.make_tables(conn.cursor())
    return marker, True


def run(args: argparse.Namespace) -> None:
    marker, seeded_now = ensure_data(args)
    warmed = api_warm.warm(args.database_url)
    stderr(
        f"read {warmed['bytes'] / 2**30:.1f} GB of {warmed['relations']} relations into memory ({warmed['seconds']} s)"
    )
    cache = redis.Redis.from_url(args.redis_url)
    cache.flushdb()  # the bench's own Redis database: no rate-limit counts or queued tasks of a previous run
    env = server_env(_ROOT, args.database_url, args.redis_url, args.workers, args.threads)
    started = time.perf_counter()
    pool = pool_reset(env, _ROOT, marker, args.pool, seed=int(time.time()))
    stderr(
        f"{len(pool):,} running games for POST a move, made by the service ({time.perf_counter() - started:.0f} s)"
    )
    only = set(args.only.split(",")) if args.only else None
    try:
        with running(_ROOT, env, workers=args.workers) as server:
            stderr(f"gunicorn on {server.authority} (worker pids {', '.join(map(str, server.worker_pids))})")
            names = {e.name for e in endpoints(server, marker, MoveTarget("", []), {})}
            wanted = names if only is None else names & only
            if only is not None and only - names:
                raise SystemExit(f"unknown endpoints {sorted(only - names)}; known: {sorted(names)}")
            captured, how = capture_deep_pages(server, wanted)
            print(
                json.dumps(
                    data_line(args.database_url, marker, seeded_now, how, warmed, args.workers, args.threads)
                ),
                flush=True,
            )
            commits = api_commit.commit_floor(args.database_url, min(args.duration, 2.0))
            print(json.dumps(commits), flush=True)
            commit_s = commits["durable"]["p50_ms"] / 1000
            mover = MoveTarget(server.authority, pool)
            chosen = [e for e in endpoints(server, marker, mover, captured) if e.name in wanted]
            bare = GetTarget("bare", server.authority, [BARE_PATH])
            pauses: dict[int, dict[str, Any]] = {}  # by id() of each figure's result
            # Each worker counts its own pauses, and a request for them reaches any one of them.
            one_worker = len(server.worker_pids) == 1
            for concurrency in args.concurrency:

                def measured(target: Target, c: int = concurrency) -> Result:
                    if one_worker:
                        fetch(server.host, server.port, GC_PATH)  # the collector's pauses so far, forgotten
                    result = measure(
                        server.host,
                        server.port,
                        target,
                        concurrency=c,
                        warmup=args.warmup,
                        duration=args.duration,
                        server_pids=server.worker_pids,
                    )
                    if one_worker:
                        pauses[id(result)] = json.loads(fetch(server.host, server.port, GC_PATH)[1])
                    rate = f"{result.req_per_s:.1f} req/s, {result.errors} errors"
                    stderr(f"c={c} {target.name}: {rate}")
                    for sample in result.error_samples:
                        stderr(f"  error: {sample}")
                    return result

                bares = [measured(bare)]
                lines = []
                for endpoint in chosen:
                    result = measured(endpoint.target())
                    bares.append(measured(bare))
                    lines.append(figure(result, bares[-2], bares[-1], endpoint.goal))
                    lines[-1]["gc_pauses"] = pauses.get(id(result))
                    if endpoint.name == "move_post":
                        lines[-1] |= {
                            "moves_played": mover.moves_played,
                            "games_finished": mover.games_finished,
                        }
                        # At one client a move takes at least the bare request and one durable commit.
                        if concurrency == 1:
                            bare_rate = (bares[-2].req_per_s + bares[-1].req_per_s) / 2
                            lines[-1]["ratio_bound_one_commit"] = api_commit.ratio_bound(bare_rate, commit_s)
                bare_pauses = pauses_merged([pauses[id(result)] for result in bares]) if one_worker else None
                print(json.dumps(bare_line(concurrency, bares) | {"gc_pauses": bare_pauses}), flush=True)
                for line in lines:
                    print(json.dumps(line), flush=True)
    finally:
        cache.flushdb()  # the moves' queued Celery tasks (no worker runs here) and the caches


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--games", type=int, default=1_000_000, help="finished games")
    parser.add_argument("--running", type=int, default=10_000, help="running games among the players")
    parser.add_argument(
        "--database-url", default=os.environ.get("BENCH_API_DATABASE_URL", DEFAULT_DATABASE_URL)
    )
    parser.add_argument("--redis-url", default=os.environ.get("BENCH_API_REDIS_URL", DEFAULT_REDIS_URL))
    parser.add_argument("--duration", type=float, default=10.0, help="seconds measured per figure")
    parser.add_argument("--warmup", type=float, default=1.0, help="seconds unrecorded before each figure")
    parser.add_argument(
        "--only", default="", help="comma-separated endpoint names (the bare view always runs)"
    )
    parser.add_argument("--quick", action="store_true", help="2 s per figure after 0.5 s of warm-up")
    parser.add_argument("--reseed", action="store_true", help="seed the data again even if it is there")
    parser.add_argument("--pool", type=int, default=2000, help="fresh running games for POST a move")
    parser.add_argument(
        "--threads",
        type=int,
        default=IMAGE_WEB_THREADS,
        help=f"WEB_THREADS of each worker ({IMAGE_WEB_THREADS} by default, as the image's)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        help="gunicorn worker processes (1 by default, as the figures before; the image's compose file "
        "runs 2); with more than one, each figure's server CPU is the workers' together and no "
        "garbage-collector pauses are reported (each worker keeps its own)",
    )
    parser.add_argument(
        "--concurrency", type=lambda s: [int(c) for c in s.split(",")], default=[1, P99_GOAL_CONCURRENCY]
    )
    args = parser.parse_args(argv)
    if args.quick:
        args.duration, args.warmup = 2.0, 0.5
    run(args)


if __name__ == "__main__":
    main()
