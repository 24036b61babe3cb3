"""Many seeded games between bots with seats fixed, summed up as JSON; and that summary as text.

Shared by ``simulate`` and ``bench/engine_speed.py``.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections import Counter
from pathlib import Path

from tqdm import tqdm

from engine.bots import make_bot
from engine.cli.common import percent, wilson_interval
from engine.cli.configs import Table
from engine.core import JSON, Game, State
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
            # Games that count turns show the count to everyone; the others have no "turn".
            turn = last[0].observe(None).get("turn") if last else None
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
    seats = result["seats"]
    # Mean scores are worth a column only where they say more than who won (playing for chips, ...).
    scores = any(seat["mean_score"] != round(seat["win_rate"], 4) for seat in seats)
    header = f"{'seat':<5}{'bot':<12}{'wins':>7}{'win rate':>10}  {'95% interval':<17}"
    rows = []
    for seat in seats:
        low, high = seat["ci95"]
        interval = f"[{percent(low)}, {percent(high)}]"
        rows.append(
            f"{seat['seat']:<5}{seat['bot']:<12}{seat['wins']:>7}{percent(seat['win_rate']):>10}  {interval:<17}"
            + (f"{seat['mean_score']:>11.2f}" if scores else "")
        )
    lines = [
        f"{result['game']}: {result['games']} games, {result['players']} players, seed {result['seed']}",
        f"config: {json.dumps(result['config'])}",
        "",
        header + (f"{'mean score':>11}" if scores else ""),
        *rows,
        f"(an even chance is {percent(1 / result['players'])} per seat)",
        "",
    ]
    length = f"mean game length: {result['mean_actions']:.1f} actions"
    if result["mean_turns"] is not None:
        length += f", {result['mean_turns']:.1f} turns"
    lines.append(length)
    if result["end_reasons"]:
        reasons = ", ".join(f"{reason} {count}" for reason, count in result["end_reasons"].items())
        lines.append(f"end reasons: {reasons}")
    timing = result["timing"]
    if timing["games_per_s"] is not None:
        lines.append(
            f"speed: {timing['games_per_s']:,.0f} games/s, {timing['actions_per_s']:,} actions/s "
            f"({timing['seconds']:.2f} s, one process)"
        )
    return "\n".join(line.rstrip() for line in lines)
