"""``simulate``: many seeded games between bots, with win rates per (fixed) seat."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from engine.cli.common import FAILURE, CommandError
from engine.cli.configs import VARIANT_HELP, build_table
from engine.cli.simulation import format_report, run_simulation
from engine.core import EngineError, get_game


def run(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise CommandError("--games must be at least 1")
    try:
        game = get_game(args.game)
    except EngineError as exc:
        raise CommandError(str(exc)) from None
    names = [name.strip() for name in args.bots.split(",") if name.strip()]
    table = build_table(
        game, players=args.players, bot_names=names, variants=args.variant, config_text=args.config
    )
    save_dir = Path(args.save_dir) if args.save_dir else None
    try:
        result = run_simulation(
            game, table, args.games, args.seed, save_dir=save_dir, progress=sys.stderr.isatty()
        )
    except OSError as exc:
        raise CommandError(f"cannot save games: {exc}", FAILURE) from None
    except EngineError as exc:
        raise CommandError(f"a game failed: {exc}", FAILURE) from None
    print(json.dumps(result, indent=2) if args.json else format_report(result))
    return 0


def add_parser(commands: Any) -> None:
    variants = "; ".join(f"{game}: {text}" for game, text in VARIANT_HELP.items())
    parser = commands.add_parser(
        "simulate",
        help="play many seeded games between bots and report win rates per seat",
        description="Play GAMES games with fixed seats; game i's seed is the i-th 63-bit draw of "
        "random.Random(SEED), so the same command prints the same results (timing aside).",
    )
    parser.add_argument("game", help="game id (see the 'games' command)")
    parser.add_argument(
        "--players", type=int, help="number of seats (default: one per bot name, or the game's)"
    )
    parser.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the whole run (default 1)")
    parser.add_argument(
        "--bots",
        default="random",
        help="comma-separated bot per seat, or one bot for all seats (default random)",
    )
    parser.add_argument(
        "--variant", action="append", default=[], metavar="NAME[=VALUE]", help=f"optional rule ({variants})"
    )
    parser.add_argument("--config", metavar="JSON", help="game config as a JSON object, or @FILE")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--save-dir", metavar="DIR", help="write each game's record to DIR/game-<i>.json")
    parser.set_defaults(handler=run)
