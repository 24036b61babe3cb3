"""``python -m engine`` and the ``mulligan-engine`` console script; the commands live in :mod:`engine.cli`."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable

from engine.cli import build_parser
from engine.cli.common import CommandError


def main(argv: list[str] | None = None) -> int:
    """Run one command; returns the exit code (0 ok, 1 failed, 2 bad usage) instead of raising."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse has printed usage and the error (or --help)
        return exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 2
    handler: Callable[[argparse.Namespace], int] = args.handler
    try:
        return handler(args)
    except CommandError as exc:
        print(f"{parser.prog} {args.command}: error: {exc}", file=sys.stderr)
        return exc.code
    except KeyboardInterrupt:
        print(f"{parser.prog} {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # e.g. `... | head`: stop quietly, and keep Python from complaining at exit
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
