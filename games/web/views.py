from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from engine import registered_games
from games.models import GameStatus
from games.selectors import games as game_selectors
from games.selectors import ratings as rating_selectors

RECENT_GAMES = 20
RECENTLY_FINISHED = 10


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    """Your turn first, then your other running games, your finished ones, then everyone's."""
    context: dict[str, object] = {
        "recent_games": game_selectors.games_with_seats().order_by("-id")[:RECENT_GAMES],
    }
    if request.user.is_authenticated:
        waiting = game_selectors.turns_waiting(request.user)
        game_selectors.games_seats_prefetch([entry["game"] for entry in waiting])
        waiting_pks = {entry["game"].pk for entry in waiting}
        context["your_turn"] = waiting
        context["running"] = [
            game for game in game_selectors.user_running_games(request.user) if game.pk not in waiting_pks
        ]
        context["finished"] = (
            game_selectors.games_with_seats()
            .filter(status=GameStatus.FINISHED, seats__competitor__player__user=request.user)
            .distinct()
            .order_by("-finished_at", "-pk")[:RECENTLY_FINISHED]
        )
    return render(request, "home.html", context)


@require_safe
def ladder_page(request: HttpRequest, game_id: str) -> HttpResponse:
    known = {game.id: game for game in registered_games()}
    if game_id not in known:
        return render(request, "not_found.html", {"what": f"game {game_id!r}"}, status=404)
    ratings = rating_selectors.ladder(game_id)[:200]
    return render(request, "ladder.html", {"game": known[game_id], "ratings": ratings})
