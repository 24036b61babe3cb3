"""Playing whole games with bots: the loop the command line, the benchmarks and the workers share."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.bots.base import ActionIdBot, Bot
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


class BotRunner:
    """Drives the bot seats of one game; seats without a bot (people) are left to act on their own.

    Each seat's bot draws from its own generator (:func:`bot_rng`). To continue a stored game,
    :meth:`replay` its history: every bot is asked again for its own stored moves, which puts its
    generator where an uninterrupted run would have it, so the game ends exactly as it would have
    without the interruption.
    """

    def __init__(self, game_id: str, config: Mapping[str, Any] | None, seed: int, bots: Sequence[Bot | None]):
        game = get_game(game_id)
        self.config = game.normalize_config(config)
        players = self.config.get("players", len(bots))
        if len(bots) != players:
            raise EngineError(f"{len(bots)} seats given for a {players}-player game")
        self.state = game.new_state(self.config, seed)
        self.bots = list(bots)
        self.rngs = [bot_rng(seed, seat) for seat in range(len(bots))]
        # Bots that choose among action ids, where the game numbers its actions: the dicts are then
        # built only for the one action played (for the record).
        numbered = self.state.has_action_ids
        self.id_bots = [bot if numbered and isinstance(bot, ActionIdBot) else None for bot in self.bots]

    def replay(self, history: Sequence[tuple[Seat, Action]]) -> None:
        state = self.state
        for seat, action in history:
            bot = self.bots[seat]
            if bot is not None and action.get("type") != "say" and seat in state.to_act():
                observation = state.observe(seat) if bot.needs_observation else None
                chosen = bot.act(observation, state.legal_actions(seat), self.rngs[seat])
                if chosen != action:
                    raise EngineError(
                        f"seat {seat}'s bot now plays {chosen!r} where the history has {action!r}: "
                        f"the bot is not deterministic, so the game cannot be continued"
                    )
            state.apply(seat, action)

    def bot_to_act(self) -> Seat | None:
        for seat in self.state.to_act():
            if self.bots[seat] is not None:
                return seat
        return None

    def step(self) -> tuple[Seat, Action] | None:
        """One bot move, or None when no bot must act (the game is over or waits for a person)."""
        state = self.state
        for seat in state.to_act():  # inlined bot_to_act(): this is every playout's inner loop
            bot = self.bots[seat]
            if bot is not None:
                break
        else:
            return None
        observation = state.observe(seat) if bot.needs_observation else None
        id_bot = self.id_bots[seat]
        if id_bot is not None:
            action_id = id_bot.act_id(observation, state.legal_action_ids(seat), self.rngs[seat])
            action = state.action_for_id(action_id)  # before it is played: an id may name by phase
            state.apply_id(seat, action_id)
            return seat, action
        action = bot.act(observation, state.legal_actions(seat), self.rngs[seat])
        state.apply(seat, action)
        return seat, action

    def run(self, max_moves: int | None = None) -> list[tuple[Seat, Action]]:
        """Bot moves until a person must act, the game ends, or ``max_moves`` were played."""
        moves: list[tuple[Seat, Action]] = []
        while max_moves is None or len(moves) < max_moves:
            move = self.step()
            if move is None:
                break
            moves.append(move)
        return moves


def play_game(
    game_id: str,
    config: Mapping[str, Any] | None,
    seed: int,
    bots: Sequence[Bot],
    *,
    history: Sequence[tuple[Seat, Action]] = (),
    on_move: Callable[[Seat, Action, State], None] | None = None,
) -> GameRecord:
    """Play a game to its end with one bot per seat (continuing ``history`` if given)."""
    runner = BotRunner(game_id, config, seed, bots)
    runner.replay(history)
    record = GameRecord(game_id, runner.config, seed, list(history))
    while True:
        move = runner.step()
        if move is None:
            break
        record.actions.append(move)
        if on_move is not None:
            on_move(move[0], move[1], runner.state)
    record.outcome = runner.state.outcome()
    return record
