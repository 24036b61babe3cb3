"""Playing whole games with bots: the loop the command line, the benchmarks and the workers share."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.bots.base import Bot
from engine.core import JSON, Action, EngineError, Outcome, Seat, State, get_game, replay


@dataclass
class GameRecord:
    """A complete move history; everything else about a game can be rebuilt from it."""

    game: str
    config: JSON
    seed: int
    actions: list[tuple[Seat, Action]] = field(default_factory=list)
    outcome: Outcome | None = None

    def to_json(self) -> JSON:
        return {
            "game": self.game,
            "config": self.config,
            "seed": self.seed,
            "actions": [[seat, action] for seat, action in self.actions],
            "outcome": None if self.outcome is None else self.outcome.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameRecord:
        try:
            return cls(
                game=str(data["game"]),
                config=dict(data["config"]),
                seed=int(data["seed"]),
                actions=[(int(seat), dict(action)) for seat, action in data["actions"]],
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise EngineError(f"not a game record (game, config, seed, actions): {exc}") from None

    def rebuild(self) -> State:
        return replay(self.game, self.config, self.seed, self.actions)


def bot_rng(seed: int, seat: Seat) -> random.Random:
    """Each seat's bot draws from its own generator, derived from the game's seed."""
    return random.Random(seed * 1_000_003 + seat)


def play_game(
    game_id: str,
    config: Mapping[str, Any] | None,
    seed: int,
    bots: Sequence[Bot],
    *,
    history: Sequence[tuple[Seat, Action]] = (),
    on_move: Callable[[Seat, Action, State], None] | None = None,
) -> GameRecord:
    """Play a game to its end with one bot per seat.

    ``history`` continues a game that was interrupted: its moves are replayed, and each bot is
    asked again for its own stored moves so that its generator is where an uninterrupted run
    would have it; the game then ends exactly as it would have without the interruption.
    """
    game = get_game(game_id)
    normalized = game.normalize_config(config)
    if len(bots) != normalized.get("players", len(bots)):
        raise EngineError(f"{len(bots)} bots for a {normalized.get('players')}-player game")
    state = game.new_state(normalized, seed)
    rngs = [bot_rng(seed, seat) for seat in range(len(bots))]
    record = GameRecord(game_id, normalized, seed)
    for seat, action in history:
        if action.get("type") != "say" and seat in state.to_act():
            bot = bots[seat]
            observation = state.observe(seat) if bot.needs_observation else None
            chosen = bot.act(observation, state.legal_actions(seat), rngs[seat])
            if chosen != action:
                raise EngineError(
                    f"seat {seat}'s bot now plays {chosen!r} where the history has {action!r}: "
                    f"the bot is not deterministic, so the game cannot be continued"
                )
        state.apply(seat, action)
        record.actions.append((seat, action))
    while not state.is_over:
        seat = state.to_act()[0]
        bot = bots[seat]
        observation = state.observe(seat) if bot.needs_observation else None
        action = bot.act(observation, state.legal_actions(seat), rngs[seat])
        state.apply(seat, action)
        record.actions.append((seat, action))
        if on_move is not None:
            on_move(seat, action, state)
    record.outcome = state.outcome()
    return record
