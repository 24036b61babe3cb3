"""The rules pages: how each registered game is played here, in our own words (templates/rules/)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import select_template
from django.views.decorators.http import require_safe

from engine import registered_games


@require_safe
def rules_index(request: HttpRequest) -> HttpResponse:
    return render(request, "rules/index.html", {"games": registered_games()})


@require_safe
def rules_page(request: HttpRequest, game_id: str) -> HttpResponse:
    known = {game.id: game for game in registered_games()}
    game = known.get(game_id)
    if game is None:
        return render(request, "not_found.html", {"what": f"game {game_id!r}"}, status=404)
    # A game registered without its own page still gets the facts every game declares.
    template = select_template([f"rules/{game.id}.html", "rules/generic.html"])
    context = {"game": game, "defaults": game.normalize_config({}), "bots": game.bot_names()}
    return HttpResponse(template.render(context, request))
