"""Submitted programs try to break out of the sandbox; each attempt is contained and play goes on.

Every bot here runs in the real sandbox (bubblewrap plus resource limits), reports what it managed
on stderr (which the engine keeps a tail of), and the test checks both sides: what the bot saw from
inside, and that nothing changed on the host. Afterwards a new bot still plays a whole game.
"""

from __future__ import annotations

import os
import socket
import tempfile
from pathlib import Path

import pytest

from engine.bots.protocol import FaultKind
from engine.bots.referee import Clock, FaultPolicy
from engine.bots.sandbox import Limits
from tests.engine.bots.sandbox_helpers import (
    assert_a_game_still_works,
    bot_source,
    first_message,
    play,
    processes_of,
    processes_with,
    program_bot,
    require_sandbox,
    uid_of,
    unique_marker,
)

PROJECT = Path(__file__).resolve().parents[3]


@pytest.fixture(autouse=True)
def _sandbox() -> None:
    require_sandbox()


def reports(tail: str, prefix: str) -> dict[str, str]:
    """``prefix target: result`` lines a bot wrote to stderr, as {target: result}."""
    found = {}
    for line in tail.splitlines():
        if line.startswith(prefix + " "):
            target, _, outcome = line[len(prefix) + 1 :].partition(": ")
            found[target] = outcome
    return found


def test_no_network_neither_the_database_nor_the_outside() -> None:
    # From the test process the database is there (so the bot had something to reach for).
    with socket.create_connection(("127.0.0.1", 5432), timeout=5):
        pass
    source = bot_source(
        """
        import socket, sys
        def on_move(message, count):
            if count:
                return
            for host, port in [("127.0.0.1", 5432), ("127.0.0.1", 6379), ("1.1.1.1", 80), ("8.8.8.8", 53)]:
                try:
                    socket.create_connection((host, port), timeout=2).close()
                    result = "CONNECTED"
                except OSError as error:
                    result = f"refused {error.__class__.__name__} {error.errno}"
                print(f"connect {host}:{port}: {result}", file=sys.stderr, flush=True)
            try:
                socket.getaddrinfo("example.com", 80)
                result = "RESOLVED"
            except OSError as error:
                result = f"refused {error}"
            print(f"connect dns: {result}", file=sys.stderr, flush=True)
            for path in ["/var/run/postgresql/.s.PGSQL.5432", "/run/postgresql/.s.PGSQL.5432"]:
                unix = socket.socket(socket.AF_UNIX)
                try:
                    unix.connect(path)
                    result = "CONNECTED"
                except OSError as error:
                    result = f"refused {error.__class__.__name__}"
                print(f"connect {path}: {result}", file=sys.stderr, flush=True)
            print("interfaces:", [name for _, name in socket.if_nameindex()], file=sys.stderr, flush=True)
        play(on_move)
        """
    )
    with program_bot(source) as bot:
        result = play(bot)
        tail = bot.stderr_tail
    attempts = reports(tail, "connect")
    assert len(attempts) == 7, tail
    assert all(outcome.startswith("refused") for outcome in attempts.values()), tail
    assert "interfaces: ['lo']" in tail  # a network namespace of its own, with nothing but loopback
    assert result.faults == []  # the game went on: failing to connect is the bot's business
    assert result.outcome is not None
    assert_a_game_still_works()


def test_no_writing_outside_the_scratch_dir() -> None:
    marker = unique_marker()
    home = Path(os.environ.get("HOME", "/root"))
    host_tmp = Path(tempfile.gettempdir())
    targets = [
        Path("/bot") / marker,
        host_tmp / marker,
        PROJECT / marker,
        home / marker,
        Path("/etc") / marker,
        Path("/usr") / marker,
        Path("/") / marker,
        Path("/dev/shm") / marker,
        Path("/new") / marker,
    ]
    source = bot_source(
        f"""
        import os, sys
        def on_move(message, count):
            if count:
                return
            for path in {[str(path) for path in targets]!r} + ["/scratch/{marker}"]:
                try:
                    os.makedirs(os.path.dirname(path), exist_ok=True)
                    with open(path, "w") as out:
                        out.write("escaped")
                    result = "WROTE"
                except OSError as error:
                    result = f"refused {{error.__class__.__name__}}"
                print(f"write {{path}}: {{result}}", file=sys.stderr, flush=True)
            # The scratch dir is bounded: filling it stops at its size, not at the host's disk.
            try:
                with open("/scratch/big", "wb") as out:
                    for _ in range(1000):
                        out.write(bytes(1024 * 1024))
                result = "WROTE 1000 MB"
            except OSError as error:
                result = f"stopped at {{os.path.getsize('/scratch/big') // (1024 * 1024)}} MB ({{error.errno}})"
            print(f"write big: {{result}}", file=sys.stderr, flush=True)
            os.remove("/scratch/big")
        play(on_move)
        """
    )
    limits = Limits(scratch_bytes=32 * 1024 * 1024)
    with program_bot(source, limits=limits) as bot:
        result = play(bot)
        tail = bot.stderr_tail
    attempts = reports(tail, "write")
    assert attempts.pop("/scratch/" + marker) == "WROTE", tail  # the one place it may write
    assert attempts.pop("big").startswith("stopped at"), tail
    assert int(tail.split("stopped at ")[1].split()[0]) <= 32
    # /tmp inside is the scratch dir, so a path under /tmp (the host's temp dir, or the project
    # itself when it is checked out there, as in CI) is written to scratch: the host never sees it.
    written = {path for path, outcome in attempts.items() if not outcome.startswith("refused")}
    assert all(path.startswith("/tmp/") for path in written), attempts
    assert len(attempts) == len(targets)
    for target in targets:
        assert not target.exists(), target
    assert result.faults == []
    assert_a_game_still_works()


def test_no_reading_the_hosts_files_or_environment() -> None:
    os.environ["MULLIGAN_TEST_SECRET"] = "hunter2"  # what a worker's environment might hold
    try:
        source = bot_source(
            f"""
            import os, sys
            def on_move(message, count):
                if count:
                    return
                for path in ["{PROJECT}/pyproject.toml", "/etc/shadow", "/etc/passwd", "/root/.bashrc",
                             "/root/.pgpass", "/home", "/work"]:
                    try:
                        with open(path) as source:
                            source.read(10)
                        result = "READ"
                    except OSError as error:
                        result = f"refused {{error.__class__.__name__}}"
                    print(f"read {{path}}: {{result}}", file=sys.stderr, flush=True)
                print("root:", sorted(os.listdir("/")), file=sys.stderr, flush=True)
                print("env:", sorted(os.environ), file=sys.stderr, flush=True)
                print("uid:", os.getuid(), file=sys.stderr, flush=True)
                print("procs:", sorted(p for p in os.listdir("/proc") if p.isdigit()), file=sys.stderr, flush=True)
            play(on_move)
            """
        )
        with program_bot(source) as bot:
            result = play(bot)
            tail = bot.stderr_tail
    finally:
        del os.environ["MULLIGAN_TEST_SECRET"]
    attempts = reports(tail, "read")
    assert len(attempts) == 7, tail
    assert all(outcome == "refused FileNotFoundError" for outcome in attempts.values()), tail
    [root] = [line for line in tail.splitlines() if line.startswith("root:")]
    assert not {"'root'", "'home'", "'work'"} & set(root.split(": ")[1].strip("[]").split(", "))
    # /etc holds only the dynamic loader's files, which is why /etc/passwd is missing above
    [env] = [line for line in tail.splitlines() if line.startswith("env:")]
    assert "MULLIGAN_TEST_SECRET" not in env
    assert "DATABASE_URL" not in env
    assert "uid: 1000" in tail  # not root inside
    [procs] = [line for line in tail.splitlines() if line.startswith("procs:")]
    assert procs == "procs: ['1']"  # the bot alone, as its namespace's pid 1: no host processes
    assert result.faults == []
    assert_a_game_still_works()


def test_a_fork_bomb_hits_the_process_limit_and_dies_with_the_game() -> None:
    marker = unique_marker()
    source = bot_source(
        """
        import os, sys, time
        def on_move(message, count):
            if count:
                return
            children = 0
            while True:
                try:
                    pid = os.fork()
                except OSError as error:
                    print(f"fork stopped after {children} children: errno {error.errno}", file=sys.stderr, flush=True)
                    break
                if pid == 0:
                    # Every child tries to multiply too, then holds on to its process slot.
                    try:
                        os.fork()
                    except OSError:
                        pass
                    time.sleep(3600)
                    os._exit(0)
                children += 1
        play(on_move)
        """
    )
    limits = Limits(processes=16)
    with program_bot(source, name=f"bomb_{marker}.py", limits=limits) as bot:
        answer = bot.decide(first_message(), 30)
        alive = processes_with(marker)
        assert bot.pid is not None
        sandbox_uid = uid_of(bot.pid)
        tail = bot.stderr_tail
    assert answer.action in first_message()["legal_actions"]  # it answered after its fork spree
    assert "fork stopped after" in tail, tail
    children = int(tail.split("fork stopped after ")[1].split()[0])
    assert 0 < children < limits.processes
    assert "errno 11" in tail  # EAGAIN: the process limit stopped it, nothing else
    assert 2 <= len(alive) <= limits.processes  # the bot and its sleeping brood, until...
    assert processes_with(marker) == []  # ...close() took every one of them with it
    assert sandbox_uid not in (0, os.getuid())  # the sandbox ran as an unprivileged uid of its own
    assert processes_of(sandbox_uid) == []  # not even a zombie is left
    # A whole game with the bomb goes on as usual, and leaves nothing behind either.
    with program_bot(source, name=f"bomb_{marker}.py", limits=limits) as bot:
        result = play(bot)
    assert result.faults == []
    assert result.outcome is not None
    assert processes_with(marker) == []
    assert_a_game_still_works()


def test_a_classic_fork_bomb_is_stopped_by_the_timeout_and_leaves_nothing() -> None:
    # Every process forks forever, the bot included: it never answers again.
    marker = unique_marker()
    source = bot_source(
        """
        import os
        def on_move(message, count):
            while True:
                try:
                    os.fork()
                except OSError:
                    pass
        play(on_move)
        """
    )
    with program_bot(source, name=f"bomb_{marker}.py", limits=Limits(processes=16)) as bot:
        result = play(bot, clock=lambda: Clock(per_move_ms=1000, bank_ms=0))
        assert bot.pid is not None
        assert processes_with(marker) == []  # gone at the timeout, not at the end of the game
    [fault] = result.faults
    assert fault.kind == FaultKind.TIMEOUT
    assert result.forfeited == 0
    assert_a_game_still_works()


def test_allocating_10_gb_fails_and_is_a_recorded_crash() -> None:
    source = bot_source(
        """
        import sys
        def on_move(message, count):
            if count == 1:
                print("allocating 10 GB", file=sys.stderr, flush=True)
                hoard = bytearray(10 * 1024 ** 3)
                print("GOT 10 GB", file=sys.stderr, flush=True)
        play(on_move)
        """
    )
    with program_bot(source) as bot:
        result = play(bot, seed=3)
    [fault] = result.faults
    assert fault.kind == FaultKind.CRASH
    assert "MemoryError" in fault.stderr_tail
    assert "GOT 10 GB" not in fault.stderr_tail
    assert result.forfeited == 0  # the forfeit policy decided the game
    assert_a_game_still_works()


def test_allocating_memory_bit_by_bit_stops_at_the_limit() -> None:
    source = bot_source(
        """
        import sys
        def on_move(message, count):
            if count:
                return
            hoard = []
            try:
                while True:
                    hoard.append(bytearray(16 * 1024 * 1024))
            except MemoryError:
                print(f"memory stopped at {len(hoard) * 16} MB", file=sys.stderr, flush=True)
            hoard.clear()
        play(on_move)
        """
    )
    limits = Limits(memory_bytes=256 * 1024 * 1024)
    with program_bot(source, limits=limits) as bot:
        result = play(bot)
        tail = bot.stderr_tail
    assert "memory stopped at" in tail, tail
    assert int(tail.split("memory stopped at ")[1].split()[0]) < 256
    assert result.faults == []  # it caught its MemoryError and played on


def test_an_infinite_loop_times_out_and_stops_burning_cpu() -> None:
    marker = unique_marker()
    source = bot_source(
        """
        import sys
        def on_move(message, count):
            print("spinning", file=sys.stderr, flush=True)
            while True:
                pass
        play(on_move)
        """
    )
    with program_bot(source, name=f"spin_{marker}.py") as bot:
        result = play(bot, clock=lambda: Clock(per_move_ms=500, bank_ms=500))
        assert processes_with(marker) == []  # killed at the timeout, before the game even ended
    [fault] = result.faults
    assert fault.kind == FaultKind.TIMEOUT
    assert "spinning" in fault.stderr_tail
    assert result.forfeited == 0
    assert_a_game_still_works()


def test_an_infinite_loop_under_the_default_move_policy_lets_the_game_finish() -> None:
    source = bot_source(
        """
        def on_move(message, count):
            if count == 1:
                while True:
                    pass
        play(on_move)
        """
    )
    with program_bot(source) as bot:
        result = play(
            bot,
            seed=5,
            policy=FaultPolicy.DEFAULT_MOVE,
            max_strikes=100,
            clock=lambda: Clock(per_move_ms=500, bank_ms=500),
        )
    assert result.faults[0].kind == FaultKind.TIMEOUT
    assert result.forfeited is None
    assert result.outcome is not None  # default moves played it out


def test_megabytes_of_garbage_are_an_output_limit_fault() -> None:
    source = bot_source(
        """
        import sys
        def on_move(message, count):
            if count == 1:
                for _ in range(64):
                    sys.stdout.write("garbage " * 131072)  # 1 MB a time, no newline
                    sys.stdout.flush()
        play(on_move)
        """
    )
    with program_bot(source) as bot:
        result = play(bot, seed=3)
    [fault] = result.faults
    assert fault.kind == FaultKind.OUTPUT_LIMIT
    assert result.forfeited == 0
    assert_a_game_still_works()


def test_cpu_time_is_limited_even_when_the_clock_is_generous() -> None:
    source = bot_source(
        """
        def on_move(message, count):
            if count == 1:
                while True:
                    pass
        play(on_move)
        """
    )
    with program_bot(source, limits=Limits(cpu_seconds=1)) as bot:
        result = play(bot, seed=3, clock=lambda: Clock(per_move_ms=60_000, bank_ms=0))
    [fault] = result.faults
    assert fault.kind == FaultKind.CRASH
    assert "SIGXCPU" in fault.message or "SIGKILL" in fault.message
