"""The Redis cache keeps its connections per process (mulligan_league/redis_cache.py): cache objects
made one after another, as each request context makes its own, talk over one connection."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import uuid
from pathlib import Path
from typing import Any

import pytest
import redis

from mulligan_league.redis_cache import SharedRedisCache
from tests.redis_server import REDIS_URL, redis_reached


@pytest.fixture
def server() -> redis.Redis:
    return redis_reached()


def _params(name: str) -> dict[str, Any]:
    # The connection's name tells the server's client list which connections are this test's.
    return {"OPTIONS": {"client_name": name}, "KEY_PREFIX": name}


def test_cache_objects_made_one_after_another_share_one_connection(server: redis.Redis) -> None:
    name = f"ml-cache-test-{uuid.uuid4().hex}"
    connections = set()
    for n in range(5):
        cache = SharedRedisCache(REDIS_URL, _params(name))
        cache.set("turn", n)
        assert cache.get("turn") == n
        connections.add(cache._cache.get_client(write=True).client_id())  # the server's id of the connection
    assert len(connections) == 1
    assert [c["name"] for c in server.client_list()].count(name) == 1


def test_cache_objects_of_other_threads_share_the_client(server: redis.Redis) -> None:
    name = f"ml-cache-test-{uuid.uuid4().hex}"
    clients: list[Any] = []

    def make() -> None:
        clients.append(SharedRedisCache(REDIS_URL, _params(name))._cache.get_client(write=True))

    threads = [threading.Thread(target=make) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(clients) == 4 and all(client is clients[0] for client in clients)
    other = SharedRedisCache(REDIS_URL, _params(f"{name}-other"))._cache.get_client(write=True)
    assert other is not clients[0]  # other options: a pool of their own


def test_a_redis_cache_url_selects_the_shared_cache() -> None:
    root = Path(__file__).resolve().parent.parent
    shown = subprocess.run(
        [
            sys.executable,
            "-c",
            "from django.conf import settings; import django; django.setup(); "
            "print(settings.CACHES['default']['BACKEND'])",
        ],
        cwd=root,
        env=os.environ | {"CACHE_URL": REDIS_URL, "DJANGO_SETTINGS_MODULE": "mulligan_league.settings.local"},
        capture_output=True,
        text=True,
        check=True,
    )
    assert shown.stdout.strip() == "mulligan_league.redis_cache.SharedRedisCache"
