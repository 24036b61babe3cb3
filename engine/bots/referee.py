"""Asking a message-speaking bot for a move, on the clock, and what a fault costs.

The service's worker and ``python -m engine play`` referee the same way:

* **Clock**: each decision may take ``per_move_ms``; time over that is taken from a small
  ``bank_ms`` for the whole game; a decision that overdraws the bank is a timeout.
* **Faults** (timeout, crash, malformed or illegal answer, too much output): under
  ``FaultPolicy.FORFEIT`` the bot's seat forfeits the game (it ranks last, the others share first);
  under ``FaultPolicy.DEFAULT_MOVE`` the seat plays its first legal action and gets a strike, and
  is disqualified (forfeits) at ``max_strikes`` strikes. A bot that crashed or was killed stays
  dead for the rest of the game, so every later decision is a fault too.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from engine.bots.base import Bot
from engine.bots.protocol import Answer, BotFault, FaultKind, RemoteBot, decision_message, end_message
from engine.core import JSON, Action, EngineError, IllegalAction, Outcome, Seat, State, get_game, short
from engine.play import GameRecord, bot_rng


class FaultPolicy(StrEnum):
    FORFEIT = "forfeit"
    DEFAULT_MOVE = "default_move"


@dataclass
class Clock:
    per_move_ms: int = 1000
    bank_ms: int = 10_000

    def time_left_ms(self) -> int:
        return self.per_move_ms + max(0, self.bank_ms)

    def charge(self, elapsed_ms: float) -> bool:
        """Take ``elapsed_ms`` of one decision off the clock; False when it overdrew the bank."""
        self.bank_ms -= max(0, round(elapsed_ms) - self.per_move_ms)
        return self.bank_ms >= 0


@dataclass(frozen=True)
class Decision:
    """What one request to a bot produced: an action, or a fault (and never both)."""

    seat: Seat
    action: Action | None
    say: str | None = None
    fault: BotFault | None = None
    elapsed_ms: float = 0.0


def default_action(state: State, seat: Seat) -> Action:
    """The move played for a faulty bot under the default-move policy (as for a late person)."""
    return state.legal_actions(seat)[0]


def ask(
    bot: RemoteBot, state: State, seat: Seat, clock: Clock, *, game_id: str, move_number: int
) -> Decision:
    """Ask ``bot`` for ``seat``'s move in ``state`` (which it does not change)."""
    legal = state.legal_actions(seat)
    message = decision_message(
        game_id=game_id,
        seat=seat,
        move_number=move_number,
        observation=state.observe(seat),
        legal_actions=legal,
        time_left_ms=clock.time_left_ms(),
        talk=get_game(game_id).table_talk,
    )
    started = time.monotonic()
    try:
        answer: Answer = bot.decide(message, clock.time_left_ms() / 1000)
    except BotFault as error:
        elapsed = (time.monotonic() - started) * 1000
        clock.charge(elapsed)
        return Decision(seat, None, fault=error, elapsed_ms=elapsed)
    elapsed = (time.monotonic() - started) * 1000
    if not clock.charge(elapsed):
        fault = BotFault(
            FaultKind.TIMEOUT, f"answered after {elapsed:.0f} ms with the time bank spent", bot.stderr_tail
        )
        return Decision(seat, None, fault=fault, elapsed_ms=elapsed)
    if answer.action not in legal:
        fault = BotFault(
            FaultKind.ILLEGAL,
            f"{short(answer.action)} is not one of the {len(legal)} legal actions",
            bot.stderr_tail,
        )
        return Decision(seat, None, fault=fault, elapsed_ms=elapsed)
    return Decision(seat, answer.action, say=answer.say, elapsed_ms=elapsed)


@dataclass
class RefereedGame:
    """A game played under a referee: the record, every fault, and who forfeited (if anyone)."""

    record: GameRecord
    faults: list[BotFault] = field(default_factory=list)
    fault_seats: list[Seat] = field(default_factory=list)
    strikes: dict[Seat, int] = field(default_factory=dict)
    forfeited: Seat | None = None
    ranks: tuple[int, ...] = ()

    @property
    def outcome(self) -> Outcome | None:
        return self.record.outcome


def forfeit_ranks(players: int, loser: Seat) -> tuple[int, ...]:
    """The others share first place, the forfeiting seat is last."""
    return tuple(players if seat == loser else 1 for seat in range(players))


def play_refereed(
    game_id: str,
    config: Mapping[str, Any] | None,
    seed: int,
    players: Sequence[RemoteBot | Bot],
    *,
    policy: FaultPolicy = FaultPolicy.FORFEIT,
    max_strikes: int = 3,
    clock: Callable[[], Clock] = Clock,
    on_fault: Callable[[Seat, BotFault], None] | None = None,
) -> RefereedGame:
    """Play one game with in-process bots and message bots, refereed; closes nothing it was given.

    In-process bots (``engine.bots.Bot``) play as in :func:`engine.play.play_game`; message bots
    are asked through :func:`ask` with their own clock.
    """
    game = get_game(game_id)
    config = dict(config or {})
    if "players" in game.normalize_config({}):
        config.setdefault("players", len(players))
    normalized = game.normalize_config(config)
    if normalized.get("players", len(players)) != len(players):
        raise EngineError(f"{len(players)} players given for a {normalized['players']}-player game")
    state = game.new_state(normalized, seed)
    record = GameRecord(game_id, normalized, seed, [])
    result = RefereedGame(record)
    clocks = [clock() for _ in players]
    rngs = [bot_rng(seed, seat) for seat in range(len(players))]
    while not state.is_over:
        seat = state.to_act()[0]
        player = players[seat]
        if isinstance(player, Bot):
            observation = state.observe(seat) if player.needs_observation else None
            action = player.act(observation, state.legal_actions(seat), rngs[seat])
        else:
            decision = ask(
                player, state, seat, clocks[seat], game_id=game_id, move_number=len(record.actions)
            )
            if decision.fault is not None:
                result.faults.append(decision.fault)
                result.fault_seats.append(seat)
                if on_fault is not None:
                    on_fault(seat, decision.fault)
                result.strikes[seat] = result.strikes.get(seat, 0) + 1
                if policy == FaultPolicy.FORFEIT or result.strikes[seat] >= max_strikes:
                    result.forfeited = seat
                    result.ranks = forfeit_ranks(state.num_players, seat)
                    break
                action = default_action(state, seat)
            else:
                assert decision.action is not None
                action = decision.action
                if decision.say is not None:
                    talk = {"type": "say", "text": decision.say}
                    try:
                        state.apply(seat, talk)
                    except IllegalAction:  # talk the game refuses (too long, control characters) is dropped
                        pass
                    else:
                        record.actions.append((seat, talk))
        state.apply(seat, action)
        record.actions.append((seat, action))
    if state.is_over:
        record.outcome = state.outcome()
        result.ranks = record.outcome.ranks
    for seat, player in enumerate(players):
        if not isinstance(player, Bot):
            player.game_over(_end(game_id, state, seat, len(record.actions), result))
    return result


def _end(game_id: str, state: State, seat: Seat, moves: int, result: RefereedGame) -> JSON:
    outcome: JSON = (
        result.record.outcome.to_json()
        if result.record.outcome is not None
        else {"ranks": list(result.ranks), "forfeited": result.forfeited}
    )
    return end_message(
        game_id=game_id, seat=seat, move_number=moves, observation=state.observe(seat), outcome=outcome
    )
