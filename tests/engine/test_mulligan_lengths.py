"""Seeded bot games of Mulligan end by the seed's own endings, far below the turn cap (issue 18, 2).

The figures over 10,000 games per player count come from ``bench/mulligan_lengths.py``; here fewer
seeded games check the same properties, which hold for every one of them, and the report's counts.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import new_state, state_from_json
from engine.bots import make_bot
from engine.games.mulligan.lengths import length_report
from engine.play import BotRunner

GAMES = 60


@pytest.mark.parametrize("bot", ["random", "heuristic"])
@pytest.mark.parametrize("players", range(2, 9))
def test_seeded_bot_games_end_as_the_seed_says_well_below_the_cap(players: int, bot: str) -> None:
    report = length_report(players, bot, GAMES, seed=18)
    assert report["reached_turn_cap"] == 0
    assert report["end_reasons"]["skip_round"] == 0, "the default config has no round-of-skips ending"
    assert report["end_reasons"]["fold"] + report["end_reasons"]["deck"] == GAMES
    assert report["turns"]["max"] < report["max_turns"] / 5


def test_the_report_counts_games_that_reach_a_cap() -> None:
    # A cap of 3 turns: a game ends by a fold or the deck before it, or at it after exactly 3 turns.
    report = length_report(4, "random", 40, seed=3, config={"max_turns": 3})
    reasons = report["end_reasons"]
    assert sum(reasons.values()) == 40
    assert report["reached_turn_cap"] == reasons["turn_limit"] > 0
    assert report["turns"]["max"] == 3
    assert sum(report["turns"]["histogram"].values()) == 40
    assert report["turns"]["p50"] <= report["turns"]["p90"] <= report["turns"]["max"]


def _dealt(hands: list[list[str]]) -> Any:
    """A 2-player game whose hands are ``hands`` (the deck holds the other cards, in the seed's order)."""
    data = new_state("mulligan", {"players": 2}, 5).to_json()
    held = {card for hand in hands for card in hand}
    dealt = [card for hand in data["hands"] for card in hand]
    rest = [card for card in [*data["deck"], *dealt] if card not in held]
    data["hands"], data["deck"] = hands, rest
    return state_from_json(data)


def _cycle_offered() -> Any:
    """Seat 0 swapped Qh for seat 1's 5s (a high straight); seat 1 auctions the Qh back, seat 0 offers
    the 5s, and seat 1 decides: that swap would give seat 1 the straight and start the cycle."""
    state = _dealt([["6d", "8h", "7s", "9c", "Qh"], ["7h", "6c", "9h", "8d", "5s"]])
    state.apply(0, {"type": "auction", "card": "Qh"})
    state.apply(1, {"type": "offer", "card": "5s"})
    state.apply(0, {"type": "swap", "seat": 1})
    state.apply(1, {"type": "auction", "card": "Qh"})
    state.apply(0, {"type": "offer", "card": "5s"})
    return state


def test_the_heuristic_bot_never_swaps_back_the_same_two_cards() -> None:
    # Two heuristic bots would otherwise pass the same pair of cards back and forth for ever, which
    # no ending of the written rules stops (before this, some seeded games ran to the turn cap so).
    state = _cycle_offered()
    bot = make_bot("mulligan", "heuristic")
    for draw in range(10):
        chosen = bot.act(state.observe(1), state.legal_actions(1), random.Random(draw))
        assert chosen == {"type": "mulligan"}


def test_the_heuristic_bot_swaps_for_the_same_offer_when_that_pair_was_never_swapped() -> None:
    state = _cycle_offered()
    observation = state.observe(1)
    observation["history"] = [event for event in observation["history"] if event["type"] != "swap"]
    bot = make_bot("mulligan", "heuristic")
    for draw in range(10):
        chosen = bot.act(observation, state.legal_actions(1), random.Random(draw))
        assert chosen == {"type": "swap", "seat": 0}


def test_a_stored_game_under_the_old_defaults_replays_as_it_was_played() -> None:
    # A game stores its normalized config, so one made when a round of skips ended games by default
    # carries that option with it and still ends by it.
    old = {"players": 3, "first_auctioneer": 0, "secret_offers": False, "high_risk": False}
    old |= {"open_hands": False, "chips": 0, "max_turns": 100, "end_on_skip_round": True}
    runner = BotRunner("mulligan", old, 7, [make_bot("mulligan", "random")] * 3)
    for seat in range(3):
        runner.state.apply(seat, {"type": "skip"})
    assert runner.state.is_over and runner.state.outcome().details["reason"] == "skip_round"
