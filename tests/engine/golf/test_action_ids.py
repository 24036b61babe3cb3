"""Golf's action ids (engine.games.golf.action_ids) beyond what tests/engine/test_action_ids.py asks
of every numbered game: a plan's, a Play Anytime card's and a pass's id spell the action out, so
they name the same action in a stored and reloaded copy of the game; a mode's actions are numbered
as the state lists them, so a copy that has not listed them yet does not know their ids."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import IllegalAction, get_game
from engine.games.golf.action_ids import MODE, TAG_MASK, Discards, discard_ids
from engine.games.golf.state import GolfState

GOLF = get_game("golf")
CONFIGS = [pytest.param(config, id=str(index)) for index, config in enumerate(GOLF.conformance_configs())]


def _reloaded(state: GolfState) -> GolfState:
    return GolfState.from_json(state.to_json())


@pytest.mark.parametrize("config", CONFIGS)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), choices=st.randoms(use_true_random=False))
def test_a_reloaded_copy_reads_every_spelled_out_id_as_the_same_action(
    config: dict[str, Any], seed: int, choices: random.Random
) -> None:
    state = GOLF.new_state(config, seed)
    kinds: set[str] = set()
    while not state.is_over:
        seat = choices.choice(state.to_act())
        ids = state.legal_action_ids(seat)
        actions = state.legal_actions(seat)
        copy = _reloaded(state)
        spelled = [i for i in ids if i & TAG_MASK != MODE]
        assert [copy.action_for_id(i) for i in spelled] == [state.action_for_id(i) for i in spelled]
        assert [i for i in copy.legal_action_ids(seat) if i & TAG_MASK != MODE] == spelled
        kinds.update(action["type"] for action in actions)
        index = choices.randrange(len(ids))
        copy.apply(seat, actions[index])
        state.apply_id(seat, ids[index])
        assert copy.to_json() == state.to_json()
    assert "plan" in kinds


def test_a_mode_action_is_known_by_its_id_only_where_it_was_listed() -> None:
    state = GOLF.new_state({"players": 3, "holes": 1, "mode": "wolf"}, 7)
    (seat,) = state.to_act()
    ids = state.legal_action_ids(seat)
    assert ids and all(i & TAG_MASK == MODE for i in ids)
    assert [state.action_for_id(i) for i in ids] == state.legal_actions(seat)
    copy = _reloaded(state)
    with pytest.raises(IllegalAction):
        copy.action_for_id(ids[-1])
    assert copy.action_id(state.legal_actions(seat)[-1]) is None
    # Listed there too, the copy numbers them in its own listing's order: the same here.
    assert copy.legal_action_ids(seat) == ids
    copy.apply_id(seat, ids[-1])
    state.apply(seat, {"type": "wolf", "partner": None})
    assert copy.to_json() == state.to_json()


def test_a_dig_through_the_bag_discard_reads_back_as_the_cards_in_their_order() -> None:
    state = GOLF.new_state({"players": 2, "holes": 1}, 0)
    dig = next(name for name in state.names if "Dig Through the Bag" in name)
    table = state.cards.ids
    others = sorted(name for name in state.names if name != dig)[:5]
    ids = discard_ids(table, dig, others, 3)
    assert len(ids) == len(set(ids)) == 5 + 10 + 10
    discards = [state.action_for_id(i)["discard"] for i in ids]
    assert discards[:5] == [[name] for name in others]
    assert discards[5] == others[:2] and discards[-1] == others[2:]
    assert [state.action_id({"type": "play", "card": dig, "discard": d}) for d in discards] == ids


@pytest.mark.parametrize(("count", "most"), [(0, 3), (1, 3), (2, 3), (5, 3), (6, 2), (7, 4)])
def test_a_dig_through_the_bag_discards_read_one_at_a_time_as_their_list(count: int, most: int) -> None:
    """action_ids.Discards, made for a window's listing, reads as discard_ids' list every way, and
    finds the id it last made without making the others."""
    state = GOLF.new_state({"players": 2, "holes": 1}, 0)
    dig = next(name for name in state.names if "Dig Through the Bag" in name)
    table = state.cards.ids
    others = sorted(name for name in state.names if name != dig)[:count]
    expected = discard_ids(table, dig, others, most)
    discards = Discards(table, dig, others, most)
    assert len(discards) == len(expected)
    for index in range(len(expected)):
        fresh = Discards(table, dig, others, most)
        assert fresh[index] == expected[index] and expected[index] in fresh
        assert fresh[-1 - index] == expected[-1 - index]
    assert discards[1:4] == expected[1:4] and list(discards) == expected
    assert -1 not in discards and None not in discards and (not expected or expected[0] + 1 not in discards)
    with pytest.raises(IndexError):
        discards[len(expected)]
