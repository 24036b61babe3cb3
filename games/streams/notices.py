"""Announcements that a game, a tournament or a version test has news, published once its transaction commits.

An announcement carries nothing of the game: a stream that hears it reads what is new from the
database, as its own reader may see it. So a lost announcement loses no event (the next one, or a
reconnect with Last-Event-ID, brings it), and a reader's seat never depends on what was published.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from functools import cache

import redis
from django.conf import settings

logger = logging.getLogger(__name__)

CHANNEL_PREFIX = "mulligan:stream:"


def game_channel(game_pk: int) -> str:
    return f"{CHANNEL_PREFIX}game:{game_pk}"


def tournament_channel(tournament_pk: int) -> str:
    return f"{CHANNEL_PREFIX}tournament:{tournament_pk}"


def turns_channel(competitor_pk: int) -> str:
    """A person's turns (their competitor's): a long poll for them waits on it."""
    return f"{CHANNEL_PREFIX}turns:{competitor_pk}"


def version_test_channel(test_pk: int) -> str:
    return f"{CHANNEL_PREFIX}versiontest:{test_pk}"


@cache
def _client(url: str) -> redis.Redis:
    # Short timeouts: a move is committed already, and a Redis that is away must not hold it up.
    return redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)


def publish(channels: Sequence[str]) -> None:
    """Announce news on these channels (one round trip); without ``STREAMS_REDIS_URL``, nothing
    (the embedded default's streams look at the database). A Redis that is away is logged, not
    raised: the change is committed, and readers get it on their next announcement or reconnect."""
    url = settings.STREAMS_REDIS_URL
    if not url or not channels:
        return
    try:
        client = _client(url)
        if len(channels) == 1:
            client.publish(channels[0], b"")  # a move's one game: no pipeline object to build
            return
        pipeline = client.pipeline(transaction=False)
        for channel in channels:
            pipeline.publish(channel, b"")
        pipeline.execute()
    except redis.RedisError as exc:
        logger.warning("event streams: could not announce %d channel(s): %s", len(channels), exc)
