"""Mulligan League's rules engine: pure Python, no Django. See ``engine.core`` for the contract."""

from __future__ import annotations

import engine.registry  # noqa: F401 - shows the core's registry the built-in games before anyone asks
from engine.config_fields import ConfigField, ConfigPreset
from engine.core import (
    Action,
    ConfigError,
    EngineError,
    Game,
    IllegalAction,
    Outcome,
    State,
    UnknownGame,
    get_game,
    new_state,
    registered_games,
    replay,
    state_from_json,
)

__all__ = [
    "Action",
    "ConfigError",
    "ConfigField",
    "ConfigPreset",
    "EngineError",
    "Game",
    "IllegalAction",
    "Outcome",
    "State",
    "UnknownGame",
    "get_game",
    "new_state",
    "registered_games",
    "replay",
    "state_from_json",
]
