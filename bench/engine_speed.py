"""Engine throughput against OpenSpiel, and bot strength, as JSON lines: ``python bench/engine_speed.py [--quick] [--out FILE]``.

One JSON object per line, one line per figure:

* random playouts of every registered game, one process, rates per CPU second: the bare engine
  loop (``legal_action_ids``/``apply_id`` for a game that numbers its actions, else
  ``legal_actions``/``apply``; the line's ``api`` says which), the same loop through the public
  dicts, and whole games through ``engine.play.play_game`` with the game's "random" bots; for
  Mulligan also one config per variant;
* the reference, measured in the same process the same way: OpenSpiel's (``pyspiel``, the
  ``bench`` extra) random playouts of hearts and bridge (4-player card games, for Mulligan) and
  blackjack (a seat against the dealer, for Three Card). Each line of a compared figure carries
  ``reference``, ``reference_actions_per_s``, ``ratio``, ``goal`` and ``met``; without pyspiel the
  references are issue 16's published figures, labelled so (``reference_measured: false``);
* the heuristic bot against random bots (4-player Mulligan), seat 0 fixed and rotated;
* the hand evaluator against treys (``bench/hand_eval.py``).
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.bots import make_bot
from engine.cli.common import wilson_interval
from engine.cli.configs import Table
from engine.cli.simulation import game_seeds, run_simulation
from engine.core import JSON, Game, get_game, registered_games
from engine.play import play_game

# Issue 16: random playouts on one core.
GOALS = {"mulligan": 500_000, "three_card": 150_000, "golf": 100_000}
# OpenSpiel has none of our games: Mulligan is held to its 4-player card games, Three Card (a seat
# against the house) to blackjack. Bridge is loaded without the double-dummy solver it otherwise
# runs on every finished deal, which would time the solver rather than the game.
REFERENCES = {"mulligan": ("hearts", "bridge"), "three_card": ("blackjack",)}
OPEN_SPIEL_GAMES = {
    "hearts": "hearts",
    "bridge": "bridge(use_double_dummy_result=false)",
    "blackjack": "blackjack",
}
# Issue 16's table (OpenSpiel on this machine), for a run without pyspiel installed; how it counted
# (chance actions or not) is not recorded, so treat these as rough.
# A reference plays at least this many actions a run (more games than asked where its games are short).
REFERENCE_ACTIONS = 200_000
WARM_UPS = 5
PUBLISHED_REFERENCES = {"hearts": 522_000, "bridge": 508_000, "blackjack": 163_000}


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


def uses_action_ids(game: Game, config: JSON) -> bool:
    return type(game.new_state(config, 0)).has_action_ids


def raw_playouts(
    game: Game, config: JSON, games: int, seed: int = 1, repeats: int = 1, api: str = "ids"
) -> JSON:
    """The bare loop: ``new_state``, then a uniformly random legal action of the first seat to act.

    ``api="ids"`` plays by action ids where the game numbers its actions (the same games: the
    random choice among as many ids picks the same action), ``"dicts"`` by the public dicts.
    """
    seeds = game_seeds(seed, games)
    by_ids = api == "ids" and uses_action_ids(game, config)

    def play() -> int:
        rng = random.Random(seed)
        choice = rng.choice
        actions = 0
        for game_seed in seeds:
            state = game.new_state(config, game_seed)
            if by_ids:
                while not state.is_over:
                    seat = state.to_act()[0]
                    state.apply_id(seat, choice(state.legal_action_ids(seat)))
                    actions += 1
            else:
                while not state.is_over:
                    seat = state.to_act()[0]
                    state.apply(seat, choice(state.legal_actions(seat)))
                    actions += 1
        return actions

    result = _best_of(repeats, games, play)
    result["api"] = "legal_action_ids/apply_id" if by_ids else "legal_actions/apply"
    return result


def bot_playouts(game: Game, config: JSON, games: int, seed: int = 1, repeats: int = 1) -> JSON:
    """The same through ``play_game`` with the game's "random" bot in every seat."""
    players = int(config.get("players", game.min_players))
    bots = [make_bot(game.id, "random") for _ in range(players)]
    seeds = game_seeds(seed, games)

    def play() -> int:
        return sum(len(play_game(game.id, config, game_seed, bots).actions) for game_seed in seeds)

    result = _best_of(repeats, games, play)
    ids = " (the random bot picks an action id)" if uses_action_ids(game, config) else ""
    result["api"] = f"play_game with random bots{ids}"
    return result


def open_spiel_playouts(name: str, games: int, seed: int = 1, repeats: int = 1) -> JSON | None:
    """OpenSpiel's random playouts of ``name`` as our bare loop plays ours; None without pyspiel.

    Every applied action counts, chance outcomes (the deal) among them, as issue 16 counted them;
    ``decisions_per_s`` counts the players' alone. The chance outcomes of these games are uniform
    (checked on the warm-up games), so they are drawn as a seat's action is, by ``rng.choice``.
    """
    try:
        import pyspiel  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return None
    game = pyspiel.load_game(OPEN_SPIEL_GAMES[name])
    uniform = True
    rng = random.Random(seed)
    warm_up_actions = 0
    for _ in range(WARM_UPS):  # untimed: is every chance node uniform, and how long is a game?
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                probabilities = [p for _, p in state.chance_outcomes()]
                uniform = uniform and max(probabilities) - min(probabilities) < 1e-12
            state.apply_action(rng.choice(state.legal_actions()))
            warm_up_actions += 1
    # A short game (blackjack: 7 actions) would otherwise be timed over a few milliseconds.
    games = max(games, math.ceil(REFERENCE_ACTIONS * WARM_UPS / max(1, warm_up_actions)))
    decisions = 0

    def play() -> int:
        nonlocal decisions
        rng = random.Random(seed)
        choice, choices = rng.choice, rng.choices
        actions = decisions = 0
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                if not state.is_chance_node():
                    decisions += 1
                    state.apply_action(choice(state.legal_actions()))
                elif uniform:
                    state.apply_action(choice(state.legal_actions()))
                else:
                    outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(choices(outcomes, weights)[0])
                actions += 1
        return actions

    result = _best_of(repeats, games, play)
    result.update(
        {
            "game": OPEN_SPIEL_GAMES[name],
            "open_spiel": _open_spiel_version(),
            # From the unrounded rate: cpu_seconds are rounded to the millisecond for reading.
            "decisions_per_s": round(result["actions_per_s"] * decisions / max(1, result["actions"])),
            "chance": "uniform, by rng.choice" if uniform else "by rng.choices on the outcomes' weights",
        }
    )
    return result


def _open_spiel_version() -> str | None:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("open_spiel")
    except PackageNotFoundError:
        return None


def references(games: int, repeats: int) -> dict[str, JSON]:
    """Each reference game's figure: measured now, or the published one when pyspiel is missing."""
    measured: dict[str, JSON] = {}
    for name in OPEN_SPIEL_GAMES:
        figure = open_spiel_playouts(name, games, repeats=repeats)
        if figure is None:
            figure = {
                "decisions_per_s": PUBLISHED_REFERENCES[name],
                "source": "issue 16's published figure: pyspiel is not installed (pip install '.[bench]')",
            }
        figure["measured"] = "source" not in figure
        measured[name] = figure
    return measured


def compared(
    figure: JSON, game_id: str, default_config: bool, goal: bool, refs: dict[str, JSON]
) -> list[JSON]:
    """``figure`` once per reference of its game (or once, bare), with the ratio and the goal.

    The ratio is of decisions: the players' actions per second, the deal's time included but not
    counted, as our games deal inside ``new_state`` where OpenSpiel's deal card by card as chance
    actions (``reference_all_actions_per_s`` counts those too)."""
    lines = []
    for name in (REFERENCES.get(game_id, ()) if default_config else ()) or (None,):
        line = dict(figure)
        if name is not None:
            ref = refs[name]
            line["reference"] = f"open_spiel {OPEN_SPIEL_GAMES[name]} random playouts"
            line["reference_actions_per_s"] = ref["decisions_per_s"]
            line["reference_all_actions_per_s"] = ref.get("actions_per_s")
            line["reference_measured"] = ref["measured"]
            line["ratio"] = round(figure["actions_per_s"] / ref["decisions_per_s"], 3)
        else:
            line.update(reference=None, reference_actions_per_s=None, ratio=None)
        target = GOALS.get(game_id) if goal else None
        line["goal"] = None if target is None else {"actions_per_s": target}
        line["met"] = None if target is None else figure["actions_per_s"] >= target
        lines.append(line)
    return lines


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


def bench_configs(game: Game) -> dict[str, JSON]:
    """The default config, and for Mulligan one config per variant (4 players each)."""
    configs = {"default": game.normalize_config({})}
    if game.id == "mulligan":
        from engine.games.mulligan.config import VARIANTS, config_from_variants

        for variant in VARIANTS:
            configs[variant] = game.normalize_config(config_from_variants(4, [variant]))
    return configs


def playouts(loop: str, game: Game, config: JSON, games: int, seed: int, repeats: int) -> JSON:
    if loop == "play_game":
        return bot_playouts(game, config, games, seed, repeats)
    return raw_playouts(game, config, games, seed, repeats, "dicts" if loop == "raw_loop_dicts" else "ids")


def playout_figures(games: int, repeats: int, refs: dict[str, JSON]) -> list[JSON]:
    lines: list[JSON] = []
    for game in registered_games():
        for name, config in bench_configs(game).items():
            loops = ["raw_loop", "play_game"]
            if uses_action_ids(game, config):
                loops.insert(1, "raw_loop_dicts")  # the public road: legal_actions() and apply(dict)
            for loop in loops:
                playouts(loop, game, config, 3, 99, 1)  # warm-up, untimed
                figure: JSON = {"figure": f"{game.id}/{name}/{loop}", "game": game.id, "config": config}
                figure.update(playouts(loop, game, config, games, 1, repeats))
                # The goals are the default game's (the issue's), on the bare engine loop.
                default = name == "default"
                lines += compared(figure, game.id, default, default and loop == "raw_loop", refs)
    return lines


def run(games: int, winrate_games: int, hands: int, repeats: int) -> list[JSON]:
    start = time.perf_counter()
    machine = {"python": platform.python_version(), "machine": platform.machine(), "processes": 1}
    refs = references(games, repeats)
    lines: list[JSON] = [
        {"figure": f"open_spiel/{name}", **machine, **figure} for name, figure in refs.items()
    ]
    lines += [{**line, **machine} for line in playout_figures(games, repeats, refs)]
    lines.append({"figure": "heuristic_vs_random", **heuristic_vs_random(winrate_games)})
    lines.append({"figure": "hand_evaluator", **hand_evaluator(hands)})
    lines.append(
        {
            "figure": "settings",
            "games": games,
            "repeats": repeats,
            "winrate_games": winrate_games,
            "evaluator_hands": hands,
            "seconds_total": round(time.perf_counter() - start, 1),
        }
    )
    return lines


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
    parser.add_argument("--out", metavar="FILE", help="also write the JSON lines to FILE")
    args = parser.parse_args(argv)
    games = args.games or (100 if args.quick else 600)
    repeats = args.repeats or (1 if args.quick else 3)
    winrate_games = args.winrate_games or (200 if args.quick else 2000)
    hands = 20_000 if args.quick else 200_000
    text = "\n".join(json.dumps(line) for line in run(games, winrate_games, hands, repeats))
    print(text)
    if args.out:
        Path(args.out).write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
