"""Swiss pairing and MTR standings at scale, as JSON: ``python bench/scheduling.py [--repeat N]``.

For 1,000 and 10,000 entrants: simulate five Swiss rounds with seeded random results (45% first
player wins, 45% second, 10% drawn; game scores 2-0 / 2-1 / 1-1), then time pairing round 6
(:func:`games.scheduling.swiss.pair_round`, from the raw results, standings included) and the
final standings with every tiebreaker (:func:`games.scheduling.tiebreaks.compute_standings`).
Reports the best and median of ``--repeat`` runs, the round-6 rematches (must be 0), and whether
each time meets the goal (< 1 s for 10,000 entrants). Also times a multi-seat round
(:func:`games.scheduling.swiss_tables.seat_round`) for 1,000 players at 4-seat tables.

``--check-optimal`` also solves round 6 of the 1,000-player field on the complete graph (exact,
takes several seconds) and reports whether the block solution's cost equals the optimum.

Not a test: timings vary with the machine and its load, so nothing here asserts on them.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any, TypeVar

from games.scheduling.swiss import Entrant, MatchResult, pair_context, pair_round, round_context
from games.scheduling.swiss_tables import TableResult, seat_round
from games.scheduling.tiebreaks import PlayerId, compute_standings

GOAL_SECONDS = 1.0
ROUNDS_BEFORE = 5
T = TypeVar("T")


def random_result(rng: random.Random, a: PlayerId, b: PlayerId) -> MatchResult:
    roll = rng.random()
    if roll < 0.45:
        return MatchResult(a, b, 2, rng.randint(0, 1))
    if roll < 0.90:
        return MatchResult(a, b, rng.randint(0, 1), 2)
    return MatchResult(a, b, 1, 1)


def simulate(
    entrants: list[Entrant], rounds: int, seed: int
) -> tuple[list[MatchResult], list[PlayerId], int]:
    """Play ``rounds`` Swiss rounds with random results; returns results and rematches seen."""
    rng = random.Random(seed)
    matches: list[MatchResult] = []
    byes: list[PlayerId] = []
    rematches = 0
    for round_number in range(rounds):
        pairing = pair_round(entrants, matches, byes, seed=f"{seed}:{round_number}")
        rematches += pairing.rematches
        matches += [random_result(rng, a, b) for a, b in pairing.pairs]
        byes += [pairing.bye] if pairing.bye is not None else []
    return matches, byes, rematches


def timed(repeat: int, call: Callable[[], T]) -> tuple[dict[str, float], T]:
    """Best and median wall time of ``repeat`` calls, and the median CPU time of this process
    (which other load on a shared machine disturbs less than the wall clock)."""
    wall, cpu, result = [], [], None
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        result = call()
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    assert result is not None
    return {
        "best": round(min(wall), 4),
        "median": round(statistics.median(wall), 4),
        "median_cpu": round(statistics.median(cpu), 4),
    }, result


def bench_field(size: int, repeat: int, seed: int, check_optimal: bool) -> dict[str, Any]:
    rng = random.Random(seed)
    entrants = [Entrant(k, rating=rng.gauss(1500, 200)) for k in range(size)]
    start = time.perf_counter()
    matches, byes, earlier_rematches = simulate(entrants, ROUNDS_BEFORE, seed)
    simulate_seconds = time.perf_counter() - start
    pairing_time, pairing = timed(repeat, lambda: pair_round(entrants, matches, byes, seed=f"{seed}:6"))
    ids = [e.id for e in entrants]
    standings_time, standings = timed(repeat, lambda: compute_standings(ids, matches, byes))
    report: dict[str, Any] = {
        "entrants": size,
        "rounds_simulated": ROUNDS_BEFORE,
        "simulate_seconds": round(simulate_seconds, 3),
        "rematches_in_simulated_rounds": earlier_rematches,
        "round_6_pairing_seconds": pairing_time,
        "round_6_rematches": pairing.rematches,
        "round_6_pair_downs": pairing.pair_downs,
        "round_6_cost": pairing.cost._asdict(),
        "standings_seconds": standings_time,
        "leader": standings[0].as_dict() | {"opponents": len(standings[0].opponents)},
        "goal_seconds": GOAL_SECONDS,
        "meets_goal": pairing_time["median"] < GOAL_SECONDS and standings_time["median"] < GOAL_SECONDS,
    }
    if check_optimal:
        context = round_context(entrants, matches, byes, seed=f"{seed}:6")
        start = time.perf_counter()
        exact = pair_context(context, exact_size=size)
        report["exact_seconds"] = round(time.perf_counter() - start, 3)
        report["exact_cost"] = exact.cost._asdict()
        report["blocks_are_optimal"] = exact.cost == pairing.cost
    return report


def bench_tables(size: int, repeat: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    entrants = list(range(size))
    results: list[TableResult] = []
    byes: list[PlayerId] = []
    for round_number in range(ROUNDS_BEFORE):
        round_ = seat_round(entrants, results, byes, seed=round_number)
        results += [TableResult(tuple(rng.sample(t, len(t)))) for t in round_.tables]
        byes += round_.byes
    seat_time, round_ = timed(repeat, lambda: seat_round(entrants, results, byes, seed=ROUNDS_BEFORE))
    return {
        "entrants": size,
        "table_size": 4,
        "rounds_simulated": ROUNDS_BEFORE,
        "round_6_seating_seconds": seat_time,
        "round_6_repeated_pairs": round_.repeated_pairs,
        "round_6_point_spread": round_.point_spread,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--check-optimal", action="store_true")
    args = parser.parse_args(argv)
    report = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "swiss": [
            bench_field(size, args.repeat, args.seed, args.check_optimal and size <= 1000)
            for size in (1000, 10_000)
        ],
        "tables": bench_tables(1000, args.repeat, args.seed),
    }
    json.dump(report, sys.stdout, indent=2)
    print()


if __name__ == "__main__":
    main()
