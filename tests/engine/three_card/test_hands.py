"""Three-card hand ranking: the seed's category counts, A-2-3, ties and the dealer's rule."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, pairwise, permutations

import pytest

from engine.cards import parse_cards, rank_of, suit_of
from engine.games.three_card.hands import (
    CATEGORIES,
    DEALER_STANDS_AT,
    SEED_STANDS_AT,
    category_of_value,
    dealer_stands,
    hand_category,
    hand_value,
    value_of,
)

ALL_HANDS = list(combinations(range(52), 3))


def value_as_the_rules_read(cards: tuple[int, ...]) -> int:
    """hand_value spelled out slowly from the module's docstring: category strength, then the
    tie-break ranks in base 13, highest first."""
    ranks = sorted((rank_of(c) for c in cards), reverse=True)
    flush = len({suit_of(c) for c in cards}) == 1
    counts = Counter(ranks)
    if len(counts) == 1:
        strength, order = 4, [ranks[0]]
    elif len(counts) == 2:
        pair = max(counts, key=lambda rank: counts[rank])
        strength, order = 1, [pair, min(counts, key=lambda rank: counts[rank])]
    elif ranks[0] - ranks[2] == 2:
        strength, order = (5 if flush else 3), [ranks[0]]
    elif ranks == [12, 1, 0]:  # A-2-3, 3-high
        strength, order = (5 if flush else 3), [1]
    else:
        strength, order = (2 if flush else 0), ranks
    digits = (order + [0, 0, 0])[:3]
    return strength * 13**3 + digits[0] * 169 + digits[1] * 13 + digits[2]


def test_hand_value_is_the_rules_value_of_every_hand_in_every_order() -> None:
    # hand_value sorts the ranks by hand for speed: every order of every hand must give one value.
    for cards in ALL_HANDS:
        expected = value_as_the_rules_read(cards)
        assert {hand_value(order) for order in permutations(cards)} == {expected}, cards


def test_category_counts_over_all_22100_hands_are_the_seeds() -> None:
    counts = Counter(hand_category(cards) for cards in ALL_HANDS)
    assert len(ALL_HANDS) == 22_100
    # The seed's Pair Plus table: 48 / 52 / 720 / 1,096 / 3,744 / 16,440.
    assert [counts[c] for c in CATEGORIES] == [48, 52, 720, 1_096, 3_744, 16_440]


def test_every_hand_of_a_better_category_has_a_higher_value() -> None:
    lowest: dict[str, int] = {}
    highest: dict[str, int] = {}
    for cards in ALL_HANDS:
        value = hand_value(cards)
        category = hand_category(cards)
        assert category_of_value(value) == category
        lowest[category] = min(lowest.get(category, value), value)
        highest[category] = max(highest.get(category, value), value)
    for better, worse in pairwise(CATEGORIES):
        assert lowest[better] > highest[worse], (better, worse)


def test_a_2_3_is_the_lowest_straight_and_k_a_2_no_straight() -> None:
    a23 = value_of(["Ah", "2d", "3c"])
    assert hand_category(parse_cards(["Ah", "2d", "3c"])) == "straight"
    assert a23 < value_of(["2h", "3d", "4c"]) < value_of(["Qh", "Kd", "Ac"])
    assert a23 > value_of(["Ah", "Kh", "Jh"])  # above every flush
    assert hand_category(parse_cards(["Ah", "2h", "3h"])) == "straight_flush"
    assert value_of(["Ah", "2h", "3h"]) < value_of(["2s", "3s", "4s"])
    assert value_of(["Ah", "2h", "3h"]) > value_of(["As", "Ad", "Ac"])  # above three of a kind
    assert hand_category(parse_cards(["Kh", "Ad", "2c"])) == "high_card"


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        (["Ah", "Kd", "2c"], ["Ah", "Qd", "Jc"]),  # high card: rank by rank
        (["9h", "7d", "3c"], ["9d", "7c", "2s"]),  # the third card decides
        (["5h", "5d", "3c"], ["4h", "4d", "Ac"]),  # the pair before the kicker
        (["5h", "5d", "9c"], ["5s", "5c", "8c"]),  # then the kicker
        (["Ah", "Th", "2h"], ["Kd", "Qd", "9d"]),  # flushes compare rank by rank too
        (["4h", "5d", "6c"], ["As", "2s", "3d"]),  # 6-high straight over A-2-3
        (["2h", "2d", "2c"], ["Ah", "Ad", "Kc"]),  # any trips over any pair
    ],
)
def test_within_and_across_categories(better: list[str], worse: list[str]) -> None:
    assert value_of(better) > value_of(worse)


def test_identical_ranks_tie_whatever_the_suits() -> None:
    assert value_of(["Kh", "7d", "2c"]) == value_of(["Ks", "7h", "2d"])
    assert value_of(["Kh", "7h", "2h"]) == value_of(["Ks", "7s", "2s"])
    assert value_of(["Ah", "2d", "3c"]) == value_of(["As", "2h", "3d"])
    # 741 distinct values: suits never break a tie, ranks always do.
    assert len({hand_value(cards) for cards in ALL_HANDS}) == 741


def test_dealer_stands_with_king_high_or_better() -> None:
    assert dealer_stands(parse_cards(["Ks", "3h", "2d"]))
    assert dealer_stands(parse_cards(["2s", "2h", "3d"]))
    assert dealer_stands(parse_cards(["As", "2h", "3d"]))
    assert not dealer_stands(parse_cards(["Qs", "Jh", "9d"]))
    assert value_of(["Qs", "Jh", "9d"]) < DEALER_STANDS_AT <= value_of(["Ks", "3h", "2d"])
    stands = sum(dealer_stands(cards) for cards in ALL_HANDS)
    assert 0 < stands < len(ALL_HANDS)


def test_the_seed_strategy_threshold_is_k_10() -> None:
    assert value_of(["Ks", "Th", "2d"]) == SEED_STANDS_AT
    assert value_of(["Ks", "9h", "8d"]) < SEED_STANDS_AT < value_of(["Ks", "Jh", "2d"])


def test_a_hand_has_three_cards() -> None:
    with pytest.raises(ValueError, match="three cards"):
        hand_value([1, 2])
