from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from engine import registered_games
from games import selectors
from games.models import GameStatus

RECENT_GAMES = 20
RECENTLY_FINISHED = 10


def home(request: HttpRequest) -> HttpResponse:
    """Your turn first, then your other running games, your finished ones, then everyone's."""
    context: dict[str, object] = {
        "recent_games": selectors.games_with_seats().order_by("-id")[:RECENT_GAMES],
    }
    if request.user.is_authenticated:
        waiting = selectors.turns_waiting(request.user)
        waiting_pks = {entry["game"].pk for entry in waiting}
        context["your_turn"] = waiting
        context["running"] = [
            game for game in selectors.user_running_games(request.user) if game.pk not in waiting_pks
        ]
        context["finished"] = (
            selectors.games_with_seats()
            .filter(status=GameStatus.FINISHED, seats__competitor__player__user=request.user)
            .distinct()
            .order_by("-finished_at", "-pk")[:RECENTLY_FINISHED]
        )
    return render(request, "home.html", context)


def ladder_page(request: HttpRequest, game_id: str) -> HttpResponse:
    known = {game.id: game for game in registered_games()}
    if game_id not in known:
        return render(request, "not_found.html", {"what": f"game {game_id!r}"}, status=404)
    ratings = selectors.ladder(game_id)[:200]
    return render(request, "ladder.html", {"game": known[game_id], "ratings": ratings})
