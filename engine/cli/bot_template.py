"""``bot-template``: write a working bot skeleton for a game, to start a bot from."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from engine.bots.kit import HTTP_PORT, LANGUAGES, TRANSPORTS, default_file_name, template, try_it
from engine.cli.common import FAILURE, CommandError
from engine.core import EngineError, get_game


def default_path(game_id: str, transport: str) -> Path:
    return Path(default_file_name(game_id, transport))


def run(args: argparse.Namespace) -> int:
    try:
        game = get_game(args.game)
        path = (
            None if args.out == "-" else Path(args.out) if args.out else default_path(game.id, args.transport)
        )
        if path is not None and path.is_dir():
            path = path / default_path(game.id, args.transport)
        # The file's comments name it, so their commands work as they are.
        source = template(
            game.id, transport=args.transport, language=args.lang, file_name=path.name if path else None
        )
    except EngineError as exc:
        raise CommandError(str(exc)) from None
    if path is None:
        sys.stdout.write(source)
        return 0
    if path.exists() and not args.force:
        raise CommandError(f"{path} exists; pass --force to overwrite it")
    try:
        path.write_text(source, encoding="utf-8")
        os.chmod(path, 0o755)
    except OSError as exc:
        raise CommandError(f"cannot write {path}: {exc.strerror or exc}", FAILURE) from None
    print(f"wrote {path}; try it:")
    for command in try_it(game.id, args.transport, str(path)):
        print(f"  {command}")
    if args.transport == "http":
        print(
            f"(the bot listens on port {HTTP_PORT}, not 8000, the service's own; run the game in another terminal)"
        )
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
