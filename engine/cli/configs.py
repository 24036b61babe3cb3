"""Building a game's config from the command line: ``--config`` JSON, ``--players``, ``--variant``.

``--config`` is the generic route every game understands. ``--variant`` is a shorthand only games
listed in :data:`VARIANT_PARSERS` know; Mulligan's is the seed's optional rules.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.cli.common import USAGE_ERROR, CommandError, parse_json_object, read_text
from engine.core import JSON, EngineError, Game


def _mulligan_variants(items: Sequence[str]) -> JSON:
    from engine.games.mulligan.config import config_from_variants

    config = config_from_variants(0, list(items))
    del config["players"]  # the seat count comes from --players / --bots, not from the variants
    return config


VARIANT_PARSERS: dict[str, Callable[[Sequence[str]], JSON]] = {"mulligan": _mulligan_variants}
VARIANT_HELP: dict[str, str] = {"mulligan": "secret_offers, high_risk, open_hands, chips[=N] (default 20)"}


@dataclass(frozen=True)
class Table:
    """A normalized config and the bot playing each seat."""

    config: JSON
    bots: list[str]

    @property
    def players(self) -> int:
        return len(self.bots)


def load_config_option(value: str | None) -> JSON:
    """``--config``: JSON text, or ``@FILE`` for a file holding it."""
    if value is None:
        return {}
    text = read_text(value[1:], USAGE_ERROR) if value.startswith("@") else value
    return parse_json_object(text, "--config")


def variant_config(game: Game, variants: Sequence[str]) -> JSON:
    if not variants:
        return {}
    parse = VARIANT_PARSERS.get(game.id)
    if parse is None:
        raise CommandError(f"{game.id} has no --variant shorthands; pass its options with --config JSON")
    return parse(variants)


def _takes_players(game: Game) -> bool:
    try:
        return "players" in game.normalize_config({})
    except EngineError:
        return True


def build_table(
    game: Game,
    *,
    players: int | None,
    bot_names: Sequence[str],
    variants: Sequence[str],
    config_text: str | None,
) -> Table:
    """The config to play and one bot name per seat; raises :class:`CommandError` on anything wrong.

    A single bot name plays every seat; otherwise there must be one name per seat. Without
    ``--players`` the seat count is the number of bot names (or the game's default for one name).
    """
    if not bot_names:
        raise CommandError("--bots needs at least one bot name")
    config = load_config_option(config_text)
    try:
        config.update(variant_config(game, variants))
    except EngineError as exc:
        raise CommandError(str(exc)) from None
    seats = players if players is not None else (len(bot_names) if len(bot_names) > 1 else None)
    if seats is not None and "players" not in config and _takes_players(game):
        config["players"] = seats
    try:
        normalized = game.normalize_config(config)
    except EngineError as exc:
        raise CommandError(str(exc)) from None
    configured = normalized.get("players")
    count = configured if isinstance(configured, int) else (seats or game.min_players)
    if players is not None and players != count:
        raise CommandError(f"--players {players} disagrees with the config's {count} players")
    most = game.max_players_for(normalized)
    if not game.min_players <= count <= most:
        raise CommandError(f"{game.name} takes {game.min_players} to {most} players, not {count}")
    if len(bot_names) not in (1, count):
        raise CommandError(
            f"{len(bot_names)} bot names for a {count}-player game: give one name per seat "
            f"(comma-separated) or a single name for every seat"
        )
    names = list(bot_names) * count if len(bot_names) == 1 else list(bot_names)
    known = game.bot_names()
    for name in names:
        if name not in known:
            raise CommandError(f"no bot {name!r} for {game.id}; bots: {', '.join(known)}")
    return Table(normalized, names)
