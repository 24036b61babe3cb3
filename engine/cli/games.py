"""``games``: the registered games and their metadata."""

from __future__ import annotations

import argparse
import json
from typing import Any

from engine.cli.configs import VARIANT_HELP
from engine.core import registered_games


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def run(args: argparse.Namespace) -> int:
    games = registered_games()
    if args.json:
        print(json.dumps([game.metadata() for game in games], indent=2))
        return 0
    for game in games:
        meta = game.metadata()
        print(f"{meta['id']}  ({meta['name']})")
        print(
            f"  players {meta['min_players']}-{meta['max_players']}, simultaneous moves: "
            f"{_yes(meta['simultaneous'])}, chance: {_yes(meta['chance'])}, "
            f"hidden information: {_yes(meta['hidden_information'])}"
        )
        print(f"  bots: {', '.join(meta['bots'])}")
        if game.id in VARIANT_HELP:
            print(f"  variants (--variant): {VARIANT_HELP[game.id]}")
        if meta["rules"]:
            print(f"  rules: {meta['rules']}")
    return 0


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "games", help="list the registered games", description="List the registered games."
    )
    parser.add_argument("--json", action="store_true", help="print the games' metadata as JSON")
    parser.set_defaults(handler=run)
