"""The command line, ``python -m engine ...`` (``mulligan-engine``): one module per command.

Each command module has ``add_parser(subcommands)``, which registers its arguments and a
``handler(args) -> exit code``; handlers report user errors by raising
:class:`engine.cli.common.CommandError`, which :func:`engine.__main__.main` prints as one line.
"""

from __future__ import annotations

import argparse
import os
import sys

from engine.cli import analyze, bot_template, evaluate, games, play, replay, simulate

COMMANDS = (simulate, evaluate, replay, games, play, bot_template, analyze)


def program_name() -> str:
    script = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else ""
    return "python -m engine" if script in ("", "__main__.py", "-c") else script


def build_parser(prog: str | None = None) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=prog or program_name(),
        description="Mulligan League's rules engine: simulate, evaluate, replay, and try your own bot.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in COMMANDS:
        command.add_parser(commands)
    return parser


__all__ = ["COMMANDS", "build_parser", "program_name"]
