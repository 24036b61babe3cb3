"""``Game.describe_action``: the words on buttons and in move lists, for every registered game."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import get_game, registered_games
from engine.core import Game

GAMES = [game.id for game in registered_games()]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_legal_action_gets_its_own_one_line_description(game_id: str) -> None:
    game = get_game(game_id)
    rng = random.Random(5)
    state = game.new_state(
        {"players": game.min_players + 1} if game.max_players > game.min_players else {}, 11
    )
    steps = 0
    while not state.is_over and steps < 300:
        for seat in state.to_act():
            legal = state.legal_actions(seat)
            labels = [game.describe_action(action) for action in legal]
            assert all(label and "\n" not in label for label in labels)
            # Two buttons with the same words would be two different moves a person cannot tell apart.
            assert len(set(labels)) == len(labels), labels
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        steps += 1


@pytest.mark.parametrize(
    ("action", "words"),
    [
        ({"type": "skip"}, "Skip"),
        ({"type": "fold"}, "Fold"),
        ({"type": "mulligan"}, "Mulligan"),
        ({"type": "auction", "card": "3h"}, "Auction 3h"),
        ({"type": "auction", "card": "Qc", "chips": 2}, "Auction Qc with 2 chips"),
        ({"type": "offer", "card": "Jd"}, "Offer Jd"),
        ({"type": "offer", "card": "Jd", "chips": 1}, "Offer Jd with 1 chip"),
        ({"type": "offer", "card": "Jd", "chips": 0}, "Offer Jd"),
        ({"type": "offer"}, "Offer (face down)"),
        ({"type": "swap", "seat": 2}, "Swap with seat 2"),
        ({"type": "say", "text": "a heart for that?"}, "Say: a heart for that?"),
    ],
)
def test_mulligan_describes_each_action_type(action: dict[str, Any], words: str) -> None:
    assert get_game("mulligan").describe_action(action) == words


def test_the_redacted_offer_a_spectator_sees_names_no_card() -> None:
    game = get_game("mulligan")
    redacted = game.redact_action(1, {"type": "offer", "card": "As"}, None)
    assert "As" not in game.describe_action(redacted)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize(
    "junk",
    [None, 7, "skip", [], {}, {"type": None}, {"type": 3, "card": ["As"]}, {"type": "swap", "seat": "x"}],
)
def test_junk_is_described_without_raising(game_id: str, junk: Any) -> None:
    text = get_game(game_id).describe_action(junk)
    assert isinstance(text, str)
    assert text


def test_the_default_description_is_built_from_the_dict() -> None:
    game = get_game("mulligan")
    assert Game.describe_action(game, {"type": "draw_two", "cards": ["As", "Kd"], "seat": 1}) == (
        "Draw two cards As Kd, seat 1"
    )
    assert Game.describe_action(game, {"type": "pass"}) == "Pass"
