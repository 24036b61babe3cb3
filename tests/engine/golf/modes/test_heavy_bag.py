"""Heavy Bag (engine.games.golf.modes.heavy_bag): nine cards and two Actions a plan."""

from __future__ import annotations

import random

import pytest

from engine.core import IllegalAction
from engine.games.golf.cards import PLAYER_CARD
from tests.engine.golf.modes.tables import GAME, card, fillers, give, plan, simple
from tests.engine.golf.tables import to_planning


def test_heavy_bag_deals_nine_cards_plus_the_two_putt() -> None:
    state = to_planning(GAME.new_state({"players": 3, "holes": 1, "mode": "heavy_bag"}, 5))
    assert all(len(hand) == 9 for hand in state.hands)
    view = state.observe(1)
    assert len(view["hand"]) == 10 and PLAYER_CARD in view["hand"] and view["hand_limit"] == 10
    state.check_invariants()


def test_heavy_bag_plays_two_actions_with_their_own_targets_face_down_until_swing() -> None:
    state = to_planning(GAME.new_state({"players": 2, "holes": 1, "mode": "heavy_bag"}, 7))
    wood = card(state, club="fairway_wood", action="rough")
    trap = card(state, action="sand_trap", skip={wood})
    hook = card(state, action="hook", skip={wood, trap})
    give(state, 0, [wood, trap, hook, *fillers(state, 6, {wood, trap, hook})])
    give(state, 1, fillers(state, 9, set(state.hands[0])))
    state.check_invariants()
    assert hook < trap, "a pair is named in the hand's (sorted) order"
    assert plan(wood, hook, 0, trap, 1) in state.legal_actions(0)
    assert plan(wood, trap, 1, hook, 0) not in state.legal_actions(0), "each pair is named once"
    with pytest.raises(IllegalAction, match="action2"):
        state.apply(0, simple(wood, trap, 1))
    state.apply(0, plan(wood, hook, 0, trap, 1))
    hidden = state.observe(1)["players"][0]["plan"]
    assert hidden["action"] is None and hidden["action2"] is None and hidden["target2"] is None
    assert state.observe(0)["players"][0]["plan"]["action2"] == trap
    club1 = state.hands[1][0]
    state.apply(1, plan(club1, PLAYER_CARD, 1))
    assert state.turn == 2, "nobody holds a Play Anytime card: resolved"
    catalog = state.catalog
    yards0, yards1 = state.last_results[0].yards, state.last_results[1].yards
    assert yards0 == catalog.clubs["fairway_wood"].yards + 25, "the Hook on itself"
    club1_id = state.names[club1][0]
    assert yards1 == catalog.clubs[club1_id].half_yards, "the Sand Trap on seat 1"
    # Each Action stays lined up on the board of the Shot it took effect on until the hole ends.
    assert state.board_actions == [[hook], [trap]]
    assert state.observe(1)["players"][0]["board_actions"] == [hook]
    state.check_invariants()


def test_heavy_bag_round_trips_and_redraws_hidden_second_actions() -> None:
    state = to_planning(GAME.new_state({"players": 2, "holes": 1, "mode": "heavy_bag"}, 11))
    pairs = [a for a in state.legal_actions(0) if a.get("action2") is not None]
    assert pairs, "a hand of nine holds two Actions"
    state.apply(0, pairs[0])
    again = GAME.state_from_json(state.to_json())
    assert again.to_json() == state.to_json()
    other = state.resample_hidden(1, random.Random(3))
    assert other.observe(1) == state.observe(1)
    other.check_invariants()
