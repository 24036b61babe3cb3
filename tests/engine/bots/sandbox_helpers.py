"""Program bots for the tests: their sources, a place to put them, and a game to play them in."""

from __future__ import annotations

import os
import shutil
import tempfile
import textwrap
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from engine.bots.base import Bot, make_bot
from engine.bots.program import ProgramBot
from engine.bots.protocol import RemoteBot, decision_message
from engine.bots.referee import Clock, FaultPolicy, RefereedGame, play_refereed
from engine.bots.sandbox import Limits, sandbox_available
from engine.core import JSON, get_game

GAME = "mulligan"

# The loop every test bot shares: answer each decision with a legal action (never folding, so games
# last), calling ``on_move(message, count)`` first; ``count`` is the number of decisions so far.
PLAYER = """
import json, random, sys

def play(on_move=lambda message, count: None, on_end=lambda message: None):
    rng = random.Random(7)
    count = 0
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "end":
            on_end(message)
            break
        on_move(message, count)
        count += 1
        actions = [a for a in message["legal_actions"] if a.get("type") != "fold"] or message["legal_actions"]
        print(json.dumps({"action": rng.choice(actions)}), flush=True)
"""

GOOD_BOT = PLAYER + "\nplay()\n"


def require_sandbox() -> None:
    available, reason = sandbox_available()
    if not available:
        pytest.fail(
            f"the bot sandbox is not available here: {reason}. `make test` installs bubblewrap "
            "(apt-get install bubblewrap) and the kernel must allow user namespaces.",
            pytrace=False,
        )


def bot_source(body: str) -> str:
    """A bot: the shared player loop, then ``body`` (which calls ``play``)."""
    return PLAYER + "\n" + textwrap.dedent(body)


@contextmanager
def bot_dir(source: str, name: str = "bot.py") -> Iterator[Path]:
    """A directory holding one bot file, as the worker would unpack it (under the system temp dir)."""
    directory = Path(tempfile.mkdtemp(prefix="bot-test-"))
    try:
        (directory / name).write_text(source)
        yield directory
    finally:
        shutil.rmtree(directory, ignore_errors=True)


@contextmanager
def program_bot(
    source: str, *, name: str = "bot.py", limits: Limits | None = None, sandbox: bool = True
) -> Iterator[ProgramBot]:
    with (
        bot_dir(source, name) as directory,
        ProgramBot(["python3", name], directory, limits=limits, sandbox=sandbox) as bot,
    ):
        yield bot


def play(
    bot: ProgramBot,
    *,
    seed: int = 1,
    seat: int = 0,
    opponent: str = "heuristic",
    policy: FaultPolicy = FaultPolicy.FORFEIT,
    max_strikes: int = 3,
    clock: Callable[[], Clock] = Clock,
) -> RefereedGame:
    players: list[RemoteBot | Bot] = [make_bot(GAME, opponent)]
    players.insert(seat, bot)
    return play_refereed(GAME, None, seed, players, policy=policy, max_strikes=max_strikes, clock=clock)


def assert_a_game_still_works(seed: int = 99) -> None:
    """After an escape attempt: the test process is fine and a new bot plays a whole game."""
    with program_bot(GOOD_BOT) as bot:
        result = play(bot, seed=seed)
    assert result.faults == []
    assert result.outcome is not None


def unique_marker() -> str:
    return f"m{uuid.uuid4().hex[:12]}"


def uid_of(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(status.split("Uid:")[1].split()[0])


def processes_of(uid: int) -> list[int]:
    """Host pids running as ``uid``, zombies included (a zombie's command line is empty)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if uid_of(int(entry)) == uid:
                    found.append(int(entry))
            except (OSError, IndexError, ValueError):
                continue
    return found


def processes_with(marker: str) -> list[int]:
    """Host pids whose command line mentions ``marker``."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            cmdline = Path(f"/proc/{entry}/cmdline").read_bytes()
        except OSError:
            continue
        if marker.encode() in cmdline:
            found.append(int(entry))
    return found


def first_message() -> JSON:
    """The first decision of a Mulligan game, as a program bot is sent it."""
    game = get_game(GAME)
    state = game.new_state(game.normalize_config(None), 3)
    seat = state.to_act()[0]
    return decision_message(
        game_id=GAME,
        seat=seat,
        move_number=0,
        observation=state.observe(seat),
        legal_actions=state.legal_actions(seat),
        time_left_ms=5000,
        talk=True,
    )
