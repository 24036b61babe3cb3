"""Config of an *Opening Hand* game: the mulligan rule and its options, the deck spec, the race.

``{}`` is a valid config: two players, the London mulligan, 60-card decks of 24 lands and 36
spells over mana values 1-5, a race to 20 damage capped at 15 turns each.

Options:

- ``players``: 2 to 4.
- ``rule``: ``"london"`` (default), ``"paris"``, ``"vancouver"``, ``"commander_partial_paris"``,
  ``"original_1994"`` (see :mod:`engine.games.opening_hand.procedure`).
- ``free_first_mulligan``: the multiplayer rule 103.4c (seeds 002 and 004); ``None`` (the
  default) turns it on with more than two players. Normalized to true or false.
- ``hand_size``: the starting hand size, 7; ``hand_size_modifiers``: one whole number per seat
  added to it (103.4a, Vanguard), normalized to a list of zeros when absent.
- ``teams``: Two-Headed Giant shared team turns (103.4d), e.g. ``[[0, 1], [2, 3]]``: a partition
  of the seats into at least two teams, in team (turn) order; the first team starts. ``None`` plays
  every seat for itself.
- ``serum_powder``: how many Serum Powders each library holds (part of the deck size).
- ``deck``: ``{"size": 60, "lands": 24, "spells": {"1": 8, "2": 10, "3": 8, "4": 6, "5": 4}}``
  (normalized form). Give ``size`` and ``lands`` alone (the default is ``{"size": 60, "lands": 24}``)
  and the spells are spread over mana values 1-5 in those proportions; ``size`` = lands + spells +
  Serum Powders.
- ``damage_to_win``: 20; ``turn_cap``: 15 turns per seat (per team in Two-Headed Giant).

The starting player is seat 0 (a league's seating decides who sits there).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import ConfigError, short
from engine.games.opening_hand.deck import MAX_MANA_VALUE, MAX_OF_A_KIND

RULES = ("london", "paris", "vancouver", "commander_partial_paris", "original_1994")
MIN_PLAYERS, MAX_PLAYERS = 2, 4
MAX_HAND_SIZE = 20
MAX_DECK_SIZE = 300

# 36 spells over mana values 1-5: a curve that peaks at two.
DEFAULT_SPELLS: dict[str, int] = {"1": 8, "2": 10, "3": 8, "4": 6, "5": 4}
# No "spells": they are spread over what Serum Powders leave of the 60 cards.
DEFAULT_DECK: dict[str, Any] = {"size": 60, "lands": 24}

DEFAULTS: dict[str, Any] = {
    "players": 2,
    "rule": "london",
    "free_first_mulligan": None,
    "hand_size": 7,
    "hand_size_modifiers": None,
    "teams": None,
    "serum_powder": 0,
    "deck": DEFAULT_DECK,
    "damage_to_win": 20,
    "turn_cap": 15,
}

_INT_OPTIONS = {
    "players": (MIN_PLAYERS, MAX_PLAYERS),
    "hand_size": (0, MAX_HAND_SIZE),
    "serum_powder": (0, MAX_OF_A_KIND),
    "damage_to_win": (1, 10_000),
    "turn_cap": (1, 500),
}


def spread_spells(count: int) -> dict[str, int]:
    """``count`` spells over mana values 1-5 in the default deck's proportions (largest remainder)."""
    total = sum(DEFAULT_SPELLS.values())
    exact = {value: count * weight / total for value, weight in DEFAULT_SPELLS.items()}
    spread = {value: int(share) for value, share in exact.items()}
    by_remainder = sorted(exact, key=lambda value: (-(exact[value] - spread[value]), int(value)))
    for value in by_remainder[: count - sum(spread.values())]:
        spread[value] += 1
    return spread


def deck_spec(size: int = 60, lands: int = 24, serum_powder: int = 0) -> dict[str, Any]:
    """A normalized deck spec of ``size`` cards with ``lands`` lands (for the command line and bots)."""
    return _normalize_deck({"size": size, "lands": lands}, serum_powder)


def _whole(name: str, value: Any, lowest: int, highest: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ConfigError(f"option {name!r} must be a whole number, not {short(value)}")
    if not lowest <= value <= highest:
        raise ConfigError(f"option {name!r} must be from {lowest} to {highest}, not {short(value)}")
    return value


def _normalize_deck(deck: Any, serum_powder: int) -> dict[str, Any]:
    if not isinstance(deck, Mapping):
        raise ConfigError(f'the deck is an object like {{"size": 60, "lands": 24}}, not {short(deck)}')
    unknown = sorted(map(str, set(deck) - {"size", "lands", "spells"}))
    if unknown:
        raise ConfigError(
            f"unknown deck option(s) {', '.join(map(short, unknown[:5]))}; known: size, lands, spells"
        )
    lands = _whole("deck.lands", deck.get("lands", DEFAULT_DECK["lands"]), 0, MAX_OF_A_KIND)
    spells_given = deck.get("spells")
    if spells_given is None:
        size = _whole("deck.size", deck.get("size", DEFAULT_DECK["size"]), 1, MAX_DECK_SIZE)
        left = size - lands - serum_powder
        if left < 0:
            raise ConfigError(
                f"a {size}-card deck cannot hold {lands} lands and {serum_powder} Serum Powders"
            )
        spells = spread_spells(left)
    else:
        if not isinstance(spells_given, Mapping):
            raise ConfigError(
                f'deck.spells maps mana values to counts, like {{"1": 8}}, not {short(spells_given)}'
            )
        spells = {}
        for key, count in spells_given.items():
            value = key if isinstance(key, int) and not isinstance(key, bool) else None
            if isinstance(key, str) and key.isdigit() and len(key) == 1:
                value = int(key)
            if value is None or not 1 <= value <= MAX_MANA_VALUE:
                raise ConfigError(f"deck.spells: mana values are 1 to {MAX_MANA_VALUE}, not {short(key)}")
            spells[str(value)] = _whole(f"deck.spells[{value}]", count, 0, MAX_OF_A_KIND)
        spells = {key: spells[key] for key in sorted(spells)}
        size = lands + sum(spells.values()) + serum_powder
        if "size" in deck:
            given = _whole("deck.size", deck["size"], 1, MAX_DECK_SIZE)
            if given != size:
                raise ConfigError(
                    f"deck.size is {given} but {lands} lands + {sum(spells.values())} spells + "
                    f"{serum_powder} Serum Powders make {size}"
                )
    if spells and max(spells.values()) > MAX_OF_A_KIND:
        raise ConfigError(f"a {size}-card deck needs more than {MAX_OF_A_KIND} spells of one mana value")
    if size < 1 or size > MAX_DECK_SIZE:
        raise ConfigError(f"a deck has from 1 to {MAX_DECK_SIZE} cards, not {size}")
    return {"size": size, "lands": lands, "spells": dict(spells)}


def _normalize_teams(teams: Any, players: int) -> list[list[int]] | None:
    if teams is None:
        return None
    if not isinstance(teams, list | tuple) or not all(isinstance(team, list | tuple) for team in teams):
        raise ConfigError(f"teams is a list of teams of seats, like [[0, 1], [2, 3]], not {short(teams)}")
    result = [[_whole("teams", seat, 0, players - 1) for seat in team] for team in teams]
    seats = [seat for team in result for seat in team]
    if sorted(seats) != list(range(players)) or any(not team for team in result):
        raise ConfigError(
            f"teams must put each of the {players} seats in exactly one team, not {short(teams)}"
        )
    if len(result) < 2:
        raise ConfigError("teams needs at least two teams")
    if len({len(team) for team in result}) != 1:
        raise ConfigError("every team must have as many players as the others")
    return result


def normalize_config(config: Mapping[str, Any] | None) -> dict[str, Any]:
    if config is None:
        config = {}
    if not isinstance(config, Mapping):
        raise ConfigError(f"an Opening Hand config is a JSON object, not {type(config).__name__}")
    unknown = sorted(map(str, set(config) - set(DEFAULTS)))
    if unknown:
        raise ConfigError(
            f"unknown Opening Hand option(s) {', '.join(map(short, unknown[:5]))}; "
            f"known options: {', '.join(DEFAULTS)}"
        )
    result = dict(DEFAULTS)
    result.update(config)
    for name, (lowest, highest) in _INT_OPTIONS.items():
        result[name] = _whole(name, result[name], lowest, highest)
    players = result["players"]
    if result["rule"] not in RULES:
        raise ConfigError(f"unknown mulligan rule {short(result['rule'])}; rules: {', '.join(RULES)}")
    free = result["free_first_mulligan"]
    if free is None:
        free = players > 2
    if not isinstance(free, bool):
        raise ConfigError(f"free_first_mulligan must be true, false or null, not {short(free)}")
    result["free_first_mulligan"] = free
    modifiers = result["hand_size_modifiers"]
    if modifiers is None:
        modifiers = [0] * players
    if not isinstance(modifiers, list | tuple) or len(modifiers) != players:
        raise ConfigError(
            f"hand_size_modifiers is one whole number per seat ({players}), not {short(modifiers)}"
        )
    result["hand_size_modifiers"] = [
        _whole("hand_size_modifiers", m, -MAX_HAND_SIZE, MAX_HAND_SIZE) for m in modifiers
    ]
    for seat, size in enumerate(starting_hand_sizes(result)):
        if not 0 <= size <= MAX_HAND_SIZE:
            raise ConfigError(
                f"seat {seat}'s starting hand size would be {size}; it must be from 0 to {MAX_HAND_SIZE}"
            )
    result["teams"] = _normalize_teams(result["teams"], players)
    result["deck"] = _normalize_deck(result["deck"], result["serum_powder"])
    biggest = max(starting_hand_sizes(result))
    if result["deck"]["size"] < biggest:
        raise ConfigError(f"a {result['deck']['size']}-card deck cannot deal a {biggest}-card hand")
    return result


def starting_hand_sizes(config: Mapping[str, Any]) -> list[int]:
    """Each seat's starting hand size: seven plus or minus its Vanguard hand modifier (103.4a)."""
    return [config["hand_size"] + modifier for modifier in config["hand_size_modifiers"]]


def sides(config: Mapping[str, Any]) -> list[list[int]]:
    """The sides in turn order: the teams in Two-Headed Giant, else each seat alone."""
    teams = config["teams"]
    return [list(team) for team in teams] if teams else [[seat] for seat in range(config["players"])]
