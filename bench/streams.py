"""Event streams and the web front that serves them, as JSON (one line).

``python bench/streams.py [--readers 200] [--duration 5] [--database-url URL] [--redis-url URL]``

* **Requests**: the bare Django view (bench/api_site) and ``GET /api/catalog/`` at 1 and 16 clients
  on the image's server (gunicorn, one uvicorn worker on ``mulligan_league.asgi``: other requests
  than the streams in ``WEB_THREADS`` threads, a2wsgi) and, in the same run, on the server it
  replaced (gunicorn, one gthread worker with 8 threads, ``mulligan_league.wsgi``): req/s, the
  server's CPU per request, and the ratio image / gthread.
* **Readers**: ``readers`` server-sent-event streams held open on one running game by one worker:
  the worker's threads and resident memory before and with them (a waiting stream holds no
  thread), then one move: how long until every reader has its event (p50, max), through Redis.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import time
from pathlib import Path
from typing import Any

from api_load import GetTarget, measure
from api_server import BARE_PATH, IMAGE_WEB_THREADS, running
from fresh_site import fresh_site

ROOT = Path(__file__).resolve().parents[1]

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/ml_bench_streams"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/12"


def _threads_and_rss(pid: int) -> tuple[int, int]:
    threads = len(os.listdir(f"/proc/{pid}/task"))
    with open(f"/proc/{pid}/status") as status:
        rss = next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
    return threads, rss * 1024


def _requests(server: Any, duration: float) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    for name, path in (("bare", BARE_PATH), ("catalog", "/api/catalog/")):
        for clients in (1, 16):
            result = measure(
                server.host,
                server.port,
                GetTarget(name, server.authority, [path]),
                concurrency=clients,
                warmup=1.0,
                duration=duration,
                server_pid=server.worker_pid,
            )
            figures[f"{name}@{clients}"] = {
                "req_per_s": round(result.req_per_s, 1),
                "server_cpu_ms_per_req": round(result.server_cpu_ms_per_req or 0.0, 3),
                "errors": result.errors,
            }
    return figures


async def _open_reader(host: str, port: int, path: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n".encode())
    await writer.drain()
    while b"event: game" not in await reader.readuntil(b"\n\n"):
        pass
    return reader, writer


async def _until_move(reader: asyncio.StreamReader) -> float:
    while b"event: move" not in await reader.readuntil(b"\n\n"):
        pass
    return time.monotonic()


async def _readers(server: Any, game_pk: int, move: Any, count: int) -> dict[str, Any]:
    path = f"/api/games/{game_pk}/stream/"
    before = _threads_and_rss(server.worker_pid)
    connections = [await _open_reader(server.host, server.port, path) for _ in range(count)]
    holding = _threads_and_rss(server.worker_pid)
    waits = [asyncio.ensure_future(_until_move(reader)) for reader, _ in connections]
    await asyncio.sleep(0.5)
    moved_at = time.monotonic()
    await asyncio.get_running_loop().run_in_executor(None, move)
    arrivals = sorted(at - moved_at for at in await asyncio.wait_for(asyncio.gather(*waits), 60))
    for _, writer in connections:
        writer.close()
    return {
        "readers": count,
        "worker_threads_before": before[0],
        "worker_threads_with_readers": holding[0],
        "worker_rss_mb_before": round(before[1] / 2**20, 1),
        "worker_rss_mb_with_readers": round(holding[1] / 2**20, 1),
        "move_to_every_reader_ms": {
            "p50": round(arrivals[len(arrivals) // 2] * 1000, 1),
            "max": round(arrivals[-1] * 1000, 1),
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--readers", type=int, default=200)
    parser.add_argument("--duration", type=float, default=5.0)
    parser.add_argument("--database-url", default=DEFAULT_DATABASE_URL)
    parser.add_argument("--redis-url", default=DEFAULT_REDIS_URL)
    args = parser.parse_args()

    env = fresh_site(ROOT, args.database_url, args.redis_url)
    from django.contrib.auth.models import User

    from games.services.games import game_create
    from games.services.moves import move_submit
    from games.services.players import player_for_user

    players = [player_for_user(User.objects.create_user(f"reader{n}")) for n in range(2)]
    game = game_create(game_id="mulligan", competitors=[p.competitor for p in players], config={"players": 2})

    def move() -> None:
        move_submit(game_pk=game.pk, user=players[0].user, action={"type": "skip"}, seat_index=0)

    with running(ROOT, env) as server:
        image = _requests(server, args.duration)
        readers = asyncio.run(_readers(server, game.pk, move, args.readers))
    with running(
        ROOT,
        env,
        app="mulligan_league.wsgi:application",
        extra=("--worker-class", "gthread", "--threads", "8"),
    ) as server:
        gthread = _requests(server, args.duration)
    print(
        json.dumps(
            {
                "bench": "streams",
                "server": f"gunicorn, 1 uvicorn worker, mulligan_league.asgi ({IMAGE_WEB_THREADS} WEB_THREADS, a2wsgi)",
                "reference": "gunicorn, 1 gthread worker, 8 threads, mulligan_league.wsgi (the server before), same run",
                "requests": image,
                "requests_reference": gthread,
                "ratio_req_per_s": {
                    key: round(image[key]["req_per_s"] / gthread[key]["req_per_s"], 2)
                    for key in image
                    if gthread[key]["req_per_s"]
                },
                "streams": readers,
            }
        )
    )


if __name__ == "__main__":
    main()
