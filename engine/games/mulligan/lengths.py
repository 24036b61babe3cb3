"""How long seeded bot games of Mulligan last, and how they end (issue 18, point 2).

The seed's game ends only by a fold of the last two active players or a deck too low after a
mulligan (`000_43432f497e9b879c.txt`, "End States"); the turn cap (``max_turns``) is a safety net
that bot play should never reach. :func:`length_report` plays seeded games with one kind of bot in
every seat and counts their lengths in turns and their end reasons, so the cap's margin is a
measured figure (``bench/mulligan_lengths.py`` prints it for every player count).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from engine.bots import make_bot
from engine.core import JSON
from engine.games.mulligan.config import normalize_config
from engine.games.mulligan.rules import END_DECK, END_REASONS, END_TURN_LIMIT
from engine.play import BotRunner

PERCENTILES = (50, 90, 99, 99.9)


def game_seed_list(seed: int, games: int) -> list[int]:
    """Game ``i``'s seed: the ``i``-th 63-bit draw of ``random.Random(seed)`` (as ``simulate``)."""
    rng = random.Random(seed)
    return [rng.getrandbits(63) for _ in range(games)]


def _percentile(ordered: list[int], percent: float) -> int:
    """The nearest-rank percentile of an ascending list."""
    rank = max(1, -(-len(ordered) * percent // 100))
    return ordered[int(rank) - 1]


def length_report(
    players: int, bot: str, games: int, seed: int = 1, config: Mapping[str, Any] | None = None
) -> JSON:
    """Play ``games`` seeded games of ``players`` seats, each played by ``bot``; JSON-able figures.

    ``config`` adds options to ``{"players": players}`` (the default config otherwise). The result
    is a function of the arguments: lengths in turns played (the last one included, however it
    ended), their distribution, and how many games ended for each reason, the cap included.
    """
    full = normalize_config({**(config or {}), "players": players})
    bots = [make_bot("mulligan", bot) for _ in range(players)]
    lengths: list[int] = []
    reasons: Counter[str] = Counter()
    moves = 0
    for game_seed in game_seed_list(seed, games):
        runner = BotRunner("mulligan", full, game_seed, bots)
        moves += len(runner.run())
        state = runner.state
        outcome = state.outcome()
        reason = str(outcome.details["reason"])
        reasons[reason] += 1
        # Turns played: the deck's end comes in the middle of a turn (right after a mulligan's deal),
        # which the state's count of completed turns leaves out.
        lengths.append(int(state.observe(None)["turn"]) + (reason == END_DECK))
    ordered = sorted(lengths)
    played = max(games, 1)
    return {
        "players": players,
        "bot": bot,
        "games": games,
        "seed": seed,
        "config": full,
        "turns": {
            "mean": round(sum(lengths) / played, 3),
            "min": ordered[0] if ordered else None,
            **{f"p{p:g}": _percentile(ordered, p) if ordered else None for p in PERCENTILES},
            "max": ordered[-1] if ordered else None,
            "histogram": {str(turns): count for turns, count in sorted(Counter(lengths).items())},
        },
        "moves_mean": round(moves / played, 3),
        "end_reasons": {reason: reasons.get(reason, 0) for reason in END_REASONS},
        "reached_turn_cap": reasons.get(END_TURN_LIMIT, 0),
        "max_turns": full["max_turns"],
    }
