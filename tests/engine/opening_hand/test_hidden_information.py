"""What each viewer of an Opening Hand game sees: its own hand, a teammate's (Two-Headed Giant),
what is public; never a library's order or another seat's hand or face-down cards."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine import get_game
from engine.games.opening_hand import deck
from engine.games.opening_hand.rules import OpeningHandState

CONFIGS = get_game("opening_hand").conformance_configs()


def names_in(data: Any) -> set[str]:
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str) and deck.is_card(value):
            found.add(value)
        elif isinstance(value, dict):
            for key, item in value.items():
                walk(key)
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(data)
    return found


def secret_from(state: OpeningHandState, viewer: int | None) -> set[str]:
    """Cards ``viewer`` may not see now."""
    secret: set[str] = set()
    mates = set(state.teammates(viewer)) if viewer is not None else set()
    for seat, zones in enumerate(state.zones):
        library = zones.library
        if seat == viewer:
            library = library[zones.known_top : len(library) - zones.known_bottom]
        secret |= set(library)
        if seat != viewer:
            secret |= set(zones.exiled_face_down)
            if seat not in mates:
                secret |= set(zones.hand)
    return secret


def public_history(observation: dict[str, Any]) -> list[dict[str, Any]]:
    # A 1994 mulligan reveals the hand (seed 002) before it is shuffled back: public, then hidden.
    return [{k: v for k, v in event.items() if k != "revealed"} for event in observation["history"]]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: json.dumps(c, sort_keys=True))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_viewer_sees_a_secret_card(config: dict[str, Any], seed: int) -> None:
    state = get_game("opening_hand").new_state(config, seed)
    assert isinstance(state, OpeningHandState)
    rng = random.Random(seed)
    viewers: list[int | None] = [*range(state.num_players), None]
    while not state.is_over:
        for viewer in viewers:
            observation = state.observe(viewer)
            shown = names_in({k: v for k, v in observation.items() if k != "history"})
            shown |= names_in(public_history(observation))
            leaked = shown & secret_from(state, viewer)
            assert not leaked, f"{viewer!r} sees {sorted(leaked)} in phase {state.current_phase()}"
            if viewer is not None:
                assert set(observation["hand"]) == set(state.zones[viewer].hand)
            else:
                assert "hand" not in observation
        seat = rng.choice(state.to_act())
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_teammates_see_each_others_hands_and_resampling_keeps_them() -> None:
    state = get_game("opening_hand").new_state({"players": 4, "teams": [[0, 1], [2, 3]]}, 5)
    assert isinstance(state, OpeningHandState)
    view = state.observe(0)
    assert view["team_hands"] == {"1": deck.sorted_cards(state.zones[1].hand)}
    assert not names_in(view) & set(state.zones[2].hand + state.zones[3].hand)
    copy = state.resample_hidden(0, random.Random(1))
    assert isinstance(copy, OpeningHandState)
    assert copy.zones[1].hand == state.zones[1].hand, "a teammate's hand is not hidden from seat 0"
    assert copy.observe(0) == view
    assert [z.hand for z in copy.zones[2:]] != [z.hand for z in state.zones[2:]]


def test_the_seed_and_library_order_never_show() -> None:
    state = get_game("opening_hand").new_state({}, 2**62 + 12345)
    for viewer in (0, 1, None):
        text = json.dumps(state.observe(viewer))
        assert str(2**62 + 12345) not in text and '"seed"' not in text
        assert '"library": [' not in text and '"deck": [' not in text


def test_resampling_keeps_what_the_viewer_knows_of_its_own_library() -> None:
    state = get_game("opening_hand").new_state({"rule": "london"}, 8)
    assert isinstance(state, OpeningHandState)
    state.apply(0, {"type": "mulligan"})
    state.apply(1, {"type": "keep"})
    state.apply(0, {"type": "keep"})
    bottomed = state.legal_actions(0)[0]["card"]
    state.apply(0, {"type": "bottom", "card": bottomed})
    assert state.observe(0)["library_bottom"] == [bottomed]
    for n in range(5):
        copy = state.resample_hidden(0, random.Random(n))
        assert isinstance(copy, OpeningHandState)
        assert copy.zones[0].library[-1] == bottomed
        assert copy.observe(0) == state.observe(0)
    moved = [state.resample_hidden(1, random.Random(n)).zones[0].library[-1] for n in range(5)]
    assert set(moved) != {bottomed}, "another viewer does not know seat 0's bottom card"
