from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from engine import registered_games


def catalog(request: HttpRequest) -> dict[str, Any]:
    """The registered games, for the navigation bar of every page."""
    return {"catalog": registered_games()}
