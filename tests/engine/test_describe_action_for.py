"""``Game.describe_action_for``: a button's words, worked out from the acting seat's observation.

Every label is checked against the state it came from: it names no card the seat could not see
(every card of the full state that its observation lacks is looked for in the words), and what it
promises is read back from the observation, not from constants.
"""

from __future__ import annotations

import random
import re
from typing import Any, cast

import pytest

from engine import State, get_game, new_state, registered_games
from engine.core import Game
from engine.games.golf.labels import halves
from engine.games.golf.state import GolfState
from engine.games.opening_hand import deck
from tests.engine.golf.tables import to_planning

GAMES = [game.id for game in registered_games()]
CONFIGS: dict[str, list[dict[str, Any]]] = {
    "mulligan": [{"players": 3}, {"players": 4, "secret_offers": True}, {"players": 3, "chips": 4}],
    "golf": [
        {"players": 3, "holes": 1, "turn_cap": 4},
        {"players": 2, "holes": 1, "turn_cap": 3, "mode": "heavy_bag"},
    ],
    "opening_hand": [
        {},
        {"rule": "paris", "players": 3},
        {"rule": "vancouver"},
        {"rule": "commander_partial_paris"},
        {"rule": "paris", "serum_powder": 4},
    ],
    "three_card": [{"players": 2, "hands": 3}],
}


def _cards(game: Game, value: Any) -> set[str]:
    if isinstance(value, str):
        return {value} if game.is_card(value) else set()
    if isinstance(value, dict):
        return set().union(set(), *(_cards(game, item) for item in value.values()))
    if isinstance(value, list | tuple):
        return set().union(set(), *(_cards(game, item) for item in value))
    return set()


def _named_in(card: str, words: str) -> bool:
    # A playing card is a two-letter token ("Ks" is not inside "Kings"); other names are unique.
    return re.search(rf"(?<![\w]){re.escape(card)}(?![\w])", words) is not None


def _walk(game_id: str, config: dict[str, Any], seed: int, steps: int = 200) -> list[tuple[State, int]]:
    """(state, acting seat) at every decision of a random game, the state copied as it was."""
    game = get_game(game_id)
    state = new_state(game_id, config, seed)
    rng = random.Random(seed)
    seen: list[tuple[State, int]] = []
    while not state.is_over and len(seen) < steps:
        for seat in state.to_act():
            seen.append((game.state_from_json(state.to_json()), seat))
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return seen


def _label(state: State, seat: int, action: dict[str, Any]) -> str:
    return get_game(state.game_id).describe_action_for(state.observe(seat), action)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_label_is_one_distinct_line_naming_only_cards_its_seat_sees(game_id: str) -> None:
    game = get_game(game_id)
    for config in CONFIGS.get(game_id, [{}]):
        for state, seat in _walk(game_id, config, seed=17):
            obs = state.observe(seat)
            hidden = _cards(game, state.to_json()) - _cards(game, obs)
            labels = [game.describe_action_for(obs, action) for action in state.legal_actions(seat)]
            assert all(label and "\n" not in label for label in labels)
            assert len(set(labels)) == len(labels), labels
            for label in labels:
                leaked = {card for card in hidden if _named_in(card, label)}
                assert not leaked, (label, leaked)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("observation", [{}, None, {"seat": 0}, {"seat": 0, "ring": {"offers": 3}}])
@pytest.mark.parametrize("action", [{"type": "swap", "seat": 1}, {"type": "keep"}, {"type": "plan"}, 7])
def test_an_observation_it_cannot_read_gets_the_plain_description(
    game_id: str, observation: Any, action: Any
) -> None:
    game = get_game(game_id)
    assert game.describe_action_for(observation, action) == game.describe_action(action)


def _decide(config: dict[str, Any]) -> State:
    """A Mulligan game whose auctioneer (seat 0) has every offer in front of it."""
    state = new_state("mulligan", config, 23)
    auction = next(a for a in state.legal_actions(0) if a["type"] == "auction")
    state.apply(0, auction)
    while state.to_act() != [0]:
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    return state


class TestMulligan:
    def test_a_swap_names_the_card_given_and_the_offer_received(self) -> None:
        state = _decide({"players": 3})
        ring = state.observe(0)["ring"]
        for offer in ring["offers"]:
            label = _label(state, 0, {"type": "swap", "seat": offer["seat"]})
            assert _named_in(ring["auction"]["card"], label)
            assert _named_in(offer["card"], label)
            assert f"seat {offer['seat']}" in label
            others = [o["card"] for o in ring["offers"] if o["seat"] != offer["seat"]]
            assert not any(_named_in(card, label) for card in others)

    def test_under_secret_offers_a_swap_takes_a_face_down_offer(self) -> None:
        state = _decide({"players": 3, "secret_offers": True})
        offered = {card for _, card, _ in state.to_json()["offers"]}
        for seat in (1, 2):
            label = _label(state, 0, {"type": "swap", "seat": seat})
            assert "face-down offer" in label
            assert not any(_named_in(card, label) for card in offered)

    def test_chips_on_the_ring_are_named_with_the_cards(self) -> None:
        state = _decide({"players": 3, "chips": 4})
        ring = state.observe(0)["ring"]
        offer = ring["offers"][0]
        label = _label(state, 0, {"type": "swap", "seat": offer["seat"]})
        assert f"{ring['auction']['chips']} chip" in label
        if offer["chips"]:
            assert f"{offer['chips']} chip" in label

    def test_a_mulligan_sends_the_whole_ring_to_the_discard_pile(self) -> None:
        state = _decide({"players": 4})
        ring = state.observe(0)["ring"]
        label = _label(state, 0, {"type": "mulligan"})
        for card in [ring["auction"]["card"], *(offer["card"] for offer in ring["offers"])]:
            assert _named_in(card, label)
        assert "discard pile" in label

    def test_skip_names_the_next_auctioneer_and_fold_says_when_it_ends_the_game(self) -> None:
        state = new_state("mulligan", {"players": 3}, 5)
        assert "seat 1 becomes the auctioneer" in _label(state, 0, {"type": "skip"})
        assert "game ends" not in _label(state, 0, {"type": "fold"})
        two = new_state("mulligan", {"players": 2}, 5)
        assert "game ends" in _label(two, 0, {"type": "fold"})

    def test_an_offer_names_the_card_it_bids_for(self) -> None:
        state = new_state("mulligan", {"players": 3}, 8)
        auction = next(a for a in state.legal_actions(0) if a["type"] == "auction")
        state.apply(0, auction)
        offer = state.legal_actions(1)[0]
        label = _label(state, 1, offer)
        assert _named_in(offer["card"], label) and _named_in(auction["card"], label)


class TestOpeningHand:
    def test_a_paris_mulligan_draws_one_card_fewer_and_a_free_first_one_does_not(self) -> None:
        for players, free in ((2, False), (3, True)):
            state = new_state("opening_hand", {"rule": "paris", "players": players}, 4)
            obs = state.observe(0)
            held = len(obs["hand"])
            label = _label(state, 0, {"type": "mulligan"})
            assert f"draw {held if free else held - 1}" in label
            assert ("free first mulligan" in label) is free

    def test_a_london_keep_after_a_mulligan_owes_the_bottom_cards(self) -> None:
        state = new_state("opening_hand", {"rule": "london"}, 4)
        assert "bottom" not in _label(state, 0, {"type": "keep"})
        state.apply(0, {"type": "mulligan"})
        state.apply(1, {"type": "keep"})
        while state.to_act() and 1 in state.to_act():
            state.apply(1, state.legal_actions(1)[0])
        mulligans = state.observe(0)["seats"][0]["mulligans"]
        assert mulligans == 1
        assert f"put {mulligans} of them on the bottom" in _label(state, 0, {"type": "keep"})

    def test_a_commander_mulligan_says_it_exiles_then_draws_one_fewer(self) -> None:
        state = new_state("opening_hand", {"rule": "commander_partial_paris"}, 4)
        assert "exile" in _label(state, 0, {"type": "mulligan"})
        assert "one fewer" in _label(state, 0, {"type": "mulligan"})

    def test_a_scry_names_the_top_card_its_seat_looked_at(self) -> None:
        for state, seat in _walk("opening_hand", {"rule": "vancouver"}, seed=9, steps=400):
            obs = state.observe(seat)
            if obs["phase"] == "scry":
                top = obs["library_top"][0]
                assert top in _label(state, seat, {"type": "scry", "bottom": True})
                assert top in _label(state, seat, {"type": "scry", "bottom": False})
                return
        pytest.fail("no seat came to scry; pick another seed")

    def test_a_spell_says_what_it_costs_and_deals(self) -> None:
        for state, seat in _walk("opening_hand", {}, seed=3, steps=400):
            casts = [a for a in state.legal_actions(seat) if a["type"] == "cast"]
            if casts:
                value = deck.mana_value(casts[0]["card"])
                label = _label(state, seat, casts[0])
                assert f"pay {value} of your {state.observe(seat)['seats'][seat]['mana']} mana" in label
                assert f"deals {value} damage" in label
                return
        pytest.fail("nothing was cast; pick another seed")


class TestGolf:
    def test_a_plan_names_the_halves_it_plays_and_its_target(self) -> None:
        # Past the draw window, where Play Anytime cards may be played: Shot Planning is open.
        state = to_planning(cast(GolfState, new_state("golf", {"players": 3, "holes": 1}, 2)))
        obs = state.observe(0)
        plans = [
            a
            for a in state.legal_actions(0)
            if a["type"] == "plan" and a["action"] != "2-Putt / Practice Swing"
        ]
        assert plans
        for plan in plans[:12]:
            label = _label(state, 0, plan)
            assert f"the {halves(plan['club'])[0]} of {plan['club']}" in label
            assert f"{halves(plan['action'])[1]} from {plan['action']}" in label
            if plan["target"] == 0:
                assert "on yourself" in label
            else:
                distance = obs["players"][plan["target"]]["distance"]
                assert f"on seat {plan['target']}, {distance} yd from the hole" in label


class TestThreeCard:
    def test_standing_and_trading_name_the_hand_and_the_bet(self) -> None:
        state = new_state("three_card", {"players": 1}, 6)
        state.apply(0, {"type": "bet", "pair_plus": False})
        obs = state.observe(0)
        for action in state.legal_actions(0):
            label = _label(state, 0, action)
            assert all(_named_in(card, label) for card in obs["hand"])
            assert obs["category"] in label
        trade = _label(state, 0, {"type": "mulligan", "pair_plus": True})
        assert f"bet {obs['ante']} chip" in trade and "Pair Plus" in trade
