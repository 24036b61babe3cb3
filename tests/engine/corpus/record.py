"""The recorded corpus: seeded games of every registered game and mode, as they played when recorded.

A refactor of the engine must not change what anybody sees, so each game is stored with its move
history, its outcome and one digest of everything a player could see along the way (every seat's
and a spectator's observation, the legal actions of the seats to act, and their words, after every
move). ``tests/engine/test_recorded_corpus.py`` plays each game again with the same bots and seed
and compares all three.

Record again only when a change of the rules is meant (and say so in the commit):
``python -m tests.engine.corpus.record``.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from engine.bots import make_bot
from engine.core import JSON, State, get_game
from engine.play import play_game

CORPUS = Path(__file__).with_name("games.json")
SEEDS = (1, 2, 3, 20261124)

# (game, config, bots per seat): each game's player counts and variants, and every golf mode.
TABLES: tuple[tuple[str, JSON, tuple[str, ...]], ...] = (
    ("mulligan", {"players": 2}, ("heuristic", "random")),
    ("mulligan", {"players": 3}, ("random", "heuristic", "random")),
    ("mulligan", {"players": 4}, ("heuristic", "random", "heuristic", "random")),
    ("mulligan", {"players": 3, "secret_offers": True}, ("random", "random", "heuristic")),
    ("mulligan", {"players": 3, "high_risk": True}, ("heuristic", "random", "random")),
    ("mulligan", {"players": 2, "open_hands": True}, ("random", "heuristic")),
    ("mulligan", {"players": 4, "chips": 20}, ("random", "heuristic", "random", "heuristic")),
    ("mulligan", {"players": 3, "end_on_skip_round": False, "max_turns": 40}, ("random",) * 3),
    ("three_card", {"players": 1, "hands": 6}, ("strategy",)),
    ("three_card", {"players": 3, "hands": 5}, ("strategy", "random", "strategy")),
    ("three_card", {"players": 2, "hands": 4, "pair_plus": False}, ("random", "strategy")),
    ("opening_hand", {"players": 2}, ("curve", "random")),
    ("opening_hand", {"players": 2, "rule": "paris"}, ("curve", "curve")),
    ("opening_hand", {"players": 2, "rule": "vancouver"}, ("random", "curve")),
    ("opening_hand", {"players": 3, "rule": "commander_partial_paris"}, ("curve", "random", "curve")),
    ("opening_hand", {"players": 2, "rule": "original_1994", "serum_powder": 2}, ("curve", "curve")),
    ("opening_hand", {"players": 4, "rule": "london"}, ("curve", "random", "random", "curve")),
    ("golf", {"players": 2, "holes": 3}, ("heuristic", "random")),
    ("golf", {"players": 4, "holes": 2}, ("random", "heuristic", "random", "heuristic")),
    ("golf", {"players": 3, "holes": 2, "mode": "heavy_bag"}, ("heuristic", "random", "random")),
    ("golf", {"players": 2, "holes": 2, "mode": "handicap"}, ("heuristic", "random")),
    ("golf", {"players": 2, "holes": 2, "mode": "against_the_course"}, ("random", "heuristic")),
    ("golf", {"players": 3, "holes": 2, "mode": "wolf"}, ("heuristic", "random", "random")),
    ("golf", {"players": 4, "holes": 2, "mode": "best_ball"}, ("random", "heuristic", "random", "random")),
    ("golf", {"players": 3, "holes": 2, "mode": "interesting"}, ("heuristic", "random", "random")),
)


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def views_digest_update(digest: Any, game_id: str, state: State) -> None:
    """Feed everything a player or spectator sees of ``state`` into ``digest``."""
    game = get_game(game_id)
    seats: list[int | None] = [*range(state.num_players), None]
    digest.update(_canonical([state.observe(seat) for seat in seats]).encode())
    acting = state.to_act()
    legal = {seat: state.legal_actions(seat) for seat in acting}
    words = {seat: [game.describe_action(action) for action in actions] for seat, actions in legal.items()}
    digest.update(_canonical([acting, legal, words]).encode())


def play_recorded(game_id: str, config: JSON, seed: int, bot_names: tuple[str, ...]) -> JSON:
    """One game of the corpus, played now: its history, outcome and the digest of its views."""
    digest = hashlib.sha256()
    game = get_game(game_id)
    views_digest_update(digest, game_id, game.new_state(game.normalize_config(config), seed))
    record = play_game(
        game_id,
        config,
        seed,
        [make_bot(game_id, name) for name in bot_names],
        on_move=lambda seat, action, state: views_digest_update(digest, game_id, state),
    )
    return {
        "game": game_id,
        "config": config,
        "seed": seed,
        "bots": list(bot_names),
        "actions": [[seat, action] for seat, action in record.actions],
        "outcome": None if record.outcome is None else record.outcome.to_json(),
        "views_sha256": digest.hexdigest(),
    }


def corpus_entries() -> list[tuple[str, JSON, int, tuple[str, ...]]]:
    return [(game_id, config, seed, bots) for game_id, config, bots in TABLES for seed in SEEDS]


def main() -> None:
    games = [play_recorded(*entry) for entry in corpus_entries()]
    CORPUS.write_text(json.dumps({"games": games}, separators=(",", ":")) + "\n")
    moves = sum(len(game["actions"]) for game in games)
    print(f"recorded {len(games)} games, {moves} moves, in {CORPUS}")


if __name__ == "__main__":
    main()
