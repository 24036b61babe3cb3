"""Mulligan hand evaluation, against the rules text (`000_43432f497e9b879c.txt`, "Hand Evaluation").

Expected values below are worked out by hand from the rules, never computed by the code under test.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import CARD_NAMES, CardError, parse_card
from engine.games.mulligan.hands import (
    CATEGORIES,
    HandRank,
    category_of_key,
    hand_key,
    rank_hand,
    reference_key,
    top_card_of_key,
)


def rh(text: str) -> HandRank:
    return rank_hand(text.split())


def ints(text: str) -> list[int]:
    return [parse_card(name) for name in text.split()]


def names(cards: tuple[int, ...] | list[int]) -> set[str]:
    return {CARD_NAMES[c] for c in cards}


def check(text: str, category: str, top: str, value_hand: str) -> HandRank:
    """rank_hand, hand_key and reference_key all agree with the hand-worked answer."""
    hand = rank_hand(text.split())
    assert hand.category == category, (text, hand)
    assert hand.top_card == top, (text, hand)
    assert hand.value_hand == tuple(value_hand.split()), (text, hand)
    key = hand_key(ints(text))
    assert key == hand.key
    assert category_of_key(key) == category
    assert CARD_NAMES[top_card_of_key(key)] == top
    ref_key, ref_value = reference_key(ints(text))
    assert ref_key == key
    assert names(ref_value) == set(value_hand.split())
    return hand


# ---------------------------------------------------------------------------------------------
# The rules' own list of hand types, one example each (plus filler cards that change nothing).
# ---------------------------------------------------------------------------------------------

# (hand, category, top card, value hand highest first)
SEED_EXAMPLES = [
    # High Card (♠A): nothing else formed (2, 4, 7, 9, A: no pair, no four in a row).
    ("As 9d 7c 4h 2d", "high_card", "As", "As"),
    # Pair (♥6 ♦6): the ♥6 outranks the ♦6.
    ("6h 6d Ks 9c 2d", "pair", "6h", "6h 6d"),
    # Two Pair (♦J ♠J ♠4 ♣4): the top card is the best card of the higher pair.
    ("Jd Js 4s 4c 9h", "two_pair", "Js", "Js Jd 4s 4c"),
    # Low Straight (♥J ♥Q ♠K ♦A): four consecutive, topped by the ace.
    ("Jh Qh Ks Ad 5c", "low_straight", "Ad", "Ad Ks Qh Jh"),
    # Three-of-a-Kind (♦9 ♥9 ♣9)
    ("9d 9h 9c Ks 2d", "three_of_a_kind", "9h", "9h 9c 9d"),
    # High Straight (♦10 ♥J ♥Q ♠K ♦A)
    ("Td Jh Qh Ks Ad", "high_straight", "Ad", "Ad Ks Qh Jh Td"),
    # Flush (♠5 ♠A ♠J ♠7 ♠2)
    ("5s As Js 7s 2s", "flush", "As", "As Js 7s 5s 2s"),
    # Full House (the text's example repeats ♦3; with three distinct 3s): top = highest rank's best.
    ("3s 3d 3h 6d 6s", "full_house", "6s", "6s 6d 3s 3h 3d"),
    # Four of a Kind (♦4 ♣4 ♥4 ♠4): the value hand is the four 4s, topped by the ♠4.
    ("4d 4c 4h 4s 9c", "four_of_a_kind", "4s", "4s 4h 4c 4d"),
    # Straight Flush (♠10 ♠J ♠Q ♠K ♠A)
    ("Ts Js Qs Ks As", "straight_flush", "As", "As Ks Qs Js Ts"),
]


@pytest.mark.parametrize(("text", "category", "top", "value_hand"), SEED_EXAMPLES)
def test_seed_examples(text: str, category: str, top: str, value_hand: str) -> None:
    check(text, category, top, value_hand)


def test_seed_examples_rank_in_the_listed_order() -> None:
    keys = [rank_hand(text.split()).key for text, *_ in SEED_EXAMPLES]
    assert keys == sorted(keys)
    assert len(set(keys)) == len(keys)


def test_categories_order() -> None:
    assert CATEGORIES == (
        "high_card",
        "pair",
        "two_pair",
        "low_straight",
        "three_of_a_kind",
        "high_straight",
        "flush",
        "full_house",
        "four_of_a_kind",
        "straight_flush",
    )


# ---------------------------------------------------------------------------------------------
# High ace and low ace.
# ---------------------------------------------------------------------------------------------


def test_ace_low_in_a_four_card_straight() -> None:
    # A-2-3-4: the ace is low, so the straight is topped by the 4 and the ace is listed last.
    check("As 2d 3c 4h 9s", "low_straight", "4h", "4h 3c 2d As")


def test_ace_low_five_card_straight() -> None:
    check("As 2d 3c 4h 5d", "high_straight", "5d", "5d 4h 3c 2d As")


def test_ace_low_straight_flush() -> None:
    check("As 2s 3s 4s 5s", "straight_flush", "5s", "5s 4s 3s 2s As")


def test_ace_high_straight() -> None:
    check("Ac Kd Qd Jh Td", "high_straight", "Ac", "Ac Kd Qd Jh Td")


def test_no_wrap_king_ace_two() -> None:
    # K-A-2-3-4 is not a high straight; A-2-3-4 is still a low straight topped by the 4.
    check("Ks Ah 2c 3d 4d", "low_straight", "4d", "4d 3d 2c Ah")
    # Q-K-A-2-3 has no four in a row either way: a high card, the ace (high by default).
    check("Qd Ks Ac 2h 3d", "high_card", "Ac", "Ac")
    check("Ks Ad 2c 3h 9d", "high_card", "Ad", "Ad")
    # J-Q-K-A + 2: only the ace-high run counts.
    check("Js Qd Kc Ah 2s", "low_straight", "Ah", "Ah Kc Qd Js")


def test_ace_is_high_outside_straights() -> None:
    ace_high = rh("As 9d 7c 4h 2d")
    king_high = rh("Ks Qd 9c 7h 5d")
    assert ace_high > king_high
    check("Ah Ad Ks 9c 2d", "pair", "Ah", "Ah Ad")
    assert rh("Ah Ad Ks 9c 2d") > rh("Ks Kh Qd 9c 2d")


def test_ace_low_straight_loses_to_two_to_five() -> None:
    a_to_4 = rh("As 2s 3s 4h 9c")  # top 4♥
    two_to_5 = rh("2d 3d 4d 5d 9h")  # four diamonds + ♥9, top 5♦
    assert a_to_4.category == two_to_5.category == "low_straight"
    assert a_to_4 < two_to_5


# ---------------------------------------------------------------------------------------------
# Card value and suit value.
# ---------------------------------------------------------------------------------------------


def test_suit_tiebreak_between_two_low_straights_three_to_six() -> None:
    # The rules' own example: both have a straight from three to six; the better six wins.
    spade_six = check("3d 4d 5d 6s Kc", "low_straight", "6s", "6s 5d 4d 3d")
    heart_six = check("3c 4c 5c 6h Kd", "low_straight", "6h", "6h 5c 4c 3c")
    assert spade_six > heart_six
    assert spade_six.key - heart_six.key == 1


def test_suit_order_spades_hearts_clubs_diamonds() -> None:
    tops = [rank_hand(f"A{suit} 9h 7s 4c 2c".split()) for suit in "dchs"]
    assert [hand.top_card for hand in tops] == ["Ad", "Ac", "Ah", "As"]
    assert tops == sorted(tops)
    assert len({hand.key for hand in tops}) == 4


def test_no_kickers() -> None:
    # High card: only the single highest card counts; ♠A beats ♥A whatever follows.
    assert rh("As 5d 4c 3h 9d") > rh("Ah Kd Qc 9h 7s")
    # Pair: the ♠6 pair beats the ♥6 pair despite the other hand's ace and king.
    assert rh("6s 6c 2d 3h 9h") > rh("6h 6d As Kc 9s")
    # Two pair: the higher pair's best card decides; the lower pair is irrelevant.
    assert rh("Js Jd 2c 2d 5h") > rh("Jh Jc Ts Td 5s")
    # Trips: the other two cards never matter (hands from two different decks).
    assert rh("9s 9c 9d 2h 4c") > rh("9h 9c 9d As Kd")


def test_same_category_and_top_card_compare_equal() -> None:
    # Different hands (from different decks) with the same category and top card tie exactly.
    first = rh("As 9d 7c 4h 2d")
    second = rh("As Kd Qc 9h 7s")
    assert first == second
    assert hash(first) == hash(second)
    assert first <= second and first >= second
    assert not first < second and not first > second
    assert first.value_hand == second.value_hand == ("As",)


# ---------------------------------------------------------------------------------------------
# The most valuable way, and category precedence.
# ---------------------------------------------------------------------------------------------


def test_two_ways_to_the_same_low_straight_take_the_best_top_card() -> None:
    check("3d 4c 5h 6d 6s", "low_straight", "6s", "6s 5h 4c 3d")
    check("Jd Qc Kh Ad As", "low_straight", "As", "As Kh Qc Jd")


def test_duplicate_below_the_top_prefers_the_higher_suit() -> None:
    check("3d 3s 4c 5h 6d", "low_straight", "6d", "6d 5h 4c 3s")


def test_low_straight_beats_the_pair_it_contains() -> None:
    check("2h 3d 4c 5s 5h", "low_straight", "5s", "5s 4c 3d 2h")
    # Two aces: either makes A-2-3-4 topped by the 4♥; the higher-suited ace (♣) is listed.
    check("Ac Ad 2s 3h 4h", "low_straight", "4h", "4h 3h 2s Ac")


def test_four_card_straight_flush_inside_a_flush_is_a_flush() -> None:
    check("3s 4s 5s 6s 9s", "flush", "9s", "9s 6s 5s 4s 3s")


def test_four_card_straight_flush_with_an_odd_card_is_a_low_straight() -> None:
    check("3s 4s 5s 6s 9h", "low_straight", "6s", "6s 5s 4s 3s")


def test_flush_top_card_with_an_ace_is_the_ace() -> None:
    # A-2-3-4-6 suited: not consecutive, so a flush, where the ace is high.
    check("As 2s 3s 4s 6s", "flush", "As", "As 6s 4s 3s 2s")


def test_category_precedence_examples() -> None:
    order = [
        "As Kd 9c 7h 5d",  # high card, A♠
        "2d 2c 5h 9s Jc",  # pair of 2s
        "2d 2c 3h 3s 9c",  # two pair
        "2d 3c 4h 5s 9c",  # low straight, top 5♠
        "2d 2c 2h 5s 9c",  # three of a kind
        "2d 3c 4h 5s 6c",  # high straight, top 6♣
        "2c 3c 4c 5c 7c",  # flush, top 7♣
        "2d 2c 2h 3s 3c",  # full house, top 3♠
        "2d 2c 2h 2s 3c",  # four of a kind, top 2♠
        "2c 3c 4c 5c 6c",  # straight flush, top 6♣
    ]
    ranked = [rank_hand(text.split()) for text in order]
    assert [hand.category for hand in ranked] == list(CATEGORIES)
    assert ranked == sorted(ranked)
    # A better category always wins, even with a lower top card: low straight to the 5 beats the A pair.
    assert rh("2d 3c 4h 5s 9c") > rh("Ad As Kc Qh 9s")


def test_full_house_top_card_is_the_highest_ranked_card() -> None:
    check("6s 6h 6d 3s 3c", "full_house", "6s", "6s 6h 6d 3s 3c")
    # Three 3s with two 6s: the whole hand is the value hand, the best 6 tops it...
    low_trips = check("3s 3h 3d 6c 6d", "full_house", "6c", "6c 6d 3s 3h 3d")
    # ...so it beats 5-5-5-4-4, whose highest card is a 5.
    assert low_trips > rh("5s 5h 5d 4s 4h")


def test_four_of_a_kind_top_card_is_the_spade() -> None:
    check("Kd Kh Ks Kc 2s", "four_of_a_kind", "Ks", "Ks Kh Kc Kd")
    check("2d 2h 2s 2c As", "four_of_a_kind", "2s", "2s 2h 2c 2d")
    assert rh("2d 2h 2s 2c As") > rh("As Ah Ad Ks Kh")


def test_straight_flush_wheel_loses_to_six_high() -> None:
    wheel = rh("As 2s 3s 4s 5s")
    six_high = rh("2h 3h 4h 5h 6h")
    assert wheel < six_high


# ---------------------------------------------------------------------------------------------
# API details.
# ---------------------------------------------------------------------------------------------


def test_accepts_names_ints_and_a_string() -> None:
    by_name = rank_hand(["Ts", "Js", "Qs", "Ks", "As"])
    by_int = rank_hand(ints("Ts Js Qs Ks As"))
    by_alias = rank_hand(["10s", "js", "QS", "Ks", "As"])
    by_string = rank_hand("Ts Js Qs Ks As")
    mixed = rank_hand(["Ts", parse_card("Js"), "Qs", "Ks", parse_card("As")])
    assert by_name.key == by_int.key == by_alias.key == by_string.key == mixed.key
    assert by_name.cards == ("As", "Ks", "Qs", "Js", "Ts")
    assert by_name.category_index == 9


@pytest.mark.parametrize(
    "bad",
    [
        ["As", "Ks", "Qs", "Js"],
        ["As", "Ks", "Qs", "Js", "Ts", "9s"],
        ["As", "Ks", "Qs", "Js", "As"],
        ["As", "Ks", "Qs", "Js", "Xx"],
        [51, 50, 49, 48, 52],
        [51, 50, 49, 48, -1],
        [51, 50, 49, 48, True],
        [],
    ],
)
def test_invalid_hands_raise_value_error(bad: list[str | int]) -> None:
    with pytest.raises(ValueError):
        rank_hand(bad)


def test_bad_card_raises_card_error_and_duplicate_is_named() -> None:
    with pytest.raises(CardError):
        rank_hand(["As", "Ks", "Qs", "Js", "1x"])
    with pytest.raises(ValueError, match="As"):
        rank_hand(["As", "Ks", "Qs", "Js", "As"])
    with pytest.raises(ValueError, match="5 cards"):
        rank_hand(["As", "Ks"])


def test_str_and_json() -> None:
    hand = rh("Td Jh Qh Ks Ad")
    text = str(hand)
    assert "high straight" in text
    assert "A\u2666" in text
    assert "Ad Ks Qh Jh Td" in text
    data = hand.to_json()
    assert data["category"] == "high_straight"
    assert data["category_index"] == 5
    assert data["top_card"] == "Ad"
    assert data["value_hand"] == ["Ad", "Ks", "Qh", "Jh", "Td"]
    assert data["key"] == hand.key == 5 * 64 + parse_card("Ad")
    assert sorted(data["cards"]) == sorted(["Td", "Jh", "Qh", "Ks", "Ad"])


def test_key_layout() -> None:
    key = hand_key(ints("9d 9h 9c Ks 2d"))
    assert key == 4 * 64 + parse_card("9h")
    assert category_of_key(key) == "three_of_a_kind"
    assert top_card_of_key(key) == parse_card("9h")


def test_hand_key_accepts_tuples_and_any_order() -> None:
    cards = ints("3d 4c 5h 6d 6s")
    expected = 3 * 64 + parse_card("6s")
    for order in itertools.permutations(cards):
        assert hand_key(order) == expected
        assert hand_key(list(order)) == expected


# ---------------------------------------------------------------------------------------------
# Exhaustive checks over rank patterns and a small deck.
# ---------------------------------------------------------------------------------------------

# Category counts over all C(52, 5) = 2,598,960 hands, worked out by hand:
#   straight flush: 10 runs (A-5 .. T-A) x 4 suits = 40
#   four of a kind: 13 x 48 = 624; full house: 13 x 12 x 4 x 6 = 3,744
#   flush: 4 x C(13, 5) - 40 = 5,108; high straight: 10 x (4^5 - 4) = 10,200
#   three of a kind: 13 x 4 x C(12, 2) x 16 = 54,912; two pair: C(13, 2) x 36 x 44 = 123,552
#   low straight: 11 four-runs (A-4 .. J-A).
#     with a pair inside: 11 x 4 (paired rank) x 6 x 4^3 = 16,896
#     with a fifth rank that does not extend the run: A-4 and J-A have 8 such ranks, the nine
#     others 7 (both neighbours excluded; no K-A-2 wrap): 79 x (4^5 - 4) = 80,580  -> 97,476
#   pair: poker's 1,098,240 one-pair hands minus the 16,896 low straights = 1,081,344
#   high card: poker's 1,302,540 "nothing" hands minus the 80,580 = 1,221,960
EXPECTED_COUNTS = {
    "high_card": 1_221_960,
    "pair": 1_081_344,
    "two_pair": 123_552,
    "low_straight": 97_476,
    "three_of_a_kind": 54_912,
    "high_straight": 10_200,
    "flush": 5_108,
    "full_house": 3_744,
    "four_of_a_kind": 624,
    "straight_flush": 40,
}


def _rank_patterns() -> list[tuple[int, ...]]:
    return [
        ranks
        for ranks in itertools.combinations_with_replacement(range(13), 5)
        if max(Counter(ranks).values()) <= 4
    ]


def test_category_counts_over_all_hands_by_rank_pattern() -> None:
    """Every rank pattern once, weighted by its number of suit assignments; flushes separately."""
    assert sum(EXPECTED_COUNTS.values()) == math.comb(52, 5)
    patterns = _rank_patterns()
    assert len(patterns) == 6175
    counts = Counter[str]()
    for ranks in patterns:
        by_rank = Counter(ranks)
        assignments = math.prod(math.comb(4, n) for n in by_rank.values())
        # An unsuited representative: suits 0, 1, 2... within each rank, first card's suit bumped.
        cards = [r * 4 + i for r, n in by_rank.items() for i in range(n)]
        if len(by_rank) == 5:
            cards = [cards[0] + 1] + cards[1:]
            counts[category_of_key(hand_key(cards))] += assignments - 4
            for suit in range(4):
                counts[category_of_key(hand_key([r * 4 + suit for r in ranks]))] += 1
        else:
            counts[category_of_key(hand_key(cards))] += assignments
    assert counts == EXPECTED_COUNTS


def test_fast_path_matches_reference_on_every_rank_pattern() -> None:
    rng = random.Random(20240324)
    for ranks in _rank_patterns():
        suits_left = {r: rng.sample(range(4), 4) for r in set(ranks)}
        cards = [r * 4 + suits_left[r].pop() for r in ranks]
        assert hand_key(cards) == reference_key(cards)[0], [CARD_NAMES[c] for c in cards]
        if len(set(ranks)) == 5:
            suit = rng.randrange(4)
            flush = [r * 4 + suit for r in ranks]
            assert hand_key(flush) == reference_key(flush)[0], [CARD_NAMES[c] for c in flush]


def test_fast_path_matches_reference_on_every_hand_of_a_small_deck() -> None:
    # K, A, 2, 3, 4, 5 in three suits: wraps, ace-low runs, wheels, duplicates and suit ties.
    deck = [parse_card(rank + suit) for rank in "KA2345" for suit in "dhs"]
    for hand in itertools.combinations(deck, 5):
        key, value_hand = reference_key(hand)
        assert hand_key(hand) == key, [CARD_NAMES[c] for c in hand]
        assert set(rank_hand(list(hand)).value_hand) == names(value_hand)


# ---------------------------------------------------------------------------------------------
# Property tests.
# ---------------------------------------------------------------------------------------------

VALUE_HAND_SIZE = {
    "high_card": 1,
    "pair": 2,
    "two_pair": 4,
    "low_straight": 4,
    "three_of_a_kind": 3,
    "high_straight": 5,
    "flush": 5,
    "full_house": 5,
    "four_of_a_kind": 4,
    "straight_flush": 5,
}


@st.composite
def hands(draw: st.DrawFn) -> list[int]:
    """Uniform hands, or hands from a narrow window of ranks / few suits (straights and flushes)."""
    if draw(st.booleans()):
        return draw(st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True))
    start = draw(st.integers(-1, 8))  # -1: a window starting at the low ace
    width = draw(st.integers(5, 6))
    ranks = sorted({12 if r == -1 else r for r in range(start, min(start + width, 13))})
    suits = draw(st.lists(st.integers(0, 3), min_size=1, max_size=4, unique=True))
    pool = [r * 4 + s for r in ranks for s in suits]  # at least 5 ranks, so at least 5 cards
    return draw(st.lists(st.sampled_from(pool), min_size=5, max_size=5, unique=True))


def _run_value(cards: list[int], ace_low: bool) -> list[int]:
    return sorted(-1 if ace_low and c >> 2 == 12 else c >> 2 for c in cards)


def _is_run(cards: list[int]) -> bool:
    return any(
        values == list(range(values[0], values[0] + len(values)))
        for values in (_run_value(cards, False), _run_value(cards, True))
    )


@settings(max_examples=400, deadline=None)
@given(hands())
def test_fast_path_equals_reference(cards: list[int]) -> None:
    key, value_hand = reference_key(cards)
    assert hand_key(cards) == key
    assert hand_key(tuple(reversed(cards))) == key
    hand = rank_hand(cards)
    assert hand.key == key
    assert set(hand.value_hand) == names(value_hand)


@settings(max_examples=400, deadline=None)
@given(hands())
def test_value_hand_is_a_valid_choice(cards: list[int]) -> None:
    hand = rank_hand(cards)
    chosen = [parse_card(name) for name in hand.value_hand]
    assert len(chosen) == VALUE_HAND_SIZE[hand.category]
    assert set(chosen) <= set(cards)
    assert hand.top_card == hand.value_hand[0]
    rank_counts = sorted(Counter(c >> 2 for c in chosen).values())
    suits = {c & 3 for c in chosen}
    expected_shape = {
        "high_card": [1],
        "pair": [2],
        "two_pair": [2, 2],
        "three_of_a_kind": [3],
        "full_house": [2, 3],
        "four_of_a_kind": [4],
    }
    if hand.category in expected_shape:
        assert rank_counts == expected_shape[hand.category]
    if hand.category in ("low_straight", "high_straight", "straight_flush"):
        assert _is_run(chosen)
    if hand.category in ("flush", "straight_flush"):
        assert len(suits) == 1
    if hand.category == "high_card":
        assert chosen == [max(cards)]
    if hand.category in ("pair", "two_pair", "three_of_a_kind", "four_of_a_kind", "flush", "full_house"):
        assert chosen[0] == max(chosen)


@settings(max_examples=300, deadline=None)
@given(hands(), hands())
def test_order_is_total_and_follows_the_key(first: list[int], second: list[int]) -> None:
    a, b = rank_hand(first), rank_hand(second)
    assert (a < b) == (a.key < b.key)
    assert (a > b) == (a.key > b.key)
    assert (a == b) == (a.key == b.key)
    assert (a <= b) == (a.key <= b.key) and (a >= b) == (a.key >= b.key)
    assert sum((a < b, a == b, a > b)) == 1
    assert (a == b) == (a.category == b.category and a.top_card == b.top_card)
    if a.category_index != b.category_index:
        assert (a < b) == (a.category_index < b.category_index)
    if a == b:
        assert hash(a) == hash(b)


@settings(max_examples=200, deadline=None)
@given(st.permutations(range(52)))
def test_one_deck_never_ties(deck: list[int]) -> None:
    seats = [deck[i : i + 5] for i in range(0, 50, 5)]
    keys = [hand_key(cards) for cards in seats]
    assert len(set(keys)) == len(keys)
