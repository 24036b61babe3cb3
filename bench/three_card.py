"""Three Card Mulligan analyser and simulator speed, as JSON: ``python bench/three_card.py [--quick]``.

* the exact analyser: the whole ``python -m engine analyze three-card`` in-process (lookup tables
  included), in CPU seconds of this one process (the goal: under 60 s on one core) and wall
  seconds, with the seconds of each table as ``analyze`` measures them; beside it, the reference
  measured in the same run: a plain count for one starting hand (every new hand and every dealer
  hand, the redraws counted by removing his three cards), timed on its first new hands and scaled
  to all 1,755 classes, as a ratio;
* the vectorised simulator (``simulate_hands``): hands per second, best of a few seeded runs, per
  second of this process's CPU time and of wall time.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from pathlib import Path
from typing import Any

GOAL_HANDS_PER_S = 1_000_000
GOAL_ANALYSIS_SECONDS = 60


def simulator(hands: int, repeats: int) -> dict[str, Any]:
    from engine.games.three_card.analysis import seed_mulligan_mask
    from engine.games.three_card.analysis_sim import simulate_hands
    from engine.games.three_card.config import DEFAULT_PAYTABLE

    mask = seed_mulligan_mask()
    simulate_hands(10_000, mask, DEFAULT_PAYTABLE, seed=99)  # warm-up, untimed
    cpu: list[float] = []
    wall: list[float] = []
    result = None
    for _ in range(repeats):
        start_wall, start = time.perf_counter(), time.process_time()
        result = simulate_hands(hands, mask, DEFAULT_PAYTABLE, seed=1)
        cpu.append(time.process_time() - start)
        wall.append(time.perf_counter() - start_wall)
    assert result is not None
    rate = hands / min(cpu)
    return {
        "hands": hands,
        "repeats": repeats,
        "cpu_seconds": [round(t, 3) for t in cpu],
        "wall_seconds": [round(t, 3) for t in wall],
        "hands_per_s_cpu": round(rate),
        "hands_per_s_wall": round(hands / min(wall)),
        "mean_return": round(result.mean, 6),
        "standard_error": round(result.standard_error, 6),
        "goal": {"goal_hands_per_s": GOAL_HANDS_PER_S, "met": rate >= GOAL_HANDS_PER_S},
    }


def reference_seconds(new_hands: int) -> dict[str, Any]:
    """CPU seconds of the plain count for ``new_hands`` new hands of one starting hand, scaled up."""
    import numpy as np

    from engine.cards import parse_cards
    from engine.games.three_card.analysis_tables import comb3, hand_tables

    tables = hand_tables()
    left = np.flatnonzero(~tables.contains[:, parse_cards(["Kc", "Td", "2d"])].any(axis=1))
    cards, rank, strong = tables.cards[left], tables.rank[left], tables.strong[left]
    pair_of = np.stack([cards[:, i] * 52 + cards[:, j] for i, j in ((0, 1), (0, 2), (1, 2))])
    weak = np.flatnonzero(~strong)
    start = time.process_time()
    for new in range(new_hands):
        dealer = np.logical_not(tables.contains[left][:, cards[new]].any(axis=1))
        redrawn = weak[dealer[weak]]
        a, b, c = cards[redrawn].T
        for final in (dealer & (rank < rank[new]), dealer & (rank == rank[new])):
            total = int((final & strong).sum()) * comb3(43)
            held = np.flatnonzero(final)
            by_card = np.bincount(cards[held].ravel(), minlength=52)
            by_pair = np.bincount(pair_of[:, held].ravel(), minlength=52 * 52).reshape(52, 52)
            by_pair += by_pair.T
            total += int(
                (
                    held.size
                    - by_card[a]
                    - by_card[b]
                    - by_card[c]
                    + by_pair[a, b]
                    + by_pair[a, c]
                    + by_pair[b, c]
                    - final[redrawn]
                ).sum()
            )
    seconds = time.process_time() - start
    per_class = seconds * left.size / new_hands
    return {
        "new_hands_timed": new_hands,
        "cpu_seconds": round(seconds, 3),
        "cpu_seconds_per_class": round(per_class, 2),
        "cpu_seconds_all_classes": round(per_class * tables.classes.size),
    }


def analyser(reference_new_hands: int) -> dict[str, Any]:
    from engine.games.three_card.analysis import analyze
    from engine.games.three_card.analysis_tables import hand_tables
    from engine.games.three_card.config import DEFAULT_PAYTABLE

    start_wall, start = time.perf_counter(), time.process_time()
    hand_tables()
    tables_seconds = time.process_time() - start
    result = analyze(DEFAULT_PAYTABLE)
    cpu = time.process_time() - start
    wall = time.perf_counter() - start_wall
    reference = reference_seconds(reference_new_hands)
    return {
        "lookup_tables_cpu_seconds": round(tables_seconds, 3),
        "wall_seconds_per_table": {name: round(seconds, 3) for name, seconds in result.seconds.items()},
        "cpu_seconds": round(cpu, 2),
        "wall_seconds": round(wall, 2),
        "seed_strategy_return": round(float(result.strategies["seed"].ante_return), 6),
        "optimal_strategy_return": round(float(result.strategies["optimal"].ante_return), 6),
        "reference_plain_count": reference,
        "speedup_over_reference": round(reference["cpu_seconds_all_classes"] / cpu),
        "goal": {"goal_cpu_seconds": GOAL_ANALYSIS_SECONDS, "met": cpu < GOAL_ANALYSIS_SECONDS},
    }


def run(hands: int, repeats: int) -> dict[str, Any]:
    start = time.perf_counter()
    result: dict[str, Any] = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "processes": 1,
        # The analyser first, so that building the lookup tables is timed with it.
        "analyser": analyser(200 if hands < 1_000_000 else 1_000),
        "simulator": simulator(hands, repeats),
    }
    result["seconds"] = round(time.perf_counter() - start, 2)
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="fewer simulated hands (a smoke run)")
    parser.add_argument("--hands", type=int, help="simulated hands per run (default 5,000,000)")
    parser.add_argument("--out", help="also write the JSON to this file")
    args = parser.parse_args()
    hands = args.hands or (200_000 if args.quick else 5_000_000)
    result = run(hands, 1 if args.quick else 3)
    text = json.dumps(result, indent=2)
    print(text)
    if args.out:
        Path(args.out).write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
