"""MULLIGAN, the golf card game (``001_b0f00b7950c1e11c.txt``): standard rules for 2 to 4 players,
and the alternate modes Heavy Bag, What's Your Handicap?, It's You Against the Course, Wolf, Best
Ball and Let's Make it Interesting, alone or two of them combined. This module is the registered
game; the rules live in the package's parts:

- :mod:`engine.games.golf.config`: the options (players, course, holes, turn cap, catalog, mode);
- :mod:`engine.games.golf.catalog` and :mod:`engine.games.golf.courses`: the card halves and the
  scorecards, data with validation; :mod:`engine.games.golf.cards`: the cards' names in play;
- :mod:`engine.games.golf.state`: a round in progress, its turn flow and the engine contract;
- :mod:`engine.games.golf.play_anytime`: the Play Anytime windows;
- :mod:`engine.games.golf.resolution`: how far a Shot goes and what it costs;
- :mod:`engine.games.golf.modes`: one module per alternate mode, behind the hooks of
  :class:`engine.games.golf.modes.base.Mode` (standard is the absence of a mode);
- :mod:`engine.games.golf.records`: the typed records and how every record is stored.

A round is 9 or 18 holes of a course. Each hole starts with HOLE SETUP (every ball on the tee, the
hole's yards away); then turns of:

1. DRAW: every seat draws until it holds seven cards counting its own 2-Putt/Practice Swing card
   (targeting cards are not cards here: a target is a seat number). An empty deck is refilled by
   shuffling the discard pile (house rule: the book does not say). Then the draw window asks the
   seats that hold a Play Anytime card they can play (:mod:`play_anytime`).
2. SHOT PLANNING (simultaneous: every seat that has not planned is to act):
   ``{"type": "plan", "club": C, "action": A, "target": T}``: a Club (a card from the hand, or the
   2-Putt), face down, and one Action card, face down, with a targeting card for seat ``T`` (any
   seat, yourself included). ``A`` may be the Practice Swing (the player card's other half, the
   null Action, aimed at yourself) unless the 2-Putt is the Club; ``A`` is ``null`` only when the
   hand holds no Action at all. The Driver is allowed only while the ball is on the tee. Once every
   seat has planned, the ready window asks the seats once more before SWING!.
3. SWING!: all plans are turned up; the resolution window asks the seats.
4. RESOLUTION (:func:`resolution.resolve_table`), CLEANUP, and FINISHING A HOLE: a finishing club
   that crosses or lands on the hole finishes it; the hole then ends for everyone, the others add
   finishing strokes. A hole that reaches the config's ``turn_cap`` turns also ends that way. The
   Clubs shot and the Actions that took effect on them stay lined up on the boards until the hole
   ends (:func:`resolution.lined_up`).
5. With ``decide_after_nine`` (18 holes), after the front nine every player votes at once
   ``{"type": "back_nine", "play": true | false}``; the back nine is played when more than half
   vote to play on (house reading: :meth:`GolfState._vote`).

Lowest total wins; equal totals share a place (``Outcome.details["places"]``).

Hidden information: a seat sees its own hand and plan; everyone sees the balls, scores, boards,
hand and deck sizes, the Play Anytime cards played and (after SWING!) every plan. Face-down plans
are hidden until SWING! except what a Rangefinder (to its player) or a Course GPS (to everyone)
showed. Cards drawn, stolen or given are told only to the seats that see them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from engine.config_fields import ConfigField, ConfigPreset, players_field
from engine.core import JSON, Action, ConfigError, EngineError, Game, Seat, described_for
from engine.games.golf import config as cfg
from engine.games.golf import labels
from engine.games.golf.cards import PLAYER_CARD, default_card_names
from engine.games.golf.courses import BUILT_IN, load_course
from engine.games.golf.modes import REGISTRY
from engine.games.golf.state import GolfState


class GolfGame(Game):
    id: ClassVar[str] = "golf"
    name: ClassVar[str] = "MULLIGAN (golf)"
    min_players: ClassVar[int] = cfg.MIN_PLAYERS
    max_players: ClassVar[int] = cfg.MAX_PLAYERS
    simultaneous: ClassVar[bool] = True
    chance: ClassVar[bool] = True
    hidden_information: ClassVar[bool] = True
    rules: ClassVar[str] = "001_b0f00b7950c1e11c.txt"
    # Outcome scores are strokes: fewest wins (games/competition_selectors.py SCORINGS).
    scoring: ClassVar[str] = "strokes"

    def normalize_config(self, config: Mapping[str, Any] | None) -> JSON:
        return cfg.normalize_config(config)

    def new_state(self, config: Mapping[str, Any] | None, seed: int) -> GolfState:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise EngineError(f"a seed is a whole number, not {seed!r}")
        return GolfState.new_game(cfg.normalize_config(config), seed)

    def state_from_json(self, data: Mapping[str, Any]) -> GolfState:
        return GolfState.from_json(data)

    def is_card(self, value: object) -> bool:
        # The built-in catalog's cards; a league's own catalog names its cards the same way.
        return isinstance(value, str) and value in default_card_names()

    def redact_action(self, seat: Seat, action: Action, viewer: Seat | None) -> Action:
        # A plan is face down until SWING!; the observation shows it once it is turned up.
        if action.get("type") == "plan" and viewer != seat:
            return {"type": "plan"}
        # A vote on the back nine is secret until every vote is in; the log then tells the count.
        if action.get("type") == "back_nine" and viewer != seat:
            return {"type": "back_nine"}
        return action

    def describe_action(self, action: Any) -> str:
        if not isinstance(action, Mapping):
            return super().describe_action(action)
        kind = action.get("type")
        if kind == "plan":
            if set(action) == {"type"}:
                return "Plan a Shot (face down)"
            club, played, target = action.get("club"), action.get("action"), action.get("target")
            if (
                isinstance(club, str)
                and (played is None or isinstance(played, str))
                and isinstance(target, int)
            ):
                if played is None:
                    return f"Shoot with {club}, no Action"
                if played == PLAYER_CARD:
                    return f"Shoot with {club}, Practice Swing"
                words = f"Shoot with {club}; play {played} on seat {target}"
                if isinstance(action.get("action2"), str) and isinstance(action.get("target2"), int):
                    words += f" and {action['action2']} on seat {action['target2']}"
                return words
        for mode in REGISTRY:
            told = mode.describe_action(action)
            if told is not None:
                return told
        if kind == "pass" and set(action) == {"type"}:
            return "Pass (no Play Anytime card)"
        if kind == "back_nine":
            play_on = action.get("play")
            if play_on is True:
                return "Vote to play the back nine"
            if play_on is False:
                return "Vote to stop after the front nine"
            if set(action) == {"type"}:
                return "Vote on the back nine (secret until every vote is in)"
        if kind == "play" and isinstance(action.get("card"), str):
            words = f"Play {action['card']}"
            if isinstance(action.get("target"), int):
                words += f" on seat {action['target']}"
            if isinstance(action.get("discard"), list):
                words += f", discarding {', '.join(map(str, action['discard']))}"
            return words
        return super().describe_action(action)

    def describe_action_for(self, observation: Mapping[str, Any], action: Any) -> str:
        return described_for(self, labels.describe_for, observation, action)

    def config_fields(self) -> list[ConfigField]:
        defaults = cfg.DEFAULTS
        holes = {1: "1 hole (practice)", 2: "2 holes (practice)", 3: "3 holes (practice)"}
        return [
            players_field(self.min_players, self.max_players, defaults["players"]),
            ConfigField(
                "course",
                "Course",
                "choice",
                defaults["course"],
                choices=tuple((course, load_course(course).name) for course in BUILT_IN),
                help="a built-in course (the API also takes a scorecard of your own)",
            ),
            ConfigField(
                "holes",
                "Holes",
                "choice",
                defaults["holes"],
                choices=tuple((count, holes.get(count, f"{count} holes")) for count in cfg.HOLE_OPTIONS),
                help="9 or 18 as the rule book says; 1 to 3 for a short practice round",
            ),
            ConfigField(
                "decide_after_nine",
                "Decide after nine",
                "bool",
                defaults["decide_after_nine"],
                help="with 18 holes: after the front nine the players vote whether to play the back nine",
            ),
            ConfigField(
                "turn_cap",
                "Turns per hole",
                "int",
                defaults["turn_cap"],
                min=1,
                max=cfg.MAX_TURN_CAP,
                help="a hole nobody has finished after this many turns ends for everyone",
            ),
            ConfigField(
                "mode",
                "Play mode",
                "choice",
                defaults["mode"],
                choices=_mode_choices(),
                help="the rule book's alternate modes, alone or two combined; some need a set number of players",
            ),
            ConfigField(
                "chips",
                "Starting chips",
                "int",
                defaults["chips"],
                min=10,
                max=10_000,
                help="each player's chips in Let's Make it Interesting",
            ),
            ConfigField(
                "catalog",
                "Card catalog",
                "json",
                defaults["catalog"],
                help="empty for the built-in catalog, or a whole catalog object (a league's own printing)",
            ),
        ]

    def config_presets(self) -> list[ConfigPreset]:
        presets = [
            ConfigPreset("nine", "9 holes", {"holes": 9}, "the front nine, standard rules"),
            ConfigPreset("eighteen", "18 holes", {"holes": 18}, "a full round, standard rules"),
            ConfigPreset("practice", "Practice hole", {"holes": 1}, "one hole, to learn the game"),
        ]
        for mode in REGISTRY:
            config: JSON = {"mode": mode.name}
            if mode.players is not None:
                config["players"] = mode.players
            presets.append(ConfigPreset(mode.name, mode.title, config, _players_words(mode.players)))
        return presets

    def conformance_configs(self) -> list[JSON]:
        return [
            {"players": 2, "holes": 1},
            {"players": 3, "holes": 1, "turn_cap": 4},
            {"players": 4, "holes": 2, "course": "augustine_national", "turn_cap": 6},
            {"players": 3, "holes": 18, "turn_cap": 1, "decide_after_nine": True},
            {"players": 2, "holes": 1, "turn_cap": 4, "mode": "heavy_bag"},
            {"players": 2, "holes": 3, "turn_cap": 4, "mode": "handicap"},
            {"players": 2, "holes": 3, "turn_cap": 4, "mode": "against_the_course"},
            {"players": 3, "holes": 3, "turn_cap": 3, "mode": "wolf"},
            {"players": 4, "holes": 2, "turn_cap": 3, "mode": "best_ball"},
            {"players": 3, "holes": 2, "turn_cap": 3, "mode": "interesting", "chips": 30},
            # Two modes combined (config.py says which combine).
            {"players": 2, "holes": 3, "turn_cap": 3, "mode": ["handicap", "against_the_course"]},
            {"players": 3, "holes": 2, "turn_cap": 3, "mode": ["heavy_bag", "wolf"]},
            {
                "players": 2,
                "holes": 2,
                "turn_cap": 3,
                "mode": ["against_the_course", "interesting"],
                "chips": 20,
            },
        ]

    def bots(self) -> Mapping[str, type[Any]]:
        from engine.bots.random_bot import RandomBot
        from engine.games.golf.bots import HeuristicBot

        return {"random": RandomBot, "heuristic": HeuristicBot}


def _players_words(players: int | None) -> str:
    return f"for {players} players" if players is not None else "for any number of players"


def _mode_choices() -> tuple[tuple[str | list[str], str], ...]:
    """Standard, each mode, and every pair the config lets combine with some number of players
    (asked of the config itself, so the choices never drift from what it accepts)."""
    choices: list[tuple[str | list[str], str]] = [(cfg.STANDARD, "Standard")]
    for mode in REGISTRY:
        words = f" ({mode.players} players)" if mode.players is not None else ""
        choices.append((mode.name, f"{mode.title}{words}"))
    for index, first in enumerate(REGISTRY):
        for second in REGISTRY[index + 1 :]:
            pair = [first.name, second.name]
            for players in range(cfg.MIN_PLAYERS, cfg.MAX_PLAYERS + 1):
                try:
                    cfg.normalize_config({"mode": pair, "players": players})
                except ConfigError:
                    continue
                fixed = first.players or second.players
                words = f" ({fixed} players)" if fixed is not None else ""
                choices.append((pair, f"{first.title} + {second.title}{words}"))
                break
    return tuple(choices)
