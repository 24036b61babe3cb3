"""``evaluate``: a Mulligan hand's category, value hand and top card."""

from __future__ import annotations

import argparse
import json
from typing import Any

from engine.cli.common import CommandError


def run(args: argparse.Namespace) -> int:
    from engine.games.mulligan.hands import rank_hand

    try:
        rank = rank_hand(" ".join(args.cards))
    except ValueError as exc:  # CardError is a ValueError too
        raise CommandError(str(exc)) from None
    if args.json:
        print(json.dumps(rank.to_json(), indent=2))
    else:
        print(f"category:   {rank.category} ({rank.category_words})")
        print(f"value hand: {' '.join(rank.value_hand)}")
        print(f"top card:   {rank.top_card}")
    return 0


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "evaluate",
        help="evaluate a 5-card Mulligan hand",
        description="Evaluate a Mulligan hand by the seed's rules: e.g. 'evaluate As Ks Qs Js Ts'. "
        "Cards are rank + suit, ranks 23456789TJQKA, suits s h c d.",
    )
    parser.add_argument("cards", nargs="+", metavar="CARD", help="five cards (or one quoted string of five)")
    parser.add_argument("--json", action="store_true", help="print the evaluation as JSON")
    parser.set_defaults(handler=run)
