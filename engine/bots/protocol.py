"""The one message schema between the engine and a bot that is not in-process.

A program bot (a subprocess speaking JSON lines on stdin/stdout) and an HTTP bot (a POST per
decision, like Battlesnake's ``/move``) get the same message for every decision::

    {"type": "move", "protocol": 1, "game": "mulligan", "seat": 1, "move": 17,
     "observation": {...what observe(seat) shows...}, "legal_actions": [{...}, ...],
     "time_left_ms": 1500, "talk": true}

and answer with one JSON object::

    {"action": {...one of legal_actions...}}            optionally with  "say": "nice hand"

``move`` is the number of moves stored before this decision; ``time_left_ms`` is this decision's
budget (the per-move limit plus what is left of the time bank); ``talk`` says whether the game takes
table talk, which is then played as ``{"type": "say", "text": ...}`` for the bot before its action.
When the game ends, a program bot is sent ``{"type": "end", ..., "outcome": {...}}`` and needs not
answer. Anything else a bot prints is a fault (:class:`BotFault`), and so are no answer in time, a
crash, and an action that is not legal now; what a fault costs is the competition's policy
(``engine.bots.referee``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol

from engine.core import JSON, Action, EngineError, Seat, short

PROTOCOL = 1
# An answer is one small object; a bot that prints more than this in one line is not answering.
MAX_ANSWER_BYTES = 64 * 1024
MAX_SAY_CHARS = 500


class FaultKind(StrEnum):
    TIMEOUT = "timeout"
    CRASH = "crash"
    MALFORMED = "malformed"
    ILLEGAL = "illegal"
    OUTPUT_LIMIT = "output_limit"
    UNAVAILABLE = "unavailable"


class BotFault(EngineError):
    """A bot failed to give a legal answer in time; ``stderr_tail`` is what it last wrote to stderr."""

    def __init__(self, kind: FaultKind, message: str, stderr_tail: str = "") -> None:
        super().__init__(f"{kind.value}: {message}")
        self.kind = kind
        self.message = message
        self.stderr_tail = stderr_tail


@dataclass(frozen=True)
class Answer:
    action: Action
    say: str | None = None


class RemoteBot(Protocol):
    """A bot the engine talks to through messages (a program or a URL), for one whole game."""

    def decide(self, message: JSON, timeout_s: float) -> Answer:
        """The bot's answer to one decision message; raises :class:`BotFault`."""
        ...

    def game_over(self, message: JSON) -> None:
        """Tell the bot the game ended (best effort: never raises)."""
        ...

    def close(self) -> None:
        """Stop the bot and free what it holds; safe to call twice."""
        ...

    @property
    def stderr_tail(self) -> str:
        """The last few KB the bot wrote to stderr (empty where there is none)."""
        ...


def decision_message(
    *,
    game_id: str,
    seat: Seat,
    move_number: int,
    observation: JSON,
    legal_actions: list[Action],
    time_left_ms: int,
    talk: bool = False,
) -> JSON:
    return {
        "type": "move",
        "protocol": PROTOCOL,
        "game": game_id,
        "seat": seat,
        "move": move_number,
        "observation": observation,
        "legal_actions": legal_actions,
        "time_left_ms": time_left_ms,
        "talk": talk,
    }


def end_message(*, game_id: str, seat: Seat, move_number: int, observation: JSON, outcome: JSON) -> JSON:
    return {
        "type": "end",
        "protocol": PROTOCOL,
        "game": game_id,
        "seat": seat,
        "move": move_number,
        "observation": observation,
        "outcome": outcome,
    }


def encode_line(message: JSON) -> bytes:
    """A message as one JSON line (compact: it is read by programs, and large observations add up)."""
    return json.dumps(message, separators=(",", ":")).encode() + b"\n"


def parse_answer(raw: bytes | str, *, talk: bool = False) -> Answer:
    """A bot's answer, checked for shape (legality is the referee's); raises :class:`BotFault`."""
    if len(raw) > MAX_ANSWER_BYTES:
        raise BotFault(FaultKind.OUTPUT_LIMIT, f"an answer of more than {MAX_ANSWER_BYTES} bytes")
    text = raw.decode("utf-8", errors="replace") if isinstance(raw, bytes) else raw
    if not text.strip():
        raise BotFault(FaultKind.MALFORMED, 'an empty answer; expected {"action": ...}')
    try:
        data: Any = json.loads(text)
    except (ValueError, RecursionError):
        raise BotFault(FaultKind.MALFORMED, f"not JSON: {short(text.strip())}") from None
    if not isinstance(data, dict) or "action" not in data:
        raise BotFault(FaultKind.MALFORMED, f'expected {{"action": ...}}, got {short(data)}')
    say = data.get("say")
    if say is not None and not isinstance(say, str):
        raise BotFault(FaultKind.MALFORMED, f"'say' must be text, not {short(say)}")
    if say is not None:
        say = say[:MAX_SAY_CHARS] if talk and say.strip() else None  # talk only where the game has it
    return Answer(action=data["action"], say=say)
