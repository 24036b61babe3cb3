"""Scenario tests of every rule of Mulligan (`000_43432f497e9b879c.txt`), one rule at a time.

States are built with ``engine.new_state`` and driven with explicit actions; which cards a seat
holds is read from the state's stored JSON (``to_json()["hands"]``), which only tests may do.
Expected values come from the rules text, not from the engine.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engine import ConfigError, EngineError, IllegalAction, State, new_state, state_from_json
from engine.cards import CARD_NAMES
from engine.games.mulligan.hands import rank_hand
from tests.engine.playouts import card_names_in, choose_action

DECK_SIZE = 52
HAND = 5


def start(seed: int = 1, **config: Any) -> State:
    return new_state("mulligan", config, seed)


def data(state: State) -> dict[str, Any]:
    return state.to_json()


def hands(state: State) -> list[list[str]]:
    return [list(hand) for hand in data(state)["hands"]]


def deck(state: State) -> list[str]:
    return list(data(state)["deck"])


def auctioneer(state: State) -> int:
    seat = state.observe(None)["auctioneer"]
    assert isinstance(seat, int)
    return seat


def auction(state: State, card: str | None = None, chips: int | None = None) -> str:
    seat = auctioneer(state)
    card = card or hands(state)[seat][0]
    action: dict[str, Any] = {"type": "auction", "card": card}
    if chips is not None:
        action["chips"] = chips
    state.apply(seat, action)
    return card


def offer_all(state: State, chips: dict[int, int] | None = None) -> dict[int, str]:
    """Every seat asked to offer offers the first card of its hand; returns the offers by seat."""
    offers: dict[int, str] = {}
    for seat in list(state.to_act()):
        card = hands(state)[seat][0]
        action: dict[str, Any] = {"type": "offer", "card": card}
        if chips is not None:
            action["chips"] = chips.get(seat, 0)
        state.apply(seat, action)
        offers[seat] = card
    return offers


def full_turn(state: State, *, swap_with: int | None = None, chips: int | None = None) -> None:
    """An auction of the first card, an offer from everyone, then a swap or a mulligan."""
    seat = auctioneer(state)
    auction(state, chips=chips)
    offer_all(state, chips={} if chips is not None else None)
    if swap_with is None:
        state.apply(seat, {"type": "mulligan"})
    else:
        state.apply(seat, {"type": "swap", "seat": swap_with})


def last_event(state: State, viewer: int | None = None) -> dict[str, Any]:
    history = state.observe(viewer)["history"]
    assert history
    event: dict[str, Any] = history[-1]
    return event


def events(state: State, kind: str) -> list[dict[str, Any]]:
    return [event for event in state.observe(None)["history"] if event["type"] == kind]


def illegal(state: State, seat: Any, action: Any) -> str:
    before = data(state)
    with pytest.raises(IllegalAction) as refused:
        state.apply(seat, action)
    assert data(state) == before
    return str(refused.value)


def viewers(state: State) -> list[int | None]:
    return [*range(state.num_players), None]


def expected_ranking(final_hands: list[list[str]]) -> list[int]:
    values = [rank_hand(hand) for hand in final_hands]
    return sorted(range(len(final_hands)), key=lambda seat: values[seat], reverse=True)


# -- Skip ----------------------------------------------------------------------------------------


class TestSkip:
    def test_skip_passes_the_turn_to_the_next_seat_clockwise(self) -> None:
        state = start(players=4)
        before = hands(state), deck(state)
        assert state.to_act() == [0]
        for expected in (1, 2, 3):
            state.apply(auctioneer(state), {"type": "skip"})
            assert state.to_act() == [expected]
            assert auctioneer(state) == expected
            assert state.observe(None)["phase"] == "turn"
        assert (hands(state), deck(state)) == before, "a skip moves no card"
        assert [e["seat"] for e in events(state, "skip")] == [0, 1, 2]

    def test_skip_wraps_round_the_table(self) -> None:
        state = start(players=4, first_auctioneer=3)
        assert state.to_act() == [3]
        state.apply(3, {"type": "skip"})
        assert state.to_act() == [0]

    def test_skip_passes_over_players_who_folded(self) -> None:
        state = start(players=4, end_on_skip_round=False)
        state.apply(0, {"type": "skip"})
        state.apply(1, {"type": "fold"})
        state.apply(2, {"type": "skip"})
        state.apply(3, {"type": "skip"})
        assert state.to_act() == [0]
        state.apply(0, {"type": "skip"})
        assert state.to_act() == [2], "seat 1 folded, so seat 0's left-hand active player is seat 2"


# -- Auction and offers --------------------------------------------------------------------------


class TestAuction:
    def test_auction_puts_the_card_face_up_on_the_ring(self) -> None:
        state = start(players=4)
        card = hands(state)[0][2]
        auction(state, card)
        assert card not in hands(state)[0]
        assert len(hands(state)[0]) == HAND - 1
        for viewer in viewers(state):
            observation = state.observe(viewer)
            assert observation["ring"]["auction"]["card"] == card, "the auctioned card is face up"
            assert observation["phase"] == "offers"
            assert observation["hand_sizes"][0] == HAND - 1
        assert last_event(state)["type"] == "auction" and last_event(state)["card"] == card

    def test_the_auctioneer_can_no_longer_skip_or_fold(self) -> None:
        state = start(players=4)
        auction(state)
        assert state.legal_actions(0) == []
        for action in ({"type": "skip"}, {"type": "fold"}, {"type": "auction", "card": hands(state)[0][0]}):
            illegal(state, 0, action)

    def test_every_other_active_player_must_offer_at_once(self) -> None:
        state = start(players=4, first_auctioneer=1)
        auction(state)
        assert state.to_act() == [0, 2, 3], "all offers are asked for at the same time"
        for seat in (0, 2, 3):
            assert {a["type"] for a in state.legal_actions(seat)} == {"offer"}
            assert sorted(a["card"] for a in state.legal_actions(seat)) == sorted(hands(state)[seat])
        state.apply(3, {"type": "offer", "card": hands(state)[3][0]})
        assert state.to_act() == [0, 2]
        assert "already" in illegal(state, 3, {"type": "offer", "card": hands(state)[3][0]})
        assert "own" in illegal(state, 1, {"type": "offer", "card": hands(state)[1][0]})
        state.apply(0, {"type": "offer", "card": hands(state)[0][0]})
        state.apply(2, {"type": "offer", "card": hands(state)[2][0]})
        assert state.to_act() == [1]
        assert state.observe(None)["phase"] == "decide"
        legal = state.legal_actions(1)
        assert {"type": "mulligan"} in legal
        assert sorted(a["seat"] for a in legal if a["type"] == "swap") == [0, 2, 3]

    def test_an_offer_is_hidden_until_all_offers_are_in(self) -> None:
        state = start(players=4)
        auction(state)
        offered = hands(state)[1][3]
        state.apply(1, {"type": "offer", "card": offered})
        for viewer in (0, 2, 3, None):
            observation = state.observe(viewer)
            ring = {o["seat"]: o for o in observation["ring"]["offers"]}
            assert ring[1]["card"] is None
            assert offered not in card_names_in(observation), f"seat {viewer} sees the face-down offer"
        assert {o["seat"]: o["card"] for o in state.observe(1)["ring"]["offers"]}[1] == offered
        offers = {1: offered}
        offers |= offer_all(state)
        assert state.observe(None)["phase"] == "decide"
        for viewer in viewers(state):
            ring = {o["seat"]: o["card"] for o in state.observe(viewer)["ring"]["offers"]}
            assert ring == offers, "once all are in, every offer is turned face up"
        revealed = last_event(state)
        assert revealed["type"] == "offers_revealed"
        assert {o["seat"]: o["card"] for o in revealed["offers"]} == offers

    def test_two_players_put_a_single_offer_on_the_ring(self) -> None:
        state = start(players=2, first_auctioneer=1)
        auction(state)
        assert state.to_act() == [0]
        offer_all(state)
        assert len(state.observe(None)["ring"]["offers"]) == 1


# -- Swap and Mulligan ---------------------------------------------------------------------------


class TestSwap:
    def test_swap_exchanges_exactly_the_two_cards(self) -> None:
        state = start(players=4)
        before = hands(state)
        deck_before = deck(state)
        auctioned = auction(state)
        offers = offer_all(state)
        state.apply(0, {"type": "swap", "seat": 2})
        after = hands(state)
        assert sorted(after[0]) == sorted([c for c in before[0] if c != auctioned] + [offers[2]])
        assert sorted(after[2]) == sorted([c for c in before[2] if c != offers[2]] + [auctioned])
        assert sorted(after[1]) == sorted(before[1]), "seat 1 takes its offer back"
        assert sorted(after[3]) == sorted(before[3]), "seat 3 takes its offer back"
        assert deck(state) == deck_before and data(state)["discard"] == []
        assert state.observe(None)["ring"] is None
        assert state.to_act() == [1], "the turn passes on after a swap"
        event = last_event(state)
        assert (event["type"], event["seat"], event["with"]) == ("swap", 0, 2)
        assert (event["auctioned"], event["card"]) == (auctioned, offers[2])

    def test_swap_needs_an_offer_on_the_ring(self) -> None:
        state = start(players=3)
        auction(state)
        offer_all(state)
        for partner in (0, 3, -1, "1", None, True):
            message = illegal(state, 0, {"type": "swap", "seat": partner})
            assert "offer" in message
        assert "1" in illegal(state, 0, {"type": "swap", "seat": 7})


class TestMulligan:
    def test_mulligan_discards_the_ring_face_up_and_deals_one_card_each(self) -> None:
        state = start(players=4, first_auctioneer=2)
        before = hands(state)
        deck_before = deck(state)
        auctioned = auction(state)
        offers = offer_all(state)
        state.apply(2, {"type": "mulligan"})
        ring = {auctioned, *offers.values()}
        assert sorted(data(state)["discard"]) == sorted(ring)
        for viewer in viewers(state):
            assert sorted(state.observe(viewer)["discard"]) == sorted(ring), "discards are face up"
        after = hands(state)
        dealt: list[str] = []
        for seat in range(4):
            kept = [c for c in before[seat] if c not in ring]
            assert len(kept) == HAND - 1
            new = [c for c in after[seat] if c not in kept]
            assert len(after[seat]) == HAND and len(new) == 1
            dealt += new
        assert set(dealt) <= set(deck_before), "the new cards come from the deck pile"
        assert len(deck(state)) == len(deck_before) - 4
        assert set(deck(state)) == set(deck_before) - set(dealt)
        assert state.to_act() == [3]
        event = last_event(state)
        assert event["type"] == "mulligan" and sorted(event["discarded"]) == sorted(ring)

    def test_discarded_cards_are_dead(self) -> None:
        state = start(players=3)
        for _ in range(6):
            full_turn(state)
        discard = set(data(state)["discard"])
        assert len(discard) == 18
        assert not discard & {c for hand in hands(state) for c in hand}
        assert not discard & set(deck(state))
        card = sorted(discard)[0]
        assert card in illegal(state, auctioneer(state), {"type": "auction", "card": card})


# -- Fold and the end of the game ----------------------------------------------------------------


class TestFold:
    def test_a_folded_player_takes_no_more_part(self) -> None:
        state = start(players=4, end_on_skip_round=False)
        state.apply(0, {"type": "fold"})
        frozen = sorted(hands(state)[0])
        assert state.observe(None)["active"] == [False, True, True, True]
        assert state.to_act() == [1]
        assert (last_event(state)["type"], last_event(state)["seat"]) == ("fold", 0)
        auction(state)
        assert state.to_act() == [2, 3], "no offer is asked of a folded player"
        assert "folded" in illegal(state, 0, {"type": "offer", "card": hands(state)[0][0]})
        offer_all(state)
        assert sorted(a["seat"] for a in state.legal_actions(1) if a["type"] == "swap") == [2, 3]
        deck_before = len(deck(state))
        state.apply(1, {"type": "mulligan"})
        assert len(deck(state)) == deck_before - 3, "no card is dealt to a folded player"
        full_turn(state, swap_with=3)  # seat 2's turn
        full_turn(state, swap_with=1)  # seat 3's turn
        assert state.to_act() == [1], "after seat 3 comes seat 1: seat 0 no longer has turns"
        assert sorted(hands(state)[0]) == frozen, "a folded hand is frozen"
        assert state.legal_actions(0) == []

    @pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
    def test_the_game_ends_when_one_of_two_active_players_folds(self, seed: int) -> None:
        state = start(seed, players=3)
        state.apply(0, {"type": "fold"})
        assert not state.is_over
        state.apply(1, {"type": "fold"})
        assert state.is_over
        assert state.to_act() == []
        assert all(state.legal_actions(seat) == [] for seat in range(3))
        outcome = state.outcome()
        assert outcome.details["reason"] == "fold"
        assert list(outcome.ranking) == expected_ranking(hands(state))
        assert last_event(state)["type"] == "end"
        assert data(state)["deck"], "a fold ending leaves the deck alone"

    def test_two_player_game_ends_on_the_first_fold(self) -> None:
        state = start(players=2, first_auctioneer=1)
        state.apply(1, {"type": "fold"})
        assert state.is_over
        observation = state.observe(0)
        assert observation["phase"] == "over"
        assert observation["to_act"] == []


class TestDeckEnd:
    def test_eight_players_end_after_one_mulligan_and_reveal_the_leftover(self) -> None:
        # 52 - 8 * 5 = 12 cards in the deck; a mulligan deals 8, and 4 cannot serve 8 players.
        state = start(players=8)
        assert len(deck(state)) == DECK_SIZE - 8 * HAND
        before = hands(state)
        deck_before = deck(state)
        auctioned = auction(state)
        offers = offer_all(state)
        state.apply(0, {"type": "mulligan"})
        assert state.is_over
        assert state.outcome().details["reason"] == "deck"
        dealt = {c for seat, hand in enumerate(hands(state)) for c in hand if c not in before[seat]}
        assert len(dealt) == 8
        leftover = set(deck_before) - dealt
        assert len(leftover) == 4
        assert deck(state) == []
        assert leftover <= set(data(state)["discard"])
        end = last_event(state)
        assert end["type"] == "end" and end["reason"] == "deck"
        assert sorted(end["revealed"]) == sorted(leftover), "left-over cards are revealed"
        assert sorted(state.observe(None)["discard"]) == sorted(leftover | {auctioned, *offers.values()})
        assert all(len(hand) == HAND for hand in hands(state))

    def test_four_players_play_until_the_deck_cannot_serve_them(self) -> None:
        # 32 cards: after 7 mulligans 4 remain (enough for 4 players); the 8th leaves none.
        state = start(players=4)
        for number in range(1, 9):
            assert not state.is_over
            full_turn(state)
            assert len(deck(state)) == 32 - 4 * number or state.is_over
        assert state.is_over
        assert state.outcome().details["reason"] == "deck"
        assert "revealed" not in last_event(state), "nothing was left over"

    def test_high_risk_six_players_end_after_one_mulligan(self) -> None:
        # 52 - 13 burnt - 30 dealt = 9; a mulligan deals 6 and 3 cannot serve 6 players.
        state = start(players=6, high_risk=True)
        assert len(deck(state)) == 9
        burnt = set(data(state)["burnt"])
        before = hands(state)
        deck_before = deck(state)
        full_turn(state)
        assert state.is_over
        dealt = {c for seat, hand in enumerate(hands(state)) for c in hand if c not in before[seat]}
        leftover = set(deck_before) - dealt
        assert len(leftover) == 3
        assert sorted(last_event(state)["revealed"]) == sorted(leftover)
        assert leftover <= set(state.observe(None)["discard"])
        assert not burnt & card_names_in(state.observe(None)), "burnt cards stay face down"


class TestWinner:
    @pytest.mark.parametrize("seed", range(8))
    def test_the_best_hand_wins(self, seed: int) -> None:
        state = start(seed, players=8)
        full_turn(state)
        assert state.is_over
        final = hands(state)
        outcome = state.outcome()
        assert list(outcome.ranking) == expected_ranking(final)
        assert outcome.scores[outcome.winner] == 1.0
        assert sum(outcome.scores) == 1.0
        for seat, hand in enumerate(final):
            assert outcome.details["hands"][str(seat)]["category"] == rank_hand(hand).category
        observation = state.observe(3)
        assert [sorted(h) for h in observation["hands"]] == [sorted(h) for h in final], "all hands revealed"
        assert observation["outcome"]["ranking"] == list(outcome.ranking)

    def test_folded_players_are_ranked_by_their_hands_too(self) -> None:
        state = start(11, players=3)
        state.apply(0, {"type": "fold"})
        state.apply(1, {"type": "fold"})
        assert list(state.outcome().ranking) == expected_ranking(hands(state))


# -- Variants ------------------------------------------------------------------------------------


class TestSecretOffers:
    def test_offers_are_never_revealed(self) -> None:
        state = start(players=4, secret_offers=True)
        auction(state)
        offers = offer_all(state)
        assert state.observe(None)["phase"] == "decide"
        for viewer in viewers(state):
            observation = state.observe(viewer)
            for offer in observation["ring"]["offers"]:
                expected = offers[offer["seat"]] if offer["seat"] == viewer else None
                assert offer["card"] == expected
            foreign = {card for seat, card in offers.items() if seat != viewer}
            assert not foreign & card_names_in(observation), f"seat {viewer} sees a secret offer"
        assert last_event(state)["type"] == "offers_in"

    def test_the_auctioneer_swaps_blind_by_seat(self) -> None:
        state = start(players=4, secret_offers=True)
        before = hands(state)
        auctioned = auction(state)
        offers = offer_all(state)
        assert {"type": "swap", "seat": 2} in state.legal_actions(0)
        state.apply(0, {"type": "swap", "seat": 2})
        after = hands(state)
        assert offers[2] in after[0] and auctioned in after[2]
        assert sorted(after[1]) == sorted(before[1]) and sorted(after[3]) == sorted(before[3])
        assert offers[2] in state.observe(0)["hand"], "the auctioneer now holds (and knows) it"
        for viewer in (1, 3, None):
            assert offers[2] not in card_names_in(state.observe(viewer)), "only the two players know"
        event = last_event(state)
        assert event["type"] == "swap" and "card" not in event and event["auctioned"] == auctioned

    def test_secret_offers_are_revealed_when_discarded(self) -> None:
        state = start(players=4, secret_offers=True)
        auctioned = auction(state)
        offers = offer_all(state)
        state.apply(0, {"type": "mulligan"})
        for viewer in viewers(state):
            assert sorted(state.observe(viewer)["discard"]) == sorted([auctioned, *offers.values()])
        assert sorted(last_event(state)["discarded"]) == sorted([auctioned, *offers.values()])


class TestHighRisk:
    def test_thirteen_cards_are_burnt_face_down(self) -> None:
        state = start(players=4, high_risk=True)
        burnt = set(data(state)["burnt"])
        assert len(burnt) == 13
        assert len(deck(state)) == DECK_SIZE - 4 * HAND - 13
        for viewer in viewers(state):
            observation = state.observe(viewer)
            assert observation["discard_face_down"] == 13
            assert observation["discard"] == []
            assert not burnt & card_names_in(observation)

    def test_burnt_cards_never_appear_in_the_game(self) -> None:
        import random

        state = start(5, players=3, high_risk=True)
        burnt = set(data(state)["burnt"])
        rng = random.Random(5)
        while not state.is_over:
            seat, action = choose_action(state, rng, "by_type")
            state.apply(seat, action)
            assert set(data(state)["burnt"]) == burnt
            assert not burnt & {c for hand in hands(state) for c in hand}
            assert not burnt & card_names_in(state.observe(None))


class TestOpenHands:
    def test_every_hand_is_visible_to_everyone(self) -> None:
        state = start(players=4, open_hands=True)
        for viewer in viewers(state):
            shown = state.observe(viewer)["hands"]
            assert [sorted(h) for h in shown] == [sorted(h) for h in hands(state)]

    def test_a_face_down_offer_is_not_singled_out(self) -> None:
        state = start(players=4, open_hands=True)
        holding = sorted(hands(state)[1])
        auction(state)
        offered = hands(state)[1][2]
        state.apply(1, {"type": "offer", "card": offered})
        observation = state.observe(2)
        assert sorted(observation["hands"][1]) == holding
        assert {o["seat"]: o["card"] for o in observation["ring"]["offers"]}[1] is None

    def test_open_hands_refuses_secret_offers(self) -> None:
        with pytest.raises(ConfigError):
            start(open_hands=True, secret_offers=True)


class TestChips:
    def test_the_auctioneer_must_stake_at_least_one_chip_and_no_more_than_they_have(self) -> None:
        state = start(players=3, chips=4)
        legal = state.legal_actions(0)
        stakes = {a["chips"] for a in legal if a["type"] == "auction"}
        assert stakes == {1, 2, 3, 4}
        card = hands(state)[0][0]
        assert "1" in illegal(state, 0, {"type": "auction", "card": card, "chips": 0})
        assert "1" in illegal(state, 0, {"type": "auction", "card": card})
        assert "4" in illegal(state, 0, {"type": "auction", "card": card, "chips": 5})
        for junk in ("2", 1.0, True, None):
            illegal(state, 0, {"type": "auction", "card": card, "chips": junk})
        state.apply(0, {"type": "auction", "card": card, "chips": 4})
        assert state.observe(None)["chips"][0] == 0
        assert state.observe(1)["ring"]["auction"]["chips"] == 4

    def test_offers_may_add_chips(self) -> None:
        state = start(players=3, chips=4)
        auction(state, chips=1)
        assert {a["chips"] for a in state.legal_actions(1)} == {0, 1, 2, 3, 4}
        card = hands(state)[1][0]
        illegal(state, 1, {"type": "offer", "card": card, "chips": -1})
        illegal(state, 1, {"type": "offer", "card": card, "chips": 5})
        state.apply(1, {"type": "offer", "card": card, "chips": 3})
        state.apply(2, {"type": "offer", "card": hands(state)[2][0], "chips": 0})
        ring = {o["seat"]: o["chips"] for o in state.observe(0)["ring"]["offers"]}
        assert ring == {1: 3, 2: 0}

    def test_a_swap_swaps_the_chips_with_the_cards(self) -> None:
        state = start(players=4, chips=10)
        auction(state, chips=2)
        offer_all(state, chips={1: 1, 2: 3, 3: 0})
        state.apply(0, {"type": "swap", "seat": 2})
        assert state.observe(None)["chips"] == [10 - 2 + 3, 10, 10 - 3 + 2, 10]
        assert state.observe(None)["pot"] == 0

    def test_a_mulligan_sends_the_ring_chips_to_the_pot_and_the_pot_goes_to_the_winner(self) -> None:
        state = start(players=2, chips=10)
        auction(state, chips=2)
        offer_all(state, chips={1: 3})
        state.apply(0, {"type": "mulligan"})
        assert state.observe(None)["chips"] == [8, 7]
        assert state.observe(None)["pot"] == 5
        state.apply(1, {"type": "fold"})
        assert state.is_over
        outcome = state.outcome()
        winner = expected_ranking(hands(state))[0]
        expected = [8, 7]
        expected[winner] += 5
        assert data(state)["chips"] == expected
        assert list(outcome.scores) == [float(c - 10) for c in expected]

    def test_an_auctioneer_without_chips_is_forced_to_fold(self) -> None:
        state = start(players=3, chips=1)
        for seat in (0, 1, 2):
            assert auctioneer(state) == seat
            full_turn(state, chips=1)
        # Everyone staked their only chip: seat 0 is forced to fold on becoming the auctioneer,
        # then seat 1, which ends the game (two active players, one folds).
        assert state.is_over
        forced = [e for e in events(state, "fold") if e.get("forced")]
        assert [e["seat"] for e in forced] == [0, 1]
        assert all(e in state.observe(2)["history"] for e in forced), "the forced folds are public"
        winner = state.outcome().winner
        assert data(state)["chips"][winner] == 3, "the pot of 3 goes to the winner"

    def test_a_forced_fold_passes_the_turn(self) -> None:
        state = start(players=4, chips=1)
        full_turn(state, chips=1)  # seat 0 now has no chips
        for seat in (1, 2, 3):
            state.apply(seat, {"type": "skip"})
        assert not state.is_over
        assert state.observe(None)["active"] == [False, True, True, True]
        assert state.to_act() == [1]
        assert events(state, "fold")[-1]["forced"]

    def test_no_chips_without_playing_for_chips(self) -> None:
        state = start(players=3)
        card = hands(state)[0][0]
        assert "chips" in illegal(state, 0, {"type": "auction", "card": card, "chips": 1})
        assert "chips" not in state.observe(None)

    def test_chips_on_an_offer_stay_hidden_until_all_offers_are_in(self) -> None:
        # The engine shows a face-down offer's chips as None to the other seats; the chip
        # stacks must not give the amount away either.
        def after_offer(stake: int) -> State:
            state = start(3, players=3, chips=5)
            auction(state, chips=1)
            state.apply(1, {"type": "offer", "card": hands(state)[1][0], "chips": stake})
            return state

        low, high = after_offer(0), after_offer(3)
        for viewer in (0, 2, None):
            assert low.observe(viewer) == high.observe(viewer), (
                f"seat {viewer} can tell how many chips seat 1 put on its face-down offer"
            )


# -- Table talk ----------------------------------------------------------------------------------


def without_talk(state_json: dict[str, Any]) -> dict[str, Any]:
    trimmed = copy.deepcopy(state_json)
    trimmed.pop("log")
    trimmed.pop("moves")
    return trimmed


class TestSay:
    def test_say_is_public_and_changes_nothing_else(self) -> None:
        state = start(players=4)
        auction(state)
        before = data(state)
        to_act = state.to_act()
        state.apply(3, {"type": "say", "text": "I'll give you a heart for that"})
        assert without_talk(data(state)) == without_talk(before)
        assert state.to_act() == to_act
        for viewer in viewers(state):
            event = last_event(state, viewer)
            assert (event["type"], event["seat"], event["text"]) == (
                "say",
                3,
                "I'll give you a heart for that",
            )

    def test_anyone_may_talk_at_any_time_even_after_folding(self) -> None:
        state = start(players=3)
        state.apply(0, {"type": "fold"})
        state.apply(0, {"type": "say", "text": "good luck"})
        state.apply(2, {"type": "say", "text": "not my turn"})
        auction(state)
        state.apply(0, {"type": "say", "text": "take the offer"})
        assert [e["seat"] for e in events(state, "say")] == [0, 2, 0]

    def test_say_needs_some_text_of_bounded_length(self) -> None:
        state = start(players=3)
        for text in ("", "   ", None, 5, ["hi"]):
            illegal(state, 1, {"type": "say", "text": text})
        illegal(state, 1, {"type": "say"})
        state.apply(1, {"type": "say", "text": "y" * 200})
        message = illegal(state, 1, {"type": "say", "text": "y" * 10_000})
        assert any(ch.isdigit() for ch in message), "the refusal says how long a message may be"
        illegal(state, 3, {"type": "say", "text": "a seat that is not at the table"})

    def test_no_talk_after_the_end(self) -> None:
        state = start(players=2)
        state.apply(0, {"type": "fold"})
        assert "over" in illegal(state, 1, {"type": "say", "text": "gg"})


# -- Termination caps ----------------------------------------------------------------------------


class TestTermination:
    def test_the_turn_limit_ends_and_scores_the_game_like_the_deck_end(self) -> None:
        state = start(players=4, max_turns=3)
        full_turn(state)
        deck_at_limit = deck(state)
        state.apply(1, {"type": "skip"})
        assert not state.is_over
        state.apply(2, {"type": "skip"})
        assert state.is_over
        outcome = state.outcome()
        assert outcome.details["reason"] == "turn_limit"
        assert list(outcome.ranking) == expected_ranking(hands(state))
        assert sorted(last_event(state)["revealed"]) == sorted(deck_at_limit), "left-over cards revealed"
        assert set(deck_at_limit) <= set(state.observe(None)["discard"])
        assert deck(state) == []

    def test_by_default_only_the_seed_s_endings_end_a_game(self) -> None:
        # "There are two ways for the game to end": a fold of the last two, or the deck running low.
        # Skips end nothing, however many rounds of them.
        state = start(players=4)
        for turn in range(12):
            state.apply(turn % 4, {"type": "skip"})
            assert not state.is_over
        state.apply(0, {"type": "fold"})
        state.apply(1, {"type": "fold"})
        assert not state.is_over
        state.apply(2, {"type": "fold"})
        assert state.is_over and state.outcome().details["reason"] == "fold"

    def test_a_game_at_the_default_turn_cap_ends_with_its_own_reason(self) -> None:
        state = start(players=2)
        cap = state.observe(None)["max_turns"]
        for turn in range(cap - 1):
            state.apply(turn % 2, {"type": "skip"})
        assert not state.is_over
        state.apply((cap - 1) % 2, {"type": "skip"})
        assert state.is_over
        details = state.outcome().details
        assert details["reason"] == "turn_limit" and "turn limit" in details["reason_text"]
        assert last_event(state)["reason"] == "turn_limit"

    def test_a_full_round_of_skips_ends_the_game_when_a_league_turns_it_on(self) -> None:
        state = start(players=4, end_on_skip_round=True)
        for seat in (0, 1, 2):
            state.apply(seat, {"type": "skip"})
            assert not state.is_over
        state.apply(3, {"type": "skip"})
        assert state.is_over
        assert state.outcome().details["reason"] == "skip_round"
        assert list(state.outcome().ranking) == expected_ranking(hands(state))

    def test_an_auction_or_a_fold_breaks_the_round_of_skips(self) -> None:
        state = start(players=4, end_on_skip_round=True)
        state.apply(0, {"type": "skip"})
        state.apply(1, {"type": "skip"})
        full_turn(state)  # seat 2 auctions
        state.apply(3, {"type": "skip"})
        state.apply(0, {"type": "skip"})
        state.apply(1, {"type": "fold"})
        for seat in (2, 3):
            state.apply(seat, {"type": "skip"})
            assert not state.is_over
        state.apply(0, {"type": "skip"})  # 3 active players, 3 skips in a row
        assert state.is_over and state.outcome().details["reason"] == "skip_round"

    def test_skips_do_not_end_the_game_when_the_skip_round_is_off(self) -> None:
        state = start(players=3, end_on_skip_round=False, max_turns=10)
        for turn in range(9):
            state.apply(turn % 3, {"type": "skip"})
            assert not state.is_over
        state.apply(0, {"type": "skip"})
        assert state.is_over and state.outcome().details["reason"] == "turn_limit"


# -- Readable refusals ---------------------------------------------------------------------------


class TestMessages:
    def test_wrong_turn_says_whose_turn_it_is(self) -> None:
        state = start(players=4, first_auctioneer=2)
        message = illegal(state, 0, {"type": "skip"})
        assert "seat 2" in message

    def test_a_card_not_in_hand_is_named(self) -> None:
        state = start(players=4)
        other = hands(state)[1][0]
        message = illegal(state, 0, {"type": "auction", "card": other})
        assert other in message and "hand" in message

    def test_a_card_that_is_not_a_card(self) -> None:
        state = start(players=4)
        message = illegal(state, 0, {"type": "auction", "card": "Zz"})
        assert "Zz" in message and "rank" in message
        assert "card" in illegal(state, 0, {"type": "auction"})

    def test_card_notation_people_type_is_accepted(self) -> None:
        state = start(players=4)
        card = hands(state)[0][0]
        typed = "10" + card[1] if card[0] == "T" else card.lower()
        state.apply(0, {"type": "auction", "card": typed})
        assert state.observe(None)["ring"]["auction"]["card"] == card

    def test_unknown_actions_list_the_real_ones(self) -> None:
        state = start(players=4)
        message = illegal(state, 0, {"type": "bid"})
        assert "bid" in message and "auction" in message and "skip" in message
        assert "type" in illegal(state, 0, "skip")
        assert "card" in illegal(state, 0, {"type": "skip", "card": "As"})

    def test_actions_in_the_wrong_phase_explain_the_phase(self) -> None:
        state = start(players=4)
        message = illegal(state, 1, {"type": "offer", "card": hands(state)[1][0]})
        assert "offer" in message and "seat 0" in message
        assert "mulligan" in illegal(state, 0, {"type": "mulligan"})
        auction(state)
        assert "seat 0" in illegal(state, 0, {"type": "mulligan"})

    def test_an_offerer_playing_anything_but_an_offer_is_told_what_the_table_waits_for(self) -> None:
        state = start(players=4)
        auction(state)
        for action in ({"type": "skip"}, {"type": "swap", "seat": 0}, {"type": "mulligan"}):
            message = illegal(state, 2, action)
            assert "offers are being made" in message and "seat 0" in message
        assert "seat 0's turn" in illegal(start(players=4), 2, {"type": "skip"})

    def test_a_seat_that_does_not_exist(self) -> None:
        state = start(players=4)
        assert "9" in illegal(state, 9, {"type": "skip"})
        with pytest.raises(EngineError):
            state.observe(4)


def test_card_names_helper_reads_engine_notation() -> None:
    # Guards the leak scans: every card name the engine writes is recognised.
    assert card_names_in({"cards": list(CARD_NAMES), "text": "10h and As"}) == set(CARD_NAMES)
    assert card_names_in({"words": "Auction Swap offers_in hand_sizes"}) == set()


def test_new_state_refuses_a_seed_that_is_not_a_whole_number() -> None:
    for seed in ("1", 1.5, None, True):
        with pytest.raises(EngineError):
            new_state("mulligan", {}, seed)  # type: ignore[arg-type]


def test_state_from_json_restores_a_game_in_the_middle_of_an_auction() -> None:
    state = start(players=4, chips=3)
    auction(state, chips=1)
    state.apply(2, {"type": "offer", "card": hands(state)[2][0], "chips": 2})
    restored = state_from_json(data(state))
    assert restored.to_act() == state.to_act() == [1, 3]
    assert restored.observe(2) == state.observe(2)
