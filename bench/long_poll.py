"""Bots waiting for their turns in the long poll, and the server around them, as JSON (one line per
figure).

``python bench/long_poll.py [--waiters 200] [--duration 5] [--database-url URL] [--redis-url URL]``

On the image's server (gunicorn, one uvicorn worker on ``mulligan_league.asgi``, 4 ``WEB_THREADS``),
``waiters`` bots each wait in ``GET /api/me/turns/wait/?timeout=60`` for the next move of their own
game. Measured twice in the same run: with Redis announcing turns (the image's setting) and without
(``STREAMS_REDIS_URL`` empty: the embedded default, which looks every ``LONG_POLL_INTERVAL``):

* ``GET /api/catalog/`` at 1 and 16 clients while the bots wait, and its ratio to the same server
  with nobody waiting, measured just before;
* the worker's threads while the bots wait;
* the database's transactions per second while they wait (each look is one, in autocommit);
* then each bot's opponent moves, one game after the other (``--pace`` seconds apart): the time
  from the move's commit to that bot's answer (p50, p99, max), and how many bots got their turn
  within ``--answer-within``.
"""

from __future__ import annotations

import argparse
import json
import os
import select
import socket
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

from api_load import GetTarget, measure
from api_server import running
from fresh_site import fresh_site

ROOT = Path(__file__).resolve().parents[1]

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/ml_bench_long_poll"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/12"
CATALOG = "/api/catalog/"


class Waiter:
    """A bot's long poll: sent, its answer read when it comes."""

    def __init__(self, host: str, port: int, token: str, cursor: str) -> None:
        self.sock = socket.create_connection((host, port))
        self.sock.sendall(
            f"GET /api/me/turns/wait/?timeout=60&cursor={cursor} HTTP/1.1\r\nHost: {host}\r\n"
            f"Accept: application/json\r\nAuthorization: Token {token}\r\nConnection: close\r\n\r\n".encode()
        )

    def answered(self) -> bool:
        return bool(select.select([self.sock], [], [], 0)[0])

    def close(self) -> None:
        self.sock.close()


def _is_a_turn(waiter: Waiter) -> bool:
    """Whether the answer is 200 with a turn (not a timeout, not an error)."""
    waiter.sock.settimeout(10)
    raw = b""
    while chunk := waiter.sock.recv(65536):
        raw += chunk
    head, _, body = raw.partition(b"\r\n\r\n")
    if not head.startswith(b"HTTP/1.1 200"):
        return False
    answer = json.loads(body)
    return answer["timed_out"] is False and bool(answer["turns"])


def _threads(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/task"))


def _catalog(server: Any, clients: int, duration: float) -> float:
    result = measure(
        server.host,
        server.port,
        GetTarget("catalog", server.authority, [CATALOG]),
        concurrency=clients,
        warmup=0.5,
        duration=duration,
        server_pid=server.worker_pid,
    )
    return float(result.req_per_s)


def _transactions(database: str) -> int:
    import psycopg
    from django.conf import settings

    db = settings.DATABASES["default"]
    with psycopg.connect(
        host=db["HOST"], port=db["PORT"] or 5432, user=db["USER"], dbname="postgres", autocommit=True
    ) as connection:
        row = connection.execute(
            "SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = %s", [database]
        ).fetchone()
    assert row is not None
    return int(row[0])


def _run(server: Any, setup: dict[str, Any], args: argparse.Namespace, announced: bool) -> dict[str, Any]:
    from django.conf import settings

    settings.STREAMS_REDIS_URL = args.redis_url if announced else ""  # this process's moves announce
    idle = {c: _catalog(server, c, args.duration) for c in (1, 16)}
    threads_idle = _threads(server.worker_pid)
    waiters = [Waiter(server.host, server.port, token, setup["cursor"](token)) for token in setup["tokens"]]
    try:
        # The polls reach the server, make their first looks and start waiting (a thousand first
        # looks take the server a few seconds).
        time.sleep(1.0 + len(waiters) / 200)
        threads_waiting = _threads(server.worker_pid)
        began, xacts_began = time.monotonic(), _transactions(setup["database"])
        time.sleep(args.duration)
        xacts_per_s = (_transactions(setup["database"]) - xacts_began) / (time.monotonic() - began)
        waiting = {c: _catalog(server, c, args.duration) for c in (1, 16)}
        moved_at: dict[int, float] = {}
        arrived: dict[int, float] = {}
        done = threading.Event()

        def collect() -> None:  # arrival times, stamped as they come (not between moves)
            pending = {waiter.sock: i for i, waiter in enumerate(waiters)}
            while pending and not done.is_set():
                for sock in select.select(list(pending), [], [], 0.01)[0]:
                    arrived[pending.pop(sock)] = time.monotonic()

        collector = threading.Thread(target=collect)
        collector.start()
        try:
            for i, game in enumerate(setup["games"]):
                time.sleep(args.pace)
                moved_at[i] = time.monotonic()
                setup["move"](game)  # committed (and announced) when it returns
                moved_at[i] = (moved_at[i] + time.monotonic()) / 2  # its commit: inside the call
            give_up = time.monotonic() + args.answer_within
            while len(arrived) < len(waiters) and time.monotonic() < give_up:
                time.sleep(0.05)
        finally:
            done.set()
            collector.join()
        early = [i for i in arrived if arrived[i] < moved_at[i]]  # timed out, or an error
        late = [i for i in arrived if arrived[i] >= moved_at[i]]
        turns = sum(_is_a_turn(waiters[i]) for i in late)
    finally:
        for waiter in waiters:
            waiter.close()
    latencies = sorted(arrived[i] - moved_at[i] for i in late)
    latencies.sort()
    return {
        "bench": "long_poll",
        "figure": "announced" if announced else "looked_for",
        "waiters": len(setup["tokens"]),
        "catalog_req_per_s_nobody_waiting": {str(c): round(v, 1) for c, v in idle.items()},
        "catalog_req_per_s_while_waiting": {str(c): round(v, 1) for c, v in waiting.items()},
        "ratio_while_waiting": {str(c): round(waiting[c] / idle[c], 3) for c in idle if idle[c]},
        "worker_threads": {"nobody_waiting": threads_idle, "while_waiting": threads_waiting},
        "database_transactions_per_s_while_waiting": round(xacts_per_s, 1),
        "answered_before_their_move": len(early),
        "answered_within_s": args.answer_within,
        "seconds_between_moves": args.pace,
        "answered": len(latencies),
        "answered_with_their_turn": turns,
        "move_to_answer_ms": {
            "p50": round(statistics.median(latencies) * 1000, 1) if latencies else None,
            "p99": round(latencies[int(len(latencies) * 0.99) - 1] * 1000, 1) if latencies else None,
            "max": round(latencies[-1] * 1000, 1) if latencies else None,
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--waiters", type=int, default=200)
    parser.add_argument("--duration", type=float, default=5.0, help="seconds per measured figure")
    parser.add_argument("--answer-within", type=float, default=5.0, help="seconds a bot waits for its turn")
    parser.add_argument(
        "--pace", type=float, default=0.02, help="seconds between two games' moves (0: all at once, a burst)"
    )
    parser.add_argument("--database-url", default=DEFAULT_DATABASE_URL)
    parser.add_argument("--redis-url", default=DEFAULT_REDIS_URL)
    args = parser.parse_args()

    base_env = fresh_site(ROOT, args.database_url, args.redis_url)
    from django.contrib.auth.models import User

    from games.services.games import game_create
    from games.services.moves import move_submit
    from games.services.players import player_for_user
    from games.services.tokens import token_create

    print(f"[long poll bench] {args.waiters} games, each a bot waiting for its turn", file=sys.stderr)
    host = player_for_user(User.objects.create_user("host"))
    bots = [player_for_user(User.objects.create_user(f"bot{n:04d}")) for n in range(args.waiters)]
    tokens = {token_create(user=bot.user)[1]: bot for bot in bots}

    def new_games() -> list[Any]:
        return [
            game_create(
                game_id="mulligan", competitors=[host.competitor, bot.competitor], config={"players": 2}
            )
            for bot in bots
        ]

    def cursor(token: str) -> str:
        from games.api.me_views import turn_cursor

        return turn_cursor(tokens[token].user)

    def move(game: Any) -> None:
        move_submit(game_pk=game.pk, user=host.user, action={"type": "skip"}, seat_index=0)

    for announced in (True, False):
        # Without announcements the server's broker is not Redis either, or it would announce there.
        quiet = {"STREAMS_REDIS_URL": "", "CELERY_BROKER_URL": "memory://"}
        env = base_env | ({} if announced else quiet)
        setup = {
            "tokens": list(tokens),
            "games": new_games(),
            "cursor": cursor,
            "move": move,
            "database": args.database_url.rsplit("/", 1)[1],
        }
        with running(ROOT, env) as server:
            print(json.dumps(_run(server, setup, args, announced)), flush=True)


if __name__ == "__main__":
    main()
