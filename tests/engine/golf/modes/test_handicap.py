"""What's Your Handicap? (engine.games.golf.modes.handicap): the leader draws fewer cards."""

from __future__ import annotations

from tests.engine.golf.modes.tables import GAME
from tests.engine.golf.tables import to_planning


def test_the_leader_draws_one_card_fewer_per_stroke_ahead() -> None:
    state = to_planning(GAME.new_state({"players": 2, "holes": 3, "mode": "handicap"}, 3))
    assert all(len(hand) == 6 for hand in state.hands), "tied on the first hole: a full draw"
    # Seat 0 is two strokes ahead after the first hole and has played four cards.
    state.scores = [[4], [6]]
    state.hole = 1
    for seat in (0, 1):
        state.deck += state.hands[seat][:4]
        del state.hands[seat][:4]
    state.begin_turn()
    assert len(state.hands[0]) == 2 + 4 - 2
    assert len(state.hands[1]) == 6
    log = [e["text"] for e in state.observe(None)["log"]]
    assert "Seat 0 draws 2 cards." in log and "Seat 1 draws 4 cards." in log


def test_a_leader_far_ahead_draws_nothing() -> None:
    state = to_planning(GAME.new_state({"players": 2, "holes": 3, "mode": "handicap"}, 3))
    state.scores = [[3], [12]]
    state.hole = 1
    state.deck += state.hands[0][:3]
    del state.hands[0][:3]
    state.begin_turn()
    assert len(state.hands[0]) == 3


def test_standard_mode_ignores_the_lead() -> None:
    state = to_planning(GAME.new_state({"players": 2, "holes": 3}, 3))
    state.scores = [[4], [6]]
    state.hole = 1
    state.deck += state.hands[0][:4]
    del state.hands[0][:4]
    state.begin_turn()
    assert len(state.hands[0]) == 6
