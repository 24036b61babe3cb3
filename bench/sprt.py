"""Version tests' SPRT, as JSON lines: ``python bench/sprt.py [--streams N] [--seed S]``.

- ``sprt_pairing_saving``: the same simulated games read as pairs on one deal (pentanomial) and as
  single games (trinomial), each view stopping when its own SPRT decides (logistic bounds
  [0, 20], alpha = beta = 0.05), for games where the deal decides 0 %, 30 % and 60 % of results.
  Prints the mean games each view needed and the ratio paired / unpaired (below 1: pairing saves).
- ``sprt_error_rates``: simulated tests at elo0 and at elo1 (normalized bounds [0, 10]), with the
  share that ended the wrong way beside the stated alpha and beta.
- ``sprt_evaluate``: the cost of one LLR evaluation (what the service does after every pair).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from games.ratings.sprt import Bounds, Decision, Model, evaluate_pentanomial
from games.ratings.sprt_simulation import (
    compare_on_one_stream,
    error_rate,
    luck_model,
    mean_games,
)


def pairing_saving(streams: int, seed: int) -> dict[str, object]:
    bounds = Bounds(0.0, 20.0, model=Model.LOGISTIC)
    rows = []
    for decided_by_deal in (0.0, 0.3, 0.6):
        # The same edge in play on the undecided deals: about 10 logistic Elo per game overall.
        edge = 0.0144 / (1.0 - decided_by_deal)
        rng = random.Random(seed)
        comparisons = [
            compare_on_one_stream(bounds, luck_model(decided_by_deal, edge), rng, 200_000)
            for _ in range(streams)
        ]
        paired, unpaired = mean_games(comparisons)
        rows.append(
            {
                "decided_by_deal": decided_by_deal,
                "paired_games": round(paired),
                "unpaired_games": round(unpaired),
                "ratio": round(paired / unpaired, 3),
            }
        )
        print(f"deal decides {decided_by_deal:.0%}: done", file=sys.stderr)
    return {"bench": "sprt_pairing_saving", "streams": streams, "bounds": "logistic [0, 20]", "rows": rows}


def error_rates(runs: int, seed: int) -> dict[str, object]:
    bounds = Bounds(0.0, 10.0)
    false_accepts, at_elo0 = error_rate(bounds, 0.0, Decision.ACCEPTED, runs, seed)
    false_rejects, at_elo1 = error_rate(bounds, 10.0, Decision.REJECTED, runs, seed + 1)
    return {
        "bench": "sprt_error_rates",
        "bounds": "normalized [0, 10]",
        "runs": runs,
        "false_accept_rate": false_accepts / runs,
        "alpha": bounds.alpha,
        "false_reject_rate": false_rejects / runs,
        "beta": bounds.beta,
        "mean_pairs_at_elo0": round(at_elo0),
        "mean_pairs_at_elo1": round(at_elo1),
    }


def evaluate_cost() -> dict[str, object]:
    bounds = Bounds(0.0, 2.0)
    counts = [398, 4112, 7672, 4336, 430]
    repeats = 2000
    start = time.process_time()
    for index in range(repeats):
        counts[index % 5] += 1
        evaluate_pentanomial(counts, bounds)
    per_call = (time.process_time() - start) / repeats
    return {"bench": "sprt_evaluate", "microseconds": round(per_call * 1e6, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--streams", type=int, default=100, help="simulated streams per luck level")
    parser.add_argument("--runs", type=int, default=400, help="simulated tests per error rate")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    print(json.dumps(evaluate_cost()), flush=True)
    print(json.dumps(pairing_saving(args.streams, args.seed)), flush=True)
    print(json.dumps(error_rates(args.runs, args.seed)), flush=True)


if __name__ == "__main__":
    main()
