from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from engine.bots.random_bot import RandomBot
from engine.core import JSON, Action, EngineError, Game, get_game


@runtime_checkable
class Bot(Protocol):
    """A player the engine asks for moves. It sees only what its seat may see.

    ``needs_observation`` lets a runner skip building an observation for a bot that never reads
    it (the uniform random bot), which is most of the cost of a random playout.
    """

    name: str
    needs_observation: bool

    def act(self, observation: JSON | None, legal_actions: list[Action], rng: random.Random) -> Action: ...


@runtime_checkable
class ActionIdBot(Bot, Protocol):
    """A bot that can also choose among action ids (``State.legal_action_ids``), which spares a
    game that numbers its actions building every legal dict for it. ``act_id`` must choose the id
    of the action ``act`` would choose from the same legal actions and generator state, so a game
    plays the same whichever a runner asks."""

    def act_id(self, observation: JSON | None, legal_ids: Sequence[int], rng: random.Random) -> int: ...


# The bots behind :attr:`engine.core.Game.generic_bots`: every game offers them, whatever its rules.
GENERIC_BOTS: dict[str, type[Any]] = {"random": RandomBot}


def bots_for(game: Game) -> dict[str, type[Any]]:
    """Every bot ``game`` offers, by name: the generic ones it declares, then its own."""
    return {**{name: GENERIC_BOTS[name] for name in game.generic_bots}, **game.bots()}


def make_bot(game_id: str, name: str, **options: Any) -> Bot:
    bots = bots_for(get_game(game_id))
    try:
        factory = bots[name]
    except KeyError:
        raise EngineError(f"no bot {name!r} for {game_id}; bots: {', '.join(sorted(bots))}") from None
    bot: Bot = factory(**options)
    return bot
