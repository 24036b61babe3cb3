"""The game page, its move form and the replay of a finished game."""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.utils.html import format_html
from django.views.decorators.http import require_GET, require_POST
from django_ratelimit.decorators import ratelimit

from games.models import Game
from games.selectors import games as game_selectors
from games.services.errors import Conflict, InvalidInput, NotAllowed, ServiceError
from games.services.moves import move_submit
from games.templatetags.cards import describe_action
from games.web.rendering import deal_reading, game_page_context, replay_context

MAX_ACTION_CHARS = 2000
MAX_SAY_CHARS = 1000


def moves_rate(group: str, request: HttpRequest) -> str:
    return str(settings.RATELIMIT_MOVES)


def _load(pk: int) -> Game | None:
    return game_selectors.games_with_seats().filter(pk=pk).first()


def _not_found(request: HttpRequest, pk: int) -> HttpResponse:
    return render(request, "not_found.html", {"what": f"game {pk}"}, status=404)


def deal_in_play_page(request: HttpRequest, game: Game, reason: str) -> HttpResponse:
    """The 403 of a game whose deal another table still plays (games.selectors.games.deal_refusal)."""
    return render(request, "games/deal_in_play.html", {"game": game, "reason": reason}, status=403)


def _page(request: HttpRequest, game: Game, status: int = 200) -> HttpResponse:
    refusal, in_play = deal_reading(game, request.user)
    if refusal is not None:
        return deal_in_play_page(request, game, refusal)
    return render(request, "games/game.html", game_page_context(game, request.user, in_play), status=status)


@require_GET
def game_page(request: HttpRequest, pk: int) -> HttpResponse:
    game = _load(pk)
    if game is None:
        return _not_found(request, pk)
    return _page(request, game)


def _action_from(post: QueryDict) -> Any:
    say = post.get("say")
    if say is not None:
        if len(say) > MAX_SAY_CHARS:
            raise InvalidInput(f"say at most {MAX_SAY_CHARS} characters")
        return {"type": "say", "text": say}
    raw = post.get("action")
    if not raw:
        raise InvalidInput("choose an action")
    if len(raw) > MAX_ACTION_CHARS:
        raise InvalidInput("that action is too long to be one of this game's actions")
    try:
        action = json.loads(raw)
    except (ValueError, RecursionError):
        raise InvalidInput("that action is not valid JSON") from None
    if not isinstance(action, dict):
        raise InvalidInput("an action is a JSON object with a 'type'")
    return action


def _int_field(post: QueryDict, name: str, *, required: bool) -> int | None:
    raw = post.get(name)
    if raw in (None, ""):
        if required:
            raise InvalidInput(f"the form lacks {name}; reload the game")
        return None
    try:
        return int(raw)
    except ValueError:
        raise InvalidInput(f"{name} must be a whole number") from None


@require_POST
@ratelimit(group="moves", key="user_or_ip", rate=moves_rate, method="POST", block=False)
def game_move(request: HttpRequest, pk: int) -> HttpResponse:
    game = _load(pk)
    if game is None:
        return _not_found(request, pk)
    if getattr(request, "limited", False):
        messages.error(
            request, "Too many moves in a short time: nothing was played. Wait a minute and try again."
        )
        return _page(request, game, status=429)
    expected: int | None = None
    try:
        if not request.user.is_authenticated:
            raise NotAllowed("log in to play: spectators cannot act")
        action = _action_from(request.POST)
        expected = _int_field(request.POST, "expected_move", required=True)
        seat = _int_field(request.POST, "seat", required=False)
        move, _ = move_submit(
            game_pk=pk, user=request.user, action=action, expected_move=expected, seat_index=seat
        )
    except ServiceError as exc:
        game = _load(pk)
        if game is None:
            return _not_found(request, pk)
        text = exc.message
        if isinstance(exc, Conflict) and expected is not None and expected != game.version:
            text = "The game moved on since this page was shown: nothing was played. Here it is as it is now."
        messages.error(request, text[:1:].upper() + text[1:])
        return _page(request, game, status=exc.status_code)
    # Safe HTML (the cards drawn as cards); the message storage keeps it marked safe.
    messages.success(request, format_html("You played: {}", describe_action(game.game_id, move.action)))
    return redirect("game", pk=pk)


@require_GET
def game_replay(request: HttpRequest, pk: int) -> HttpResponse:
    game = _load(pk)
    if game is None:
        return _not_found(request, pk)
    refusal, in_play = deal_reading(game, request.user)
    if refusal is None and not game.is_finished:
        return render(request, "games/replay_unavailable.html", {"game": game}, status=403)
    if refusal is not None or not game_selectors.record_open(game, request.user, in_play):
        # Every hand of it is shown: even its own players wait for the deal's other tables.
        return deal_in_play_page(request, game, refusal or game_selectors.DEAL_IN_PLAY)
    return render(request, "games/replay.html", replay_context(game, request.GET.get("step")))
