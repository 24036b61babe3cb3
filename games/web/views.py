from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from engine import registered_games
from games import selectors


def home(request: HttpRequest) -> HttpResponse:
    games = selectors.games_with_seats().order_by("-id")[:30]
    return render(request, "home.html", {"games": games})


def ladder_page(request: HttpRequest, game_id: str) -> HttpResponse:
    known = {game.id: game for game in registered_games()}
    if game_id not in known:
        return render(request, "not_found.html", {"what": f"game {game_id!r}"}, status=404)
    ratings = selectors.ladder(game_id)[:200]
    return render(request, "ladder.html", {"game": known[game_id], "ratings": ratings})
