"""Wolf (engine.games.golf.modes.wolf): the rotating Wolf, its partner and its points."""

from __future__ import annotations

import random

import pytest

from engine.core import ConfigError, IllegalAction
from engine.games.golf.modes.wolf import Wolf
from engine.games.golf.phases import PLAN
from engine.games.golf.state import GolfState
from tests.engine.golf.modes.tables import GAME
from tests.engine.golf.tables import to_planning


def test_wolf_is_for_three_players() -> None:
    with pytest.raises(ConfigError, match="3 players"):
        GAME.normalize_config({"players": 4, "mode": "wolf"})


def test_the_wolf_rotates_and_picks_a_partner_or_lone_wolf_before_the_hole() -> None:
    state = to_planning(GAME.new_state({"players": 3, "holes": 3, "mode": "wolf", "turn_cap": 1}, 6))
    assert state.phase == "wolf" and state.to_act() == [0] and state.hands == [[], [], []]
    assert state.legal_actions(0) == [
        {"type": "wolf", "partner": 1},
        {"type": "wolf", "partner": 2},
        {"type": "wolf", "partner": None},
    ]
    assert state.legal_actions(1) == []
    with pytest.raises(IllegalAction, match="Lone Wolf"):
        state.apply(0, {"type": "wolf", "partner": 0})
    state.apply(0, {"type": "wolf", "partner": 2})
    assert to_planning(state).phase == PLAN and all(len(hand) == 6 for hand in state.hands)
    assert state.observe(1)["wolf"]["holes"] == [{"wolf": 0, "partner": 2, "points": [0, 0, 0]}]
    assert GAME.describe_action({"type": "wolf", "partner": None}) == "Go Lone Wolf"
    state.check_invariants()
    rng = random.Random(2)
    while state.phase != "wolf":
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert state.hole == 1 and state.to_act() == [1], "the next seat is the Wolf of the next hole"
    again = GAME.state_from_json(state.to_json())
    assert again.to_json() == state.to_json()


def _score_hole(state: GolfState, partner: int | None, scores: list[int]) -> None:
    wolf = state.mode(Wolf)
    wolf.wolves[-1].partner = partner
    for seat, score in enumerate(scores):
        state.scores[seat].append(score)
    wolf.end_hole(state)


@pytest.mark.parametrize(
    ("partner", "scores", "points"),
    [
        (1, [4, 6, 5], [1, 1, 0]),  # the Wolf makes the lowest score: both win a point
        (1, [6, 3, 5], [1, 1, 0]),  # the partner does
        (1, [5, 6, 5], [0, 0, 0]),  # the other player ties: no points
        (None, [3, 4, 5], [2, 0, 0]),  # Lone Wolf with the lowest score: 2 points
        (None, [4, 4, 5], [0, 0, 0]),  # Lone Wolf tied: no points
        (2, [5, 4, 6], [0, 0, 0]),  # the player left out beats the Wolf's side
        (2, [5, 5, 4], [1, 0, 1]),  # the partner's 4 is the side's score
    ],
)
def test_wolf_points_as_the_book_says(partner: int | None, scores: list[int], points: list[int]) -> None:
    state = to_planning(GAME.new_state({"players": 3, "holes": 1, "mode": "wolf"}, 1))
    _score_hole(state, partner, scores)
    assert state.mode(Wolf).points == points


def test_the_wolf_outcome_ranks_by_points_then_strokes() -> None:
    state = to_planning(GAME.new_state({"players": 3, "holes": 1, "mode": "wolf"}, 1))
    state.scores = [[6], [4], [5]]
    state.mode(Wolf).points = [2, 0, 2]
    state.hole, state.phase = 1, "over"
    outcome = state.outcome()
    assert outcome.ranking == (2, 0, 1)
    assert outcome.details["places"] == [2, 3, 1]
    assert outcome.details["points"] == [2, 0, 2]
    assert outcome.scores == (6.0, 4.0, 5.0)
