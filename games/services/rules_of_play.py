"""A competition's rules of play, checked the same way for tournaments and leagues: the game's
config for its tables, the people's time per move and timeout policy, and the clock and fault
policy of submitted bots (games.models.BotRules)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from engine import ConfigError, get_game
from games.models import BotFaultPolicy, TimeoutPolicy
from games.services.errors import InvalidInput

MAX_MULTI_SEAT = 6
MOVE_TIME_MS = (100, 10 * 60 * 1000)
TIME_BANK_MS = (0, 60 * 60 * 1000)
MAX_STRIKES = (1, 100)


def check_bot_rules(*, move_time_ms: int, time_bank_ms: int, fault_policy: str, max_strikes: int) -> None:
    # A bool is an int to Python, but True is no clock nor a number of strikes.
    for name, value in (
        ("bot_move_time_ms", move_time_ms),
        ("bot_time_bank_ms", time_bank_ms),
        ("bot_max_strikes", max_strikes),
    ):
        if not isinstance(value, int) or isinstance(value, bool):
            raise InvalidInput(f"{name} must be a whole number, not {value!r}", field=name)
    low, high = MOVE_TIME_MS
    if not low <= move_time_ms <= high:
        raise InvalidInput(
            f"a bot's time per move is {low} ms to {high // 60_000} minutes, not {move_time_ms} ms",
            field="bot_move_time_ms",
        )
    low, high = TIME_BANK_MS
    if not low <= time_bank_ms <= high:
        raise InvalidInput(
            f"a bot's time bank is {low} ms to {high // 3_600_000} hour, not {time_bank_ms} ms",
            field="bot_time_bank_ms",
        )
    if fault_policy not in BotFaultPolicy.values:
        raise InvalidInput(
            f"bot fault policies are {', '.join(BotFaultPolicy.values)}, not {fault_policy!r}",
            field="bot_fault_policy",
        )
    low, high = MAX_STRIKES
    if not low <= max_strikes <= high:
        raise InvalidInput(
            f"bots are disqualified at {low} to {high} strikes, not {max_strikes}", field="bot_max_strikes"
        )


def check_timeout_policy(policy: str) -> None:
    if policy not in TimeoutPolicy.values:
        raise InvalidInput(
            f"timeout policies are {', '.join(TimeoutPolicy.values)}, not {policy!r}", field="timeout_policy"
        )


def check_rules_of_play(
    *,
    move_time_limit: timedelta,
    timeout_policy: str,
    bot_move_time_ms: int,
    bot_time_bank_ms: int,
    bot_fault_policy: str,
    bot_max_strikes: int,
) -> None:
    """Everything a tournament or a league says about time and faults, or InvalidInput saying why not."""
    if move_time_limit <= timedelta(0):
        raise InvalidInput("the time limit per move must be positive", field="move_time_limit")
    check_timeout_policy(timeout_policy)
    check_bot_rules(
        move_time_ms=bot_move_time_ms,
        time_bank_ms=bot_time_bank_ms,
        fault_policy=bot_fault_policy,
        max_strikes=bot_max_strikes,
    )


def competition_config_validated(
    game_id: str, config: Mapping[str, Any] | None, seats: int
) -> dict[str, Any]:
    """The engine's normalized config, checked for tables of ``seats``, without a player count.

    Tables may be smaller than ``seats`` (multi-seat byes, drops), so each game gets its own count.
    """
    engine_game = get_game(game_id)
    config = dict(config or {})
    config.pop("players", None)
    with_players = {**config, "players": seats} if "players" in engine_game.normalize_config({}) else config
    try:
        normalized = engine_game.normalize_config(with_players)
    except ConfigError as exc:
        raise InvalidInput(f"invalid config: {exc}", field="config") from None
    if not engine_game.min_players <= seats <= engine_game.max_players_for(normalized):
        raise InvalidInput(
            f"{engine_game.name} takes {engine_game.min_players} to "
            f"{engine_game.max_players_for(normalized)} players, not tables of {seats}",
            field="seats_per_table",
        )
    normalized.pop("players", None)
    return normalized
