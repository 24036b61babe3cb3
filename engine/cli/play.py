"""``play``: try your own bot locally, under the service's protocol, clock, fault policy and sandbox.

``--bot`` is a program (a ``.py`` file, an archive or a directory with ``--command``), run as the
worker runs an upload: one process per game, in the sandbox unless ``--no-sandbox``; or an
``http://`` URL, called as the worker calls a registered bot (private addresses allowed here: it
is your own machine). Seats rotate from game to game, so every bot plays every seat.
"""

from __future__ import annotations

import argparse
import json
import shlex
import shutil
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tqdm import tqdm

from engine.bots import Bot, make_bot
from engine.bots.protocol import Answer, BotFault, RemoteBot
from engine.bots.referee import Clock, FaultPolicy, play_refereed
from engine.cli.common import FAILURE, CommandError
from engine.cli.configs import VARIANT_HELP, build_table
from engine.cli.simulation import game_seeds
from engine.core import JSON, EngineError, Game, Seat, get_game

TAIL_CHARS = 2000


@dataclass
class Entrant:
    """One seat's player across the run (the seat it sits in rotates), and what it did."""

    label: str
    make: Callable[[], RemoteBot | Bot]
    remote: bool
    program: bool = False
    games: int = 0
    wins: int = 0
    rank_sum: int = 0
    decisions: int = 0
    decision_seconds: float = 0.0
    faults: Counter[str] = field(default_factory=Counter)
    last_fault: str = ""
    stderr_tail: str = ""


class TimedBot:
    """A message bot that counts its answered decisions and the time they took (protocol included)."""

    def __init__(self, inner: RemoteBot, entrant: Entrant) -> None:
        self.inner = inner
        self.entrant = entrant

    def decide(self, message: JSON, timeout_s: float) -> Answer:
        started = time.perf_counter()
        answer = self.inner.decide(message, timeout_s)
        self.entrant.decision_seconds += time.perf_counter() - started
        self.entrant.decisions += 1
        return answer

    def game_over(self, message: JSON) -> None:
        self.inner.game_over(message)

    def close(self) -> None:
        self.inner.close()

    @property
    def stderr_tail(self) -> str:
        return self.inner.stderr_tail


# -- building the players ---------------------------------------------------------------------


def _program_factory(spec: str, args: argparse.Namespace, stack: ExitStack) -> Callable[[], RemoteBot]:
    from engine.bots.program import ProgramBot, default_command, unpack

    path = Path(spec)
    if not path.exists():
        raise CommandError(f"--bot {spec}: no such file or directory (or give an http:// URL)")
    try:
        command = shlex.split(args.entry_command) if args.entry_command else []
    except ValueError as exc:
        raise CommandError(f"--command: {exc}") from None
    if path.is_dir():
        if not command:
            raise CommandError(f"--bot {spec} is a directory: say how to start it with --command")
        # A copy, as the worker plays an unpacked upload (and the sandbox makes its files readable).
        workdir = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bot-"))) / path.name
        try:
            shutil.copytree(path, workdir)
        except (OSError, shutil.Error) as exc:
            raise CommandError(f"cannot copy {spec}: {exc}") from None
    else:
        try:
            content = path.read_bytes()
        except OSError as exc:
            raise CommandError(f"cannot read {spec}: {exc.strerror or exc}") from None
        workdir = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bot-")))
        try:
            unpack(content, path.name, workdir)  # as the worker unpacks an upload
        except EngineError as exc:
            raise CommandError(f"--bot {spec}: {exc}") from None
        try:
            command = command or default_command(path.name)
        except EngineError as exc:
            raise CommandError(f"--bot {spec}: {exc}") from None
    sandbox: bool = args.sandbox
    return lambda: ProgramBot(command, workdir, sandbox=sandbox)


def _http_factory(url: str) -> Callable[[], RemoteBot]:
    from engine.bots.http import HttpBot, check_url

    try:
        check_url(url)
    except EngineError as exc:
        raise CommandError(f"--bot {url}: {exc}") from None
    return lambda: HttpBot(url, allow_private=True)


def _builtin(game_id: str, name: str) -> Callable[[], Bot]:
    return lambda: make_bot(game_id, name)


def _require_sandbox() -> None:
    from engine.bots.sandbox import sandbox_available

    available, reason = sandbox_available()
    if not available:
        raise CommandError(
            f"the sandbox is unavailable here: {reason}. The service refuses to run uploaded bots "
            "without it; to run your own code unconfined, pass --no-sandbox",
            FAILURE,
        )


def _entrants(game: Game, args: argparse.Namespace, stack: ExitStack) -> tuple[JSON, list[Entrant]]:
    specs: list[str] = args.bot
    opponents = [name.strip() for name in args.vs.split(",") if name.strip()]
    if not opponents and args.players is None and len(specs) < 2:
        raise CommandError("--vs needs at least one bot name")
    if args.players is not None:
        others = args.players - len(specs)
        if others < 0:
            raise CommandError(f"{len(specs)} --bot options for {args.players} players")
        if len(opponents) == 1:
            opponents *= others
        elif len(opponents) != others:
            raise CommandError(
                f"--vs names {len(opponents)} bots for the other {others} seats: give one per seat or one for all"
            )
    # The table checks the config and the seat count; the submitted bots' seats are stand-ins there.
    table = build_table(
        game,
        players=args.players,
        bot_names=["random"] * len(specs) + opponents,
        variants=args.variant,
        config_text=args.config,
    )
    entrants: list[Entrant] = []
    programs = [spec for spec in specs if not spec.startswith(("http://", "https://"))]
    if programs and args.sandbox:
        _require_sandbox()
    for spec in specs:
        if spec.startswith(("http://", "https://")):
            entrants.append(Entrant(spec, _http_factory(spec), remote=True))
        else:
            entrants.append(
                Entrant(Path(spec).name, _program_factory(spec, args, stack), remote=True, program=True)
            )
    entrants += [Entrant(name, _builtin(game.id, name), remote=False) for name in opponents]
    return table.config, entrants


# -- playing ----------------------------------------------------------------------------------------


@contextmanager
def _seated(entrants: list[Entrant]) -> Iterator[list[RemoteBot | Bot]]:
    players: list[RemoteBot | Bot] = []
    try:
        for entrant in entrants:
            player = entrant.make()
            players.append(player if isinstance(player, Bot) else TimedBot(player, entrant))
        yield players
    finally:
        for player in players:
            if isinstance(player, TimedBot):
                player.close()


def play_run(game: Game, config: JSON, entrants: list[Entrant], args: argparse.Namespace) -> JSON:
    n = len(entrants)
    policy = FaultPolicy(args.policy)
    forfeits = 0
    started = time.perf_counter()
    progress = sys.stderr.isatty() and not args.json
    with tqdm(total=args.games, disable=not progress, file=sys.stderr, unit="game", leave=False) as bar:
        for index, seed in enumerate(game_seeds(args.seed, args.games)):
            seating = [entrants[(seat + index) % n] for seat in range(n)]
            with _seated(seating) as players:

                def on_fault(
                    seat: Seat,
                    fault: BotFault,
                    number: int = index + 1,
                    seating: list[Entrant] = seating,
                    players: list[Any] = players,
                ) -> None:
                    entrant = seating[seat]
                    entrant.faults[fault.kind.value] += 1
                    entrant.last_fault = f"game {number}: {fault}"
                    tail = fault.stderr_tail or players[seat].stderr_tail
                    if tail:
                        entrant.stderr_tail = tail[-TAIL_CHARS:]

                try:
                    result = play_refereed(
                        game.id,
                        config,
                        seed,
                        players,
                        policy=policy,
                        max_strikes=args.max_strikes,
                        clock=lambda: Clock(args.move_ms, args.bank_ms),
                        on_fault=on_fault,
                    )
                except EngineError as exc:  # e.g. the sandbox could not be set up for a game
                    raise CommandError(f"game {index + 1} could not be played: {exc}", FAILURE) from None
            forfeits += result.forfeited is not None
            for seat, rank in enumerate(result.ranks):
                entrant = seating[seat]
                entrant.games += 1
                entrant.rank_sum += rank
                entrant.wins += rank == 1
            bar.update()
    return _summary(game, config, entrants, args, forfeits, time.perf_counter() - started)


def _summary(
    game: Game, config: JSON, entrants: list[Entrant], args: argparse.Namespace, forfeits: int, seconds: float
) -> JSON:
    players: list[JSON] = []
    for entrant in entrants:
        players.append(
            {
                "bot": entrant.label,
                "kind": "submitted" if entrant.remote else "built-in",
                "games": entrant.games,
                "wins": entrant.wins,
                "win_rate": round(entrant.wins / entrant.games, 4) if entrant.games else None,
                "average_rank": round(entrant.rank_sum / entrant.games, 3) if entrant.games else None,
                **(
                    {
                        "decisions": entrant.decisions,
                        "mean_decision_ms": round(1000 * entrant.decision_seconds / entrant.decisions, 3)
                        if entrant.decisions
                        else None,
                        "faults": dict(entrant.faults),
                        "last_fault": entrant.last_fault or None,
                        "stderr_tail": entrant.stderr_tail or None,
                    }
                    if entrant.remote
                    else {}
                ),
            }
        )
    return {
        "game": game.id,
        "config": config,
        "games": args.games,
        "seed": args.seed,
        "clock": {"move_ms": args.move_ms, "bank_ms": args.bank_ms},
        "policy": args.policy,
        "max_strikes": args.max_strikes,
        "sandbox": args.sandbox if any(e.program for e in entrants) else None,
        "forfeits": forfeits,
        "faults": sum(sum(e.faults.values()) for e in entrants),
        "seconds": round(seconds, 3),
        "players": players,
    }


def format_summary(summary: JSON) -> str:
    lines = [
        f"{summary['games']} games of {summary['game']}, seats rotating; clock {summary['clock']['move_ms']} ms "
        f"a move + {summary['clock']['bank_ms']} ms bank, policy {summary['policy']}"
        + ("" if summary["sandbox"] is None else f", sandbox {'on' if summary['sandbox'] else 'OFF'}")
        + f"; {summary['seconds']:.1f} s",
        "",
        f"{'bot':<24} {'games':>6} {'wins':>6} {'win%':>7} {'avg rank':>9} {'ms/move':>9} faults",
    ]
    for player in summary["players"]:
        rate = f"{100 * player['win_rate']:.1f}%" if player["win_rate"] is not None else "-"
        rank = f"{player['average_rank']:.2f}" if player["average_rank"] is not None else "-"
        mean = player.get("mean_decision_ms")
        ms = f"{mean:.2f}" if mean is not None else "-"
        faults = ", ".join(f"{kind} {count}" for kind, count in sorted(player.get("faults", {}).items()))
        lines.append(
            f"{player['bot'][:24]:<24} {player['games']:>6} {player['wins']:>6} {rate:>7} {rank:>9} {ms:>9} "
            f"{faults or ('none' if player['kind'] == 'submitted' else '')}"
        )
    for player in summary["players"]:
        if player.get("last_fault"):
            lines += ["", f"{player['bot']}: last fault, {player['last_fault']}"]
            if player.get("stderr_tail"):
                lines.append("its stderr ended with:")
                lines += ["  " + line for line in player["stderr_tail"].splitlines()[-15:]]
    if summary["faults"]:
        lines += ["", f"{summary['faults']} faults, {summary['forfeits']} games forfeited"]
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise CommandError("--games must be at least 1")
    if args.move_ms < 1 or args.bank_ms < 0:
        raise CommandError("--move-ms must be at least 1 and --bank-ms at least 0")
    if args.max_strikes < 1:
        raise CommandError("--max-strikes must be at least 1")
    try:
        game = get_game(args.game)
    except EngineError as exc:
        raise CommandError(str(exc)) from None
    with ExitStack() as stack:
        config, entrants = _entrants(game, args, stack)
        summary = play_run(game, config, entrants, args)
    print(json.dumps(summary, indent=2) if args.json else format_summary(summary))
    return FAILURE if summary["faults"] else 0


def add_parser(commands: Any) -> None:
    variants = "; ".join(f"{game}: {text}" for game, text in VARIANT_HELP.items())
    parser = commands.add_parser(
        "play",
        help="play your own bot (a program or a URL) against built-in bots, as the service would",
        description="Play GAMES games between your bot(s) and built-in bots under the service's bot "
        "protocol, clock and fault policy, program bots in the sandbox; seats rotate from game to game. "
        "Exits 1 if your bot faulted at all (with the faults and its stderr tail), so it fits a test script.",
    )
    parser.add_argument("game", help="game id (see the 'games' command)")
    parser.add_argument(
        "--bot",
        action="append",
        required=True,
        metavar="FILE|DIR|URL",
        help="your bot: a .py file, an archive or directory (with --command), or an http(s):// URL; "
        "repeat it for several",
    )
    parser.add_argument(
        "--command",
        dest="entry_command",  # "command" is the subcommand's name
        metavar="CMD",
        help="how to start a program bot, e.g. 'node bot.js' (default: python3 FILE.py)",
    )
    parser.add_argument(
        "--vs", default="random", metavar="BOTS", help="built-in opponents, comma-separated (default random)"
    )
    parser.add_argument("--players", type=int, help="number of seats (default: your bots plus --vs)")
    parser.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the whole run (default 1)")
    parser.add_argument("--move-ms", type=int, default=2000, help="time per move in ms (default 2000)")
    parser.add_argument(
        "--bank-ms", type=int, default=10_000, help="time bank per game in ms (default 10000)"
    )
    parser.add_argument(
        "--policy",
        choices=[p.value for p in FaultPolicy],
        default=FaultPolicy.FORFEIT.value,
        help="what a fault costs: forfeit the game (default), or a default move and a strike",
    )
    parser.add_argument(
        "--max-strikes", type=int, default=3, help="strikes before a forfeit under default_move (default 3)"
    )
    parser.add_argument(
        "--no-sandbox",
        dest="sandbox",
        action="store_false",
        help="run program bots unconfined (only for your own code, where the sandbox is unavailable)",
    )
    parser.add_argument(
        "--variant", action="append", default=[], metavar="NAME[=VALUE]", help=f"optional rule ({variants})"
    )
    parser.add_argument("--config", metavar="JSON", help="game config as a JSON object, or @FILE")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(handler=run)
