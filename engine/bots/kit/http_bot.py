#!/usr/bin/env python3
"""A bot for Mulligan League's GAME_ID behind a URL (like Battlesnake's /move), stdlib only.

Try it locally first, the bot in one terminal and the game in another:

    python3 THIS_FILE
    python -m engine play GAME_ID --bot http://127.0.0.1:8765/ --vs OPPONENT_BOT

It listens on port 8765 by default, not 8000: that is the service's own port in development. Then
run it where the service can reach it (--host 0.0.0.0 listens on every address, --port picks
another port) and register its URL for your bot.

Every message is POSTed as JSON to the URL you register, over one kept-alive connection per game:

* {"type": "move", "protocol": 1, "game": "GAME_ID", "seat": 1, "move": 17, "observation": {...},
   "legal_actions": [{...}, ...], "time_left_ms": 1500, "talk": false}
  answered (status 200, a JSON body) by {"action": <one of legal_actions>}, optionally with "say";
* {"type": "end", ..., "outcome": {...}} when the game ends; any 2xx answer will do.

"time_left_ms" covers the whole round trip, network included. A non-2xx status, a refused
connection, no answer in time, a body that is not such JSON or an action that is not legal are
faults; the first 2 KB of an error response are shown to you with the fault.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Message = dict[str, Any]

# --- strategy: begin ---


def choose(message: Message) -> Message:
    """The action to play: here a random legal one. Replace it with something cleverer."""
    legal: list[Message] = message["legal_actions"]
    return random.choice(legal)


# --- strategy: end ---


class BotHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keeps the connection open between moves
    disable_nagle_algorithm = True  # else the answer can wait ~40 ms for a delayed ACK

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        try:
            message: Message = json.loads(self.rfile.read(length))
            answer: Message = {"action": choose(message)} if message.get("type") == "move" else {}
        except Exception as error:  # a 500 with the reason: the engine shows it with the fault
            self._send(500, f"{type(error).__name__}: {error}".encode())
            return
        self._send(200, json.dumps(answer).encode())

    def _send(self, status: int, body: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        pass  # one line per move is a lot of lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (0.0.0.0: every one)")
    # Not 8000: the service's own port in development (`make run`).
    parser.add_argument("--port", type=int, default=8765, help="port (default 8765; 0: any free one)")
    args = parser.parse_args()
    server = ThreadingHTTPServer((args.host, args.port), BotHandler)
    host, port = server.server_address[:2]
    print(f"listening on http://{host!s}:{port}/", file=sys.stderr, flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
