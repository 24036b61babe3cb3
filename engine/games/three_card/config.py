"""Config of a Three Card Mulligan session, and pay tables as data.

A pay table is JSON (the seed's is ``paytable_seed.json`` next to this module)::

    {"name": "seed",
     "ante": {"straight_flush": 6, "three_of_a_kind": 4, "straight": "3 to 2", "other": 1},
     "pair_plus": {"straight_flush": 40, "three_of_a_kind": 30, "straight": 6, "flush": 3,
                   "pair": 1, "high_card": -1}}

``ante`` is what a winning Ante (and Mulligan) bet pays per unit staked, by the player's final
hand; ``other`` covers flush, pair and high card. ``pair_plus`` is what a Pair Plus bet returns
per unit by the hand it was made on, whatever the dealer holds: -1 loses the bet. A pay is a
number (``1.5``) or odds as text (``"3 to 2"``, ``"3:2"``, ``"3/2"``, ``"loss"`` = -1); pays are
kept as exact fractions so the analyser's tables and the game's chips carry no rounding.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any

from engine.core import ConfigError, short
from engine.games.three_card.hands import CATEGORIES

ANTE_EVENTS: tuple[str, ...] = ("straight_flush", "three_of_a_kind", "straight", "other")
PAIR_PLUS_EVENTS: tuple[str, ...] = CATEGORIES
MAX_PAY = 10_000
MAX_PLAYERS = 6
MAX_HANDS = 200
MAX_ANTE = 1_000

_ODDS = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(?:to|:|/)\s*(\d+(?:\.\d+)?)\s*$", re.IGNORECASE)


def _pay(value: Any, where: str) -> Fraction:
    """One pay from JSON as an exact fraction; ConfigError naming ``where`` otherwise."""
    if isinstance(value, bool):
        raise ConfigError(f'{where} must be a number or odds like "3 to 2", not {short(value)}')
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ConfigError(f"{where} must be a finite number, not {short(value)}")
        return Fraction(repr(value))  # 1.5 -> 3/2 and 0.1 -> 1/10, not the binary float's digits
    if isinstance(value, str):
        text = value.strip().lower()
        if text in ("loss", "lose", "loser"):
            return Fraction(-1)
        match = _ODDS.match(text)
        if match:
            against = Fraction(match.group(2))
            if against == 0:
                raise ConfigError(f"{where}: odds {value!r} divide by zero")
            return Fraction(match.group(1)) / against
        try:
            return Fraction(text)
        except (ValueError, ZeroDivisionError):
            pass
    raise ConfigError(f'{where} must be a number or odds like "3 to 2", not {short(value)}')


def pay_to_json(pay: Fraction) -> int | float | str:
    """A pay written back as JSON: a whole number, a decimal if exact, else ``"a/b"``."""
    if pay.denominator == 1:
        return int(pay)
    as_float = float(pay)
    return as_float if Fraction(repr(as_float)) == pay else f"{pay.numerator}/{pay.denominator}"


@dataclass(frozen=True)
class PayTable:
    """What each bet pays per unit staked.

    ``ante_exact[event]`` for the Ante and Mulligan bets when the player beats the dealer (events
    :data:`ANTE_EVENTS`); ``pair_plus_exact[category]`` for a Pair Plus bet (-1 is a loss).
    ``ante`` and ``pair_plus`` are the same as floats, for numpy and simulations.
    """

    name: str
    ante_exact: Mapping[str, Fraction]
    pair_plus_exact: Mapping[str, Fraction]

    @property
    def ante(self) -> dict[str, float]:
        return {event: float(pay) for event, pay in self.ante_exact.items()}

    @property
    def pair_plus(self) -> dict[str, float]:
        return {event: float(pay) for event, pay in self.pair_plus_exact.items()}

    def ante_pays(self, category: str) -> Fraction:
        """A winning Ante (or Mulligan) bet's pay by the player's final hand category."""
        return self.ante_exact[category if category in self.ante_exact else "other"]

    def pair_plus_pays(self, category: str) -> Fraction:
        """A Pair Plus bet's return by the category of the hand it was made on (-1: lost)."""
        return self.pair_plus_exact[category]

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "ante": {event: pay_to_json(pay) for event, pay in self.ante_exact.items()},
            "pair_plus": {event: pay_to_json(pay) for event, pay in self.pair_plus_exact.items()},
        }


def paytable_from_json(data: Any, source: str = "the pay table") -> PayTable:
    """Validate a pay table given as parsed JSON; :class:`ConfigError` says what is wrong and where."""
    if not isinstance(data, Mapping):
        raise ConfigError(f"{source} must be a JSON object with 'ante' and 'pair_plus', not {short(data)}")
    unknown = sorted(map(str, set(data) - {"name", "ante", "pair_plus"}))
    if unknown:
        raise ConfigError(
            f"{source} has unknown key(s) {', '.join(map(short, unknown[:5]))}; keys: name, ante, pair_plus"
        )
    name = data.get("name", "custom")
    if not isinstance(name, str) or not name.strip() or len(name) > 80:
        raise ConfigError(f"{source}: 'name' must be a short text, not {short(name)}")
    ante = _table(data, "ante", ANTE_EVENTS, source)
    pair_plus = _table(data, "pair_plus", PAIR_PLUS_EVENTS, source)
    for event, pay in ante.items():
        if not 0 < pay <= MAX_PAY:
            raise ConfigError(
                f"{source}: ante pay for {event} must be above 0 and at most {MAX_PAY} "
                f"(a winning bet wins something), not {pay_to_json(pay)}"
            )
    for event, pay in pair_plus.items():
        if not -1 <= pay <= MAX_PAY:
            raise ConfigError(
                f"{source}: pair_plus pay for {event} must be from -1 (the bet is lost) to {MAX_PAY}, "
                f"not {pay_to_json(pay)}"
            )
    return PayTable(name=name.strip(), ante_exact=ante, pair_plus_exact=pair_plus)


def _table(data: Mapping[str, Any], key: str, events: tuple[str, ...], source: str) -> dict[str, Fraction]:
    table = data.get(key)
    if not isinstance(table, Mapping):
        raise ConfigError(f"{source}: '{key}' must be an object with pays for {', '.join(events)}")
    unknown = sorted(map(str, set(table) - set(events)))
    if unknown:
        raise ConfigError(
            f"{source}: '{key}' has unknown event(s) {', '.join(map(short, unknown[:5]))}; "
            f"events: {', '.join(events)}"
        )
    missing = [event for event in events if event not in table]
    if missing:
        raise ConfigError(f"{source}: '{key}' lacks a pay for {', '.join(missing)}")
    return {event: _pay(table[event], f"{source}: {key}.{event}") for event in events}


def load_paytable(path: str | Path) -> PayTable:
    """Read and validate a pay table from a JSON file."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"cannot read pay table {str(path)!r}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise ConfigError(f"pay table {str(path)!r} is not UTF-8 text") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ConfigError(f"pay table {str(path)!r} is not valid JSON: {exc}") from None
    return paytable_from_json(data, f"pay table {str(path)!r}")


def _default_paytable() -> PayTable:
    text = resources.files("engine.games.three_card").joinpath("paytable_seed.json").read_text("utf-8")
    return paytable_from_json(json.loads(text), "the standard pay table (paytable_seed.json)")


DEFAULT_PAYTABLE: PayTable = _default_paytable()

DEFAULTS: dict[str, Any] = {
    "players": 2,
    # Hands in a session; the outcome ranks seats by net chips after the last one.
    "hands": 10,
    # The Ante in chips; a Mulligan bet and a Pair Plus bet are one Ante each.
    "ante": 1,
    # Whether the table offers Pair Plus (each seat still decides per hand).
    "pair_plus": True,
    # None: the seed's tables (paytable_seed.json); otherwise an inline pay table (see above).
    "paytable": None,
}
_INT_OPTIONS = {"players": (1, MAX_PLAYERS), "hands": (1, MAX_HANDS), "ante": (1, MAX_ANTE)}


def normalize_config(config: Mapping[str, Any] | None) -> dict[str, Any]:
    if config is None:
        config = {}
    if not isinstance(config, Mapping):
        raise ConfigError(f"a Three Card Mulligan config is a JSON object, not {type(config).__name__}")
    unknown = sorted(map(str, set(config) - set(DEFAULTS)))
    if unknown:
        raise ConfigError(
            f"unknown Three Card Mulligan option(s) {', '.join(map(short, unknown[:5]))}; "
            f"known options: {', '.join(DEFAULTS)}"
        )
    result = dict(DEFAULTS)
    result.update(config)
    for name, (lowest, highest) in _INT_OPTIONS.items():
        value = result[name]
        if isinstance(value, bool) or not isinstance(value, int):
            raise ConfigError(f"option {name!r} must be a whole number, not {short(value)}")
        if not lowest <= value <= highest:
            what = " (one to six seats play against the dealer)" if name == "players" else ""
            raise ConfigError(f"option {name!r} must be from {lowest} to {highest}{what}, not {value}")
    if not isinstance(result["pair_plus"], bool):
        raise ConfigError(f"option 'pair_plus' must be true or false, not {short(result['pair_plus'])}")
    if result["paytable"] is not None:
        result["paytable"] = paytable_from_json(result["paytable"], "option 'paytable'").to_json()
    return result


def config_paytable(config: Mapping[str, Any]) -> PayTable:
    """The pay table of a normalized config."""
    table = config.get("paytable")
    return DEFAULT_PAYTABLE if table is None else paytable_from_json(table, "option 'paytable'")
