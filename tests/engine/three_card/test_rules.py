"""Three Card Mulligan's rules: the deal, the dealer, settlement, sessions, duplicate deals and
what each viewer sees."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine import IllegalAction, get_game, new_state, replay
from engine.cards import CARD_INDEX, parse_cards
from engine.games.three_card.rules import ThreeCardState, hand_deck

GAME = get_game("three_card")


def stacked(
    config: dict[str, Any],
    hands: list[list[str]],
    dealer: list[str],
    packets: list[list[str]],
    dealer_packet: list[str],
) -> ThreeCardState:
    """A state whose current hand is dealt from a deck laid out as the rules say (seats' hands, the
    dealer's, each seat's Mulligan packet, the dealer's), the rest of the deck after it."""
    state = GAME.new_state({"players": 1, **config}, 1)
    assert isinstance(state, ThreeCardState)
    top = [c for group in [*hands, dealer, *packets, dealer_packet] for c in parse_cards(group)]
    assert len(set(top)) == len(top)
    state.deck = top + [c for c in range(52) if c not in top]
    return state


def one_hand(
    hand: list[str],
    dealer: list[str],
    packet: list[str],
    dealer_packet: list[str],
    actions: list[dict[str, Any]],
    ante: int = 1,
) -> dict[str, Any]:
    """Play one one-seat hand with these cards and actions; the seat's record of the showdown."""
    state = stacked({"hands": 1, "ante": ante}, [hand], dealer, [packet], dealer_packet)
    for action in actions:
        state.apply(0, action)
    assert state.is_over
    record: dict[str, Any] = state.results[-1]["seats"][0]
    assert state.outcome().scores == (float(record["net"]),)
    return record


NO_PP = {"type": "bet", "pair_plus": False}
PP = {"type": "bet", "pair_plus": True}
STAND = {"type": "stand"}
MULLIGAN = {"type": "mulligan", "pair_plus": False}
MULLIGAN_PP = {"type": "mulligan", "pair_plus": True}
DEALER_KING = ["Ks", "7h", "2d"]  # stands
DEALER_PACKET = ["Qc", "Jc", "9d"]  # only used if the dealer takes a Mulligan
SPARE = ["3s", "8c", "Td"]  # an unused Mulligan packet


@pytest.mark.parametrize(
    ("hand", "actions", "packet", "result", "ante", "mulligan_bet", "net"),
    [
        (["5h", "5d", "9c"], [NO_PP, STAND], SPARE, "win", 1, None, 1),  # a pair beats K-high: 1 to 1
        (["4h", "5d", "6c"], [NO_PP, STAND], SPARE, "win", 1.5, None, 1.5),  # a straight: 3 to 2
        (["7s", "7d", "7c"], [NO_PP, STAND], SPARE, "win", 4, None, 4),
        (["8h", "9h", "Th"], [NO_PP, STAND], SPARE, "win", 6, None, 6),
        (["Qh", "Jd", "9c"], [NO_PP, STAND], SPARE, "loss", -1, None, -1),
        (["Kh", "7c", "2s"], [NO_PP, STAND], SPARE, "push", 0, None, 0),  # same ranks: a push
        # A Mulligan: two bets, both paid by the final hand's odds (the seed's "12" and "3").
        (["Qh", "Jd", "9c"], [NO_PP, MULLIGAN], ["8h", "9h", "Th"], "win", 6, 6, 12),
        (["Qh", "Jd", "9c"], [NO_PP, MULLIGAN], ["4h", "5d", "6c"], "win", 1.5, 1.5, 3),
        (["Qh", "Jd", "9c"], [NO_PP, MULLIGAN], ["5h", "5d", "9h"], "win", 1, 1, 2),
        (["Qh", "Jd", "9c"], [NO_PP, MULLIGAN], ["Kh", "7c", "2s"], "push", 0, 0, 0),
        (["Qh", "Jd", "9c"], [NO_PP, MULLIGAN], ["Kh", "6c", "2s"], "loss", -1, -1, -2),
    ],
)
def test_ante_and_mulligan_bets(
    hand: list[str],
    actions: list[dict[str, Any]],
    packet: list[str],
    result: str,
    ante: float,
    mulligan_bet: float | None,
    net: float,
) -> None:
    record = one_hand(hand, DEALER_KING, packet, DEALER_PACKET, actions)
    assert (record["result"], record["ante"], record["mulligan_bet"], record["net"]) == (
        result,
        ante,
        mulligan_bet,
        net,
    )
    assert record["mulligan"] == (actions[-1]["type"] == "mulligan")


def test_the_ante_unit_scales_every_bet() -> None:
    record = one_hand(
        ["Qh", "Jd", "9c"], DEALER_KING, ["4h", "5d", "6c"], DEALER_PACKET, [PP, MULLIGAN_PP], 4
    )
    # Ante and Mulligan 4 x 1.5 each; the first Pair Plus on Q-J-9 loses 4; the new one on a straight wins 4 x 6.
    assert (record["ante"], record["mulligan_bet"], record["pair_plus"], record["pair_plus_mulligan"]) == (
        6,
        6,
        -4,
        24,
    )
    assert record["net"] == 6 + 6 - 4 + 24


def test_pair_plus_pays_on_its_own_hand_whatever_the_dealer() -> None:
    # The first hand's pair wins its Pair Plus though the hand loses to the dealer's trips.
    record = one_hand(["5h", "5d", "9c"], ["Ks", "Kh", "Kd"], SPARE, DEALER_PACKET, [PP, STAND])
    assert (record["result"], record["ante"], record["pair_plus"], record["net"]) == ("loss", -1, 1, 0)
    # Pair Plus on the first hand (a flush: 3) and on the Mulligan hand (high card: lost), hand lost.
    record = one_hand(
        ["2h", "6h", "9h"], ["Ks", "Kh", "Kd"], ["Qs", "8d", "3c"], DEALER_PACKET, [PP, MULLIGAN_PP]
    )
    assert (record["pair_plus"], record["pair_plus_mulligan"], record["net"]) == (3, -1, -2 + 3 - 1)
    # No Pair Plus bets: nothing either way.
    record = one_hand(["2h", "6h", "9h"], DEALER_KING, ["Qs", "8d", "3c"], DEALER_PACKET, [NO_PP, MULLIGAN])
    assert (record["pair_plus"], record["pair_plus_mulligan"]) == (None, None)


@pytest.mark.parametrize(
    ("dealer", "mulligans"),
    [
        (["Ks", "3h", "2d"], False),
        (["2s", "2h", "3d"], False),
        (["As", "2h", "3d"], False),
        (["Qs", "Jh", "9d"], True),
        (["7s", "5h", "2d"], True),
    ],
)
def test_the_dealer_stands_with_king_high_or_better(dealer: list[str], mulligans: bool) -> None:
    state = stacked({"hands": 1}, [["Ac", "Kc", "Tc"]], dealer, [SPARE], ["9h", "9c", "4d"])
    state.apply(0, NO_PP)
    state.apply(0, STAND)
    shown = state.results[-1]["dealer"]
    assert sorted(shown["cards"]) == sorted(dealer)
    assert shown["mulligan"] is mulligans
    assert sorted(shown["final"]) == sorted(["9h", "9c", "4d"] if mulligans else dealer)
    # The A-K-T flush beats the dealer's Mulligan (a pair of nines) and every standing hand here but
    # A-2-3, a straight (the lowest, still above any flush).
    expected = "loss" if dealer == ["As", "2h", "3d"] else "win"
    assert state.results[-1]["seats"][0]["result"] == expected


def test_seats_draw_their_mulligans_from_their_own_packets_in_seat_order() -> None:
    hands = [["2h", "5d", "9c"], ["3h", "6d", "Tc"], ["4h", "7d", "Jc"]]
    packets = [["Ah", "Ad", "Ac"], ["Kh", "Kd", "Kc"], ["Qh", "Qd", "Qc"]]
    state = stacked(
        {"players": 3, "hands": 1, "pair_plus": False}, hands, DEALER_KING, packets, ["9s", "8s", "4d"]
    )
    state.apply(0, {"type": "stand"})
    state.apply(1, {"type": "mulligan"})
    state.apply(2, {"type": "mulligan"})
    seats = state.results[-1]["seats"]
    assert [sorted(s["final"]) for s in seats] == [sorted(h) for h in (hands[0], packets[1], packets[2])]
    assert [sorted(s["cards"]) for s in seats] == [sorted(h) for h in hands]


def test_a_session_ranks_seats_by_net_chips() -> None:
    state = GAME.new_state({"players": 3, "hands": 3, "pair_plus": False}, 5)
    rng = random.Random(2)
    while not state.is_over:
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    outcome = state.outcome()
    nets = [sum(r["seats"][s]["net"] for r in state.results) for s in range(3)]
    assert list(outcome.scores) == nets
    assert [outcome.scores[s] for s in outcome.ranking] == sorted(nets, reverse=True)
    places = outcome.details["places"]
    for a in range(3):
        for b in range(3):
            assert (places[a] < places[b]) == (nets[a] > nets[b])
    assert len(state.results) == 3
    assert GAME.metadata()["scoring"] == "chips"


def test_equal_chips_share_a_place() -> None:
    state = GAME.new_state({"players": 3, "hands": 1}, 3)
    state.chips = [state.chips[0] + 2, state.chips[0] + 2, state.chips[0] - 1]
    state.phase = "over"
    state.hand = 1
    outcome = state.outcome()
    assert outcome.details["places"] == [1, 1, 3]
    assert outcome.ranking == (0, 1, 2)
    assert outcome.scores[0] == outcome.scores[1]


def play(state: ThreeCardState, choose: Any) -> list[list[int]]:
    """Play to the end; the deck of every hand as it was dealt."""
    decks = []
    while not state.is_over:
        if not decks or state.hand != len(decks) - 1:
            decks.append(list(state.deck))
        seat = state.to_act()[0]
        state.apply(seat, choose(state.legal_actions(seat)))
    return decks


def test_duplicate_deals_same_seed_different_decisions_same_cards() -> None:
    assert GAME.duplicate_deals
    config = {"players": 2, "hands": 6}
    first = play(GAME.new_state(config, 99), lambda legal: legal[0])
    second = play(GAME.new_state(config, 99), lambda legal: legal[-1])
    third = play(GAME.new_state(config, 99), random.Random(4).choice)
    assert first == second == third
    assert first == [hand_deck(99, k) for k in range(6)]
    assert len({tuple(deck) for deck in first}) == 6, "each hand has its own shuffle"
    # The cards dealt, not just the decks: every seat's first hand and Mulligan packet.
    a, b = GAME.new_state(config, 99), GAME.new_state(config, 99)
    for state, choose in ((a, lambda legal: legal[0]), (b, lambda legal: legal[-1])):
        while not state.is_over:
            state.apply(state.to_act()[0], choose(state.legal_actions(state.to_act()[0])))
    for ra, rb in zip(a.results, b.results, strict=True):
        assert [s["cards"] for s in ra["seats"]] == [s["cards"] for s in rb["seats"]]
        assert ra["dealer"] == rb["dealer"]
    assert play(GAME.new_state(config, 98), lambda legal: legal[0]) != first


def card_names(data: Any) -> set[str]:
    text = json.dumps(data)
    return {name for name in CARD_INDEX if f'"{name}"' in text}


def test_observations_hide_other_seats_the_dealer_and_the_deck() -> None:
    state = GAME.new_state({"players": 3, "hands": 2}, 12345678901)
    assert isinstance(state, ThreeCardState)
    # Bets first: nobody has seen a card yet.
    for viewer in (0, 1, 2, None):
        view = state.observe(viewer)
        assert not card_names(view)
        assert "deck" not in view and "seed" not in json.dumps(view)
        assert view["dealer"] == {"cards": None}
    for seat in range(3):
        state.apply(seat, {"type": "bet", "pair_plus": seat == 1})
    assert state.observe(0)["bets"][1]["pair_plus"] is True  # bets are public
    for viewer in range(3):
        view = state.observe(viewer)
        own = state._first_cards(viewer)
        assert card_names(view) == set(view["hand"])
        assert sorted(parse_cards(view["hand"])) == sorted(own)
    assert not card_names(state.observe(None))
    state.apply(0, {"type": "mulligan", "pair_plus": False})
    view = state.observe(0)
    assert sorted(parse_cards(view["discarded"])) == sorted(state._first_cards(0))
    assert sorted(parse_cards(view["hand"])) == sorted(state._packet(0))
    assert card_names(state.observe(1)) == set(state.observe(1)["hand"]), "seat 0's cards stay hidden"
    assert state.observe(1)["bets"][0]["mulligan"] is True
    state.apply(1, {"type": "stand"})
    state.apply(2, {"type": "stand"})
    # The showdown is public: every hand and the dealer's, to every viewer, spectators too.
    last = state.observe(None)["last_hand"]
    assert last["hand"] == 1 and len(last["seats"]) == 3 and last["dealer"]["cards"]
    assert state.observe(None)["hand_number"] == 2
    assert card_names(state.observe(None)) == card_names(last)
    # ... but seat 0's Mulligan discards went face down: only seat 0 ever sees them.
    discards = set(state.observe(0)["last_hand"]["seats"][0]["cards"])
    assert discards == set(view["discarded"])
    assert last["seats"][0]["cards"] is None and last["seats"][0]["final"]
    assert not discards & card_names(state.observe(1)) and not discards & card_names(state.observe(None))


def test_resampling_keeps_each_viewers_observation() -> None:
    state = GAME.new_state({"players": 2, "hands": 2}, 7)
    for action in ({"type": "bet", "pair_plus": False}, {"type": "bet", "pair_plus": True}, MULLIGAN):
        state.apply(state.to_act()[0], action)
    rng = random.Random(1)
    for viewer in (0, 1, None):
        copy = state.resample_hidden(viewer, rng)
        assert copy.observe(viewer) == state.observe(viewer)
        assert copy.to_json()["deck"] != state.to_json()["deck"]


def test_illegal_actions_are_refused_with_reasons() -> None:
    state = GAME.new_state({"players": 2, "hands": 1}, 1)
    before = state.to_json()
    for seat, action, message in [
        (1, NO_PP, "seat 0's turn"),
        (0, STAND, "place your Ante first"),
        (0, {"type": "bet", "pair_plus": "yes"}, "true or false"),
        (0, {"type": "bet", "chips": 3}, "takes no"),
        (0, {"type": "raise"}, "unknown action type"),
        (0, "stand", "JSON object"),
        (2, NO_PP, "no seat 2"),
    ]:
        with pytest.raises(IllegalAction, match=message):
            state.apply(seat, action)
    assert state.to_json() == before
    state.apply(0, NO_PP)
    state.apply(1, NO_PP)
    with pytest.raises(IllegalAction, match="the bets are in"):
        state.apply(0, NO_PP)
    no_pp = GAME.new_state({"players": 1, "pair_plus": False, "hands": 1}, 1)
    assert no_pp.legal_actions(0) == [{"type": "stand"}, {"type": "mulligan"}]
    with pytest.raises(IllegalAction, match="does not offer Pair Plus"):
        no_pp.apply(0, MULLIGAN_PP)
    no_pp.apply(0, STAND)
    with pytest.raises(IllegalAction, match="over"):
        no_pp.apply(0, STAND)


def test_replay_and_json_round_trip_with_a_fractional_pay_table() -> None:
    config = {
        "players": 2,
        "hands": 4,
        "paytable": {
            "ante": {"straight_flush": 6, "three_of_a_kind": 4, "straight": "3 to 2", "other": "1 to 3"},
            "pair_plus": {
                "straight_flush": 40,
                "three_of_a_kind": 30,
                "straight": 6,
                "flush": 3,
                "pair": 1,
                "high_card": -1,
            },
        },
    }
    state = new_state("three_card", config, 21)
    rng = random.Random(3)
    moves = []
    while not state.is_over:
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        moves.append((seat, action))
    again = replay("three_card", config, 21, moves)
    assert again.to_json() == state.to_json()
    loaded = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
    assert loaded.outcome().to_json() == state.outcome().to_json()
    assert isinstance(state, ThreeCardState)
    assert all(c.denominator in (1, 2, 3, 6) for c in state.chips)


@pytest.mark.parametrize(
    ("action", "words"),
    [
        ({"type": "bet", "pair_plus": False}, "Ante"),
        ({"type": "bet", "pair_plus": True}, "Ante and Pair Plus"),
        ({"type": "stand"}, "Stand"),
        ({"type": "mulligan"}, "Mulligan"),
        ({"type": "mulligan", "pair_plus": False}, "Mulligan"),
        ({"type": "mulligan", "pair_plus": True}, "Mulligan and a new Pair Plus"),
        ({"type": "mulligan", "pair_plus": "x"}, "Mulligan pair_plus x"),
    ],
)
def test_describe_action(action: dict[str, Any], words: str) -> None:
    assert GAME.describe_action(action) == words


def test_results_read_during_a_session_are_the_results_read_after_it() -> None:
    # A hand's record is written when the results are first read: reading them after every move,
    # or once at the end, or after a round trip through storage, gives the same records.
    config = {"players": 3, "hands": 5}
    states = [GAME.new_state(config, 12) for _ in range(3)]
    rng = random.Random(5)
    while not states[0].is_over:
        seat = states[0].to_act()[0]
        action = rng.choice(states[0].legal_actions(seat))
        for state in states:
            state.apply(seat, action)
        assert len(states[0].results) == states[0].hand
        states[2] = GAME.state_from_json(json.loads(json.dumps(states[2].to_json())))
    assert states[0].results == states[1].results == states[2].results
    assert states[0].to_json() == states[1].to_json()
