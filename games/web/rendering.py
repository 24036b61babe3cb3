"""What the game and replay pages show, worked out from the selectors (views only render it)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from engine import get_game, replay
from games.models import Game, GameStatus
from games.selectors import games as game_selectors
from games.templatetags.cards import action_label, cards_seen


def table_templates(game_id: str) -> list[str]:
    """A game's own table template if it has one, else the generic observation walk."""
    return [f"games/tables/{game_id}.html", "games/tables/generic.html"]


def action_button(game_id: str, obs: Any, action: dict[str, Any], seen: set[str]) -> dict[str, Any]:
    return {
        "action": action,
        "json": json.dumps(action, separators=(",", ":"), sort_keys=True),
        "type": str(action.get("type", "")),
        # What pressing it does, in the game's words, from what this seat sees.
        "label": action_label(game_id, obs, action, seen),
    }


def seat_names(seats: Sequence[dict[str, Any]]) -> dict[int, str]:
    return {seat["index"]: seat["name"] for seat in seats}


def status_line(game: Game, view: dict[str, Any], names: dict[int, str]) -> str:
    if game.status == GameStatus.FINISHED:
        winners = [seat["name"] for seat in view["seats"] if seat["rank"] == 1]
        return f"Finished: {', '.join(winners) or 'nobody'} won."
    if game.status != GameStatus.RUNNING:
        return f"This game was {game.status}."
    acting = [seat for seat in view["your_seats"] if seat in view["to_act"]]
    if acting:
        return f"Your turn (seat {acting[0]})."
    waiting = ", ".join(f"{names.get(seat, seat)} (seat {seat})" for seat in view["to_act"]) or "nobody"
    return f"Waiting for {waiting}."


def game_page_context(game: Game, user: AbstractBaseUser | AnonymousUser) -> dict[str, Any]:
    view = game_selectors.game_view(game, user)
    history = game_selectors.game_history(game, user)
    names = seat_names(view["seats"])
    obs = view["observation"]
    seen = cards_seen(obs)
    moves = [
        {
            "number": move["number"],
            "seat": move["seat"],
            "name": names.get(move["seat"]),
            "action": move["action"],
        }
        for move in history["moves"]
    ]
    return {
        "game": game,
        "view": view,
        "obs": obs,
        "names": names,
        "moves": moves,
        "actions": [action_button(game.game_id, obs, action, seen) for action in view["legal_actions"]],
        "status_line": status_line(game, view, names),
        "deadline": game.turn_deadline if game.status == GameStatus.RUNNING else None,
        "table_templates": table_templates(game.game_id),
        "engine_game": get_game(game.game_id),
        "supports_talk": get_game(game.game_id).table_talk,
    }


def parse_step(raw: str | None, last: int) -> int:
    try:
        step = int(raw) if raw is not None else 0
    except ValueError:
        step = 0
    return min(max(step, 0), last)


def replay_context(game: Game, raw_step: str | None) -> dict[str, Any]:
    """The finished game after its first ``step`` moves, every seat's hand shown."""
    stored = list(game.moves.order_by("number").values_list("seat", "action"))
    total = len(stored)
    step = parse_step(raw_step, total)
    state = replay(game.game_id, game.config, game.seed, stored[:step])
    seats = [game_selectors.seat_summary(seat) for seat in game.seats.all()]
    names = seat_names(seats)
    public = state.observe(None)
    seat_views = []
    for seat in range(state.num_players):
        own = state.observe(seat)
        # What this seat sees beyond the public table (a face-down offer, say), shown beside its hand.
        extra = {
            key: value
            for key, value in own.items()
            if key not in ("hand", "seat") and public.get(key) != value
        }
        seat_views.append({"index": seat, "name": names.get(seat), "obs": own, "extra": extra})
    last_move = None
    if step:
        seat, action = stored[step - 1]
        last_move = {"number": step, "seat": seat, "name": names.get(seat), "action": action}
    return {
        "game": game,
        "seats": seats,
        "names": names,
        "step": step,
        "total": total,
        "steps": {"first": 0, "prev": max(step - 1, 0), "next": min(step + 1, total), "last": total},
        "obs": public,
        "seat_views": seat_views,
        "last_move": last_move,
        "to_act": state.to_act(),
        "table_templates": table_templates(game.game_id),
        "outcome": game.outcome,
        "winners": [seat["name"] for seat in seats if seat["rank"] == 1],
    }
