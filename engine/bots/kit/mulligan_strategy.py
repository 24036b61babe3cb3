"""The Mulligan strategy of the starter kit; ``bot-template mulligan`` puts its block into a skeleton.

It is a simple rule of thumb, not a strong player: a place to start.
"""

from __future__ import annotations

import random
from typing import Any

Message = dict[str, Any]

# --- strategy: begin ---

# Cards are rank + suit: ranks 23456789TJQKA (ace high), suits s h c d.
RANKS = "23456789TJQKA"


def rank_counts(hand: list[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for card in hand:
        counts[card[0]] = counts.get(card[0], 0) + 1
    return counts


def is_strong(hand: list[str]) -> bool:
    """Three of a kind or better, roughly (straights are left for you to add)."""
    flush = len(hand) >= 5 and len({card[1] for card in hand}) == 1
    return flush or max(rank_counts(hand).values(), default=0) >= 3


def spare_card(hand: list[str]) -> str:
    """The card we miss least: the lowest one that does not pair another."""
    counts = rank_counts(hand)
    singles = [card for card in hand if counts[card[0]] == 1] or hand
    return min(singles, key=lambda card: RANKS.index(card[0]))


def cheapest(legal: list[Message], kind: str, card: str | None = None) -> Message | None:
    """The legal action of this type (and card) that stakes the fewest chips, if there is one."""
    matching = [a for a in legal if a["type"] == kind and (card is None or a.get("card") == card)]
    return min(matching, key=lambda a: a.get("chips", 0), default=None)


def choose(message: Message) -> Message:
    """Fold a strong hand; auction or offer the spare card; take an offer that pairs a card of ours.

    The observation has "phase" ("turn": you are the auctioneer and may skip, fold or auction a
    card; "offers": offer a card for the auctioned one; "decide": swap with an offer or take a
    mulligan), "hand" (your cards), "ring" (the auctioned card and the offers, whose cards show
    unless Secret Offers is on), "discard", "deck_count", "chips" (when playing for chips),
    "history" and more: print one to stderr to see it all.
    """
    observation: Message = message["observation"]
    legal: list[Message] = message["legal_actions"]
    hand: list[str] = observation["hand"]
    phase = observation["phase"]
    if phase == "turn":
        if is_strong(hand) and {"type": "fold"} in legal:
            return {"type": "fold"}
        return cheapest(legal, "auction", spare_card(hand)) or legal[0]
    if phase == "offers":
        return cheapest(legal, "offer", spare_card(hand)) or legal[0]
    if phase == "decide":
        ours = rank_counts(hand)
        offers = [o for o in observation["ring"]["offers"] if o.get("card")]
        for offer in sorted(offers, key=lambda o: -ours.get(o["card"][0], 0)):
            swap = {"type": "swap", "seat": offer["seat"]}
            if offer["card"][0] in ours and swap in legal:
                return swap
        if {"type": "mulligan"} in legal:
            return {"type": "mulligan"}
    return random.choice(legal)


# --- strategy: end ---
