"""``simulate``: many seeded games between bots, with win rates per (fixed) seat."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from tqdm import tqdm

from engine.bots import make_bot
from engine.cli.common import FAILURE, CommandError, percent, wilson_interval
from engine.cli.configs import VARIANT_HELP, Table, build_table
from engine.core import JSON, EngineError, Game, State, get_game
from engine.play import play_game


def game_seeds(seed: int, games: int) -> list[int]:
    """Game ``i``'s seed: the ``i``-th 63-bit draw of ``random.Random(seed)``."""
    rng = random.Random(seed)
    return [rng.getrandbits(63) for _ in range(games)]


def run_simulation(
    game: Game, table: Table, games: int, seed: int, *, save_dir: Path | None = None, progress: bool = False
) -> JSON:
    """Play ``games`` games with seats fixed; the result is JSON-able and, but for ``timing``, a
    function of its arguments."""
    n = table.players
    bots = [make_bot(game.id, name) for name in table.bots]
    wins, rank_sums, score_sums = [0] * n, [0] * n, [0.0] * n
    reasons: Counter[str] = Counter()
    actions = turns = 0
    turns_known = True
    if save_dir is not None:
        save_dir.mkdir(parents=True, exist_ok=True)
    playing = 0.0
    last: list[State] = []  # the game's state, caught by on_move (play_game returns only the record)

    def keep_state(_seat: int, _action: JSON, state: State) -> None:
        if not last:
            last.append(state)

    with tqdm(total=games, disable=not progress, file=sys.stderr, unit="game", leave=False) as bar:
        for index, game_seed in enumerate(game_seeds(seed, games)):
            last.clear()
            started = time.perf_counter()
            record = play_game(game.id, table.config, game_seed, bots, on_move=keep_state)
            playing += time.perf_counter() - started
            outcome = record.outcome
            assert outcome is not None
            wins[outcome.winner] += 1
            for seat, rank in enumerate(outcome.ranks):
                rank_sums[seat] += rank
                score_sums[seat] += outcome.scores[seat]
            reason = outcome.details.get("reason")
            if reason is not None:
                reasons[str(reason)] += 1
            actions += len(record.actions)
            turn = getattr(last[0], "turn", None) if last else None
            if isinstance(turn, int):
                turns += turn
            else:
                turns_known = False
            if save_dir is not None:
                (save_dir / f"game-{index}.json").write_text(json.dumps(record.to_json()), encoding="utf-8")
            bar.update()
    played = max(games, 1)
    seats: list[JSON] = []
    for seat in range(n):
        low, high = wilson_interval(wins[seat], games)
        seats.append(
            {
                "seat": seat,
                "bot": table.bots[seat],
                "wins": wins[seat],
                "win_rate": round(wins[seat] / played, 6),
                "ci95": [round(low, 6), round(high, 6)],
                "mean_rank": round(rank_sums[seat] / played, 4),
                "mean_score": round(score_sums[seat] / played, 4),
            }
        )
    result: JSON = {
        "game": game.id,
        "config": table.config,
        "players": n,
        "bots": table.bots,
        "games": games,
        "seed": seed,
        "seats": seats,
        "mean_actions": round(actions / played, 3),
        "mean_turns": round(turns / played, 3) if turns_known and games else None,
        "end_reasons": dict(sorted(reasons.items())),
        "timing": {
            "seconds": round(playing, 4),
            "games_per_s": round(games / playing, 1) if playing else None,
            "actions_per_s": round(actions / playing) if playing else None,
        },
    }
    return result


def format_report(result: JSON) -> str:
    chance = 1 / result["players"]
    lines = [
        f"{result['game']}: {result['games']} games, {result['players']} players, seed {result['seed']}",
        f"config: {json.dumps(result['config'])}",
        "",
        f"{'seat':<5}{'bot':<12}{'wins':>7}  {'win rate':>8}  95% interval      (even chance {percent(chance)})",
    ]
    for seat in result["seats"]:
        low, high = seat["ci95"]
        lines.append(
            f"{seat['seat']:<5}{seat['bot']:<12}{seat['wins']:>7}  {percent(seat['win_rate']):>8}  "
            f"[{percent(low)}, {percent(high)}]"
        )
    length = f"mean game length: {result['mean_actions']:.1f} actions"
    if result["mean_turns"] is not None:
        length += f", {result['mean_turns']:.1f} turns"
    lines += ["", length]
    if result["end_reasons"]:
        reasons = ", ".join(f"{reason} {count}" for reason, count in result["end_reasons"].items())
        lines.append(f"end reasons: {reasons}")
    timing = result["timing"]
    if timing["games_per_s"] is not None:
        lines.append(
            f"speed: {timing['games_per_s']:,.0f} games/s, {timing['actions_per_s']:,} actions/s "
            f"({timing['seconds']:.2f} s, one process)"
        )
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    if args.games < 0:
        raise CommandError("--games cannot be negative")
    try:
        game = get_game(args.game)
    except EngineError as exc:
        raise CommandError(str(exc)) from None
    names = [name.strip() for name in args.bots.split(",") if name.strip()]
    table = build_table(
        game, players=args.players, bot_names=names, variants=args.variant, config_text=args.config
    )
    save_dir = Path(args.save_dir) if args.save_dir else None
    try:
        result = run_simulation(
            game, table, args.games, args.seed, save_dir=save_dir, progress=sys.stderr.isatty()
        )
    except OSError as exc:
        raise CommandError(f"cannot save games: {exc}", FAILURE) from None
    except EngineError as exc:
        raise CommandError(f"a game failed: {exc}", FAILURE) from None
    print(json.dumps(result, indent=2) if args.json else format_report(result))
    return 0


def add_parser(commands: Any) -> None:
    variants = "; ".join(f"{game}: {text}" for game, text in VARIANT_HELP.items())
    parser = commands.add_parser(
        "simulate",
        help="play many seeded games between bots and report win rates per seat",
        description="Play GAMES games with fixed seats; game i's seed is the i-th 63-bit draw of "
        "random.Random(SEED), so the same command prints the same results (timing aside).",
    )
    parser.add_argument("game", help="game id (see the 'games' command)")
    parser.add_argument(
        "--players", type=int, help="number of seats (default: one per bot name, or the game's)"
    )
    parser.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the whole run (default 1)")
    parser.add_argument(
        "--bots",
        default="random",
        help="comma-separated bot per seat, or one bot for all seats (default random)",
    )
    parser.add_argument(
        "--variant", action="append", default=[], metavar="NAME[=VALUE]", help=f"optional rule ({variants})"
    )
    parser.add_argument("--config", metavar="JSON", help="game config as a JSON object, or @FILE")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--save-dir", metavar="DIR", help="write each game's record to DIR/game-<i>.json")
    parser.set_defaults(handler=run)
