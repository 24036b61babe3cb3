"""Mulligan's decisions as ints (:meth:`engine.core.State.legal_action_ids`).

A card is its own id (its int in :mod:`engine.cards`, 0-51), plus ``chips << 7`` when it carries a
stake: the phase says what playing it does, an auction on the auctioneer's turn and an offer while
offers are made (as in OpenSpiel's hearts, where a card's id passes it or plays it). So the ids of
an auction or of the offers are the hand itself, and checking one is a membership test. The other
decisions have ids of their own above the cards: skip, fold, mulligan, and a swap with seat ``s``.
``say`` (free table talk) has none.
"""

from __future__ import annotations

CHIPS_SHIFT = 7
CARD_MASK = (1 << CHIPS_SHIFT) - 1  # the card of a card id, or the whole of any other id
CARDS = 52
SKIP, FOLD, MULLIGAN = 52, 53, 54
SWAP_BASE = 64  # + the seat swapped with (the config allows 64 seats: 64 + 63 < 1 << CHIPS_SHIFT)
MAX_SEATS = (1 << CHIPS_SHIFT) - SWAP_BASE
NAMES = {SKIP: "skip", FOLD: "fold", MULLIGAN: "mulligan"}
IDS = {name: action_id for action_id, name in NAMES.items()}


def card_id(card: int, chips: int = 0) -> int:
    return card | chips << CHIPS_SHIFT
