#!/usr/bin/env python3
"""A bot for Mulligan League's GAME_ID, speaking the bot protocol on stdin/stdout (Python 3.11+, stdlib only).

Try it locally, under the same protocol, clock and sandbox as the service:

    python -m engine play GAME_ID --bot ./THIS_FILE --vs OPPONENT_BOT --games 20

then upload this file as a new version of your bot.

The protocol, one JSON object per line each way:

* For every decision you are sent a message like
      {"type": "move", "protocol": 1, "game": "GAME_ID", "seat": 1, "move": 17,
       "observation": {...}, "legal_actions": [{...}, ...], "time_left_ms": 1500, "talk": false}
  - "seat": your seat (0-based); "move": how many moves were played before this one;
  - "observation": everything your seat may see now (never other players' hidden cards);
  - "legal_actions": every action you may play now; answer with one of them, unchanged;
  - "time_left_ms": this decision's budget: the per-move limit plus what is left of your time
    bank; answering later is a timeout;
  - "talk": whether the game takes table talk (then you may add "say").
* Answer with ONE line:  {"action": <one of legal_actions>}  optionally with "say": "some text".
  Print nothing else on stdout: debug output goes to stderr (its last lines are shown to you with
  any fault).
* When the game ends you are sent {"type": "end", ..., "outcome": {"ranks": [...], ...}}; no answer.
* A timeout, a crash, an answer that is not JSON or not a legal action, or megabytes of output are
  faults: the competition then forfeits your game or plays a default move and gives you a strike.
* One process plays one whole game, so you may keep state between messages.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

Message = dict[str, Any]

# --- strategy: begin ---


def choose(message: Message) -> Message:
    """The action to play: here a random legal one. Replace it with something cleverer."""
    legal: list[Message] = message["legal_actions"]
    return random.choice(legal)


# --- strategy: end ---


def main() -> None:
    for line in sys.stdin:
        message: Message = json.loads(line)
        if message["type"] == "move":
            answer: Message = {"action": choose(message)}
            print(json.dumps(answer), flush=True)  # flush: the engine waits for this line
        elif message["type"] == "end":
            print(f"game over, ranks {message['outcome'].get('ranks')}", file=sys.stderr)
            break


if __name__ == "__main__":
    main()
