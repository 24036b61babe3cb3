"""The curve bot: its keep policy under each rule, its bottoms, exiles and scry, its curve, and its
results against the random bot."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import EngineError, get_game
from engine.bots import bots_for, make_bot
from engine.bots.random_bot import RandomBot
from engine.games.opening_hand import deck
from engine.games.opening_hand.bots import CurveBot, KeepPolicy, best_cast
from engine.games.opening_hand.procedure import DECLARE
from engine.games.opening_hand.rules import OpeningHandGame
from engine.play import BotRunner

RULES = ("london", "paris", "vancouver", "commander_partial_paris", "original_1994")


def hand(lands: int, *spells: int) -> list[str]:
    return [deck.land(0, n) for n in range(1, lands + 1)] + [
        deck.spell(0, value, n) for n, value in enumerate(spells, start=1)
    ]


def observation(rule: str, cards: list[str], **seat: Any) -> dict[str, Any]:
    view: dict[str, Any] = {"seat": 0, "mulligans": 0, "to_bottom": 0, "mana": 0}
    view.update(seat)
    return {
        "seat": 0,
        "rule": rule,
        "free_first_mulligan": False,
        "hand": deck.sorted_cards(cards),
        "starting_hand_size": 7,
        "library_top": [],
        "seats": [view, {"seat": 1}],
        "history": [],
    }


DECLARE_LEGAL = [{"type": "keep"}, {"type": "mulligan"}]


def act(obs: dict[str, Any], legal: list[dict[str, Any]], bot: CurveBot | None = None) -> dict[str, Any]:
    action: dict[str, Any] = (bot or CurveBot()).act(obs, legal, random.Random(0))
    assert action in legal
    return action


def test_the_registry_offers_the_curve_bot_with_options() -> None:
    bots = bots_for(get_game("opening_hand"))
    assert bots["random"] is RandomBot
    assert bots["curve"] is CurveBot
    bot = make_bot("opening_hand", "curve", min_lands=3, max_lands=4, always_keep_at=3)
    assert isinstance(bot, CurveBot)
    assert bot.policy == KeepPolicy(min_lands=3, max_lands=4, always_keep_at=3)
    with pytest.raises(EngineError):
        make_bot("opening_hand", "curve", min_lands=5, max_lands=2)
    with pytest.raises(EngineError):
        make_bot("opening_hand", "curve", land_ratio=2)
    with pytest.raises(EngineError):
        make_bot("opening_hand", "curve", serum_powder="yes")


@pytest.mark.parametrize("rule", ["paris", "vancouver", "commander_partial_paris"])
@pytest.mark.parametrize(
    ("lands", "size", "keeps"),
    [
        (0, 7, False),
        (1, 7, False),
        (2, 7, True),
        (5, 7, True),
        (6, 7, False),
        (7, 7, False),
        (1, 6, True),  # one card down: one land will do
        (0, 6, False),
        (5, 6, True),
        (6, 6, False),  # a hand needs a spell
        (5, 5, False),
        (0, 4, True),  # four cards or fewer are always kept
    ],
)
def test_land_count_keeps(rule: str, lands: int, size: int, keeps: bool) -> None:
    cards = hand(lands, *[2] * (size - lands))
    action = act(observation(rule, cards, mulligans=7 - size), DECLARE_LEGAL)
    assert action == ({"type": "keep"} if keeps else {"type": "mulligan"})


@pytest.mark.parametrize(
    ("lands", "mulligans", "keeps"),
    [
        (1, 0, False),
        (1, 1, True),  # bottom a spell: six cards with one land
        (6, 1, True),  # bottom a land: six cards with five lands
        (7, 1, False),
        (7, 2, False),  # five lands in five cards
        (6, 2, True),
        (0, 2, False),
        (0, 3, True),  # four cards: always kept
    ],
)
def test_london_keeps_what_its_bottoms_can_fix(lands: int, mulligans: int, keeps: bool) -> None:
    cards = hand(lands, *[3] * (7 - lands))
    action = act(observation("london", cards, mulligans=mulligans), DECLARE_LEGAL)
    assert action == ({"type": "keep"} if keeps else {"type": "mulligan"})


def test_london_bottoms_extra_lands_or_the_most_expensive_spells() -> None:
    flooded = hand(5, 1, 2)
    legal = [{"type": "bottom", "card": card} for card in flooded]
    assert deck.is_land(act(observation("london", flooded, mulligans=2, to_bottom=2), legal)["card"])
    light = hand(2, 1, 2, 5, 3, 4)
    legal = [{"type": "bottom", "card": card} for card in light]
    assert act(observation("london", light, mulligans=1, to_bottom=1), legal)["card"] == deck.spell(0, 5, 3)
    # Three lands of six: the ideal mix, so a spell goes.
    even = hand(3, 1, 2, 4, 4)
    legal = [{"type": "bottom", "card": card} for card in even]
    assert deck.mana_value(act(observation("london", even, mulligans=1, to_bottom=1), legal)["card"]) == 4


def test_original_1994_redraws_only_all_land_or_no_land_hands() -> None:
    assert (
        act(observation("original_1994", hand(0, 1, 1, 2, 2, 3, 3, 4)), DECLARE_LEGAL)["type"] == "mulligan"
    )
    assert act(observation("original_1994", hand(7)), DECLARE_LEGAL)["type"] == "mulligan"
    assert act(observation("original_1994", hand(1, 1, 1, 2, 2, 3, 3)), [{"type": "keep"}]) == {
        "type": "keep"
    }


def test_serum_powder_replaces_a_mulligan() -> None:
    cards = hand(0, 1, 2, 3, 4, 5, 5) + [deck.powder(0, 1)]
    legal = [*DECLARE_LEGAL, {"type": "serum_powder", "card": deck.powder(0, 1)}]
    assert act(observation("paris", cards), legal)["type"] == "serum_powder"
    assert act(observation("paris", cards), legal, CurveBot(serum_powder=False))["type"] == "mulligan"


def commander_exile(cards: list[str], exiled_now: int) -> dict[str, Any]:
    obs = observation("commander_partial_paris", cards)
    obs["history"] = [{"type": "mulligan", "seat": 0}] + [{"type": "exile", "seat": 0}] * exiled_now
    legal = [{"type": "exile", "card": card} for card in cards] + ([{"type": "done"}] if exiled_now else [])
    return act(obs, legal)


def test_commander_exiles_the_worst_cards_then_draws() -> None:
    # No land in seven: keep the three cheapest spells for a six-card hand, exile four, draw three.
    cards = hand(0, 1, 1, 2, 3, 4, 5, 5)
    exiled: list[str] = []
    while True:
        action = commander_exile(cards, len(exiled))
        if action["type"] == "done":
            break
        exiled.append(action["card"])
        cards.remove(action["card"])
    assert sorted(deck.mana_value(card) for card in exiled) == [3, 4, 5, 5]
    # Flooded: seven lands; keep three and exile four.
    cards = hand(7)
    for done in range(4):
        action = commander_exile(cards, done)
        assert deck.is_land(action["card"])
        cards.remove(action["card"])
    assert commander_exile(cards, 4) == {"type": "done"}


def test_vancouver_scry_keeps_a_needed_land_and_bottoms_the_rest() -> None:
    legal = [{"type": "scry", "bottom": False}, {"type": "scry", "bottom": True}]

    def scry(cards: list[str], top: str) -> bool:
        obs = observation("vancouver", cards, mulligans=1)
        obs["library_top"] = [top]
        return bool(act(obs, legal)["bottom"])

    assert scry(hand(2, 1, 2, 3, 4), deck.land(0, 20)) is False
    assert scry(hand(4, 1, 2), deck.land(0, 20)) is True
    assert scry(hand(3, 1, 2, 3), deck.spell(0, 4, 9)) is False
    assert scry(hand(1, 1, 2, 3, 3, 4), deck.spell(0, 5, 9)) is True


def test_best_cast_spends_the_most_mana_biggest_spell_first() -> None:
    spells = [deck.spell(0, v, n) for n, v in enumerate([2, 2, 3], start=1)]
    assert deck.mana_value(best_cast(spells, 4) or "") == 2  # 2 + 2 beats 3
    spells = [deck.spell(0, v, n) for n, v in enumerate([1, 2, 3, 4], start=1)]
    assert best_cast(spells, 5) == deck.spell(0, 4, 4)  # 4 + 1 and 3 + 2 tie: the bigger first
    assert best_cast(spells, 0) is None
    assert best_cast([deck.spell(0, 5, 1)], 4) is None


def test_the_bot_plays_a_land_then_its_curve() -> None:
    cards = hand(1, 1, 2, 3, 5)
    obs = observation("london", cards, mana=2)
    legal = (
        [{"type": "play_land", "card": deck.land(0, 1)}]
        + [{"type": "cast", "card": card} for card in cards if 0 < deck.mana_value(card) <= 2]
        + [{"type": "end_turn"}]
    )
    assert act(obs, legal) == {"type": "play_land", "card": deck.land(0, 1)}
    obs = observation("london", hand(0, 1, 2, 3, 5), mana=3)
    legal = [{"type": "cast", "card": c} for c in hand(0, 1, 2, 3)] + [{"type": "end_turn"}]
    assert deck.mana_value(act(obs, legal)["card"]) == 3
    assert act(observation("london", hand(0, 5), mana=1), [{"type": "end_turn"}]) == {"type": "end_turn"}


def declarations_follow_the_policy(rule: str, seed: int, config: dict[str, Any]) -> tuple[int, int]:
    """Play a game with curve bots; check every keep or mulligan against the policy.

    Returns how many declarations were checked and how many of them were mulligans."""
    policy = KeepPolicy()
    bots: list[Any] = [CurveBot(), CurveBot()]
    runner = BotRunner("opening_hand", {**config, "rule": rule}, seed, bots)
    checked = mulligans = 0
    while not runner.state.is_over:
        state = runner.state
        seat = state.to_act()[0]
        view = state.observe(seat)
        move = runner.step()
        assert move is not None
        kind = move[1]["type"]
        if view["phase"] != DECLARE or kind not in ("keep", "mulligan"):
            continue
        cards, me = view["hand"], view["seats"][seat]
        lands = sum(deck.is_land(c) for c in cards)
        if rule == "original_1994":
            wanted = lands in (0, len(cards))
        elif rule == "london":
            wanted = not policy.london_keeps(7, lands, me["mulligans"])
        else:
            wanted = not policy.keeps(len(cards), lands)
        assert (kind == "mulligan") is wanted, (rule, seed, cards, me["mulligans"], kind)
        checked += 1
        mulligans += kind == "mulligan"
    return checked, mulligans


@pytest.mark.parametrize("rule", RULES)
def test_in_real_games_every_declaration_follows_the_policy(rule: str) -> None:
    config = {"deck": {"size": 40, "lands": 10}}  # land-light decks mulligan often
    counts = [declarations_follow_the_policy(rule, seed, config) for seed in range(100)]
    assert sum(checked for checked, _ in counts) >= 200
    assert sum(mulligans for _, mulligans in counts) >= 10


@pytest.mark.parametrize("config", OpeningHandGame().conformance_configs())
def test_the_bot_finishes_every_kind_of_game_with_legal_moves(config: dict[str, Any]) -> None:
    players = get_game("opening_hand").normalize_config(config)["players"]
    for seed in range(10):
        bots: list[Any] = [CurveBot() for _ in range(players)]
        runner = BotRunner("opening_hand", config, seed, bots)
        runner.run()  # an illegal move would raise
        assert runner.state.is_over


def test_the_curve_bot_beats_the_random_bot() -> None:
    games, score = 200, 0.0
    for number in range(games):
        seat = number % 2  # each side of the table as often
        bots: list[Any] = [RandomBot(), RandomBot()]
        bots[seat] = CurveBot()
        runner = BotRunner("opening_hand", {"rule": RULES[number % 5]}, 7_000 + number, bots)
        runner.run()
        score += runner.state.outcome().scores[seat]
    # The curve bot wins about 95% of these; 75% leaves a wide margin over chance (50%).
    assert score / games > 0.75
