"""Config and pay tables: the seed's tables as data, user files, and clear errors."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from engine import ConfigError, get_game
from engine.games.three_card.config import (
    DEFAULT_PAYTABLE,
    config_paytable,
    load_paytable,
    normalize_config,
    paytable_from_json,
)

SEED_TABLE: dict[str, Any] = {
    "ante": {"straight_flush": 6, "three_of_a_kind": 4, "straight": 1.5, "other": 1},
    "pair_plus": {
        "straight_flush": 40,
        "three_of_a_kind": 30,
        "straight": 6,
        "flush": 3,
        "pair": 1,
        "high_card": -1,
    },
}


def test_the_default_pay_table_is_the_seeds() -> None:
    assert DEFAULT_PAYTABLE.ante == SEED_TABLE["ante"]
    assert DEFAULT_PAYTABLE.pair_plus == SEED_TABLE["pair_plus"]
    assert DEFAULT_PAYTABLE.ante_pays("straight") == Fraction(3, 2)
    for category in ("flush", "pair", "high_card"):
        assert DEFAULT_PAYTABLE.ante_pays(category) == 1
    assert DEFAULT_PAYTABLE.pair_plus_pays("high_card") == -1


def test_a_pay_table_file_loads_and_round_trips(tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    data = {
        "name": "generous",
        "ante": {"straight_flush": "5 to 1", "three_of_a_kind": "4:1", "straight": "1/3", "other": 1},
        "pair_plus": {**SEED_TABLE["pair_plus"], "straight_flush": 50, "high_card": "loss"},
    }
    path.write_text(json.dumps(data))
    table = load_paytable(path)
    assert table.name == "generous"
    assert table.ante_exact["straight"] == Fraction(1, 3)  # exact, not 0.333...
    assert table.ante_exact["three_of_a_kind"] == 4
    assert table.pair_plus["straight_flush"] == 50
    assert paytable_from_json(table.to_json()) == table


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"ante": None}, "'ante' must be an object"),
        ({"colour": "red"}, "unknown key"),
        ({"ante": {"straight_flush": 6, "three_of_a_kind": 4, "straight": 1.5}}, "lacks a pay for other"),
        ({"ante": {**SEED_TABLE["ante"], "flush": 2}}, "unknown event"),
        ({"ante": {**SEED_TABLE["ante"], "other": 0}}, "must be above 0"),
        ({"ante": {**SEED_TABLE["ante"], "other": True}}, "ante.other must be a number"),
        ({"ante": {**SEED_TABLE["ante"], "other": "lots"}}, "ante.other must be a number"),
        ({"ante": {**SEED_TABLE["ante"], "other": "3 to 0"}}, "divide by zero"),
        ({"pair_plus": {**SEED_TABLE["pair_plus"], "high_card": -2}}, "from -1"),
        ({"pair_plus": {**SEED_TABLE["pair_plus"], "pair": float("inf")}}, "finite"),
        ({"name": ""}, "'name' must be a short text"),
    ],
)
def test_bad_pay_tables_are_refused_with_the_reason(change: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        paytable_from_json({**SEED_TABLE, **change})


def test_bad_pay_table_files(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot read pay table"):
        load_paytable(tmp_path / "missing.json")
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    with pytest.raises(ConfigError, match="not valid JSON"):
        load_paytable(broken)
    listed = tmp_path / "list.json"
    listed.write_text("[1, 2]")
    with pytest.raises(ConfigError, match="JSON object"):
        load_paytable(listed)


def test_config_defaults_and_idempotence() -> None:
    config = normalize_config({})
    assert config == {"players": 2, "hands": 10, "ante": 1, "pair_plus": True, "paytable": None}
    assert config_paytable(config) is DEFAULT_PAYTABLE
    inline = normalize_config({"players": 6, "paytable": {**SEED_TABLE, "name": "mine"}})
    assert normalize_config(inline) == inline
    assert config_paytable(inline).ante == SEED_TABLE["ante"]
    assert get_game("three_card").normalize_config(None) == config


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ({"players": 0}, "'players' must be from 1 to 6"),
        ({"players": 7}, "one to six seats"),
        ({"hands": 0}, "'hands' must be from 1"),
        ({"hands": 10_000}, "'hands' must be from 1 to 200"),
        ({"ante": "1"}, "'ante' must be a whole number"),
        ({"ante": 1.5}, "'ante' must be a whole number"),
        ({"ante": True}, "'ante' must be a whole number"),
        ({"pair_plus": "yes"}, "'pair_plus' must be true or false"),
        ({"paytable": "seed"}, "option 'paytable' must be a JSON object"),
        ({"paytable": {**SEED_TABLE, "ante": {}}}, "lacks a pay"),
        ({"seats": 2}, "unknown Three Card Mulligan option"),
    ],
)
def test_bad_configs_are_refused_with_the_reason(config: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        normalize_config(config)
    with pytest.raises(ConfigError):
        get_game("three_card").new_state(config, 1)


def test_a_config_is_an_object() -> None:
    with pytest.raises(ConfigError, match="JSON object"):
        normalize_config([("players", 2)])  # type: ignore[arg-type]
