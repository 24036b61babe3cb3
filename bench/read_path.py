"""The read endpoints in process, as JSON: ``python bench/read_path.py [--requests N] [--only a,b] [--profile]``.

Sends GETs through Django's own WSGI handler (not the test Client, which skips the request
signals: the connection's health check and its closing rules run here as in the server) on the
seeded data of bench/api.py, with the production settings of bench/api_site, and measures this
process's CPU per request for each endpoint beside the bare view of the same handler. No HTTP
server and no threads: what is left is the project's own work per request, where a profile shows
where it goes. One JSON line per endpoint: CPU µs per request, the bare view's, their ratio, and
the queries of one request, and the CPU µs per request of the database's backend process where it
runs on this machine (``db_cpu_us_per_req``). ``--profile`` prints the top of a cProfile of each endpoint to stderr.

Environment: ``DATABASE_URL`` (a seeded bench/api.py database, e.g. a copy of it: nothing is
written), ``CACHE_URL`` (default: the process's memory).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

_ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(_ROOT), str(_ROOT / "bench")]


def _environ(path: str, token: str | None) -> dict[str, Any]:
    route, _, query = path.partition("?")
    environ = {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": route,
        "QUERY_STRING": query,
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000",
        "HTTP_HOST": "127.0.0.1:8000",
        "REMOTE_ADDR": "127.0.0.1",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(b""),
        "wsgi.errors": sys.stderr,
        "wsgi.version": (1, 0),
        "wsgi.multithread": True,
        "wsgi.multiprocess": False,
        "wsgi.run_once": False,
        "HTTP_ACCEPT": "application/json",
    }
    if token:
        environ["HTTP_AUTHORIZATION"] = f"Token {token}"
    return environ


def requester(app: Callable[..., Any]) -> Callable[[str, str | None], tuple[str, bytes]]:
    def get(path: str, token: str | None = None) -> tuple[str, bytes]:
        status: list[str] = []

        def start_response(line: str, headers: Any, exc_info: Any = None) -> None:
            status.append(line)

        response = app(_environ(path, token), start_response)
        try:
            body = b"".join(response)
        finally:
            response.close()  # request_finished: close_old_connections, as a server does
        return status[0], body

    return get


def backend_cpu(connection: Any) -> tuple[int | None, float]:
    """The connection's backend process and the CPU seconds it has used, or (None, 0) where it
    cannot be read (no connection yet, a server on another host, a system without /proc)."""
    raw = getattr(connection, "connection", None)
    if raw is None or connection.vendor != "postgresql":
        return None, 0.0
    pid = raw.info.backend_pid
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return None, 0.0
    return pid, (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=1000, help="requests per endpoint")
    parser.add_argument("--only", default="", help="comma-separated endpoint names")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--rounds", type=int, default=3, help="alternations of bare and endpoint")
    args = parser.parse_args(argv)

    from api_seed import GAME_ID, seeded, seeded_bots

    url = os.environ["DATABASE_URL"]
    marker = seeded(url)
    if marker is None:
        raise SystemExit(f"{url}: not a seeded bench/api.py database")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bench.api_site.settings")
    os.environ.setdefault("DJANGO_SECRET_KEY", "bench-only-secret-key-not-for-production-0123456789")
    os.environ.setdefault("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost")
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    from django.core.wsgi import get_wsgi_application
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    get = requester(get_wsgi_application())
    ladder = f"/api/ladder/?game={GAME_ID}"
    # bench/api.py's deep pages, or as deep as a smaller seeding goes
    ladder_deep = min(1000, marker.people // 100)
    games_deep = min(5000, marker.finished_games // 100)

    def follow(path: str, times: int) -> str:
        for _ in range(times):
            path = json.loads(get(path)[1])["next"].split("8000", 1)[1]
        return path

    games = [f"{1 + k * marker.finished_games // 100}" for k in range(100)]
    players = [f"{1 + k * marker.people // 100}" for k in range(100)]
    token = marker.tokens["bench_a"]
    chosen = set(args.only.split(",")) if args.only else None
    named: list[tuple[str, list[str], str | None]] = [
        # The stack's floors, as bench/api.py serves them: DRF's view alone, and with one read.
        ("floor_drf", ["/bench/bare-drf/"], None),
        ("floor_drf_one_query", ["/bench/bare-drf-query/"], None),
        ("ladder_page_1", [ladder], None),
        ("ladder_page_1000", [f"{ladder}&page={ladder_deep}"], None),
        ("ladder_next_1000", [ladder], None),
        ("league_ladder_page_1", [f"/api/leagues/{marker.league}/ladder/"], None),
        ("games_page_1", ["/api/games/"], None),
        ("games_page_5000", [f"/api/games/?page={games_deep}"], None),
        ("games_next_5000", ["/api/games/"], None),
        ("game_detail", [f"/api/games/{pk}/" for pk in games], None),
        ("game_moves", [f"/api/games/{pk}/moves/" for pk in games], None),
        ("my_turns", ["/api/me/turns/"], token),
        ("player_detail", [f"/api/players/{pk}/" for pk in players], None),
        ("leagues_page_1", ["/api/leagues/"], None),
        ("league_detail", [f"/api/leagues/{marker.league}/"], None),
        ("bots_page_1", ["/api/bots/"], None),
        ("bot_games", [f"/api/bots/{pk}/games/" for pk in seeded_bots(marker)], None),
    ]
    named = [entry for entry in named if chosen is None or entry[0] in chosen]
    deep = {"ladder_next_1000": ladder_deep - 1, "games_next_5000": games_deep - 1}

    def cpu_per_request(paths: list[str], token: str | None, n: int) -> tuple[float, float | None]:
        """This process's CPU µs per request, and its database backend's where it can be read."""
        pid, db_began = backend_cpu(connection)
        began = time.process_time()
        for i in range(n):
            status, body = get(paths[i % len(paths)], token)
            if not status.startswith("200"):
                raise RuntimeError(f"{paths[i % len(paths)]}: {status} {body[:300]!r}")
        ours = (time.process_time() - began) / n * 1e6
        pid_after, db_ended = backend_cpu(connection)
        same_backend = pid is not None and pid == pid_after
        return ours, (db_ended - db_began) / n * 1e6 if same_backend else None

    bare = ["/bench/bare/"]
    cpu_per_request(bare, None, 200)  # warm-up
    for name, paths, tok in named:
        if name in deep:
            paths = [follow(paths[0], deep[name])]
        cpu_per_request(paths, tok, 50)  # warm-up: the replay cache, the statements prepared
        with CaptureQueriesContext(connection) as queries:
            get(paths[0], tok)
        sql = [q["sql"][:160] for q in queries.captured_queries]  # before the next request resets the log
        ours, theirs, db = [], [], []
        for _ in range(args.rounds):
            theirs.append(cpu_per_request(bare, None, args.requests)[0])
            own, backend = cpu_per_request(paths, tok, args.requests)
            ours.append(own)
            if backend is not None:
                db.append(backend)
        line = {
            "bench": "read_path",
            "endpoint": name,
            "cpu_us_per_req": round(min(ours), 1),
            "bare_cpu_us_per_req": round(min(theirs), 1),
            "ratio": round(min(theirs) / min(ours), 3),
            # The database's side of the same requests (its backend process, read from /proc where
            # PostgreSQL runs on this machine), which the bench's load shares the cores with.
            "db_cpu_us_per_req": round(min(db), 1) if len(db) == args.rounds else None,
            "queries": len(sql),
            "sql": sql,
        }
        print(json.dumps(line), flush=True)
        if args.profile:
            profile = cProfile.Profile(time.process_time)  # CPU, not the waits on the database
            profile.enable()
            cpu_per_request(paths, tok, args.requests)
            profile.disable()
            text = io.StringIO()
            pstats.Stats(profile, stream=text).sort_stats(
                os.environ.get("PROFILE_SORT", "tottime")
            ).print_stats(int(os.environ.get("PROFILE_LINES", "30")))
            print(f"== {name}\n{text.getvalue()}", file=sys.stderr)


if __name__ == "__main__":
    main()
