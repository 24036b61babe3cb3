"""Starting a game from the pages, and the lobby of challenges.

``/games/new/`` picks a game, then shows a form built from its config metadata (a preset fills it
in), the seats and who sits in each, the time per move and rated. One service,
:func:`games.services.challenges.challenge_create`, answers the button: a game with only bots
starts at once (the page goes to it), one that needs people becomes a challenge (the page goes to
the lobby). ``/lobby/`` lists open challenges, those addressed to me and mine, each with the
buttons I may press; each button calls one service.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST, require_safe

from engine import ConfigPreset, Game, UnknownGame, get_game, registered_games
from games.models import MOVE_TIMES
from games.selectors import challenges as challenge_selectors
from games.services.challenges import challenge_accept, challenge_cancel, challenge_create, challenge_decline
from games.services.errors import ServiceError
from games.web.new_game_forms import NewGameForm, preset_initial

LOBBY_SIZE = 100


def _game_or_none(game_id: str | None) -> Game | None:
    if not game_id:
        return None
    try:
        return get_game(game_id)
    except UnknownGame:
        return None


def _preset(game: Game, name: str | None) -> ConfigPreset | None:
    return next((preset for preset in game.config_presets() if preset.name == name), None)


def _new_game_page(
    request: HttpRequest, game: Game, form: NewGameForm, preset: str | None = None, status: int = 200
) -> HttpResponse:
    context = {
        "game": game,
        "form": form,
        "presets": game.config_presets(),
        "preset": preset,
        "games": registered_games(),
    }
    return render(request, "challenges/new_game.html", context, status=status)


@login_required
def new_game(request: HttpRequest) -> HttpResponse:
    source = request.POST if request.method == "POST" else request.GET
    game = _game_or_none(source.get("game"))
    if game is None:
        unknown = source.get("game")
        context = {"games": registered_games(), "unknown": unknown}
        return render(request, "challenges/pick_game.html", context, status=400 if unknown else 200)
    bots = challenge_selectors.submitted_bots_eligible(game.id)
    if request.method != "POST":
        name = request.GET.get("preset") or None
        preset = _preset(game, name)
        form = NewGameForm(game=game, submitted_bots=bots, values=preset_initial(game, preset))
        if name and preset is None:
            messages.error(request, f"{game.name} has no preset {name!r}; the form shows the defaults.")
        return _new_game_page(request, game, form, preset.name if preset else None)
    form = NewGameForm(request.POST, game=game, submitted_bots=bots)
    if not form.is_valid():
        return _new_game_page(request, game, form, status=400)
    opponents = form.opponents()
    if form.errors:
        return _new_game_page(request, game, form, status=400)
    data = form.cleaned_data
    try:
        challenge = challenge_create(
            user=request.user,
            game_id=game.id,
            config=form.config(),
            opponents=opponents,
            move_time_limit=next(d for key, _, d in MOVE_TIMES if key == data["time_per_move"]),
            rated=data["rated"],
        )
    except ServiceError as exc:
        form.show_refusal(exc.message)
        return _new_game_page(request, game, form, status=exc.status_code)
    if challenge.started_game_id is not None:
        messages.success(request, f"Your game of {game.name} has started.")
        return redirect("game", pk=challenge.started_game_id)
    messages.success(
        request, f"Challenge {challenge.pk} is posted; the game starts when everyone has accepted."
    )
    return redirect("lobby")


def _lobby_context(request: HttpRequest) -> dict[str, Any]:
    player = challenge_selectors.player_of(request.user)

    def views(challenges: Any) -> list[dict[str, Any]]:
        return [challenge_selectors.challenge_view(c, player) for c in challenges[:LOBBY_SIZE]]

    context: dict[str, Any] = {"player": player, "open": views(challenge_selectors.challenges_in_lobby())}
    if player is not None:
        context["for_me"] = views(challenge_selectors.challenges_for(player))
        context["mine"] = views(challenge_selectors.challenges_by(player))
    return context


@require_safe
def lobby(request: HttpRequest) -> HttpResponse:
    return render(request, "challenges/lobby.html", _lobby_context(request))


def _answer(request: HttpRequest, pk: int, service: Any, done: str) -> HttpResponse:
    try:
        challenge = service(challenge_pk=pk, user=request.user)
    except ServiceError as exc:
        messages.error(request, exc.message)
        return render(request, "challenges/lobby.html", _lobby_context(request), status=exc.status_code)
    if challenge.started_game_id is not None:
        messages.success(request, "Everyone has accepted: the game has started.")
        return redirect("game", pk=challenge.started_game_id)
    messages.success(request, done.format(pk=pk))
    return redirect("lobby")


@login_required
@require_POST
def accept(request: HttpRequest, pk: int) -> HttpResponse:
    return _answer(
        request, pk, challenge_accept, "You accepted challenge {pk}; the game starts when everyone has."
    )


@login_required
@require_POST
def decline(request: HttpRequest, pk: int) -> HttpResponse:
    return _answer(request, pk, challenge_decline, "You declined challenge {pk}.")


@login_required
@require_POST
def cancel(request: HttpRequest, pk: int) -> HttpResponse:
    return _answer(request, pk, challenge_cancel, "Challenge {pk} is cancelled.")
