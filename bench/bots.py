"""Bot protocol overhead, as JSON: ``python bench/bots.py [--quick] [--out FILE]``.

* per decision round trip (microseconds: mean, median, p95) of a trivial bot that answers the first
  legal action, with a real mid-game Mulligan message: a program bot (``ProgramBot``) in the sandbox
  and unconfined, and an HTTP bot (``HttpBot``) on loopback, its server a separate process; the
  program's start (its first decision) is reported on its own;
* whole 2-player Mulligan games per second with both seats played by the starter kit's Mulligan
  bot as a program in the sandbox (two sandboxes started and stopped per game), unconfined, and
  called in-process (the same strategy, so the difference is the protocol and the processes).

Wall-clock times (a round trip is mostly waiting for another process), on a machine others share.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.bots.http import HttpBot
from engine.bots.kit import template
from engine.bots.program import ProgramBot
from engine.bots.protocol import RemoteBot, decision_message, encode_line
from engine.bots.referee import Clock, play_refereed
from engine.bots.sandbox import sandbox_available
from engine.core import JSON, Action, new_state

TRIVIAL_PROGRAM = """\
import json, sys
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] != "move":
        break
    print(json.dumps({"action": message["legal_actions"][0]}), flush=True)
"""

TRIVIAL_SERVER = """\
import json, sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True

    def do_POST(self):
        message = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        answer = {"action": message["legal_actions"][0]} if message["type"] == "move" else {}
        body = json.dumps(answer).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass

server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
"""


class InProcessStarter:
    """The starter kit's Mulligan bot called in-process: the games-per-second baseline."""

    name = "starter"
    needs_observation = True

    def __init__(self) -> None:
        namespace: dict[str, Any] = {"__name__": "starter"}
        exec(compile(template("mulligan"), "starter", "exec"), namespace)
        self.choose: Callable[[JSON], Action] = namespace["choose"]

    def act(self, observation: JSON | None, legal_actions: list[Action], rng: random.Random) -> Action:
        return self.choose({"observation": observation, "legal_actions": legal_actions})


def sample_message() -> JSON:
    """A decision from the middle of a 4-player game: an observation of realistic size."""
    state = new_state("mulligan", {"players": 4}, 7)
    rng = random.Random(7)
    for _ in range(30):
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        if state.is_over:
            break
    seat = state.to_act()[0]
    return decision_message(
        game_id="mulligan",
        seat=seat,
        move_number=30,
        observation=state.observe(seat),
        legal_actions=state.legal_actions(seat),
        time_left_ms=2000,
    )


def round_trips(bot: RemoteBot, message: JSON, decisions: int) -> JSON:
    started = time.perf_counter()
    bot.decide(message, 10.0)  # a program starts here
    first = time.perf_counter() - started
    for _ in range(min(50, decisions // 10)):  # warm up
        bot.decide(message, 10.0)
    times: list[float] = []
    for _ in range(decisions):
        started = time.perf_counter()
        bot.decide(message, 10.0)
        times.append(time.perf_counter() - started)
    times.sort()
    micro = [t * 1e6 for t in times]
    return {
        "decisions": decisions,
        "first_decision_ms": round(first * 1000, 2),
        "mean_us": round(statistics.fmean(micro), 1),
        "median_us": round(statistics.median(micro), 1),
        "p95_us": round(micro[int(0.95 * (len(micro) - 1))], 1),
        "decisions_per_s": round(decisions / sum(times)),
    }


def program_bot(workdir: Path, *, sandbox: bool, file: str = "bot.py") -> ProgramBot:
    return ProgramBot(["python3", file], workdir, sandbox=sandbox)


def http_round_trips(message: JSON, decisions: int) -> JSON:
    server = subprocess.Popen(
        [sys.executable, "-c", TRIVIAL_SERVER], stdout=subprocess.PIPE, text=True, stderr=subprocess.DEVNULL
    )
    try:
        assert server.stdout is not None
        port = int(server.stdout.readline())
        bot = HttpBot(f"http://127.0.0.1:{port}/", allow_private=True)
        try:
            return round_trips(bot, message, decisions)
        finally:
            bot.close()
    finally:
        server.kill()
        server.wait()


def games_per_second(games: int, make: Callable[[], list[Any]], closing: bool) -> JSON:
    moves = 0
    started = time.perf_counter()
    for seed in range(games):
        players = make()
        try:
            result = play_refereed(
                "mulligan", {"players": 2}, seed, players, clock=lambda: Clock(5000, 30_000)
            )
        finally:
            if closing:
                for player in players:
                    player.close()
        assert not result.faults, result.faults
        moves += len(result.record.actions)
    seconds = time.perf_counter() - started
    return {
        "games": games,
        "moves": moves,
        "seconds": round(seconds, 3),
        "games_per_s": round(games / seconds, 1),
        "moves_per_s": round(moves / seconds),
    }


def run(decisions: int, games: int) -> JSON:
    message = sample_message()
    available, reason = sandbox_available()
    result: JSON = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "message_bytes": len(encode_line(message)),
        "sandbox": "available" if available else f"unavailable: {reason}",
    }
    with tempfile.TemporaryDirectory(prefix="bench-bot-") as directory:
        workdir = Path(directory)
        (workdir / "bot.py").write_text(TRIVIAL_PROGRAM, encoding="utf-8")
        (workdir / "starter.py").write_text(template("mulligan"), encoding="utf-8")
        trips: JSON = {}
        for name, sandbox in (("program_sandboxed", True), ("program_unsandboxed", False)):
            if sandbox and not available:
                continue
            bot = program_bot(workdir, sandbox=sandbox)
            try:
                trips[name] = round_trips(bot, message, decisions)
            finally:
                bot.close()
        trips["http_loopback"] = http_round_trips(message, decisions)
        result["round_trip"] = trips
        whole: JSON = {
            "in_process": games_per_second(
                games, lambda: [InProcessStarter(), InProcessStarter()], closing=False
            ),
        }
        if available:
            whole["two_program_bots_sandboxed"] = games_per_second(
                games,
                lambda: [program_bot(workdir, sandbox=True, file="starter.py") for _ in range(2)],
                closing=True,
            )
        whole["two_program_bots_unsandboxed"] = games_per_second(
            games,
            lambda: [program_bot(workdir, sandbox=False, file="starter.py") for _ in range(2)],
            closing=True,
        )
        result["mulligan_2p_games"] = whole
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--decisions", type=int, help="timed round trips per bot (default 5000, quick 500)")
    parser.add_argument("--games", type=int, help="whole games per setting (default 100, quick 10)")
    parser.add_argument("--quick", action="store_true", help="small counts: a smoke run of a few seconds")
    parser.add_argument("--out", metavar="FILE", help="also write the JSON to FILE")
    args = parser.parse_args(argv)
    decisions = args.decisions or (500 if args.quick else 5000)
    games = args.games or (10 if args.quick else 100)
    text = json.dumps(run(decisions, games), indent=2)
    print(text)
    if args.out:
        Path(args.out).write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
