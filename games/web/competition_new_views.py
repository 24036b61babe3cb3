"""``/tournaments/new/`` and ``/leagues/new/``: an organiser's form with every option the API's create
takes (the form is made from its serializer), creating through the same service.

A value the serializer or the service refuses is shown next to its field, with status 400, and
nothing is created; a new competition starts in draft, organised by whoever made it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from engine import registered_games
from games.api.competition_serializers import tournament_create_arguments
from games.api.league_serializers import league_create_arguments
from games.models import League, Tournament
from games.services.competitions import tournament_create
from games.services.errors import ServiceError
from games.services.leagues import league_create
from games.services.players import player_for_user
from games.web.competition_forms import LeagueForm, TournamentForm
from games.web.serializer_forms import SerializerForm


def game_defaults() -> list[tuple[str, str]]:
    """Each game's options with their defaults, as JSON to copy from (the table size is the form's)."""
    rows = []
    for game in registered_games():
        config = {key: value for key, value in game.normalize_config({}).items() if key != "players"}
        rows.append((game.name, json.dumps(config)))
    return rows


def _new(
    request: HttpRequest,
    *,
    form_class: type[SerializerForm],
    create: Callable[..., Tournament | League],
    arguments: Callable[[dict[str, Any]], dict[str, Any]],
    template: str,
    route: str,
) -> HttpResponse:
    posted = request.method == "POST"
    form = form_class(request.POST if posted else None)
    status = 200
    if posted:
        status = 400
        if form.is_valid():
            try:
                created = create(organiser=player_for_user(request.user), **arguments(form.validated_data))
            except ServiceError as exc:
                form.add_service_error(exc.message, exc.field)
                status = exc.status_code
            else:
                messages.success(
                    request, f"{created.name} is made, in draft. Open registration when you are ready."
                )
                return redirect(route, pk=created.pk)
    context = {"form": form, "game_defaults": game_defaults()}
    return render(request, template, context, status=status)


@login_required
def tournament_new(request: HttpRequest) -> HttpResponse:
    return _new(
        request,
        form_class=TournamentForm,
        create=tournament_create,
        arguments=tournament_create_arguments,
        template="competitions/tournament_new.html",
        route="tournament",
    )


@login_required
def league_new(request: HttpRequest) -> HttpResponse:
    return _new(
        request,
        form_class=LeagueForm,
        create=league_create,
        arguments=league_create_arguments,
        template="leagues/league_new.html",
        route="league",
    )
