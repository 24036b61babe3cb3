from __future__ import annotations

import random
from typing import Any, Protocol, runtime_checkable

from engine.core import JSON, Action, EngineError, get_game


@runtime_checkable
class Bot(Protocol):
    """A player the engine asks for moves. It sees only what its seat may see.

    ``needs_observation`` lets a runner skip building an observation for a bot that never reads
    it (the uniform random bot), which is most of the cost of a random playout.
    """

    name: str
    needs_observation: bool

    def act(self, observation: JSON | None, legal_actions: list[Action], rng: random.Random) -> Action: ...


def make_bot(game_id: str, name: str, **options: Any) -> Bot:
    bots = get_game(game_id).bots()
    try:
        factory = bots[name]
    except KeyError:
        raise EngineError(f"no bot {name!r} for {game_id}; bots: {', '.join(sorted(bots))}") from None
    bot: Bot = factory(**options)
    return bot
