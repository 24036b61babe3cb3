from __future__ import annotations

import functools
from typing import Any

from django.http import HttpRequest

from engine import registered_games
from games.selectors.games import turns_waiting_count


def catalog(request: HttpRequest) -> dict[str, Any]:
    """The registered games, for the navigation bar of every page."""
    return {"catalog": registered_games()}


def your_turns(request: HttpRequest) -> dict[str, Any]:
    """How many games wait for the logged-in person, for the navigation bar of every page.

    A callable the template calls when it shows the count (a fragment or JSON answer never pays for
    it), worked out once per request however often the page shows it."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"your_turn_count": functools.cache(functools.partial(turns_waiting_count, user))}
