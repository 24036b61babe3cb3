"""What each Opening Hand decision does, in words for its button, from the acting seat's observation.

The words follow the table's mulligan rule (``obs["rule"]``): how many cards a mulligan draws, what
keeping costs under London, when Vancouver's scry comes. Only the observation is read: the seat's
own hand, library top and counts every player sees.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.games.opening_hand import deck


def _cards(count: int) -> str:
    return f"{count} card{'s' if count != 1 else ''}"


def _named(card: str) -> str:
    return f"{card} ({deck.label(card)})"


def _me(obs: Mapping[str, Any]) -> Mapping[str, Any]:
    return next(s for s in obs["seats"] if s["seat"] == obs["seat"])


def _free_now(obs: Mapping[str, Any], me: Mapping[str, Any]) -> bool:
    """Whether this seat's next mulligan is the free first one (103.4c)."""
    return bool(obs["free_first_mulligan"]) and me["mulligans"] == 0


def _counted(obs: Mapping[str, Any], me: Mapping[str, Any]) -> int:
    taken = int(me["mulligans"])
    return taken - 1 if obs["free_first_mulligan"] and taken > 0 else taken


def _keep(obs: Mapping[str, Any]) -> str:
    me = _me(obs)
    held = len(obs["hand"])
    words = f"Keep these {_cards(held)}"
    owed = _counted(obs, me) if obs["rule"] == "london" else 0
    if owed:
        words += f", then put {min(owed, held)} of them on the bottom of your library"
    if obs["rule"] == "vancouver" and held < obs["starting_hand_size"]:
        words += ", and scry 1 once everyone has kept"
    if me["exiled_face_down"]:
        words += (
            f"; your {_cards(me['exiled_face_down'])} exiled face down are shuffled back into your library"
        )
    return words


def _mulligan(obs: Mapping[str, Any]) -> str:
    me = _me(obs)
    held = len(obs["hand"])
    start = obs["starting_hand_size"]
    rule = obs["rule"]
    free = _free_now(obs, me)
    if rule == "london":
        owed = _counted(obs, me) + (0 if free else 1)
        bottom = f"; when you keep, put {owed} on the bottom" if owed else " (a free mulligan)"
        return f"Mulligan: shuffle your hand into your library and draw {start} again{bottom}"
    if rule == "original_1994":
        return f"Mulligan: reveal this hand, shuffle it back and draw a new {start} (allowed once)"
    if rule == "commander_partial_paris":
        fewer = "as many as" if free else "one fewer than"
        return f"Mulligan: exile cards of your choice face down, then draw {fewer} you exiled"
    size = held if free else held - 1
    words = f"Mulligan: shuffle your {_cards(held)} into your library and draw {size}"
    if free:
        words += " (the free first mulligan)"
    if rule == "vancouver" and size < start:
        words += f"; keeping fewer than {start} lets you scry 1"
    return words


def _done(obs: Mapping[str, Any]) -> str:
    me = _me(obs)
    exiled = int(me["exiled_this_mulligan"])
    draws = exiled if _free_now(obs, me) else exiled - 1
    return f"Done exiling: draw {draws} for the {_cards(exiled)} you exiled"


def _scry(obs: Mapping[str, Any], bottom: Any) -> str:
    top = obs["library_top"][0] if obs.get("library_top") else None
    card = _named(top) if isinstance(top, str) and deck.is_card(top) else "the top card"
    if bottom:
        return f"Scry: put {card} on the bottom of your library"
    return f"Scry: keep {card} on top, to draw it next"


def _cast(obs: Mapping[str, Any], card: str) -> str:
    value = deck.mana_value(card)
    return (
        f"Cast {_named(card)}: pay {value} of your {_me(obs)['mana']} mana; it deals {value} damage"
        " at the start of each of your later turns"
    )


def describe_for(obs: Mapping[str, Any], action: Mapping[str, Any]) -> str | None:
    """The button's words, or None where the plain description says it all."""
    kind = action.get("type")
    raw = action.get("card")
    card = raw if isinstance(raw, str) and deck.is_card(raw) else ""
    has_card = bool(card)
    if kind == "keep":
        return _keep(obs)
    if kind == "mulligan":
        return _mulligan(obs)
    if kind == "serum_powder" and has_card:
        held = len(obs["hand"])
        return f"Serum Powder {_named(card)}: exile your {_cards(held)} for the game, draw {held} new ones, then declare"
    if kind == "bottom" and has_card:
        left = _me(obs)["to_bottom"]
        return f"Put {_named(card)} on the bottom of your library ({left} still to put there)"
    if kind == "exile" and has_card:
        return f"Exile {_named(card)} face down (it goes back into your library when you keep)"
    if kind == "done":
        return _done(obs)
    if kind == "scry":
        return _scry(obs, action.get("bottom"))
    if kind == "play_land" and has_card:
        return f"Play {_named(card)}: one more mana each turn, this one included"
    if kind == "cast" and has_card:
        return _cast(obs, card)
    if kind == "end_turn":
        return "End your turn"
    return None
