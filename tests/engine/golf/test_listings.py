"""A seat's legal action ids in SHOT PLANNING come as a listing that makes its ids when they are
read (engine.games.golf.listings): every way of reading it (an index from either end, a slice, a
walk, a comparison) gives what the list of every id gives, in every mode, and it stays the ids of
the state it was made for after the state moves on."""

from __future__ import annotations

import operator
import random
from typing import Any

import pytest

from engine import get_game
from engine.games.golf import action_ids, planning, play_anytime
from engine.games.golf.listings import Listing
from engine.games.golf.phases import PLAN
from engine.games.golf.state import GolfState

GOLF = get_game("golf")
CONFIGS = [
    pytest.param(config, id=str(index))
    for index, config in enumerate([{}, {"players": 2}, *GOLF.conformance_configs()])
]


def _every_id(state: GolfState, seat: int) -> list[int]:
    """The ids listed one after another, as the state listed them before listings."""
    hand = sorted(state.hands[seat])
    ids = list(planning.plan_ids(state, seat, hand))
    ids += play_anytime.option_ids(state, seat, hand)
    for mode in state.modes:
        ids += [state.action_id(action) for action in mode.legal_actions(state, seat)]
    return ids


def _check(listing: Any, expected: list[int]) -> None:
    assert isinstance(listing, Listing)
    assert len(listing) == len(expected) and bool(listing) == bool(expected)
    assert [listing[i] for i in range(len(expected))] == expected
    assert [listing[-i] for i in range(1, len(expected) + 1)] == [
        expected[-i] for i in range(1, len(expected) + 1)
    ]
    for index in (len(expected), -len(expected) - 1):
        with pytest.raises(IndexError):
            listing[index]
    assert listing[1:7] == expected[1:7] and listing[::-3] == expected[::-3]
    assert list(listing) == expected and list(reversed(listing)) == expected[::-1]
    assert listing == expected and expected == listing
    assert operator.ne(listing, expected) is False
    assert listing != [*expected, 0] and listing != tuple(expected)
    assert all(listing.index(i) == expected.index(i) for i in expected[:5])
    assert expected[-1] in listing and -1 not in listing and listing.count(expected[0]) == 1
    assert repr(listing) == repr(expected)


@pytest.mark.parametrize("config", CONFIGS)
def test_a_planning_listing_reads_as_the_list_of_its_ids(config: dict[str, Any]) -> None:
    rng = random.Random(7)
    checked = 0
    for seed in range(3):
        state = GOLF.new_state(config, seed)
        kept: list[tuple[Any, list[int]]] = []
        while not state.is_over:
            seat = rng.choice(state.to_act())
            ids = state.legal_action_ids(seat)
            if state.phase == PLAN:
                expected = _every_id(state, seat)
                # Reading the one id a playout plays first, before anything else made the list.
                index = rng.randrange(len(expected))
                assert ids[index] == expected[index]
                _check(ids, expected)
                fresh = state.legal_action_ids(seat)
                if len(kept) < 20:
                    kept.append((fresh, expected))
                checked += 1
            state.apply_id(seat, rng.choice(ids))
        # Read only now, long after their state moved on: still the ids of that moment.
        for listing, expected in kept:
            assert list(listing) == expected and listing[len(expected) // 2] == expected[len(expected) // 2]
    assert checked


@pytest.mark.parametrize("config", CONFIGS)
def test_a_plan_read_from_a_listing_is_offered_with_the_fields_its_id_names(config: dict[str, Any]) -> None:
    """The state plays a plan read from a listing at the same move without decoding and checking it
    again (GolfState.plan_offer): what it was told must be what the id says, and a legal plan."""
    rng = random.Random(11)
    offered = 0
    for seed in range(3):
        state = GOLF.new_state(config, seed)
        while not state.is_over:
            seat = rng.choice(state.to_act())
            ids = state.legal_action_ids(seat)
            action_id = rng.choice(ids)
            plans_listed = state.phase == PLAN and not state.plans_by_mode  # a mode's plans are a list
            if plans_listed and action_id & action_ids.TAG_MASK == action_ids.PLAN_TAG:
                fields = action_ids.plan_fields(state.cards.ids, action_id, state.second_action)
                assert fields is not None
                assert state.plan_offer == (action_id, state.moves, seat, fields)
                assert planning.is_plan(state, seat, *fields[:3])
                offered += 1
            state.apply_id(seat, action_id)
    if not GOLF.new_state(config, 0).plans_by_mode:
        assert offered > 0
