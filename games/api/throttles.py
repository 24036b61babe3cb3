"""Rate limits: move submission per user, token login per client address, game exports per user.

Rates come from ``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]`` (``moves``, ``login``, ``export``), read on each
request rather than when DRF's classes are imported, so a changed setting takes effect. Counts live
in the default cache: per process with the local-memory default, shared once ``CACHE_URL`` points
at Redis. A throttled request is refused before the view runs (429, ``Retry-After``).
"""

from __future__ import annotations

from typing import Any

from rest_framework.request import Request
from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle


class _SettingsRateThrottle(SimpleRateThrottle):
    def get_rate(self) -> str | None:
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)


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
