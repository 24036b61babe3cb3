"""The Redis server of the tests that talk to one directly: ``CELERY_BROKER_URL`` where it names
one (as `make test` sets it), else the local default. A test that cannot reach it fails and says so."""

from __future__ import annotations

import os

import pytest
import redis

REDIS_URL = os.environ.get("CELERY_BROKER_URL", "")
if not REDIS_URL.startswith("redis://"):
    REDIS_URL = "redis://127.0.0.1:6379/15"


def redis_reached() -> redis.Redis:
    """A client of the tests' Redis, once it answered a ping."""
    client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=5)
    try:
        client.ping()
    except redis.RedisError as exc:
        pytest.fail(f"this test needs Redis at {REDIS_URL} (CELERY_BROKER_URL): {exc}", pytrace=False)
    return client
