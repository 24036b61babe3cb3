"""What each Mulligan decision does, in words for its button, from the acting seat's observation.

Only the observation is read, so a label names no card the seat cannot already see: a swap names the
offer it would bring in only when the offers are face up (without Secret Offers), and a face-down
offer stays "their face-down offer".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def _chips(count: Any) -> str:
    return f"{count} chip{'s' if count != 1 else ''}"


def _next_auctioneer(obs: Mapping[str, Any], seat: int) -> int | None:
    active: Sequence[bool] = obs["active"]
    players = len(active)
    for step in range(1, players):
        other = (seat + step) % players
        if active[other]:
            return other
    return None


def _offer(ring: Mapping[str, Any], seat: Any) -> Mapping[str, Any] | None:
    return next((offer for offer in ring["offers"] if offer["seat"] == seat), None)


def _skip(obs: Mapping[str, Any], seat: int) -> str:
    after = _next_auctioneer(obs, seat)
    then = f"; seat {after} becomes the auctioneer" if after is not None else ""
    return f"Skip: auction nothing this turn{then}"


def _fold(obs: Mapping[str, Any]) -> str:
    if sum(bool(active) for active in obs["active"]) <= 2:
        return "Fold: the game ends now and the best hand wins"
    return "Fold: keep this hand to the end and take no more part in auctions"


def _auction(action: Mapping[str, Any]) -> str:
    stake = f" with {_chips(action['chips'])} on it" if action.get("chips") else ""
    return (
        f"Auction {action['card']}{stake}: every other active player offers a card for it, and you give it up"
    )


def _offer_for(obs: Mapping[str, Any], action: Mapping[str, Any]) -> str:
    auction = obs["ring"]["auction"]
    chips = f" and {_chips(action['chips'])}" if action.get("chips") else ""
    secret = obs["variants"].get("secret_offers")
    shown = "the auctioneer never sees it" if secret else "shown once every offer is in"
    return (
        f"Offer {action['card']}{chips} for seat {auction['seat']}'s {auction['card']} (face down; {shown})"
    )


def _swap(obs: Mapping[str, Any], action: Mapping[str, Any]) -> str:
    ring = obs["ring"]
    partner = action["seat"]
    offer = _offer(ring, partner)
    if offer is None:
        return f"Swap with seat {partner}"
    taken = offer["card"] if offer.get("card") else "face-down offer"
    if offer.get("chips"):
        taken += f" and {_chips(offer['chips'])}"
    given = ring["auction"]["card"]
    if ring["auction"].get("chips"):
        given += f" and {_chips(ring['auction']['chips'])}"
    others = " (the other offers go back)" if len(ring["offers"]) > 1 else ""
    return f"Swap: give your {given} to seat {partner} and take their {taken}{others}"


def _mulligan(obs: Mapping[str, Any]) -> str:
    ring = obs["ring"]
    cards = [ring["auction"]["card"]] + [offer["card"] for offer in ring["offers"] if offer.get("card")]
    hidden = sum(1 for offer in ring["offers"] if not offer.get("card"))
    named = ", ".join(cards) + (
        f" and {hidden} face-down offer{'s' if hidden != 1 else ''}" if hidden else ""
    )
    pot = " (their chips go to the pot)" if "chips" in obs else ""
    active = sum(bool(a) for a in obs["active"])
    left = obs["deck_count"] - active
    ending = "; the deck is then too low for another round, so the game ends" if left < active else ""
    return f"Mulligan: {named} go to the discard pile{pot}, and every active player draws a card{ending}"


def describe_for(obs: Mapping[str, Any], action: Mapping[str, Any]) -> str | None:
    """The button's words, or None where the plain description says it all (table talk)."""
    seat = obs["seat"]
    kind = action.get("type")
    if kind == "skip":
        return _skip(obs, seat)
    if kind == "fold":
        return _fold(obs)
    if kind == "auction":
        return _auction(action)
    if kind == "offer" and obs.get("ring"):
        return _offer_for(obs, action)
    if kind == "swap" and obs.get("ring"):
        return _swap(obs, action)
    if kind == "mulligan" and obs.get("ring"):
        return _mulligan(obs)
    return None
