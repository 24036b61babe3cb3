"""Engine throughput and bot strength, as JSON: ``python bench/engine.py [--quick] [--out FILE]``.

* random playouts of every registered game, one process: the bare engine loop and the same games
  through ``engine.play.play_game`` with the game's "random" bots; for Mulligan also one config
  per variant;
* the heuristic bot against random bots (4-player Mulligan), seat 0 fixed and rotated;
* the hand evaluator against treys (``bench/hand_eval.py``).
"""

from __future__ import annotations

import sys
from pathlib import Path

_BENCH = Path(__file__).resolve().parent
_ROOT = _BENCH.parent


def _fix_sys_path() -> None:
    # `python bench/engine.py` puts bench/ first on sys.path, where this very file would stand in
    # for the `engine` package; put the repository first and bench/ last (for hand_eval).
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _BENCH]
    if str(_ROOT) not in sys.path:
        sys.path.insert(0, str(_ROOT))
    sys.path.append(str(_BENCH))


_fix_sys_path()

import argparse  # noqa: E402
import json  # noqa: E402
import platform  # noqa: E402
import random  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from typing import Any  # noqa: E402

from engine.bots import make_bot  # noqa: E402
from engine.cli.common import wilson_interval  # noqa: E402
from engine.cli.configs import Table  # noqa: E402
from engine.cli.simulation import game_seeds, run_simulation  # noqa: E402
from engine.core import JSON, Game, get_game, registered_games  # noqa: E402
from engine.play import play_game  # noqa: E402

GOAL_ACTIONS_PER_S = 100_000
# Issue 16: "golf >= 100k" actions/s, random playouts, one core.
GOLF_GOAL_ACTIONS_PER_S = 100_000


def _best_of(repeats: int, games: int, play: Callable[[], int]) -> JSON:
    """Rates of the fastest of ``repeats`` identical runs (``play`` returns the actions played).

    The runs are the same seeded games, so the fastest is the one least disturbed by whatever
    else the machine was doing, as with ``timeit``. Rates are per second of this process's CPU
    time ("on one core"), which other work on a shared machine disturbs far less than wall time;
    the wall times are reported beside them.
    """
    times: list[float] = []
    walls: list[float] = []
    actions = 0
    for _ in range(max(1, repeats)):
        wall, start = time.perf_counter(), time.process_time()
        actions = play()
        times.append(time.process_time() - start)
        walls.append(time.perf_counter() - wall)
    best = min(times)
    return {
        "games": games,
        "actions": actions,
        "mean_actions": round(actions / games, 2),
        "repeats": len(times),
        "cpu_seconds": [round(t, 3) for t in times],
        "wall_seconds": [round(t, 3) for t in walls],
        "games_per_s": round(games / best, 1),
        "actions_per_s": round(actions / best),
    }


def raw_playouts(game: Game, config: JSON, games: int, seed: int = 1, repeats: int = 1) -> JSON:
    """The bare loop: ``new_state``, then a uniformly random legal action of the first seat to act."""
    seeds = game_seeds(seed, games)

    def play() -> int:
        rng = random.Random(seed)
        actions = 0
        for game_seed in seeds:
            state = game.new_state(config, game_seed)
            while not state.is_over:
                seat = state.to_act()[0]
                state.apply(seat, rng.choice(state.legal_actions(seat)))
                actions += 1
        return actions

    return _best_of(repeats, games, play)


def bot_playouts(game: Game, config: JSON, games: int, seed: int = 1, repeats: int = 1) -> JSON:
    """The same through ``play_game`` with the game's "random" bot in every seat."""
    players = int(config.get("players", game.min_players))
    bots = [make_bot(game.id, "random") for _ in range(players)]
    seeds = game_seeds(seed, games)

    def play() -> int:
        return sum(len(play_game(game.id, config, game_seed, bots).actions) for game_seed in seeds)

    return _best_of(repeats, games, play)


def bench_configs(game: Game) -> dict[str, JSON]:
    """The default config, and for Mulligan one config per variant (4 players each)."""
    configs = {"default": game.normalize_config({})}
    if game.id == "mulligan":
        from engine.games.mulligan.config import VARIANTS, config_from_variants

        for variant in VARIANTS:
            configs[variant] = game.normalize_config(config_from_variants(4, [variant]))
    return configs


def random_playouts(games: int, repeats: int, only: str | None = None) -> JSON:
    result: JSON = {}
    for game in registered_games():
        if only is not None and game.id != only:
            continue
        per_config: JSON = {}
        for name, config in bench_configs(game).items():
            raw_playouts(game, config, 3, seed=99)  # warm-ups, untimed
            bot_playouts(game, config, 3, seed=99)
            entry: JSON = {"config": config}
            entry["raw_loop"] = raw_playouts(game, config, games, repeats=repeats)
            entry["play_game"] = bot_playouts(game, config, games, repeats=repeats)
            goal = {"mulligan": GOAL_ACTIONS_PER_S, "golf": GOLF_GOAL_ACTIONS_PER_S}.get(game.id)
            if goal is not None:
                for mode in ("raw_loop", "play_game"):
                    measured = entry[mode]["actions_per_s"]
                    entry[mode]["goal"] = {
                        "goal_actions_per_s": goal,
                        "ratio": round(measured / goal, 3),
                        "met": measured >= goal,
                    }
            per_config[name] = entry
        result[game.id] = per_config
    return result


def _interval(wins: int, games: int) -> JSON:
    low, high = wilson_interval(wins, games)
    return {
        "wins": wins,
        "games": games,
        "win_rate": round(wins / games, 4),
        "ci95": [round(low, 4), round(high, 4)],
    }


def heuristic_vs_random(games: int, seed: int = 1, players: int = 4) -> JSON:
    """The heuristic bot's win rate against random bots: at seat 0, then rotated through every seat."""
    game = get_game("mulligan")
    config = game.normalize_config({"players": players})
    start = time.perf_counter()
    fixed = run_simulation(game, Table(config, ["heuristic"] + ["random"] * (players - 1)), games, seed)
    seat0 = _interval(fixed["seats"][0]["wins"], games)
    heuristic, random_bot = make_bot("mulligan", "heuristic"), make_bot("mulligan", "random")
    wins = 0
    for index, game_seed in enumerate(game_seeds(seed + 1, games)):
        seat = index % players
        bots = [heuristic if s == seat else random_bot for s in range(players)]
        outcome = play_game("mulligan", config, game_seed, bots).outcome
        assert outcome is not None
        wins += outcome.winner == seat
    return {
        "players": players,
        "even_chance": round(1 / players, 4),
        "heuristic_at_seat_0": seat0,
        "heuristic_rotated_through_seats": _interval(wins, games),
        "seconds": round(time.perf_counter() - start, 2),
    }


def hand_evaluator(hands: int) -> JSON:
    from hand_eval import benchmark_hand_evaluators

    result: dict[str, Any] = benchmark_hand_evaluators(n=hands, seed=1)
    ratio = result.get("ratio")
    result["goal"] = {
        "goal": "mulligan hand_key hands/s >= treys",
        "met": None if ratio is None else ratio >= 1,
    }
    return result


def run(games: int, winrate_games: int, hands: int, repeats: int, only: str | None = None) -> JSON:
    start = time.perf_counter()
    result: JSON = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "processes": 1,
        "settings": {
            "games": games,
            "repeats": repeats,
            "winrate_games": winrate_games,
            "evaluator_hands": hands,
        },
        "random_playouts": random_playouts(games, repeats, only),
    }
    if only is None:
        result["heuristic_vs_random"] = heuristic_vs_random(winrate_games)
        result["hand_evaluator"] = hand_evaluator(hands)
    result["seconds_total"] = round(time.perf_counter() - start, 1)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--games", type=int, help="random playouts per config and loop (default 600, quick 100)"
    )
    parser.add_argument(
        "--repeats", type=int, help="timed runs of those games; the fastest counts (default 3, quick 1)"
    )
    parser.add_argument(
        "--winrate-games", type=int, help="heuristic-vs-random games (default 2000, quick 200)"
    )
    parser.add_argument("--quick", action="store_true", help="small counts: a smoke run of a few seconds")
    parser.add_argument("--out", metavar="FILE", help="also write the JSON to FILE")
    parser.add_argument(
        "--game", metavar="ID", help="only this game's random playouts (no win rates, no hand evaluator)"
    )
    args = parser.parse_args(argv)
    games = args.games or (100 if args.quick else 600)
    repeats = args.repeats or (1 if args.quick else 3)
    winrate_games = args.winrate_games or (200 if args.quick else 2000)
    hands = 20_000 if args.quick else 200_000
    text = json.dumps(run(games, winrate_games, hands, repeats, args.game), indent=2)
    print(text)
    if args.out:
        Path(args.out).write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
