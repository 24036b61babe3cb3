"""The buttons of the tournament and league pages: enter, leave, drop, and the organiser's transitions.

Each view reads its form with the API's own request serializer and makes the one service call the
API view makes, so the rules and the words are the API's. A refusal is shown on the competition's
page with the service's message and status (400, 403, 404, 409) and changes nothing; a success
redirects back to the page (post/redirect/get) with a line saying what happened.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST
from rest_framework import serializers

from games.api.competition_serializers import EntryTargetSerializer, JoinSerializer
from games.api.errors import first_message
from games.services import competitions as tournaments
from games.services import leagues
from games.services.errors import ServiceError
from games.web.competition_views import league_page, tournament_page

Page = Callable[..., HttpResponse]
View = Callable[[HttpRequest, int], HttpResponse]


def _refused(request: HttpRequest, page: Page, pk: int, message: str, status: int) -> HttpResponse:
    messages.error(request, message)
    return page(request, pk, status=status)


def _button(
    page: Page,
    route: str,
    form: type[serializers.Serializer] | None,
    act: Callable[[HttpRequest, int, dict[str, Any]], str],
) -> View:
    """A POST view: ``form`` (an API serializer) reads the request, ``act`` calls the service and
    says what it did; a refusal of either is shown on ``page``."""

    @login_required
    @require_POST
    def view(request: HttpRequest, pk: int) -> HttpResponse:
        data: dict[str, Any] = {}
        if form is not None:
            reader = form(data=request.POST)
            if not reader.is_valid():
                return _refused(request, page, pk, first_message(reader.errors), 400)
            data = dict(reader.validated_data)
        try:
            done = act(request, pk, data)
        except ServiceError as exc:
            return _refused(request, page, pk, exc.message, exc.status_code)
        messages.success(request, done)
        return redirect(route, pk=pk)

    return view


# -- Tournaments -------------------------------------------------------------------------------------


def _tournament_join(request: HttpRequest, pk: int, data: dict[str, Any]) -> str:
    entry = tournaments.tournament_enter(tournament_pk=pk, user=request.user, bot_pk=data.get("bot"))
    late = f", from round {entry.first_round}" if entry.late else ""
    return f"{entry.competitor.name} entered {entry.tournament.name}{late}."


def _tournament_leave(request: HttpRequest, pk: int, data: dict[str, Any]) -> str:
    tournaments.tournament_withdraw(tournament_pk=pk, user=request.user, entry_pk=data.get("entry"))
    return "The entry is withdrawn." if data.get("entry") else "You left the tournament."


def _tournament_drop(request: HttpRequest, pk: int, data: dict[str, Any]) -> str:
    entry = tournaments.tournament_drop_entry(tournament_pk=pk, user=request.user, entry_pk=data.get("entry"))
    return (
        f"{entry.competitor.name} drops out after round {entry.dropped_after_round}; "
        "that round's games are played out."
    )


def _tournament_transition(service: Callable[..., Any], done: str) -> Callable[..., str]:
    def act(request: HttpRequest, pk: int, data: dict[str, Any]) -> str:
        service(tournament_pk=pk, user=request.user)
        return done

    return act


tournament_join = _button(tournament_page, "tournament", JoinSerializer, _tournament_join)
tournament_leave = _button(tournament_page, "tournament", EntryTargetSerializer, _tournament_leave)
tournament_drop = _button(tournament_page, "tournament", EntryTargetSerializer, _tournament_drop)
tournament_open = _button(
    tournament_page,
    "tournament",
    None,
    _tournament_transition(tournaments.tournament_open_registration, "Registration is open."),
)
tournament_start = _button(
    tournament_page,
    "tournament",
    None,
    _tournament_transition(tournaments.tournament_start, "The tournament has started: round 1 is paired."),
)
tournament_cancel = _button(
    tournament_page,
    "tournament",
    None,
    _tournament_transition(tournaments.tournament_cancel, "The tournament is cancelled."),
)


# -- Leagues -----------------------------------------------------------------------------------------


def _league_join(request: HttpRequest, pk: int, data: dict[str, Any]) -> str:
    entry = leagues.league_enter(league_pk=pk, user=request.user, bot_pk=data.get("bot"))
    return f"{entry.competitor.name} is on the ladder of {entry.league.name}."


def _league_leave(request: HttpRequest, pk: int, data: dict[str, Any]) -> str:
    leagues.league_withdraw(league_pk=pk, user=request.user, entry_pk=data.get("entry"))
    return "The entry is off the ladder." if data.get("entry") else "You left the league."


def _league_transition(service: Callable[..., Any], done: str) -> Callable[..., str]:
    def act(request: HttpRequest, pk: int, data: dict[str, Any]) -> str:
        service(league_pk=pk, user=request.user)
        return done

    return act


league_join = _button(league_page, "league", JoinSerializer, _league_join)
league_leave = _button(league_page, "league", EntryTargetSerializer, _league_leave)
league_open = _button(
    league_page, "league", None, _league_transition(leagues.league_open_registration, "Registration is open.")
)
league_start = _button(
    league_page, "league", None, _league_transition(leagues.league_start, "The league has started.")
)
league_finish = _button(
    league_page, "league", None, _league_transition(leagues.league_finish, "The league is finished.")
)
league_cancel = _button(
    league_page, "league", None, _league_transition(leagues.league_cancel, "The league is cancelled.")
)
league_next_season = _button(
    league_page,
    "league",
    None,
    _league_transition(leagues.league_next_season, "The season is closed and the next one has begun."),
)
