"""The 404 of every address that matches no route: a page for people, the API's JSON error shape
(``{"detail", "code"}``) for clients. Ids too large for a row land here too (games.converters), so
the words name what is missing: "There is no tournament 99999999999999999999"."""

from __future__ import annotations

from itertools import pairwise

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

# The words for "<kind>/<id>" in a path, for people and for API clients.
PAGE_KINDS = {
    "games": "game",
    "tournaments": "tournament",
    "leagues": "league",
    "players": "player or bot",
    "bots": "bot",
    "challenges": "challenge",
}
API_KINDS = {
    "games": "game",
    "tournaments": "tournament",
    "leagues": "league",
    "players": "player",
    "bots": "bot",
    "versions": "version",
    "rounds": "round",
    "vacations": "vacation",
    "challenges": "challenge",
}


def missing_thing(path: str, kinds: dict[str, str]) -> str | None:
    """``"tournament 12"`` for ``/tournaments/12/...``: the last id in the path that names a kind."""
    parts = [part for part in path.split("/") if part]
    named = [f"{kinds[kind]} {value}" for kind, value in pairwise(parts) if kind in kinds and value.isdigit()]
    return named[-1] if named else None


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if request.path.startswith("/api/"):
        thing = missing_thing(request.path[len("/api") :], API_KINDS)
        detail = f"no {thing}" if thing else f"no API address {request.path}"
        return JsonResponse({"detail": detail, "code": "not_found"}, status=404)
    thing = missing_thing(request.path, PAGE_KINDS)
    return render(request, "not_found.html", {"what": thing or "such page"}, status=404)
