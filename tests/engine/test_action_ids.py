"""Action ids (``State.legal_action_ids`` / ``apply_id``), the fast road of playouts and bots, are
the public actions by another name: for random states of every game that numbers its actions,
the ids list the legal actions in order, each names its dict both ways, playing an id is playing
its dict, and an id that is not legal now is refused in apply's words and changes nothing."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import IllegalAction, State, get_game, registered_games
from engine.bots import make_bot
from engine.play import play_game
from tests.engine.playouts import MULLIGAN_CONFIGS

NUMBERED = [game for game in registered_games() if type(game.new_state({}, 0)).has_action_ids]
CASES = [
    pytest.param(game.id, config, id=f"{game.id}-{index}")
    for game in NUMBERED
    for index, config in enumerate(MULLIGAN_CONFIGS if game.id == "mulligan" else game.conformance_configs())
]


def test_the_fast_games_number_their_actions() -> None:
    assert {game.id for game in NUMBERED} >= {"mulligan", "three_card", "golf"}


def _check_ids_are_the_legal_actions(state: State) -> None:
    for seat in range(state.num_players):
        actions = state.legal_actions(seat)
        ids = state.legal_action_ids(seat)
        assert len(set(ids)) == len(ids), "an id names one action"
        assert [state.action_for_id(action_id) for action_id in ids] == actions
        assert [state.action_id(action) for action in actions] == ids


def _refuses(state: State, seat: Any, action_id: Any) -> None:
    before = state.to_json()
    with pytest.raises(IllegalAction) as refused:
        state.apply_id(seat, action_id)
    assert str(refused.value).strip()
    assert state.to_json() == before, f"a refused id {action_id!r} of seat {seat!r} changed the state"


@pytest.mark.parametrize(("game_id", "config"), CASES)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), choices=st.randoms(use_true_random=False))
def test_ids_are_the_legal_actions_and_play_as_their_dicts(
    game_id: str, config: dict[str, Any], seed: int, choices: random.Random
) -> None:
    game = get_game(game_id)
    by_id, by_dict = game.new_state(config, seed), game.new_state(config, seed)
    # Every id of every kind this game has, legal now or not, to try on seats that may not play it.
    seen: set[int] = set()
    steps = 0
    while not by_id.is_over and steps < 3000:
        _check_ids_are_the_legal_actions(by_id)
        seat = choices.choice(by_id.to_act())
        ids = by_id.legal_action_ids(seat)
        seen.update(ids)
        not_legal = sorted({*seen, -1, 10**6} - set(ids))
        for other in choices.sample(not_legal, min(6, len(not_legal))):
            _refuses(by_id, seat, other)
        for wrong_seat in [s for s in range(by_id.num_players) if not by_id.is_to_act(s)][:2]:
            if ids:
                _refuses(by_id, wrong_seat, ids[0])
        _refuses(by_id, True if seat == 1 else seat + 0.0, ids[0])
        index = choices.randrange(len(ids))
        action = by_id.action_for_id(ids[index])
        by_id.apply_id(seat, ids[index])
        by_dict.apply(seat, by_dict.legal_actions(seat)[index])
        assert by_id.to_json() == by_dict.to_json(), f"id {ids[index]} and {action!r} played differently"
        steps += 1
    assert by_id.is_over


@pytest.mark.parametrize("game_id", [game.id for game in NUMBERED])
def test_play_game_with_random_bots_plays_the_same_game_by_ids_as_by_dicts(game_id: str) -> None:
    class DictsOnly:  # the random bot without act_id: play_game must give it the dicts
        name = "random"
        needs_observation = False

        def act(self, observation: Any, legal_actions: list[Any], rng: random.Random) -> Any:
            return rng.choice(legal_actions)

    game = get_game(game_id)
    players = int(game.normalize_config({}).get("players", game.min_players))
    for seed in range(5):
        by_ids = play_game(game_id, {}, seed, [make_bot(game_id, "random") for _ in range(players)])
        by_dicts = play_game(game_id, {}, seed, [DictsOnly() for _ in range(players)])
        assert by_ids.to_json() == by_dicts.to_json()
