"""Best Ball (engine.games.golf.modes.best_ball): two sides of two golfers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.core import ConfigError
from engine.games.golf import catalog as catalog_module
from engine.games.golf.modes.best_ball import side_scores
from tests.engine.golf.modes.tables import GAME, card, fillers, give
from tests.engine.golf.tables import to_planning


def test_best_ball_is_four_golfers() -> None:
    with pytest.raises(ConfigError, match="4 golfers"):
        GAME.normalize_config({"players": 2, "mode": "best_ball"})


def test_a_target_yourself_action_may_go_to_either_golfer_of_the_side() -> None:
    state = to_planning(GAME.new_state({"players": 4, "holes": 1, "mode": "best_ball"}, 3))
    wood = card(state, club="fairway_wood", action="rough")
    hook = card(state, action="hook", skip={wood})
    give(state, 0, [wood, hook, *fillers(state, 4, {wood, hook})])
    targets = {a["target"] for a in state.legal_actions(0) if a.get("action") == hook}
    assert targets == {0, 1, 2, 3}, "a Hook may hurt anyone"
    # The built-in catalog has no Action that says "target yourself"; a league's catalog may.
    data = json.loads((Path(catalog_module.__file__).parent / "catalog" / "default.json").read_text())
    lucky_half = next(a for a in data["actions"] if a["id"] == "lucky_bounce")
    lucky_half["target"] = {"value": "self", "assumption": "a test printing"}
    for mode, expected in (("best_ball", {1, 3}), ("standard", {1})):
        table = to_planning(GAME.new_state({"players": 4, "holes": 1, "mode": mode, "catalog": data}, 3))
        lucky = card(table, action="lucky_bounce")
        give(table, 1, [lucky, *fillers(table, 5, {lucky})])
        assert {a["target"] for a in table.legal_actions(1) if a.get("action") == lucky} == expected


def test_each_side_takes_the_lower_score_of_its_golfers() -> None:
    state = to_planning(GAME.new_state({"players": 4, "holes": 2, "mode": "best_ball"}, 3))
    state.scores = [[5, 4], [3, 6], [4, 6], [7, 5]]
    state.hole, state.phase = 2, "over"
    assert side_scores(state) == [[4, 4], [3, 5], [4, 4], [3, 5]]
    outcome = state.outcome()
    assert outcome.details["places"] == [1, 1, 1, 1] and outcome.scores == (8.0, 8.0, 8.0, 8.0)
    state.scores = [[5, 4], [3, 6], [4, 6], [7, 6]]
    outcome = state.outcome()
    assert outcome.details["places"] == [1, 3, 1, 3] and outcome.ranking == (0, 2, 1, 3)
    assert outcome.details["golfer_totals"] == [9, 9, 10, 13]
    view = state.observe(3)["best_ball"]
    assert view["sides"] == [[0, 2], [1, 3]] and view["side_totals"] == [8, 9]
