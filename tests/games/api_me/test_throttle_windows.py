"""The rate limits' counting (games.api.throttles): simultaneous requests cannot all pass, on the
local-memory cache and on Redis, and the sliding window admits and refuses as its rule says."""

from __future__ import annotations

import threading
import uuid
from dataclasses import dataclass
from typing import Any

import pytest
from django.core.cache.backends.base import BaseCache
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache

from games.api.throttles import MoveSubmitThrottle
from tests.redis_server import REDIS_URL, redis_reached


@dataclass
class _User:
    pk: int
    is_authenticated: bool = True


@dataclass
class _Request:
    user: _User
    method: str = "POST"


def _redis_cache() -> RedisCache:
    redis_reached()
    return RedisCache(REDIS_URL, {"KEY_PREFIX": f"throttle-test-{uuid.uuid4().hex}"})


def _caches() -> dict[str, Any]:
    return {"locmem": lambda: LocMemCache(uuid.uuid4().hex, {}), "redis": _redis_cache}


def _throttle(cache: BaseCache, rate: str, clock: list[float] | None = None) -> MoveSubmitThrottle:
    throttle = MoveSubmitThrottle()
    throttle.cache = cache
    throttle.num_requests, throttle.duration = throttle.parse_rate(rate)
    throttle.rate = rate
    if clock is not None:
        throttle.timer = lambda: clock[0]  # type: ignore[method-assign]
    return throttle


@pytest.mark.parametrize("backend", ["locmem", "redis"])
def test_simultaneous_requests_pass_only_up_to_the_limit(backend: str) -> None:
    cache = _caches()[backend]()
    senders, limit = 12, 3
    start = threading.Barrier(senders)
    passed: list[bool] = []
    lock = threading.Lock()

    def send() -> None:
        throttle = _throttle(cache, f"{limit}/hour")  # one per request, as DRF makes them
        start.wait()
        allowed = throttle.allow_request(_Request(_User(pk=7)), None)
        with lock:
            passed.append(allowed)

    threads = [threading.Thread(target=send) for _ in range(senders)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(passed) == senders
    assert passed.count(True) == limit
    # the refusals took their counts back: the hour's count is the requests that passed
    assert _throttle(cache, f"{limit + 1}/hour").allow_request(_Request(_User(pk=7)), None)
    assert not _throttle(cache, f"{limit + 1}/hour").allow_request(_Request(_User(pk=7)), None)


@pytest.mark.parametrize("backend", ["locmem", "redis"])
def test_the_window_slides_and_retry_after_says_when(backend: str) -> None:
    cache = _caches()[backend]()
    minute = 60.0
    base = 1_000_000 * minute  # the start of a window
    clock = [base + 10]

    def sent() -> tuple[bool, float | None]:
        throttle = _throttle(cache, "2/min", clock)
        allowed = throttle.allow_request(_Request(_User(pk=1)), None)
        return allowed, None if allowed else throttle.wait()

    assert sent() == (True, None)
    assert sent() == (True, None)
    clock[0] = base + 59
    refused, wait = sent()
    # the window alone is full: room once the next window has begun and half of this one slid out
    assert not refused and wait == 1 + minute / 2
    clock[0] = base + minute + 1
    # 1 s into the next window, 59/60 of the last one's 2 requests still count
    refused, wait = sent()
    assert not refused and wait == minute / 2 - 1
    clock[0] += wait - 1
    assert not sent()[0]
    clock[0] += 1  # now half the last window has slid out: 2 x 1/2 + this one = 2
    assert sent() == (True, None)
    assert not sent()[0]
    # another user's requests are counted apart
    other = _throttle(cache, "2/min", clock)
    assert other.allow_request(_Request(_User(pk=2)), None)


def test_reads_and_anonymous_requests_are_not_counted() -> None:
    cache = LocMemCache(uuid.uuid4().hex, {})
    throttle = _throttle(cache, "1/min")
    for _ in range(3):
        assert throttle.allow_request(_Request(_User(pk=3), method="GET"), None)
        assert throttle.allow_request(_Request(_User(pk=0, is_authenticated=False)), None)
    assert throttle.allow_request(_Request(_User(pk=3)), None)
    assert not throttle.allow_request(_Request(_User(pk=3)), None)


def test_the_default_cache_on_redis_counts_in_one_round_trip(monkeypatch: pytest.MonkeyPatch) -> None:
    # As DRF makes it: the throttle's cache is django.core.cache.cache, a proxy to the default cache.
    _redis_cache()  # fails, saying why, without Redis
    from django.test import override_settings
    from redis.commands.core import Script

    scripted: list[list[str]] = []
    run = Script.__call__

    def counted(self: Script, keys: Any = None, args: Any = None, client: Any = None) -> Any:
        scripted.append(list(keys or []))
        return run(self, keys=keys, args=args, client=client)

    monkeypatch.setattr(Script, "__call__", counted)
    prefix = f"throttle-test-{uuid.uuid4().hex}"
    backend = {"BACKEND": "mulligan_league.redis_cache.SharedRedisCache", "LOCATION": REDIS_URL, "KEY_PREFIX": prefix}
    with override_settings(CACHES={"default": backend}):
        allowed = []
        for _ in range(4):
            throttle = MoveSubmitThrottle()
            throttle.num_requests, throttle.duration = throttle.parse_rate("3/hour")
            throttle.rate = "3/hour"
            allowed.append(throttle.allow_request(_Request(_User(pk=11)), None))
    assert allowed == [True, True, True, False]
    assert len(scripted) == 4 and all(keys[0].startswith(f"{prefix}:") for keys in scripted)
