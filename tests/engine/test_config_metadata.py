"""Every game's config metadata (fields and presets) agrees with its own ``normalize_config``.

Pages build their new-game form from these fields and send what a person chose; the engine stays
the judge. So each claim a field makes (its name, default, choices, bounds) is checked here
against the engine itself, never against values written again in the test.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import ConfigError, ConfigField, Game, registered_games

GAMES = registered_games()
FIELDS = [(game, field) for game in GAMES for field in game.config_fields()]


def _id(value: Any) -> str:
    if isinstance(value, Game):
        return value.id
    if isinstance(value, ConfigField):
        return value.name
    return str(value)


def _player_counts(game: Game) -> list[int]:
    return list(range(game.min_players, game.max_players + 1))


def _normalizes_with_some_table(game: Game, config: dict[str, Any]) -> bool:
    """Whether ``config`` is accepted as it is, or with some number of players the game allows
    (a Wolf round needs three golfers, a seat number needs that many seats)."""
    names = {field.name for field in game.config_fields()}
    tables = [{}] + ([{"players": count} for count in _player_counts(game)] if "players" in names else [])
    for table in tables:
        try:
            game.normalize_config({**table, **config})
        except ConfigError:
            continue
        return True
    return False


def test_every_game_describes_its_options() -> None:
    for game in GAMES:
        assert game.config_fields(), f"{game.id} describes no option"
        assert game.config_presets(), f"{game.id} offers no preset"


@pytest.mark.parametrize("game", GAMES, ids=_id)
def test_the_fields_are_exactly_the_options_normalize_config_fills_in(game: Game) -> None:
    names = [field.name for field in game.config_fields()]
    assert len(names) == len(set(names)), "a field is described twice"
    assert set(names) == set(game.normalize_config({})), "an option has no field, or a field no option"


@pytest.mark.parametrize("game", GAMES, ids=_id)
def test_every_field_name_is_accepted_as_an_option(game: Game) -> None:
    for field in game.config_fields():
        game.normalize_config({field.name: field.default})  # no "unknown option"


@pytest.mark.parametrize(("game", "field"), FIELDS, ids=_id)
def test_a_default_is_what_normalize_config_fills_in(game: Game, field: ConfigField) -> None:
    filled = game.normalize_config({})
    if field.default is not None:
        assert field.default == filled[field.name]
    # None leaves it to the engine (it may depend on other options); given back, it is the default game.
    assert game.normalize_config({field.name: field.default}) == filled


@pytest.mark.parametrize(("game", "field"), [(g, f) for g, f in FIELDS if f.kind == "choice"], ids=_id)
def test_every_choice_normalizes(game: Game, field: ConfigField) -> None:
    values = [value for value, _ in field.choices]
    assert field.default in values, "the default is not among the choices"
    assert len({json.dumps(value) for value in values}) == len(values), "a choice is offered twice"
    for value in values:
        assert _normalizes_with_some_table(game, {field.name: value}), f"{field.name}={value!r} never plays"


@pytest.mark.parametrize(("game", "field"), [(g, f) for g, f in FIELDS if f.kind == "int"], ids=_id)
def test_int_bounds_are_the_engine_bounds(game: Game, field: ConfigField) -> None:
    assert field.min is not None and field.max is not None
    assert field.min <= field.default <= field.max
    for inside in (field.min, field.max):
        assert _normalizes_with_some_table(game, {field.name: inside}), f"{field.name}={inside} refused"
    for outside in (field.min - 1, field.max + 1):
        with pytest.raises(ConfigError):
            game.normalize_config({field.name: outside})


@pytest.mark.parametrize(("game", "field"), [(g, f) for g, f in FIELDS if f.kind == "bool"], ids=_id)
def test_both_values_of_a_switch_normalize(game: Game, field: ConfigField) -> None:
    for value in (True, False):
        assert _normalizes_with_some_table(game, {field.name: value})


@pytest.mark.parametrize("game", GAMES, ids=_id)
def test_every_preset_normalizes(game: Game) -> None:
    presets = game.config_presets()
    assert len({preset.name for preset in presets}) == len(presets), "two presets share a name"
    names = {field.name for field in game.config_fields()}
    for preset in presets:
        normalized = game.normalize_config(preset.config)
        assert set(preset.config) <= names, f"preset {preset.name} sets an option with no field"
        players = normalized.get("players", game.min_players)
        assert game.min_players <= players <= game.max_players_for(normalized)


@pytest.mark.parametrize("game", GAMES, ids=_id)
def test_metadata_carries_fields_and_presets_as_json(game: Game) -> None:
    metadata = json.loads(json.dumps(game.metadata()))
    assert [field["name"] for field in metadata["config_fields"]] == [f.name for f in game.config_fields()]
    assert [preset["name"] for preset in metadata["config_presets"]] == [
        preset.name for preset in game.config_presets()
    ]
    for field in metadata["config_fields"]:
        assert {"name", "label", "kind", "default", "choices", "min", "max", "help"} <= set(field)


def test_a_field_refuses_a_kind_it_does_not_know() -> None:
    with pytest.raises(ValueError, match="unknown kind"):
        ConfigField("x", "X", "float", 1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="choices"):
        ConfigField("x", "X", "choice", 1)
