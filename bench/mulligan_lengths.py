"""Mulligan game lengths and end reasons, as JSON lines: ``python bench/mulligan_lengths.py``.

For each player count (2 to 8) and each bot (``random``, ``heuristic``, one bot kind in every seat):
``--games`` seeded games (10,000 by default) of the default config, which ends only as the seed
says, and the distribution of their lengths in turns and of their end reasons. ``reached_turn_cap``
counts the games the safety-net turn cap (``max_turns``) ended; the last line sums up the longest
game seen against that cap. ``--config '{"chips": 20}'`` measures a variant instead.

Not a speed figure: every number is a function of the arguments (``engine.games.mulligan.lengths``).
"""

from __future__ import annotations

import argparse
import json

from engine.games.mulligan.config import normalize_config
from engine.games.mulligan.lengths import length_report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per player count and bot")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", default="2-8", help="a count or a range, e.g. 4 or 2-8")
    parser.add_argument("--bots", default="random,heuristic")
    parser.add_argument("--config", default="{}", help="options added to the default config (JSON)")
    parser.add_argument("--histogram", action="store_true", help="include every length's count")
    args = parser.parse_args()
    low, _, high = args.players.partition("-")
    counts = range(int(low), int(high or low) + 1)
    config = json.loads(args.config)
    longest = cap_hits = 0
    max_turns = None
    for bot in args.bots.split(","):
        for players in counts:
            report = length_report(players, bot, args.games, args.seed, config)
            if not args.histogram:
                del report["turns"]["histogram"]
            del report["config"]  # the defaults and the options given: on the summary line
            longest = max(longest, report["turns"]["max"] or 0)
            cap_hits += report["reached_turn_cap"]
            max_turns = report["max_turns"]
            print(json.dumps(report), flush=True)
    full = normalize_config({**config, "players": counts[0]})
    del full["players"]
    print(
        json.dumps(
            {
                "summary": True,
                "config": full,
                "games_per_count_and_bot": args.games,
                "longest_game_turns": longest,
                "max_turns": max_turns,
                "ratio_longest_to_cap": round(longest / max_turns, 3) if max_turns else None,
                "games_at_turn_cap": cap_hits,
            }
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
