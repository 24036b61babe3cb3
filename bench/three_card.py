"""Three Card Mulligan analyser and simulator speed, as JSON: ``python bench/three_card.py [--quick]``.

* the vectorised simulator (``simulate_hands``): hands per second, best of a few seeded runs, per
  second of this process's CPU time and of wall time;
* the analyser: seconds for each table, as ``analyze`` measures them (the lookup tables built once
  first and timed on their own), and the whole ``python -m engine analyze three-card`` in-process.
"""

from __future__ import annotations

import sys
from pathlib import Path

_BENCH = Path(__file__).resolve().parent
_ROOT = _BENCH.parent
# `python bench/three_card.py` puts bench/ first on sys.path; the repository must come first.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _BENCH]
sys.path.insert(0, str(_ROOT))

import argparse  # noqa: E402
import json  # noqa: E402
import platform  # noqa: E402
import time  # noqa: E402
from typing import Any  # noqa: E402

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


def analyser(strategy: str) -> dict[str, Any]:
    from engine.games.three_card.analysis import analyze
    from engine.games.three_card.analysis_sim import lookups
    from engine.games.three_card.analysis_tables import hand_tables
    from engine.games.three_card.config import DEFAULT_PAYTABLE

    start = time.perf_counter()
    hand_tables()
    lookups()
    tables_seconds = time.perf_counter() - start
    start = time.perf_counter()
    result = analyze(DEFAULT_PAYTABLE, strategy)
    total = time.perf_counter() - start
    return {
        "strategy": strategy,
        "lookup_tables_seconds": round(tables_seconds, 3),
        "seconds_per_table": {name: round(seconds, 3) for name, seconds in result.seconds.items()},
        "analysis_seconds": round(total, 3),
        "ante_return": round(result.ante_return, 6),
        "ante_return_se": round(result.ante_return_se, 6),
        "goal": {
            "goal_seconds": GOAL_ANALYSIS_SECONDS,
            "met": tables_seconds + total < GOAL_ANALYSIS_SECONDS,
        },
    }


def run(hands: int, repeats: int) -> dict[str, Any]:
    start = time.perf_counter()
    result: dict[str, Any] = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "processes": 1,
        # The analyser first, so that building the lookup tables is timed on its own.
        "analyser": analyser("seed"),
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
