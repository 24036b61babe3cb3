"""Serum Powder only "any time [its owner] could mulligan" (103.4b in 002, 103.4a in 004; issue 18, 5).

Under the 1994 rule (002 and 004, "History") a player could mulligan only with a hand of all lands
or no lands, and only once; the other rules let a player mulligan until they keep or must keep.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import IllegalAction, new_state
from engine.games.opening_hand import deck
from engine.games.opening_hand.config import RULES
from engine.games.opening_hand.rules import OpeningHandState

KEEP = {"type": "keep"}
MULLIGAN = {"type": "mulligan"}


def _first_deal(rule: str, lands: int, wanted: Any) -> OpeningHandState:
    """The first seeded deal of ``rule`` (decks of 60 with ``lands`` lands and 20 Serum Powders)
    whose seat 0 hand, holding a Serum Powder, satisfies ``wanted(lands in hand, hand size)``."""
    for seed in range(500):
        config = {"rule": rule, "serum_powder": 20, "deck": {"size": 60, "lands": lands}}
        state = new_state("opening_hand", config, seed)
        assert isinstance(state, OpeningHandState)
        hand = state.zones[0].hand
        in_hand = sum(deck.is_land(card) for card in hand)
        if any(deck.is_powder(card) for card in hand) and wanted(in_hand, len(hand)):
            return state
    raise AssertionError("no seed deals such a hand")


def _powders(state: OpeningHandState, seat: int) -> list[dict[str, Any]]:
    return [action for action in state.legal_actions(seat) if action["type"] == "serum_powder"]


def test_1994_a_hand_with_lands_and_spells_may_not_use_serum_powder() -> None:
    state = _first_deal("original_1994", 24, lambda lands, size: 0 < lands < size)
    assert state.legal_actions(0) == [KEEP], "no mulligan, so no Serum Powder either"
    powder = next(card for card in state.zones[0].hand if deck.is_powder(card))
    before = state.to_json()
    with pytest.raises(IllegalAction, match=r"could take a mulligan.*all lands or no lands"):
        state.apply(0, {"type": "serum_powder", "card": powder})
    assert state.to_json() == before, "a refused action changes nothing"


def test_1994_a_hand_without_lands_may_use_serum_powder() -> None:
    state = _first_deal("original_1994", 24, lambda lands, size: lands == 0)
    assert MULLIGAN in state.legal_actions(0)
    (use, *_) = _powders(state, 0)
    state.apply(0, use)
    assert len(state.zones[0].hand) == 7 and state.zones[0].mulligans == 0


def test_1994_after_its_one_redraw_serum_powder_is_never_offered() -> None:
    # Every card is a spell or a Serum Powder: each hand has no land, so the redraw is allowed once.
    state = _first_deal("original_1994", 0, lambda lands, size: True)
    state.apply(0, MULLIGAN)
    state.apply(1, KEEP)
    assert state.zones[0].kept, "the redrawn hand is kept without a declaration"
    assert any(deck.is_powder(card) for card in state.zones[0].library + state.zones[0].hand)
    assert not _powders(state, 0)


@pytest.mark.parametrize("rule", RULES)
def test_serum_powder_is_offered_exactly_when_a_mulligan_is_and_a_powder_is_in_hand(rule: str) -> None:
    # Seeded random declarations over many deals: every declaration offers Serum Powder exactly when
    # it offers a mulligan and the hand holds one.
    seen_with, seen_without = 0, 0
    for seed in range(40):
        config = {"rule": rule, "players": 3, "serum_powder": 6, "deck": {"size": 40, "lands": 16}}
        state = new_state("opening_hand", config, seed)
        assert isinstance(state, OpeningHandState)
        rng = random.Random(seed)
        while state.current_phase() in ("declare", "exile", "scry"):
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            kinds = {action["type"] for action in legal}
            if "keep" in kinds:
                holds = any(deck.is_powder(card) for card in state.zones[seat].hand)
                offered = "serum_powder" in kinds
                assert offered == ("mulligan" in kinds and holds)
                seen_with += offered
                seen_without += holds and not offered
            state.apply(seat, rng.choice(legal))
    assert seen_with > 0
    if rule == "original_1994":
        assert seen_without > 0, "the 1994 rule does withhold it from hands with lands"
