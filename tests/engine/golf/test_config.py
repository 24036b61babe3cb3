"""engine.games.golf.config: defaults, the options' checks, and the mode switch."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import ConfigError
from tests.engine.golf.tables import GAME


def test_defaults_and_normalizing_is_idempotent() -> None:
    config = GAME.normalize_config({})
    assert config["players"] == 4 and config["holes"] == 9 and config["course"] == "pebble_coast"
    assert GAME.normalize_config(config) == config
    custom = {"name": "Nine", "holes": [{"hole": i, "yards": 100 + i, "par": 3} for i in range(1, 10)]}
    normalized = GAME.normalize_config({"course": custom, "holes": 9})
    assert GAME.normalize_config(normalized) == normalized
    assert GAME.new_state(normalized, 1).observe(None)["hole_yards"] == 101


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ({"players": 5}, "players"),
        ({"players": 1}, "players"),
        ({"holes": 4}, "9 or 18"),
        ({"holes": True}, "9 or 18"),
        ({"turn_cap": 0}, "turn_cap"),
        ({"course": "nowhere"}, "unknown course"),
        ({"course": "/etc/passwd.json"}, "not a file"),
        ({"course": 7}, "course"),
        ({"wager": 1}, "unknown golf option"),
        ({"catalog": "x"}, "catalog"),
        ({"catalog": {"format": "nope"}}, "catalog"),
    ],
)
def test_bad_configs_are_refused_with_a_reason(config: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        GAME.normalize_config(config)


def test_eighteen_holes_need_an_eighteen_hole_course() -> None:
    nine = {"name": "Nine", "holes": [{"hole": i, "yards": 300, "par": 4} for i in range(1, 10)]}
    with pytest.raises(ConfigError, match="has 9 holes"):
        GAME.normalize_config({"course": nine, "holes": 18})
    assert len(GAME.new_state({"holes": 18, "course": "st_andres"}, 3).holes) == 18


def test_mode_is_a_config_switch_with_standard_the_default() -> None:
    assert GAME.normalize_config({})["mode"] == "standard"
    for mode in ("heavy_bag", "handicap", "against_the_course"):
        assert GAME.normalize_config({"players": 2, "mode": mode})["mode"] == mode


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ({"mode": "wolfish"}, "one of standard"),
        ({"mode": 3}, "one of standard"),
        ({"players": 3, "mode": "handicap"}, "for 2 players"),
        ({"players": 4, "mode": "against_the_course"}, "for 2 players"),
    ],
)
def test_bad_modes_are_refused_clearly(config: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        GAME.normalize_config(config)
