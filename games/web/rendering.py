"""What the game and replay pages show, worked out from the selectors (views only render it)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from engine import Game as EngineGame
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


def deal_reading(game: Game, user: AbstractBaseUser | AnonymousUser) -> tuple[str | None, bool]:
    """``(refusal, in_play)``: why this viewer may not read the game at all now (None: they may),
    and whether its deal is still in play (what they may read of it then: see
    :func:`games.selectors.games.record_open`)."""
    in_play = game_selectors.deal_in_play(game)
    return game_selectors.deal_refusal(user, game_selectors.seat_rows(game), in_play), in_play


def game_page_context(game: Game, user: AbstractBaseUser | AnonymousUser, in_play: bool) -> dict[str, Any]:
    """The game page of a viewer :func:`games.selectors.games.deal_refusal` lets read it."""
    view = game_selectors.game_view(game, user, in_play=in_play)
    history = game_selectors.game_history(game, user, in_play=in_play)
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
        # A finished game's replay shows every hand: not while another table plays the deal.
        "replay_open": game_selectors.record_open(game, user, in_play),
    }


def card_templates(game_id: str) -> list[str]:
    """How one card ``c`` of a game is drawn: the game's own card template if it has one."""
    return [f"games/tables/_{game_id}_card.html", "games/_card.html"]


# What each part of a seat's own observation holds that the table does not show, in words.
PRIVATE_PARTS = {
    "ring": "Its offer on the ring",
    "players": "Its face-down plan",
    "log": "Other cards it was shown",
    "library_top": "Top of its library",
    "library_bottom": "Bottom of its library",
    "exiled_face_down_cards": "Exiled face down",
    "team_hands": "Its teammate's hand",
    "discarded": "Its Mulligan discards",
    "last_hand": "Its discards in the last hand",
}


def _cards_in(engine_game: EngineGame, value: Any) -> list[str]:
    if isinstance(value, str):
        return [value] if engine_game.is_card(value) else []
    if isinstance(value, dict):
        return [card for item in value.values() for card in _cards_in(engine_game, item)]
    if isinstance(value, list | tuple):
        return [card for item in value for card in _cards_in(engine_game, item)]
    return []


def private_cards(
    engine_game: EngineGame, own: dict[str, Any], public: dict[str, Any]
) -> list[dict[str, Any]]:
    """The cards a seat sees beyond its hand and the public table (a face-down offer, a planned
    Club, the top of its library), part by part, each part named in words."""
    hand = set(_cards_in(engine_game, own.get("hand")))
    parts = []
    for key, value in own.items():
        if key in ("hand", "seat") or public.get(key) == value:
            continue
        shown = set(_cards_in(engine_game, public.get(key))) | hand
        cards = list(dict.fromkeys(card for card in _cards_in(engine_game, value) if card not in shown))
        if cards:
            label = PRIVATE_PARTS.get(key, key.replace("_", " ").capitalize())
            parts.append({"key": key, "label": label, "cards": cards})
    return parts


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
    engine_game = get_game(game.game_id)
    seat_views = []
    for seat in range(state.num_players):
        own = state.observe(seat)
        seat_views.append(
            {
                "index": seat,
                "name": names.get(seat),
                "obs": own,
                "private": private_cards(engine_game, own, public),
            }
        )
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
        "card_templates": card_templates(game.game_id),
        "outcome": game.outcome,
        "winners": [seat["name"] for seat in seats if seat["rank"] == 1],
    }
