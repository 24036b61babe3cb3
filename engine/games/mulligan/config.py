"""Config of a Mulligan game: the seed's variants as switches, and the turn cap.

Every option has a default, so ``{}`` is a valid config for a 4-player game of the base rules, which
ends only as the seed (`000_43432f497e9b879c.txt`, "End States") says, or at the turn cap.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import ConfigError, short

HAND_SIZE = 5
HIGH_RISK_BURN = 13
DECK_SIZE = 52
MAX_SAY_LENGTH = 280

DEFAULTS: dict[str, Any] = {
    "players": 4,
    # Who auctions first ("pick somebody to take the first turn"); seat order matters, so a
    # league's seating decides it rather than chance.
    "first_auctioneer": 0,
    "secret_offers": False,
    "high_risk": False,
    "open_hands": False,
    # Playing for chips: each player's starting stack; 0 plays without chips.
    "chips": 0,
    # The turn cap, a safety net only: the seed ends a game by a fold of the last two active players
    # or a deck too low after a mulligan ("End States"), and nothing else, so players who keep
    # skipping (or pass the same two cards back and forth) would never finish. After this many
    # turns the game ends and is scored as when the deck runs out, with its own end reason. It is
    # far above what seeded random and heuristic play reach (README, "game lengths": the longest of
    # 10,000 games per player count is under 100 turns), so a game that hits it is a stalled one.
    # 0 disables it (only with the skip round below on).
    "max_turns": 500,
    # A house rule a league may turn on, not the seed's: a full round of skips (every active
    # player skips in a row, no auction or fold between) also ends the game.
    "end_on_skip_round": False,
}

VARIANTS = ("secret_offers", "high_risk", "open_hands", "chips")
DEFAULT_CHIP_STACK = 20

_BOOL_OPTIONS = ("secret_offers", "high_risk", "open_hands", "end_on_skip_round")
# (lowest, highest): the upper bounds keep one game's legal actions (card x stake) and length sane.
_INT_OPTIONS = {"players": (2, 64), "first_auctioneer": (0, 63), "chips": (0, 1000), "max_turns": (0, 10_000)}


def max_players(high_risk: bool) -> int:
    """Most players one deck allows: five cards each, plus one card each for the first mulligan."""
    return (DECK_SIZE - (HIGH_RISK_BURN if high_risk else 0)) // (HAND_SIZE + 1)


# The last config checked, as its keys, values and values' types (True == 1, but a bool is no player
# count), with its result: a league or a playout starts every game from the same config, and
# comparing it costs a fraction of checking it again.
_last_checked: tuple[tuple[Any, ...], dict[str, Any]] | None = None


def normalize_config(config: Mapping[str, Any] | None) -> dict[str, Any]:
    global _last_checked
    key: tuple[Any, ...] | None = None
    if type(config) is dict:
        key = (*config, *config.values(), *map(type, config.values()))
        last = _last_checked
        if last is not None and last[0] == key:
            return dict(last[1])
    result = _checked(config)
    if key is not None:
        _last_checked = (key, dict(result))
    return result


def _checked(config: Mapping[str, Any] | None) -> dict[str, Any]:
    if config is None:
        config = {}
    if not isinstance(config, Mapping):
        raise ConfigError(f"a Mulligan config is a JSON object, not {type(config).__name__}")
    unknown = sorted(set(config) - set(DEFAULTS))
    if unknown:
        raise ConfigError(
            f"unknown Mulligan option(s) {', '.join(map(short, unknown[:5]))}; "
            f"known options: {', '.join(DEFAULTS)}"
        )
    result = dict(DEFAULTS)
    result.update(config)
    for name in _BOOL_OPTIONS:
        if not isinstance(result[name], bool):
            raise ConfigError(f"option {name!r} must be true or false, not {short(result[name])}")
    for name, (lowest, highest) in _INT_OPTIONS.items():
        value = result[name]
        if isinstance(value, bool) or not isinstance(value, int):
            raise ConfigError(f"option {name!r} must be a whole number, not {short(value)}")
        if value < lowest:
            raise ConfigError(f"option {name!r} must be at least {lowest}, not {value}")
        if value > highest and name != "players":  # too many players gets its own message below
            raise ConfigError(f"option {name!r} must be at most {highest}, not {short(value)}")
    players = result["players"]
    most = max_players(result["high_risk"])
    if players > most:
        extra = " with High Risk's 13 burnt cards" if result["high_risk"] else ""
        raise ConfigError(
            f"{players} players is too many for one 52-card deck{extra}: at most {most} "
            f"(five cards each and one more each for a mulligan)"
        )
    if result["first_auctioneer"] >= players:
        raise ConfigError(f"first_auctioneer must be a seat from 0 to {players - 1}")
    if result["open_hands"] and result["secret_offers"]:
        raise ConfigError("Open Hands does not work with Secret Offers (the seed says so): choose one")
    if result["max_turns"] == 0 and not result["end_on_skip_round"]:
        raise ConfigError("with max_turns 0 and end_on_skip_round off a game might never end; keep one")
    return result


def config_from_variants(players: int, variants: list[str]) -> dict[str, Any]:
    """``["high_risk", "chips=30"]`` → a config; for the command line."""
    config: dict[str, Any] = {"players": players}
    for item in variants:
        name, _, value = item.partition("=")
        name = name.strip().replace("-", "_")
        if name not in VARIANTS:
            raise ConfigError(f"unknown variant {short(item)}; variants: {', '.join(VARIANTS)}")
        if name == "chips":
            try:
                config["chips"] = int(value) if value else DEFAULT_CHIP_STACK
            except ValueError:
                raise ConfigError(f"chips takes a whole number of chips, not {short(value)}") from None
        elif value:
            raise ConfigError(f"variant {name!r} takes no value")
        else:
            config[name] = True
    return config
