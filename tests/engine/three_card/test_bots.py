"""The seed's strategy bot ("stand with K-10 or higher") and the registry's bots."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import EngineError, get_game
from engine.bots import bots_for, make_bot
from engine.bots.random_bot import RandomBot
from engine.games.three_card.bots import StrategyBot
from engine.games.three_card.hands import SEED_STANDS_AT, value_of

LEGAL_DECIDE = [
    {"type": "stand"},
    {"type": "mulligan", "pair_plus": False},
    {"type": "mulligan", "pair_plus": True},
]
LEGAL_BET = [{"type": "bet", "pair_plus": False}, {"type": "bet", "pair_plus": True}]


def decide(bot: Any, cards: list[str], legal: list[dict[str, Any]] = LEGAL_DECIDE) -> dict[str, Any]:
    action: dict[str, Any] = bot.act({"phase": "decide", "hand": cards}, legal, random.Random(0))
    return action


def test_the_registry_offers_random_and_the_seed_strategy() -> None:
    bots = bots_for(get_game("three_card"))
    assert bots["random"] is RandomBot
    assert bots["strategy"] is StrategyBot
    assert get_game("three_card").metadata()["bots"] == ["random", "strategy"]


@pytest.mark.parametrize(
    ("cards", "stands"),
    [
        (["Ks", "Th", "2d"], True),
        (["Ks", "Jh", "2d"], True),
        (["As", "3h", "2d"], True),  # ace-high is above K-10
        (["Ks", "9h", "8d"], False),
        (["Qs", "Jh", "9d"], False),
        (["2s", "2h", "3d"], True),
    ],
)
def test_stand_with_k_10_or_higher(cards: list[str], stands: bool) -> None:
    bot = make_bot("three_card", "strategy")
    assert (decide(bot, cards) == {"type": "stand"}) is stands


def test_pair_plus_is_an_option() -> None:
    plain, betting = make_bot("three_card", "strategy"), make_bot("three_card", "strategy", pair_plus=True)
    rng = random.Random(0)
    assert plain.act({"phase": "bet", "hand": None}, LEGAL_BET, rng) == {"type": "bet", "pair_plus": False}
    assert betting.act({"phase": "bet", "hand": None}, LEGAL_BET, rng) == {"type": "bet", "pair_plus": True}
    assert decide(plain, ["Qs", "Jh", "9d"]) == {"type": "mulligan", "pair_plus": False}
    assert decide(betting, ["Qs", "Jh", "9d"]) == {"type": "mulligan", "pair_plus": True}
    # A table without Pair Plus: the bot still plays, without the bet.
    assert decide(betting, ["Qs", "Jh", "9d"], [{"type": "stand"}, {"type": "mulligan"}]) == {
        "type": "mulligan"
    }
    with pytest.raises(EngineError):
        make_bot("three_card", "strategy", pair_plus="sometimes")


def test_the_strategy_bot_plays_whole_sessions() -> None:
    game = get_game("three_card")
    for config in ({"players": 3, "hands": 5}, {"players": 2, "hands": 5, "pair_plus": False}):
        state = game.new_state(config, 8)
        bots = [
            make_bot("three_card", "strategy", pair_plus=True),
            make_bot("three_card", "random"),
            make_bot("three_card", "strategy"),
        ]
        rng = random.Random(1)
        while not state.is_over:
            seat = state.to_act()[0]
            action = bots[seat].act(state.observe(seat), state.legal_actions(seat), rng)
            assert action in state.legal_actions(seat) or action == {"type": "mulligan", "pair_plus": False}
            state.apply(seat, action)
        for record in state.results:
            seat0 = record["seats"][0]
            kept = not seat0["mulligan"]
            assert kept == (value_of(seat0["cards"]) >= SEED_STANDS_AT)
            if config.get("pair_plus", True):
                assert seat0["pair_plus"] is not None


def test_the_strategy_bot_needs_its_observation() -> None:
    with pytest.raises(EngineError):
        StrategyBot().act(None, LEGAL_DECIDE, random.Random(0))
