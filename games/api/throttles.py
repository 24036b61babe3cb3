"""Rate limits: move submission per user, token login per client address.

Rates come from ``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]`` (``moves``, ``login``), read on each
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
