"""Submitted programs that attack the worker (issue 17, point 6), played through the service.

Each attack is a bot program uploaded like any other and played by ``game_play_remote`` (the
``play_remote_bots`` task) in the real sandbox, under the forfeit policy, while another game with a
well-behaved submitted bot is played at the same time on another thread (another database
connection, another sandbox). Every attack must end its own game as a forfeit whose recorded fault
says why (the fault's kind and message for everyone, the program's stderr for its owner), leave
nothing behind on the host, and change nothing for the other game, which is played to its end.

An attack program does its worst at its first decision and then stops answering, as an attacker
who got what they could would: where the attack does not end the program by itself (a daemon, a
kill, a look around) it exits, so its game is forfeited and the fault records what it did. The
table of issue 17: a double-fork daemon, ``kill -9 -1``, reading the host's files, writing outside
the sandbox, 100 MB on stdout, 6 GB of memory, 3,000 forks and sleeping; and sockets to
PostgreSQL and to the service. The engine-level escapes (tests/engine/bots/test_sandbox_escapes.py)
look at each limit more closely.
"""

from __future__ import annotations

import ast
import json
import socket
import textwrap
import threading
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from django.db import connection, connections

from games.models import Bot, BotFault, Game, GameStatus
from games.services.games import game_create
from games.services.remote_play import game_play_remote
from tests.conftest import require_postgresql
from tests.engine.bots.sandbox_helpers import processes_with, require_sandbox
from tests.games.bots_play.conftest import GOOD_BOT
from tests.games.factories import BotFactory

pytestmark = [pytest.mark.faults, pytest.mark.django_db(transaction=True)]

PROJECT = Path(__file__).resolve().parents[3]
# What the sandbox sets (engine.bots.sandbox.sandboxed), and the working directory bwrap gives.
SANDBOX_ENVIRONMENT = {"PATH", "HOME", "TMPDIR", "LANG", "PYTHONUNBUFFERED", "PYTHONDONTWRITEBYTECODE", "PWD"}
FORK_CAP = 30  # the default Limits().processes (32) less bwrap and the bot itself


@dataclass(frozen=True)
class Attack:
    source: str  # the program; MARKER is replaced by a string unique to the run
    kind: str  # the fault it must be recorded as
    evidence: tuple[str, ...]  # what its stderr tail (the owner's view of the fault) must show


def program(body: str) -> str:
    """An attack: read the first decision, then ``body``."""
    return "import os, signal, socket, subprocess, sys, time\nsys.stdin.readline()\n" + textwrap.dedent(body)


ATTACKS = {
    "double_fork_daemon": Attack(
        program(
            """
            if os.fork() == 0:
                os.setsid()
                if os.fork() == 0:
                    os.execv("/bin/sleep", ["MARKER-daemon", "3600"])  # its argv shows in the host's /proc
                os._exit(0)
            os.wait()
            def cmdline(pid):
                try:
                    return open(f"/proc/{pid}/cmdline", "rb").read()
                except OSError:
                    return b""
            for _ in range(50):
                running = [p for p in os.listdir("/proc") if p.isdigit() and b"MARKER-daemon" in cmdline(p)]
                if running:
                    break
                time.sleep(0.05)
            print(f"daemon running as pid {running}; leaving it behind", file=sys.stderr, flush=True)
            sys.exit(0)
            """
        ),
        "crash",
        ("daemon running as pid ['", "leaving it behind"),
    ),
    "kill_minus_9_minus_1": Attack(
        program(
            """
            helper = subprocess.Popen(["sleep", "3600"])
            os.kill(-1, signal.SIGKILL)  # kill -9 -1: every process it may signal
            helper.wait()
            print(f"kill -9 -1 sent; my helper got {helper.returncode}; I am pid {os.getpid()}", file=sys.stderr, flush=True)
            sys.exit(1)
            """
        ),
        "crash",
        ("kill -9 -1 sent; my helper got -9; I am pid 1",),
    ),
    "reading_host_files": Attack(
        program(
            f"""
            print("env:", sorted(os.environ), file=sys.stderr, flush=True)
            print("pids:", sorted(p for p in os.listdir("/proc") if p.isdigit()), file=sys.stderr, flush=True)
            for path in ["/etc/shadow", "/etc/passwd", "/root/.pgpass", "{PROJECT}/pyproject.toml"]:
                try:
                    open(path).read(10)
                    print("READ", path, file=sys.stderr, flush=True)
                except OSError as error:
                    print("refused", path, type(error).__name__, file=sys.stderr, flush=True)
            print(open("{PROJECT}/mulligan_league/settings/base.py").read())
            """
        ),
        "crash",
        ("refused /etc/shadow FileNotFoundError", "FileNotFoundError", "pids: ['1']"),
    ),
    "writing_outside": Attack(
        program(
            f"""
            for path in ["{PROJECT}/MARKER", "/bot/MARKER", "/usr/MARKER", "/etc/MARKER", "/MARKER"]:
                try:
                    with open(path, "w") as out:
                        out.write("escaped")
                    print("WROTE", path, file=sys.stderr, flush=True)
                except OSError as error:
                    print("refused", path, type(error).__name__, file=sys.stderr, flush=True)
            open("{PROJECT}/games/MARKER.py", "w").write("import os; os.system('id')")
            """
        ),
        "crash",
        ("refused /bot/MARKER", "refused /usr/MARKER"),
    ),
    "100_mb_on_stdout": Attack(
        program(
            """
            print("writing 100 MB", file=sys.stderr, flush=True)
            for _ in range(100):
                sys.stdout.write("x" * (1024 * 1024))
                sys.stdout.flush()
            """
        ),
        "output_limit",
        ("writing 100 MB",),
    ),
    "6_gb_of_memory": Attack(
        program(
            """
            print("allocating 6 GB", file=sys.stderr, flush=True)
            hoard = bytearray(6 * 1024 ** 3)
            print("GOT 6 GB", file=sys.stderr, flush=True)
            """
        ),
        "crash",
        ("allocating 6 GB", "MemoryError"),
    ),
    "3000_forks": Attack(
        program(
            """
            children = 0
            try:
                for _ in range(3000):
                    if os.fork() == 0:
                        os.execv("/bin/sleep", ["MARKER-child", "3600"])
                    children += 1
            finally:
                print(f"forked {children} children", file=sys.stderr, flush=True)
            """
        ),
        "crash",
        ("BlockingIOError: [Errno 11] Resource temporarily unavailable",),
    ),
    "sleeping": Attack(
        program(
            """
            print("sleeping instead of answering", file=sys.stderr, flush=True)
            time.sleep(3600)
            """
        ),
        "timeout",
        ("sleeping instead of answering",),
    ),
    "socket_to_postgresql": Attack(
        program(
            """
            try:
                socket.socket(socket.AF_UNIX).connect("/var/run/postgresql/.s.PGSQL.5432")
            except OSError as error:
                print("unix socket:", type(error).__name__, file=sys.stderr, flush=True)
            socket.create_connection(("127.0.0.1", 5432), timeout=2)
            print("CONNECTED to PostgreSQL", file=sys.stderr, flush=True)
            """
        ),
        "crash",
        ("unix socket: FileNotFoundError", "ConnectionRefusedError"),
    ),
    "socket_to_the_service": Attack(
        program(
            """
            for host in HOSTS:
                try:
                    socket.create_connection((host, PORT), timeout=2).sendall(b"GET /api/me/ HTTP/1.0\\r\\n\\r\\n")
                    print("CONNECTED to", host, file=sys.stderr, flush=True)
                except OSError as error:
                    print("refused", host, type(error).__name__, file=sys.stderr, flush=True)
            socket.create_connection((HOSTS[0], PORT), timeout=2)
            """
        ),
        "crash",
        ("refused 127.0.0.1 ConnectionRefusedError", "ConnectionRefusedError"),
    ),
}


class _Counting(BaseHTTPRequestHandler):
    """The service's port, as far as a bot can tell: it counts whoever gets through."""

    hits: list[str]

    def do_GET(self) -> None:
        self.hits.append(self.path)
        self.send_response(200)
        self.end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def service_port() -> Iterator[tuple[int, list[str]]]:
    hits: list[str] = []
    server = ThreadingHTTPServer(("0.0.0.0", 0), type("Handler", (_Counting,), {"hits": hits}))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1], hits
    finally:
        server.shutdown()
        server.server_close()


def host_addresses() -> list[str]:
    """The host's loopback and, where it has one, the address other machines reach it at."""
    found = ["127.0.0.1"]
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the outgoing address
        address = probe.getsockname()[0]
        if address not in found:
            found.append(address)
    except OSError:
        pass
    finally:
        probe.close()
    return found


def play_at_once(*game_pks: int) -> None:
    """Play these games on threads of their own at the same time, as workers would."""
    errors: list[BaseException] = []

    def play(pk: int) -> None:
        try:
            game_play_remote(game_pk=pk)
        except BaseException as error:  # reported on the test's thread
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=play, args=(pk,)) for pk in game_pks]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors


@pytest.mark.parametrize("name", list(ATTACKS))
def test_an_attack_is_contained_and_forfeits_with_its_reason_while_another_game_plays_on(
    name: str,
    program_bot: Callable[..., Bot],
    settings: Any,
    service_port: tuple[int, list[str]],
) -> None:
    require_postgresql(connection.vendor)
    require_sandbox()
    settings.BOT_FAULT_POLICY = "forfeit"
    # Generous for the other game's bot (a loaded machine), and no bank: the sleeper waits 5 s.
    settings.BOT_MOVE_TIME_MS = 5000
    settings.BOT_TIME_BANK_MS = 0
    attack = ATTACKS[name]
    marker = f"m{uuid.uuid4().hex[:12]}"
    port, hits = service_port
    source = attack.source.replace("MARKER", marker).replace("HOSTS", repr(host_addresses()))
    source = source.replace("PORT", str(port))
    if name == "socket_to_postgresql":
        socket.create_connection(("127.0.0.1", 5432), timeout=5).close()  # there for the test process

    attacker = program_bot(source, name="attacker")
    bystander = program_bot(GOOD_BOT, name="bystander")
    random_bot = BotFactory(engine_bot="random")
    games = [
        game_create(
            game_id="mulligan",
            competitors=[bot.competitor, random_bot.competitor],
            config={"players": 2},
            seed=seed,
            enqueue_bots=False,
        )
        for bot, seed in ((attacker, 2), (bystander, 3))
    ]
    play_at_once(*(game.pk for game in games))

    attacked, other = (Game.objects.get(pk=game.pk) for game in games)
    # The attacker's game: forfeited at its first decision, the fault saying why.
    fault = BotFault.objects.get(game=attacked)
    last_words = [line for line in fault.stderr_tail.splitlines() if line.strip()][-1:]
    print(
        json.dumps({"attack": name, "fault": fault.kind, "message": fault.message, "stderr_ends": last_words})
    )
    assert (fault.kind, fault.consequence, fault.seat) == (attack.kind, "forfeit", 0), (
        fault.message,
        fault.stderr_tail,
    )
    assert fault.message
    for words in attack.evidence:
        assert words.replace("MARKER", marker) in fault.stderr_tail, (words, fault.stderr_tail)
    assert attacked.status == GameStatus.FINISHED
    assert attacked.outcome["details"]["reason"] == "bot_fault" and attacked.outcome["details"][
        "forfeited"
    ] == [0]
    # The other game, played at the same time, went on to its end untouched.
    assert other.status == GameStatus.FINISHED and other.version > 0
    assert not BotFault.objects.filter(game=other).exists()
    # Nothing is left of the attack on the host.
    assert processes_with(marker) == []
    assert not [path for path in (PROJECT / marker, PROJECT / "games" / f"{marker}.py") if path.exists()]
    assert hits == []
    tail = fault.stderr_tail
    assert "READ" not in tail and "WROTE" not in tail and "CONNECTED" not in tail and "GOT 6 GB" not in tail
    if name == "reading_host_files":
        [env] = [line for line in tail.splitlines() if line.startswith("env:")]
        assert (
            set(ast.literal_eval(env.removeprefix("env: "))) <= SANDBOX_ENVIRONMENT
        )  # the worker's environment is not there
    if name == "3000_forks":
        forked = int(tail.split("forked ")[1].split()[0])
        assert 0 < forked <= FORK_CAP
