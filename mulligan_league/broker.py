"""kombu's Redis transport, publishing through one ``redis.Redis`` client per channel.

kombu 5.7's Redis channel makes a new ``redis.Redis`` client over its connection pool for every
command it sends outside a pipeline (``Channel.conn_or_acquire``), so every task published, such
as the turn notification a move enqueues after its commit, paid for a client: redis-py copies some
170 reply callbacks into each new client, about a fifth of a publish's cost. A client is only a
handle on the pool and is safe to share between threads, so here a channel makes one and keeps it
for as long as it keeps that pool (kombu drops its pools when the connection is closed).

``CELERY_BROKER_URL=redis://...`` selects this transport (mulligan_league/settings/base.py); it is
kombu's in every other respect: the same messages, keys and connection options.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from kombu.transport import redis as kombu_redis


class Channel(kombu_redis.Channel):
    _kept_client: Any = None

    @contextmanager
    def conn_or_acquire(self, client: Any = None) -> Iterator[Any]:
        if client:
            yield client
            return
        pool = self.pool
        kept = self._kept_client
        if kept is None or kept.connection_pool is not pool:
            kept = self._kept_client = self._create_client()  # type: ignore[attr-defined]  # not in the stubs
        yield kept


class Transport(kombu_redis.Transport):
    Channel = Channel
