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
- ``decide_after_nine``: with ``holes`` 18 (what ``holes`` left out then means), the players decide after the front nine whether to
  play the back nine (rule book, Setup: "It's also best to play the first 9 holes and then decide
  whether to continue with the back 9"); how they decide is the house reading in
  :meth:`engine.games.golf.state.GolfState._vote`. False (default): the round is ``holes`` long.
- ``turn_cap``: the most turns one hole may take; when a hole reaches it without anyone finishing
  it ends for everyone with finishing strokes (the book's holes always end in practice, a program
  needs the guarantee).
- ``catalog``: ``null`` for the built-in catalog, or a whole catalog object (a league's own
  printing), validated by :func:`engine.games.golf.catalog.catalog_from_json`.
- ``mode``: ``standard``, or one of the rule book's alternate modes (each is
  :mod:`engine.games.golf.modes`.<name>): ``heavy_bag``; ``handicap`` (What's Your Handicap?,
  2 players); ``against_the_course`` (It's You Against the Course, 2 players); ``wolf`` (Wolf,
  3 players); ``best_ball`` (Best Ball, 4 golfers in two sides); ``interesting`` (Let's Make it
  Interesting: at most 9 holes). Or a list of two of them: the book says "Try these alternate play
  modes for a twist on the game, or combine two of them for extra fun!", and names no combination it
  forbids, so two modes combine unless they cannot work together:

  - modes made for different numbers of players (Wolf for 3, Best Ball for 4 golfers, the 2-Player
    Modes for 2) cannot be one table;
  - Wolf (most Wolf points), Best Ball (the sides' scores) and Let's Make it Interesting (most
    chips) each decide who wins in their own way, so no two of them combine.

  That allows Heavy Bag with any other mode (with its number of players), What's Your Handicap? with
  It's You Against the Course, and either of those with Let's Make it Interesting (2 players). A
  list is normalized to the registry's order (``["wolf", "heavy_bag"]`` is
  ``["heavy_bag", "wolf"]``), and a list of one mode to its name.
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
    "decide_after_nine": False,
    "catalog": None,
    "mode": "standard",
    "chips": 100,
}
STANDARD = "standard"
MODES: tuple[str, ...] = (STANDARD, *MODE_CLASSES)
MAX_COMBINED = 2  # "combine two of them"


def _whole(name: str, value: Any, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ConfigError(f"option {name!r} must be a whole number, not {short(value)}")
    if not low <= value <= high:
        raise ConfigError(f"option {name!r} must be from {low} to {high}, not {value}")
    return int(value)


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
    if result["decide_after_nine"] is True and "holes" not in config:
        # "Play the first 9 holes and then decide" is an 18-hole round with a choice at the turn.
        result["holes"] = 18
    _whole("players", result["players"], MIN_PLAYERS, MAX_PLAYERS)
    _whole("turn_cap", result["turn_cap"], 1, MAX_TURN_CAP)
    holes = result["holes"]
    if isinstance(holes, bool) or holes not in HOLE_OPTIONS:
        raise ConfigError(
            f"option 'holes' must be 9 or 18 (or 1 to 3 for a short practice round), not {short(holes)}"
        )
    decide = result["decide_after_nine"]
    if not isinstance(decide, bool):
        raise ConfigError(f"option 'decide_after_nine' must be true or false, not {short(decide)}")
    if decide and holes != 18:
        raise ConfigError(
            "option 'decide_after_nine' decides after the front nine whether to play the back nine, "
            f"so 'holes' must be 18, not {short(holes)}"
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
    result["mode"] = _mode_value(modes)
    _refuse_combination(modes)
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
    if isinstance(value, str):
        return (MODE_CLASSES[value],)
    return tuple(MODE_CLASSES[name] for name in value)


def _modes(value: Any) -> tuple[type[Mode], ...]:
    names = [value] if isinstance(value, str) else value
    if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
        raise ConfigError(
            f"option 'mode' must be one of {', '.join(MODES)}, or a list of two of them, not {short(value)}"
        )
    if names == [STANDARD]:
        return ()
    unknown = [name for name in names if name not in MODE_CLASSES]
    if unknown:
        known = ", ".join(MODES) if isinstance(value, str) else ", ".join(MODE_CLASSES)
        raise ConfigError(f"option 'mode' must be one of {known}, not {short(unknown[0])}")
    if not 1 <= len(names) <= MAX_COMBINED or len(set(names)) != len(names):
        raise ConfigError(
            f"option 'mode' combines two different modes (the rule book: 'combine two of them'), not {short(value)}"
        )
    return tuple(mode for mode in MODE_CLASSES.values() if mode.name in names)


def _mode_value(modes: tuple[type[Mode], ...]) -> str | list[str]:
    if not modes:
        return STANDARD
    if len(modes) == 1:
        return modes[0].name
    return [mode.name for mode in modes]


def _refuse_combination(modes: tuple[type[Mode], ...]) -> None:
    for index, first in enumerate(modes):
        for second in modes[index + 1 :]:
            both = f"modes {first.name!r} and {second.name!r} cannot be combined"
            if first.players is not None and second.players is not None and first.players != second.players:
                raise ConfigError(
                    f"{both}: {first.title} is for {first.players} {first.seats_are}, "
                    f"{second.title} for {second.players} {second.seats_are}"
                )
            if first.ranks_by and second.ranks_by:
                raise ConfigError(
                    f"{both}: each decides who wins ({first.title}: {first.ranks_by}; "
                    f"{second.title}: {second.ranks_by})"
                )
