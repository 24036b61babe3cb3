"""Let's Make it Interesting (engine.games.golf.modes.interesting): chips and wagers."""

from __future__ import annotations

import pytest

from engine.core import ConfigError, IllegalAction
from engine.games.golf.cards import PLAYER_CARD
from engine.games.golf.modes.interesting import Interesting
from engine.games.golf.phases import PLAN
from engine.games.golf.state import GolfState
from tests.engine.golf.modes.tables import GAME, card, fillers, give, simple
from tests.engine.golf.tables import to_planning


def test_interesting_is_at_most_nine_holes() -> None:
    with pytest.raises(ConfigError, match="at most 9"):
        GAME.normalize_config({"mode": "interesting", "holes": 18})
    with pytest.raises(ConfigError, match="chips"):
        GAME.normalize_config({"mode": "interesting", "chips": 5})


def _interesting(chips: int = 100, holes: int = 2) -> GolfState:
    state = to_planning(
        GAME.new_state({"players": 2, "holes": holes, "mode": "interesting", "chips": chips}, 12)
    )
    give(state, 0, fillers(state, 6, set()))
    give(state, 1, fillers(state, 6, set(state.hands[0])))
    return state


def test_a_wager_is_proposed_to_one_player_who_accepts_or_declines() -> None:
    state = _interesting()
    offer = {"type": "wager", "kind": "beat_or_tie", "to": 1, "stake": 25}
    assert offer in state.legal_actions(0)
    state.apply(0, offer)
    assert state.phase == "offer" and state.to_act() == [1]
    assert state.legal_actions(1) == [{"type": "accept"}, {"type": "decline"}]
    assert state.observe(0)["offer"] == {"kind": "beat_or_tie", "to": 1, "stake": 25, "by": 0}
    state.apply(1, {"type": "decline"})
    assert (
        state.phase == PLAN
        and state.mode(Interesting).chips == [100, 100]
        and state.mode(Interesting).wagers == []
    )
    assert not [a for a in state.legal_actions(0) if a["type"] == "wager"], "one proposal a turn"
    with pytest.raises(IllegalAction, match="once a turn"):
        state.apply(0, offer)
    state.apply(1, {"type": "wager", "kind": "no_finish_this_turn", "to": 0, "stake": 10, "subject": 0})
    state.apply(0, {"type": "accept"})
    assert state.mode(Interesting).chips == [90, 90] and len(state.mode(Interesting).wagers) == 1
    state.check_invariants()
    # Nobody can finish from the tee: seat 1 bet that seat 0 does not finish this turn, and wins.
    state.apply(0, simple(state.hands[0][0], PLAYER_CARD, 0))
    state.apply(1, simple(state.hands[1][0], PLAYER_CARD, 1))
    assert (
        state.turn == 2
        and state.mode(Interesting).chips == [90, 110]
        and state.mode(Interesting).wagers == []
    )
    state.check_invariants()


def test_beat_or_tie_is_settled_when_the_hole_is_scored() -> None:
    state = _interesting()
    state.apply(0, {"type": "wager", "kind": "beat_or_tie", "to": 1, "stake": 50})
    state.apply(1, {"type": "accept"})
    putt = card(state, club="one_putt", action="rough")
    give(state, 0, [putt, *fillers(state, 5, {putt} | set(state.hands[1]))])
    state.distance = [20, 300]
    state.apply(0, simple(putt, PLAYER_CARD, 0))
    state.apply(1, simple(state.hands[1][0], PLAYER_CARD, 1))
    assert state.hole == 1 and state.scores[0][0] < state.scores[1][0]
    assert state.mode(Interesting).chips == [150, 50]
    state.check_invariants()


def test_the_game_ends_when_one_player_has_all_the_chips() -> None:
    state = _interesting(chips=10, holes=3)
    state.apply(0, {"type": "wager", "kind": "no_finish_this_turn", "to": 1, "stake": 10, "subject": 1})
    state.apply(1, {"type": "accept"})
    assert state.mode(Interesting).chips == [0, 0]
    state.apply(0, simple(state.hands[0][0], PLAYER_CARD, 0))
    state.apply(1, simple(state.hands[1][0], PLAYER_CARD, 1))
    assert state.is_over and state.hole == 1 and all(len(s) == 1 for s in state.scores)
    outcome = state.outcome()
    assert outcome.ranking == (0, 1) and outcome.details["chips"] == [20, 0]
    assert outcome.details["reason_text"] == "one player has all the chips"
    state.check_invariants()


def test_most_chips_wins_and_equal_chips_share_a_place() -> None:
    state = _interesting()
    state.scores, state.hole, state.phase = [[3], [9]], 1, "over"
    assert state.outcome().details["places"] == [1, 1]
    state.mode(Interesting).chips = [120, 80]
    assert state.outcome().ranking == (0, 1)
    assert GAME.describe_action({"type": "accept"}) == "Accept the wager"
