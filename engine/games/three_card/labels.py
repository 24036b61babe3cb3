"""What each Three Card Mulligan decision does, in words for its button, from the acting seat's
observation: the chips each bet puts up (every bet is one Ante) and the hand it stands or trades."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def _chips(count: Any) -> str:
    return f"{count} chip{'s' if count != 1 else ''}"


def _hand(obs: Mapping[str, Any]) -> str:
    cards = " ".join(obs["hand"])
    return f"{cards} ({obs['category']})" if obs.get("category") else cards


def describe_for(obs: Mapping[str, Any], action: Mapping[str, Any]) -> str | None:
    """The button's words, or None where the plain description says it all."""
    kind = action.get("type")
    ante = _chips(obs["ante"])
    pair_plus = action.get("pair_plus") is True
    if kind == "bet":
        words = f"Ante {ante}"
        if pair_plus:
            words += (
                f" and bet {ante} on Pair Plus (paid on your first three cards, whatever the dealer holds)"
            )
        return words + ", then see your cards"
    if kind == "stand" and obs.get("hand"):
        return f"Stand with {_hand(obs)} against the dealer"
    if kind == "mulligan" and obs.get("hand"):
        words = f"Mulligan: bet {ante} more and trade {_hand(obs)} for three new cards"
        if pair_plus:
            words += f", with a new {ante} Pair Plus bet on them"
        return words
    return None
