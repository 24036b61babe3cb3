"""``bot-template``: write a working bot skeleton for a game, to start a bot from."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from engine.bots.kit import LANGUAGES, TRANSPORTS, template
from engine.cli.common import FAILURE, CommandError
from engine.core import EngineError, get_game


def default_path(game_id: str, transport: str) -> Path:
    return Path(f"{game_id}_bot.py" if transport == "stdio" else f"{game_id}_http_bot.py")


def run(args: argparse.Namespace) -> int:
    try:
        game = get_game(args.game)
        source = template(game.id, transport=args.transport, language=args.lang)
    except EngineError as exc:
        raise CommandError(str(exc)) from None
    if args.out == "-":
        sys.stdout.write(source)
        return 0
    path = Path(args.out) if args.out else default_path(game.id, args.transport)
    if path.is_dir():
        path = path / default_path(game.id, args.transport)
    if path.exists() and not args.force:
        raise CommandError(f"{path} exists; pass --force to overwrite it")
    try:
        path.write_text(source, encoding="utf-8")
        os.chmod(path, 0o755)
    except OSError as exc:
        raise CommandError(f"cannot write {path}: {exc.strerror or exc}", FAILURE) from None
    if args.transport == "stdio":
        hint = f"python -m engine play {game.id} --bot {path} --vs heuristic --games 100"
    else:
        hint = (
            f"python3 {path} --port 8000   and then   "
            f"python -m engine play {game.id} --bot http://127.0.0.1:8000/ --vs heuristic"
        )
    print(f"wrote {path}; try it:  {hint}")
    return 0


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "bot-template",
        help="write a working bot skeleton for a game (the starter kit)",
        description="Write a complete, working bot for GAME that speaks the bot protocol: a program "
        "reading JSON lines on stdin and answering on stdout (--transport stdio, what you upload), or "
        "a small HTTP server (--transport http, what you register by URL). Python, stdlib only.",
    )
    parser.add_argument("game", help="game id (see the 'games' command)")
    parser.add_argument(
        "--out", metavar="PATH", help="file (or directory) to write; '-' prints it (default: ./GAME_bot.py)"
    )
    parser.add_argument("--lang", choices=LANGUAGES, default="python", help="language (default python)")
    parser.add_argument(
        "--transport",
        choices=sorted(TRANSPORTS),
        default="stdio",
        help="stdio program (default) or http server",
    )
    parser.add_argument("--force", action="store_true", help="overwrite an existing file")
    parser.set_defaults(handler=run)
