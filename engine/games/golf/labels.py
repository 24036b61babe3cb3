"""What each golf decision does, in words for its button, from the acting seat's observation.

A card is "two cards in one" until it is played, so a label says which half a plan uses: "Shoot
with the 7 Iron of 7 Iron / Bad Karma (1)". Targets are named by seat, with the distance every
player sees on the table; nothing beyond the observation is read.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engine.games.golf.cards import NAME_MARK, PLAYER_CARD

_COPY = re.compile(r" \(\d+\)$")


def halves(card: str) -> tuple[str, str]:
    """``"7 Iron / Bad Karma (1)"`` -> ``("7 Iron", "Bad Karma")``."""
    club, _, action = _COPY.sub("", card).partition(NAME_MARK)
    return club, action


def _whom(obs: Mapping[str, Any], target: Any) -> str:
    if target == obs["seat"]:
        return "yourself"
    player = next((p for p in obs["players"] if p["seat"] == target), None)
    where = f", {player['distance']} yd from the hole" if player is not None else ""
    return f"seat {target}{where}"


def _club_words(obs: Mapping[str, Any], card: str) -> str:
    mine = next(p for p in obs["players"] if p["seat"] == obs["seat"])
    if card == PLAYER_CARD:
        return f"Shoot with your 2-Putt ({mine['distance']} yd to go)"
    return f"Shoot with the {halves(card)[0]} of {card} ({mine['distance']} yd to go)"


def _action_words(obs: Mapping[str, Any], card: Any, target: Any) -> str:
    if card is None:
        return "no Action"
    if card == PLAYER_CARD:
        return "your Practice Swing (no effect)"
    return f"{halves(card)[1]} from {card} on {_whom(obs, target)}"


def _plan(obs: Mapping[str, Any], action: Mapping[str, Any]) -> str:
    words = (
        f"{_club_words(obs, action['club'])}; play {_action_words(obs, action['action'], action['target'])}"
    )
    if action.get("action2") is not None:
        words += f", and {_action_words(obs, action['action2'], action.get('target2'))}"
    return words + " (face down until everyone has planned)"


def _play(obs: Mapping[str, Any], action: Mapping[str, Any]) -> str:
    card = action["card"]
    words = f"Play {halves(card)[1]} from {card}"
    if action.get("target") is not None:
        words += f" on {_whom(obs, action['target'])}"
    if action.get("discard"):
        words += f", discarding {', '.join(action['discard'])}"
    return words


def _pass(obs: Mapping[str, Any]) -> str:
    if obs.get("phase") == "respond":
        return "Pass: let the Play Anytime card take effect"
    if obs.get("phase") == "revealed":
        return "Pass: play no Play Anytime card and go on to Resolution"
    if obs.get("phase") == "ready":
        return "Pass: play no Play Anytime card, ready for SWING!"
    if obs.get("phase") == "draw":
        return "Pass: play no Play Anytime card during the draw"
    return "Pass: play no Play Anytime card now"


def describe_for(obs: Mapping[str, Any], action: Mapping[str, Any]) -> str | None:
    """The button's words, or None where the plain description says it all (the modes' choices)."""
    kind = action.get("type")
    if kind == "plan" and "club" in action:
        return _plan(obs, action)
    if kind == "play" and isinstance(action.get("card"), str):
        return _play(obs, action)
    if kind == "pass":
        return _pass(obs)
    return None
