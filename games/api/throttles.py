"""Rate limits: move submission per user, token login per client address, game exports per user.

Rates come from ``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]`` (``moves``, ``login``, ``export``), read on each
request rather than when DRF's classes are imported, so a changed setting takes effect. Counts live
in the default cache: per process with the local-memory default, shared once ``CACHE_URL`` points
at Redis. A throttled request is refused before the view runs (429, ``Retry-After``).

Each limit counts in two fixed windows of the rate's period, the current one and the one before,
and takes as the count of the last period ``current + previous x (the part of the previous window
still inside the period)``: a sliding window, the estimate Cloudflare's and others' limiters use.
Counting is one atomic increment, so requests sent at the same moment cannot all pass, as they did
with DRF's own throttle (it reads a list of times, then writes it back: 6 of 6 simultaneous
requests passed a limit of 2). A refused request takes its count back, so refusals do not extend
the wait; requests the view refuses count (guessing costs what playing costs).
"""

from __future__ import annotations

import contextlib
import math
from typing import Any

from django.core.cache import DEFAULT_CACHE_ALIAS, caches
from django.core.cache import cache as default_cache
from django.core.cache.backends.base import BaseCache
from django.core.cache.backends.redis import RedisCache
from redis.commands.core import Script
from rest_framework.request import Request
from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle

# KEYS: this window's count, the previous window's. ARGV: seconds this window's count is kept.
# One round trip: the count added and both counts read, atomically.
_REDIS_HIT = """
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return {count, tonumber(redis.call('GET', KEYS[2]) or '0')}
"""
# Sent by its digest (EVALSHA), the text only when the server does not know it yet.
_redis_hit = Script(None, _REDIS_HIT.encode())  # type: ignore[arg-type]  # bytes: no client needed to encode it


class _SettingsRateThrottle(SimpleRateThrottle):
    def get_rate(self) -> str | None:
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)

    def allow_request(self, request: Request, view: Any) -> bool:
        if self.rate is None:
            return True
        key = self.get_cache_key(request, view)
        if key is None:
            return True
        now = self.timer()
        window, elapsed = divmod(now, self.duration)
        current, previous = f"{key}:{int(window)}", f"{key}:{int(window) - 1}"
        count, before = self._hit(current, previous)
        held_over = before * (1 - elapsed / self.duration)
        if count + held_over <= self.num_requests:
            return True
        with contextlib.suppress(ValueError):  # a count that expired meanwhile: nothing to take back
            self.cache.decr(current)  # a refusal is not counted
        self._retry_after = self._seconds_until_room(count - 1, before, elapsed)
        return False

    def _hit(self, current: str, previous: str) -> tuple[int, int]:
        """This request counted in ``current``; the counts of ``current`` and ``previous``."""
        keep = 2 * self.duration  # read as the previous window during the next one
        backend = self._backend()
        if isinstance(backend, RedisCache):
            keys = [backend.make_and_validate_key(k) for k in (current, previous)]
            client = backend._cache.get_client(keys[0], write=True)
            count, before = _redis_hit(keys=keys, args=[keep], client=client)
            return int(count), int(before)
        self.cache.add(current, 0, keep)
        try:
            count = self.cache.incr(current)
        except ValueError:  # expired between the two calls
            self.cache.add(current, 1, keep)
            count = 1
        return count, int(self.cache.get(previous, 0))

    def _backend(self) -> BaseCache:
        # DRF's ``cache`` is django.core.cache.cache, a proxy to the default cache and never a
        # RedisCache itself: without looking behind it, the counting took three round trips.
        return caches[DEFAULT_CACHE_ALIAS] if self.cache is default_cache else self.cache

    def _seconds_until_room(self, count: int, before: int, elapsed: float) -> float:
        """When one more request would fit: when enough of the previous window has slid out, or
        (if this window alone is full) once the next window has started and slid far enough."""
        if count < self.num_requests and before:
            # count + before x (1 - t / duration) <= num_requests - 1, solved for t
            t = self.duration * (1 - (self.num_requests - 1 - count) / before)
            return max(t - elapsed, 1.0)
        later = self.duration * (1 - (self.num_requests - 1) / count) if count else 0.0
        return max(self.duration - elapsed + later, 1.0)

    def wait(self) -> float | None:
        return math.ceil(getattr(self, "_retry_after", self.duration))


class MoveSubmitThrottle(_SettingsRateThrottle):
    """Moves sent by one user, over all their games; reading a game is not limited."""

    scope = "moves"

    def get_cache_key(self, request: Request, view: Any) -> str | None:
        if request.method != "POST" or not request.user.is_authenticated:
            return None
        return self.cache_format % {"scope": self.scope, "ident": request.user.pk}


class LoginThrottle(_SettingsRateThrottle):
    """Token logins from one client address, whoever they claim to be (password guessing)."""

    scope = "login"

    def get_cache_key(self, request: Request, view: Any) -> str | None:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class ExportThrottle(_SettingsRateThrottle):
    """Game exports started by one user (or, signed out, from one client address): each streams
    many games, so they are counted apart from everything else."""

    scope = "export"

    def get_cache_key(self, request: Request, view: Any) -> str | None:
        ident = request.user.pk if request.user.is_authenticated else self.get_ident(request)
        return self.cache_format % {"scope": self.scope, "ident": ident}
