"""Two alternate modes at one table (the rule book: "combine two of them for extra fun!"): which
combine, how the config says so, and combined games played to the end. The conformance suite plays
three combinations through too (GolfGame.conformance_configs)."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest

from engine.core import ConfigError
from engine.games.golf.config import MODES
from engine.games.golf.modes import REGISTRY
from engine.games.golf.modes.against_the_course import AgainstTheCourse
from engine.games.golf.modes.handicap import Handicap
from engine.games.golf.modes.heavy_bag import HeavyBag
from engine.games.golf.modes.interesting import Interesting
from engine.games.golf.rules import GolfGame
from engine.games.golf.state import HAND_SIZE, GolfState
from tests.engine.golf.tables import to_planning

GAME = GolfGame()

# What the config's docstring allows: Heavy Bag with any mode, and the three 2-player pairs.
ALLOWED = {
    ("heavy_bag", "handicap"): 2,
    ("heavy_bag", "against_the_course"): 2,
    ("heavy_bag", "wolf"): 3,
    ("heavy_bag", "best_ball"): 4,
    ("heavy_bag", "interesting"): 3,
    ("handicap", "against_the_course"): 2,
    ("handicap", "interesting"): 2,
    ("against_the_course", "interesting"): 2,
}
PAIRS = list(itertools.combinations([mode.name for mode in REGISTRY], 2))


def test_a_list_of_two_modes_is_kept_in_the_registrys_order() -> None:
    config = GAME.normalize_config({"players": 2, "mode": ["interesting", "handicap"]})
    assert config["mode"] == ["handicap", "interesting"]
    assert GAME.normalize_config(config) == config
    assert GAME.normalize_config({"players": 2, "mode": ["handicap"]})["mode"] == "handicap"
    assert GAME.normalize_config({"mode": ["standard"]})["mode"] == "standard"
    state = to_planning(GAME.new_state(config, 1))
    assert [mode.name for mode in state.modes] == ["handicap", "interesting"]
    assert state.observe(None)["mode"] == ["handicap", "interesting"]


@pytest.mark.parametrize(("first", "second"), PAIRS, ids=[f"{a}+{b}" for a, b in PAIRS])
def test_which_pairs_combine(first: str, second: str) -> None:
    players = ALLOWED.get((first, second))
    if players is not None:
        assert GAME.normalize_config({"players": players, "mode": [first, second]})["mode"] == [first, second]
        return
    for count in (2, 3, 4):
        with pytest.raises(ConfigError, match="cannot be combined") as refused:
            GAME.normalize_config({"players": count, "mode": [second, first]})
        assert repr(first) in str(refused.value) and repr(second) in str(refused.value)


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ({"players": 3, "mode": ["wolf", "best_ball"]}, "Wolf is for 3 players, Best Ball for 4 golfers"),
        ({"players": 3, "mode": ["wolf", "interesting"]}, "each decides who wins"),
        ({"players": 4, "mode": ["best_ball", "interesting"]}, "each decides who wins"),
        ({"players": 2, "mode": ["handicap", "wolf"]}, "What's Your Handicap\\? is for 2 players"),
        ({"players": 3, "mode": ["heavy_bag", "handicap"]}, "mode 'handicap' is for 2 players, not 3"),
        ({"players": 2, "mode": ["heavy_bag", "handicap", "interesting"]}, "two different modes"),
        ({"players": 2, "mode": ["heavy_bag", "heavy_bag"]}, "two different modes"),
        ({"players": 2, "mode": []}, "two different modes"),
        ({"players": 2, "mode": ["heavy_bag", "standard"]}, "one of heavy_bag"),
        ({"players": 2, "mode": ["heavy_bag", 3]}, "or a list of two of them"),
        ({"players": 2, "mode": {"heavy_bag": True}}, "or a list of two of them"),
        ({"players": 2, "mode": ["handicap", "interesting"], "holes": 18}, "at most 9"),
    ],
)
def test_combinations_that_cannot_work_are_refused_clearly(config: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        GAME.normalize_config(config)


@pytest.mark.parametrize(("modes", "players"), ALLOWED.items(), ids=["+".join(m) for m in ALLOWED])
def test_every_allowed_combination_plays_to_the_end(modes: tuple[str, str], players: int) -> None:
    config = {"players": players, "holes": 2, "turn_cap": 3, "mode": list(modes), "chips": 20}
    for seed in range(3):
        state = to_planning(GAME.new_state(config, seed))
        rng = random.Random(seed)
        while not state.is_over:
            seat = rng.choice(state.to_act())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            state.check_invariants()
            if rng.random() < 0.1:
                again = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
                assert again.to_json() == state.to_json()
                viewer = rng.choice([*range(players), None])
                assert state.resample_hidden(viewer, rng).observe(viewer) == state.observe(viewer)
        outcome = state.outcome()
        assert sorted(outcome.ranking) == list(range(players))


def test_heavy_bag_with_handicap_draws_ten_less_the_lead() -> None:
    state = to_planning(GAME.new_state({"players": 2, "holes": 3, "mode": ["handicap", "heavy_bag"]}, 3))
    assert state.hand_size == HAND_SIZE + 3 and all(len(hand) == 9 for hand in state.hands)
    state.scores = [[4], [6]]
    state.hole = 1
    for seat in (0, 1):
        state.deck += state.hands[seat][:4]
        del state.hands[seat][:4]
    state.begin_turn()
    assert [len(hand) for hand in state.hands] == [9 - 2, 9]
    to_planning(state)
    assert any(a.get("action2") is not None for a in state.legal_actions(1)), "two Actions a plan"


def test_the_course_and_the_chips_share_a_table_and_its_storage() -> None:
    config = {"players": 2, "holes": 3, "mode": ["against_the_course", "interesting"]}
    state = to_planning(GAME.new_state(config, 9))
    state.scores = [[3], [5]]
    state.hole = 1
    state.discard += [c for hand in state.hands for c in hand]
    state.hands = [[], []]
    state.setup_hole()
    to_planning(state)
    course = state.mode(AgainstTheCourse)
    assert course.course_target == 0 and len(course.course_card) == 1
    state.apply(1, {"type": "wager", "kind": "beat_or_tie", "to": 0, "stake": 25})
    state.apply(0, {"type": "accept"})
    view = state.observe(1)
    assert view["course_play"]["face_down"] and view["chips"] == [75, 75] and len(view["wagers"]) == 1
    data = state.to_json()
    assert data["course_card"] == course.course_card and data["chips"] == [75, 75]
    again = GolfState.from_json(json.loads(json.dumps(data)))
    assert again.mode(Interesting).wagers == state.mode(Interesting).wagers
    assert again.mode(AgainstTheCourse) == course
    state.check_invariants()


def test_the_modes_and_the_state_store_no_field_under_the_same_name() -> None:
    from engine.games.golf.records import stored_fields, stored_key

    names = [stored_key(f) for f in stored_fields(GolfState)]
    for mode in REGISTRY:
        names += [stored_key(f) for f in stored_fields(mode)]
    assert len(names) == len(set(names))
    assert {HeavyBag.name, Handicap.name} < set(MODES)
