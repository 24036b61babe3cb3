"""Django's Redis cache, with its connections kept per process rather than per cache object.

Django's ``RedisCache`` keeps its connection pools on the cache object, and ``caches`` hands out a
cache object per thread and per request context (an asgiref ``Local``). Under the ASGI server every
``POST`` of a move (whose rate limit counts in the cache) got a new object, so a new pool and a new
connection to Redis: a TCP connect and redis-py's handshake on each move, a tenth of the worker's
time on moves (Django ticket #35651). Here the pools, and the ``redis.Redis`` client over each (a
client copies some 170 reply callbacks when made, and is safe to share between threads), are kept
once per process for each server and set of options. redis-py's pools notice a fork and open new
connections in the child, so gunicorn's workers do not share sockets.

``CACHE_URL=redis://...`` selects this class (mulligan_league/settings/base.py); it is
``django.core.cache.backends.redis.RedisCache`` in every other respect.
"""

from __future__ import annotations

import threading
from typing import Any

from django.core.cache.backends.redis import RedisCache, RedisCacheClient

_lock = threading.Lock()
_clients: dict[tuple[str, str], Any] = {}  # (server URL, pool options) -> redis.Redis


class SharedRedisCacheClient(RedisCacheClient):
    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        server = self._servers[self._get_connection_pool_index(write)]
        # repr: the options hold classes and plain values, the same text for the same settings.
        ident = (server, repr(sorted(self._pool_options.items())))
        client = _clients.get(ident)
        if client is None:
            with _lock:
                client = _clients.get(ident)
                if client is None:
                    pool = self._pool_class.from_url(server, **self._pool_options)
                    client = _clients[ident] = self._client(connection_pool=pool)
        return client


class SharedRedisCache(RedisCache):
    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = SharedRedisCacheClient
