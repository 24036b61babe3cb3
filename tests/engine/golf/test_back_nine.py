"""Config ``decide_after_nine``: "It's also best to play the first 9 holes and then decide whether to
continue with the back 9" (rule book, Setup). The players vote at once after the front nine; more
than half playing on plays the back nine, otherwise the round ends after nine (house reading,
GolfState._vote)."""

from __future__ import annotations

import json
import random

import pytest

from engine.core import ConfigError, IllegalAction
from engine.games.golf.action_ids import VOTE_PLAY, VOTE_STOP
from engine.games.golf.phases import BACK_NINE, OVER
from engine.games.golf.state import GolfState
from tests.engine.golf.tables import GAME

PLAY_ON = {"type": "back_nine", "play": True}
STOP = {"type": "back_nine", "play": False}


def after_the_front_nine(players: int, seed: int = 4) -> GolfState:
    """A round of 18 holes, one turn a hole, played at random up to the vote."""
    state = GAME.new_state({"players": players, "holes": 18, "turn_cap": 1, "decide_after_nine": True}, seed)
    rng = random.Random(seed)
    while state.phase != BACK_NINE:
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_after_nine_holes_every_player_votes_at_once_and_nobody_sees_a_vote_before_all_are_in() -> None:
    state = after_the_front_nine(3)
    assert state.hole == 9 and all(len(scores) == 9 for scores in state.scores)
    assert state.to_act() == [0, 1, 2]
    assert state.legal_actions(1) == [PLAY_ON, STOP]
    assert state.legal_action_ids(1) == [VOTE_PLAY, VOTE_STOP]
    assert [state.action_for_id(i) for i in (VOTE_PLAY, VOTE_STOP)] == [PLAY_ON, STOP]
    state.apply(0, PLAY_ON)
    assert state.to_act() == [1, 2]
    assert state.observe(0)["back_nine"] == {
        "decided": None,
        "voted": [True, False, False],
        "votes": [True, None, None],
    }
    assert state.observe(1)["back_nine"]["votes"] == [None, None, None]
    assert GAME.redact_action(0, PLAY_ON, 1) == {"type": "back_nine"}
    assert GAME.redact_action(0, PLAY_ON, 0) == PLAY_ON
    with pytest.raises(IllegalAction, match="not to act"):
        state.apply(0, STOP)
    for bad in ({"type": "back_nine", "play": 1}, {"type": "back_nine"}, {"type": "pass"}):
        with pytest.raises(IllegalAction):
            state.apply(1, bad)
    state.check_invariants()


def test_a_majority_plays_the_back_nine() -> None:
    state = after_the_front_nine(3)
    state.apply(0, PLAY_ON)
    state.apply(1, STOP)
    state.apply(2, PLAY_ON)
    view = state.observe(None)
    assert view["back_nine"] == {"decided": True, "voted": [True] * 3, "votes": [True, False, True]}
    assert view["hole_index"] == 10 and view["holes"] == 18 and state.phase != OVER
    assert any("2 of 3 vote to play on" in line["text"] for line in view["log"])
    state.check_invariants()


@pytest.mark.parametrize(("players", "ayes"), [(3, 1), (2, 1), (4, 2), (2, 0)])
def test_without_a_majority_the_round_ends_after_the_front_nine(players: int, ayes: int) -> None:
    state = after_the_front_nine(players)
    for seat in range(players):
        state.apply(seat, PLAY_ON if seat < ayes else STOP)
    assert state.is_over and state.observe(None)["holes"] == 9
    outcome = state.outcome()
    assert outcome.details["reason_text"].startswith("all 9 holes were played")
    assert outcome.scores == tuple(float(sum(s)) for s in state.scores)
    again = GolfState.from_json(json.loads(json.dumps(state.to_json())))
    assert again.observe(None) == state.observe(None) and again.outcome() == outcome
    state.check_invariants()


def test_the_option_needs_a_round_of_18_holes() -> None:
    assert GAME.normalize_config({"holes": 18, "decide_after_nine": True})["decide_after_nine"] is True
    with pytest.raises(ConfigError, match="'holes' must be 18"):
        GAME.normalize_config({"holes": 9, "decide_after_nine": True})
    # Left out, the round is 18 holes: "play the first 9 holes and then decide" is a whole round's choice.
    assert GAME.normalize_config({"decide_after_nine": True})["holes"] == 18
    assert GAME.normalize_config({})["holes"] == 9
    with pytest.raises(ConfigError, match="true or false"):
        GAME.normalize_config({"holes": 18, "decide_after_nine": "yes"})
    standard = GAME.new_state({"holes": 1}, 1)
    assert "back_nine" not in standard.observe(None)
