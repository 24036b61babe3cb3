"""Refactors keep the seeded results: every game of the recorded corpus plays again exactly as recorded.

The corpus (tests/engine/corpus/) holds seeded games of every registered game, player count, variant
and golf mode with their bots. Played again, each must make the same moves, end with the same
outcome, and show every seat and spectator the same views and choices along the way.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.core import registered_games, replay
from tests.engine.corpus.record import CORPUS, TABLES, corpus_entries, play_recorded

RECORDED: list[dict[str, Any]] = json.loads(CORPUS.read_text())["games"]


def _id(game: dict[str, Any]) -> str:
    return f"{game['game']}-{json.dumps(game['config'], sort_keys=True)}-seed{game['seed']}"


def test_the_corpus_is_the_one_the_recorder_describes() -> None:
    assert [(g["game"], g["config"], g["seed"], tuple(g["bots"])) for g in RECORDED] == corpus_entries()


def test_the_corpus_covers_every_registered_game_and_golf_mode() -> None:
    from engine.games.golf.config import MODES

    assert {game.id for game in registered_games()} <= {game_id for game_id, _, _ in TABLES}
    golf_modes = {config.get("mode", "standard") for game_id, config, _ in TABLES if game_id == "golf"}
    assert golf_modes == set(MODES)


@pytest.mark.parametrize("recorded", RECORDED, ids=_id)
def test_a_recorded_game_plays_again_identically(recorded: dict[str, Any]) -> None:
    now = play_recorded(recorded["game"], recorded["config"], recorded["seed"], tuple(recorded["bots"]))
    assert now["actions"] == recorded["actions"]
    assert now["outcome"] == recorded["outcome"]
    assert now["views_sha256"] == recorded["views_sha256"], "a player would see something else"


@pytest.mark.parametrize("recorded", RECORDED, ids=_id)
def test_a_recorded_history_replays_to_its_outcome(recorded: dict[str, Any]) -> None:
    state = replay(recorded["game"], recorded["config"], recorded["seed"], recorded["actions"])
    assert state.is_over
    assert state.outcome().to_json() == recorded["outcome"]
