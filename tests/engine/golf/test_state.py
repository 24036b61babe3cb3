"""engine.games.golf.state: the deal, Shot Planning, SWING!, Resolution, finishing a hole, the
round's outcome, hidden information and storage."""

from __future__ import annotations

import json
import random

import pytest

from engine.core import IllegalAction
from engine.games.golf.cards import PLAYER_CARD
from engine.games.golf.phases import PLAN
from tests.engine.golf.tables import GAME, card, fillers, give, plan, to_planning


def test_the_deal_gives_six_cards_and_the_player_card_from_104() -> None:
    state = to_planning(GAME.new_state({"players": 3}, 5))
    assert len(state.names) == 104
    for seat in range(3):
        hand = state.observe(seat)["hand"]
        assert len(hand) == 7 and hand[-1] == PLAYER_CARD
        assert all(GAME.is_card(name) for name in hand[:-1]) and not GAME.is_card(PLAYER_CARD)
    assert len(state.deck) == 104 - 18
    assert state.to_act() == [0, 1, 2]
    assert {p["distance"] for p in state.observe(None)["players"]} == {346}


def test_plans_are_face_down_until_swing_and_the_book_example_goes_150_yards() -> None:
    state = to_planning(GAME.new_state({"players": 3, "holes": 1}, 11))
    wood = card(state, club="fairway_wood", action="rough")
    sand = card(state, action="sand_trap", skip={wood})
    hook = card(state, action="hook", skip={wood, sand})
    give(state, 0, [wood, *fillers(state, 5, {wood, sand, hook})])
    give(state, 1, [sand, *fillers(state, 5, {wood, sand, hook} | set(state.hands[0]))])
    give(state, 2, [hook, *fillers(state, 5, {wood, sand, hook} | set(state.hands[0] + state.hands[1]))])
    state.apply(0, plan(wood, PLAYER_CARD, 0))
    state.apply(1, plan(PLAYER_CARD, sand, 0))
    seen = state.observe(2)["players"]
    assert seen[0]["plan"] == {"club": None, "action": None, "target": None, "face_down": True}
    assert state.observe(0)["players"][0]["plan"]["club"] == wood
    assert GAME.redact_action(0, plan(wood, PLAYER_CARD, 0), 2) == {"type": "plan"}
    assert GAME.redact_action(0, plan(wood, PLAYER_CARD, 0), 0) == plan(wood, PLAYER_CARD, 0)
    assert state.to_act() == [2]
    state.apply(2, plan(PLAYER_CARD, hook, 0))
    # Nobody holds a playable Play Anytime card: SWING!, Resolution, next turn.
    assert state.turn == 2
    result = state.last_results[0]
    assert result.yards == 150 and result.distance == 346 - 150 and result.strokes == 1
    assert state.observe(1)["players"][0]["board"] == [wood]
    # The Sand Trap and the Hook affected seat 0's Shot: lined up on its board until the hole ends.
    assert state.observe(1)["players"][0]["board_actions"] == [sand, hook]
    assert sand not in state.discard and hook not in state.discard
    # The two 2-Putts came back and count their strokes; their balls went 50 yd.
    assert state.strokes == [1, 2, 2]
    assert state.distance[1] == 346 - 50


def test_a_plan_must_use_two_different_cards_and_the_driver_only_from_the_tee() -> None:
    state = to_planning(GAME.new_state({"players": 2, "holes": 1}, 4))
    driver = card(state, club="driver", action="hook")
    hook = card(state, action="hook", skip={driver})
    give(state, 0, [driver, hook, *fillers(state, 4, {driver, hook})])
    with pytest.raises(IllegalAction, match="different cards"):
        state.apply(0, plan(driver, driver, 1))
    with pytest.raises(IllegalAction):
        state.apply(0, plan(driver, hook, 7))
    with pytest.raises(IllegalAction):
        state.apply(0, plan(PLAYER_CARD, PLAYER_CARD, 0))
    assert plan(driver, hook, 1) in state.legal_actions(0)
    state.on_tee[0] = False
    assert not [a for a in state.legal_actions(0) if a.get("club") == driver]


def test_a_plan_is_checked_key_for_key_and_the_options_are_the_callers_own() -> None:
    state = to_planning(GAME.new_state({"players": 2, "holes": 1}, 4))
    legal = state.legal_actions(0)
    move = dict(next(a for a in legal if a["type"] == "plan" and a["action"] is not None))
    before = state.to_json()
    # A key no plan has is refused by the core's shape check, the rest by the rules' own words.
    with pytest.raises(IllegalAction, match="a plan action takes no 'extra'"):
        state.apply(0, {**move, "extra": 1})
    for bad in (
        {k: v for k, v in move.items() if k != "target"},
        {**move, "target": [move["target"]]},
        {**move, "action2": None, "target2": None},
    ):
        with pytest.raises(IllegalAction, match="plan is not allowed"):
            state.apply(0, bad)
    assert state.to_json() == before
    legal[legal.index(move)]["target"] = 99  # a caller's list: changing it changes nothing here
    assert move in state.legal_actions(0) and legal != state.legal_actions(0)
    state.apply(0, move)
    assert state.plans[0] is not None and state.plans[0].club == move["club"]


def test_the_plans_follow_the_hand() -> None:
    state = to_planning(GAME.new_state({"players": 2, "holes": 1}, 4))
    before = {a["club"] for a in state.legal_actions(0) if a["type"] == "plan"}
    give(state, 0, fillers(state, 6, set(state.hands[0])))
    after = {a["club"] for a in state.legal_actions(0) if a["type"] == "plan"}
    assert after == {*state.hands[0], PLAYER_CARD} and after != before


def test_a_finishing_putt_ends_the_hole_for_everyone_with_finishing_strokes() -> None:
    state = to_planning(GAME.new_state({"players": 2, "holes": 2}, 8))
    putt = card(state, club="one_putt", action="rough")
    give(state, 0, [putt, *fillers(state, 5, {putt})])
    give(state, 1, fillers(state, 6, {putt} | set(state.hands[0])))
    state.distance = [20, 180]
    state.strokes = [3, 3]
    state.apply(0, plan(putt, PLAYER_CARD, 0))
    state.apply(1, plan(state.hands[1][0], PLAYER_CARD, 1))
    # Seat 0 finished with 4 strokes; seat 1 took 4 and is then some distance away: finishing strokes.
    assert state.scores[0] == [4]
    away = state.last_results[1].distance
    extra = 1 if away <= 25 else 2 if away <= 100 else 3
    assert state.scores[1] == [4 + extra]
    assert state.hole == 1 and state.turn == 1 and state.distance == [511, 511]
    assert state.boards == [[], []], "the boards are cleared for the next hole"


def test_the_turn_cap_ends_a_stalled_hole() -> None:
    state = to_planning(GAME.new_state({"players": 2, "holes": 1, "turn_cap": 1}, 2))
    give(state, 0, fillers(state, 6, set()))
    give(state, 1, fillers(state, 6, set(state.hands[0])))
    state.apply(0, plan(state.hands[0][0], PLAYER_CARD, 0))
    state.apply(1, plan(state.hands[1][0], PLAYER_CARD, 1))
    assert state.is_over
    outcome = state.outcome()
    assert outcome.details["totals"] == [sum(s) for s in state.scores]
    assert all(len(s) == 1 for s in state.scores)


def test_equal_totals_share_a_place() -> None:
    state = to_planning(GAME.new_state({"players": 3, "holes": 1}, 1))
    state.scores = [[5], [4], [5]]
    state.hole, state.phase = 1, "over"
    outcome = state.outcome()
    assert outcome.ranking == (1, 0, 2)
    assert outcome.places == (2, 1, 2)
    assert outcome.scores == (5.0, 4.0, 5.0)
    assert GAME.scoring == "strokes"


def test_observations_keep_hands_and_the_deck_secret_and_round_trip() -> None:
    state = to_planning(GAME.new_state({"players": 3, "holes": 1}, 99))
    text = json.dumps(state.observe(None))
    assert '"deck": [' not in text and '"seed"' not in text
    for seat in range(3):
        others = [c for s in range(3) if s != seat for c in state.hands[s]]
        shown = json.dumps(state.observe(seat))
        assert not [c for c in others if c in shown]
    copy = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
    assert copy.to_json() == state.to_json()
    resampled = state.resample_hidden(0, random.Random(1))
    assert resampled.observe(0) == state.observe(0)
    assert resampled.hands[1] != state.hands[1] or resampled.deck != state.deck


def test_the_log_holds_every_line_said_in_order_with_the_cards_each_names() -> None:
    # Lines are kept as said and written out when the log is read: reading it (the state's log,
    # a seat's observation, the stored state) gives them all, in order, each with its cards.
    state = to_planning(GAME.new_state({"players": 2, "holes": 1}, 3))
    clubs = [sorted(state.hands[seat])[0] for seat in range(2)]
    for seat in range(2):
        state.apply(seat, plan(clubs[seat], PLAYER_CARD, seat))
    while state.phase != PLAN:
        state.apply(state.to_act()[0], {"type": "pass"})
    texts = [entry.text for entry in state.log]
    assert texts[0] == "Hole 1: 346 yd, par 4." and "You draw" in texts[1]
    assert texts.index("Seat 0 plans a Shot (face down).") < texts.index("Seat 1 plans a Shot (face down).")
    swing = next(entry for entry in state.log if entry.text.startswith("SWING! Seat 1:"))
    assert swing.text == f"SWING! Seat 1: {clubs[1]}, {PLAYER_CARD} on seat 1." and swing.cards == [clubs[1]]
    drawn = [entry for entry in state.log if entry.text.startswith("You draw")]
    assert all(entry.to is not None and len(entry.to) == 1 for entry in drawn)
    assert all(entry.cards and all(c in entry.text for c in entry.cards) for entry in drawn)
    seen = [line["text"] for line in state.observe(0)["log"]]
    assert seen == [e.text for e in state.log if e.to is None or 0 in e.to][-len(seen) :]
    again = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
    assert again.log == state.log


@pytest.mark.parametrize(
    "config", [{}, {"players": 2, "holes": 3}, {"holes": 18, "decide_after_nine": True, "turn_cap": 4}]
)
def test_is_over_is_the_phases_after_every_move_and_when_stored(config: dict[str, object]) -> None:
    """GolfState.is_over is a field (a playout reads it before every move), kept where the round
    ends: it is ``phase == "over"`` after every move of seeded playouts, and in a stored copy."""
    rng = random.Random(3)
    for seed in range(4):
        state = GAME.new_state(config, seed)
        moves = 0
        while True:
            assert state.is_over == (state.phase == "over")
            if moves % 40 == 0 or state.is_over:
                copy = type(state).from_json(json.loads(json.dumps(state.to_json())))
                assert copy.is_over == state.is_over == (copy.phase == "over")
            if state.is_over:
                break
            seat = state.to_act()[0]
            state.apply_id(seat, rng.choice(state.legal_action_ids(seat)))
            moves += 1
