"""Opening Hand configs: defaults, the deck spec, and clear refusals."""

from __future__ import annotations

from typing import Any

import pytest

from engine import ConfigError
from engine.games.opening_hand import deck
from engine.games.opening_hand.config import deck_spec, normalize_config, spread_spells, starting_hand_sizes


def test_the_defaults() -> None:
    config = normalize_config({})
    assert config["players"] == 2 and config["rule"] == "london"
    assert config["deck"] == {"size": 60, "lands": 24, "spells": {"1": 8, "2": 10, "3": 8, "4": 6, "5": 4}}
    assert config["damage_to_win"] == 20 and config["turn_cap"] == 15
    assert normalize_config(config) == config, "normalizing is idempotent"


def test_deck_specs() -> None:
    assert sum(spread_spells(23).values()) == 23
    assert deck_spec(40, 17)["spells"] == {"1": 5, "2": 6, "3": 5, "4": 4, "5": 3}
    powdered = normalize_config({"serum_powder": 4})
    assert powdered["deck"]["size"] == 60 and sum(powdered["deck"]["spells"].values()) == 32
    given = normalize_config({"deck": {"lands": 20, "spells": {3: 40}}})["deck"]
    assert given == {"size": 60, "lands": 20, "spells": {"3": 40}}
    library = deck.build_library(1, given, 2)
    assert len(library) == 62 and len(set(library)) == 62
    assert [deck.label(c) for c in (library[0], library[20], library[-1])] == [
        "Land",
        "Spell (3)",
        "Serum Powder",
    ]


def test_vanguard_sizes() -> None:
    assert starting_hand_sizes(normalize_config({"players": 3, "hand_size_modifiers": [1, 0, -2]})) == [
        8,
        7,
        5,
    ]


@pytest.mark.parametrize(
    ("config", "words"),
    [
        ({"players": 5}, "from 2 to 4"),
        ({"rule": "mulligan"}, "unknown mulligan rule"),
        ({"colour": "blue"}, "unknown Opening Hand option"),
        ({"free_first_mulligan": "yes"}, "true, false or null"),
        ({"hand_size_modifiers": [1]}, "one whole number per seat"),
        ({"hand_size_modifiers": [-8, 0]}, "starting hand size would be -1"),
        ({"teams": [[0, 1], [1, 2]], "players": 3}, "exactly one team"),
        ({"teams": [[0, 1, 2, 3]], "players": 4}, "at least two teams"),
        ({"teams": [[0], [1, 2]], "players": 3}, "as many players"),
        ({"deck": {"size": 60, "lands": 24, "spells": {"1": 30}}}, "make 54"),
        ({"deck": {"size": 10, "lands": 24}}, "cannot hold"),
        ({"deck": {"lands": 2, "spells": {"0": 4}}}, "mana values are 1 to 9"),
        ({"deck": {"size": 5, "lands": 2}}, "cannot deal a 7-card hand"),
        ({"deck": [60]}, "the deck is an object"),
        ({"turn_cap": 0}, "turn_cap"),
        ({"players": True}, "whole number"),
    ],
)
def test_bad_configs_are_refused_with_a_reason(config: dict[str, Any], words: str) -> None:
    with pytest.raises(ConfigError, match=words):
        normalize_config(config)
