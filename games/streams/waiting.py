"""How an open stream waits for news between its reads of the database.

- With Redis (``STREAMS_REDIS_URL``, or the broker when it is Redis): the stream subscribes to its
  game's or tournament's channel (:mod:`.notices`) before its first read, so nothing committed after
  that read goes unheard, and reads again only when an announcement comes (or its heartbeat is due).
- Without (the embedded default, SQLite and a filesystem broker, one machine): it reads again every
  ``STREAM_POLL_SECONDS``. This fallback is the only place a stream polls the database.

Each waiter comes in two kinds: async for an ASGI server (uvicorn: a waiting stream holds no
thread) and blocking for a WSGI server (runserver, the test suite's live_server), which gives each
request a thread anyway.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Protocol

import redis
import redis.asyncio
from django.conf import settings

logger = logging.getLogger(__name__)


class AsyncWaiter(Protocol):
    async def __aenter__(self) -> AsyncWaiter: ...
    async def __aexit__(self, *exc: object) -> None: ...
    async def wait(self, timeout: float) -> bool: ...


class Waiter(Protocol):
    def __enter__(self) -> Waiter: ...
    def __exit__(self, *exc: object) -> None: ...
    def wait(self, timeout: float) -> bool: ...


class AsyncRedisWaiter:
    def __init__(self, url: str, channel: str, poll: float | None = None) -> None:
        self._client = redis.asyncio.Redis.from_url(url)
        self._pubsub = self._client.pubsub(ignore_subscribe_messages=True)
        self._channel = channel
        self._poll = poll
        self._subscribed = False

    async def __aenter__(self) -> AsyncRedisWaiter:
        try:
            await self._pubsub.subscribe(self._channel)
            self._subscribed = True
        except (redis.RedisError, OSError) as exc:
            # Redis is away: this waiter reads the database now and then instead (see wait).
            logger.warning("event stream: Redis unavailable (%s), reading every %s s", exc, self._every())
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self._pubsub.aclose()  # type: ignore[no-untyped-call]
        await self._client.aclose()

    async def wait(self, timeout: float) -> bool:
        """Until an announcement comes (True; all that came meanwhile answered by one read) or
        ``timeout`` (False: nothing to read)."""
        if not self._subscribed:
            await asyncio.sleep(min(timeout, self._every()))
            return True
        try:
            message = await self._pubsub.get_message(timeout=timeout)
            news = message is not None
            while message is not None:
                message = await self._pubsub.get_message(timeout=0)
            return news
        except (redis.RedisError, OSError) as exc:
            # Redis is away: read the database now and then until it is back (redis-py subscribes
            # again when it reconnects; what was announced meanwhile is read then).
            logger.warning("event stream: Redis unavailable (%s), reading every %s s", exc, self._every())
            await asyncio.sleep(min(timeout, self._every()))
            return True

    def _every(self) -> float:
        return _poll() if self._poll is None else self._poll


class AsyncPollWaiter:
    def __init__(self, poll: float | None = None) -> None:
        self._poll = poll

    async def __aenter__(self) -> AsyncPollWaiter:
        return self

    async def __aexit__(self, *exc: object) -> None:
        return None

    async def wait(self, timeout: float) -> bool:
        await asyncio.sleep(min(timeout, _poll() if self._poll is None else self._poll))
        return True


class RedisWaiter:
    def __init__(self, url: str, channel: str, poll: float | None = None) -> None:
        self._client = redis.Redis.from_url(url)
        self._pubsub = self._client.pubsub(ignore_subscribe_messages=True)  # type: ignore[no-untyped-call]
        self._channel = channel
        self._poll = poll
        self._subscribed = False

    def __enter__(self) -> RedisWaiter:
        try:
            self._pubsub.subscribe(self._channel)
            self._subscribed = True
        except (redis.RedisError, OSError) as exc:
            logger.warning("event stream: Redis unavailable (%s), reading every %s s", exc, self._every())
        return self

    def __exit__(self, *exc: object) -> None:
        self._pubsub.close()
        self._client.close()

    def wait(self, timeout: float) -> bool:
        if not self._subscribed:
            time.sleep(min(timeout, self._every()))
            return True
        try:
            message = self._pubsub.get_message(timeout=timeout)
            news = message is not None
            while message is not None:
                message = self._pubsub.get_message(timeout=0)
            return news
        except (redis.RedisError, OSError) as exc:
            logger.warning("event stream: Redis unavailable (%s), reading every %s s", exc, self._every())
            time.sleep(min(timeout, self._every()))
            return True

    def _every(self) -> float:
        return _poll() if self._poll is None else self._poll


class PollWaiter:
    def __init__(self, poll: float | None = None) -> None:
        self._poll = poll

    def __enter__(self) -> PollWaiter:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def wait(self, timeout: float) -> bool:
        time.sleep(min(timeout, _poll() if self._poll is None else self._poll))
        return True


def _poll() -> float:
    return settings.STREAM_POLL_SECONDS


def async_waiter(channel: str, poll: float | None = None) -> AsyncWaiter:
    """A waiter on ``channel``; ``poll``: how often to read without Redis (else
    ``STREAM_POLL_SECONDS``)."""
    url = settings.STREAMS_REDIS_URL
    return AsyncRedisWaiter(url, channel, poll) if url else AsyncPollWaiter(poll)


def waiter(channel: str, poll: float | None = None) -> Waiter:
    """The blocking kind of :func:`async_waiter`."""
    url = settings.STREAMS_REDIS_URL
    return RedisWaiter(url, channel, poll) if url else PollWaiter(poll)
