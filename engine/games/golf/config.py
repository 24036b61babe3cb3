"""Config of a MULLIGAN golf game (standard rules, 2 to 4 players).

Every option has a default, so ``{}`` is a valid config: four players, the front nine of Pebble
Coast Golf Links, the built-in card catalog.

- ``players``: 2 to 4 (as published).
- ``course``: a built-in course id or name (``pebble_coast``, ``st_andres``,
  ``augustine_national``) or a scorecard object ``{"name": ..., "holes": [{"hole", "yards",
  "par"}, ...]}`` (see :mod:`engine.games.golf.courses`). File paths are not accepted here: a
  config comes from users.
- ``holes``: 9 or 18 as the rule book says; 1, 2 or 3 play a short practice round (the first holes
  of the course; not in the book, for tests and quick games).
- ``turn_cap``: the most turns one hole may take; when a hole reaches it without anyone finishing
  it ends for everyone with finishing strokes (the book's holes always end in practice, a program
  needs the guarantee).
- ``catalog``: ``null`` for the built-in catalog, or a whole catalog object (a league's own
  printing), validated by :func:`engine.games.golf.catalog.catalog_from_json`.
- ``mode``: ``standard``, or one of the rule book's alternate modes (each is
  :mod:`engine.games.golf.modes`.<name>): ``heavy_bag``; ``handicap`` (What's Your Handicap?,
  2 players); ``against_the_course`` (It's You Against the Course, 2 players); ``wolf`` (Wolf,
  3 players); ``best_ball`` (Best Ball, 4 golfers in two sides); ``interesting`` (Let's Make it
  Interesting: at most 9 holes).
- ``chips``: each player's starting chips in ``interesting`` mode (10 to 10,000).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import ConfigError, short
from engine.games.golf.catalog import Catalog, catalog_from_json, default_catalog
from engine.games.golf.courses import BUILT_IN, Course, CourseError, course_from_json, load_course
from engine.games.golf.modes import MODES as MODE_CLASSES
from engine.games.golf.modes.base import Mode, refuse_players

MIN_PLAYERS, MAX_PLAYERS = 2, 4
HOLE_OPTIONS: tuple[int, ...] = (1, 2, 3, 9, 18)
MAX_TURN_CAP = 100

DEFAULTS: dict[str, Any] = {
    "players": 4,
    "course": "pebble_coast",
    "holes": 9,
    "turn_cap": 20,
    "catalog": None,
    "mode": "standard",
    "chips": 100,
}
STANDARD = "standard"
MODES: tuple[str, ...] = (STANDARD, *MODE_CLASSES)


def _whole(name: str, value: Any, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(f"option {name!r} must be a whole number, not {short(value)}")
    if not low <= value <= high:
        raise ConfigError(f"option {name!r} must be from {low} to {high}, not {value}")
    return value


def course_of(config: Mapping[str, Any]) -> Course:
    value = config["course"]
    if isinstance(value, str):
        if value.lower().endswith((".json", ".csv")):
            raise ConfigError(
                f"option 'course' names a built-in course ({', '.join(BUILT_IN)}) or is a scorecard "
                f"object, not a file {short(value)}"
            )
        try:
            return load_course(value)
        except CourseError as exc:
            raise ConfigError(str(exc)) from None
    if isinstance(value, Mapping):
        try:
            return course_from_json(dict(value), "option 'course'")
        except CourseError as exc:
            raise ConfigError(str(exc)) from None
    raise ConfigError(
        f"option 'course' must be a built-in course id or a scorecard object, not {short(value)}"
    )


def catalog_of(config: Mapping[str, Any]) -> Catalog:
    value = config["catalog"]
    if value is None:
        return default_catalog()
    return catalog_from_json(value, "option 'catalog'")


def normalize_config(config: Mapping[str, Any] | None) -> dict[str, Any]:
    if config is None:
        config = {}
    if not isinstance(config, Mapping):
        raise ConfigError(f"a golf config is a JSON object, not {type(config).__name__}")
    unknown = sorted(set(config) - set(DEFAULTS), key=str)
    if unknown:
        raise ConfigError(
            f"unknown golf option(s) {', '.join(map(short, unknown[:5]))}; known options: {', '.join(DEFAULTS)}"
        )
    result = dict(DEFAULTS)
    result.update(config)
    _whole("players", result["players"], MIN_PLAYERS, MAX_PLAYERS)
    _whole("turn_cap", result["turn_cap"], 1, MAX_TURN_CAP)
    holes = result["holes"]
    if isinstance(holes, bool) or holes not in HOLE_OPTIONS:
        raise ConfigError(
            f"option 'holes' must be 9 or 18 (or 1 to 3 for a short practice round), not {short(holes)}"
        )
    course = course_of(result)
    if holes > len(course.holes):
        raise ConfigError(f"{course.name} has {len(course.holes)} holes, so a round cannot be {holes}")
    if isinstance(result["course"], Mapping):
        result["course"] = course.to_json()
    if result["catalog"] is not None and not isinstance(result["catalog"], Mapping):
        raise ConfigError(
            f"option 'catalog' must be null or a catalog object, not {short(result['catalog'])}"
        )
    modes = _modes(result["mode"])
    for mode in modes:
        refuse_players(mode, result["players"])
    _whole("chips", result["chips"], 10, 10_000)
    for mode in modes:
        mode.check_config(result)
    catalog_of(result)  # validates; raises CatalogError (a ConfigError) naming the card and field
    return result


def modes_of(config: Mapping[str, Any]) -> tuple[type[Mode], ...]:
    """The alternate modes a normalized config plays, in the registry's order (none: standard)."""
    value = config["mode"]
    if value == STANDARD:
        return ()
    return (MODE_CLASSES[value],)


def _modes(value: Any) -> tuple[type[Mode], ...]:
    if value == STANDARD:
        return ()
    if not isinstance(value, str) or value not in MODE_CLASSES:
        raise ConfigError(f"option 'mode' must be one of {', '.join(MODES)}, not {short(value)}")
    return (MODE_CLASSES[value],)
