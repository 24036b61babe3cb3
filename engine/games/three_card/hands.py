"""Three-card poker hands, ranked as the seed lists them (`003_8201fe0072244558.txt`, rule 2).

Best first: straight flush, three of a kind, straight, flush, pair, high card ("ace high and
less"). With three cards a straight is rarer than a flush, so it ranks above it, unlike five-card
poker.

A-2-3: as in Three Card Poker the ace plays low in A-2-3, which is the *lowest* straight (and
A-2-3 suited the lowest straight flush), below 2-3-4; Q-K-A is the highest. The ace never wraps
(K-A-2 is no straight).

Ties: two hands tie exactly when :func:`hand_value` is equal, that is when they are in the same
category with the same ranks; suits never break a tie (the seed has the dealer and player push on
a tie, and suits have no order in this game). Within a category hands compare rank by rank:
straights by their top card (A-2-3 counts as 3-high), pairs by the pair and then the kicker,
everything else by its ranks from the highest down.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import parse_cards

# Best first; the index in this tuple is what the pay tables and the analyser key on.
CATEGORIES: tuple[str, ...] = ("straight_flush", "three_of_a_kind", "straight", "flush", "pair", "high_card")
CATEGORY_TITLES: dict[str, str] = {
    "straight_flush": "Straight flush",
    "three_of_a_kind": "Three of a kind",
    "straight": "Straight",
    "flush": "Flush",
    "pair": "Pair",
    "high_card": "High card",
}

_ACE, _THREE = 12, 1
# A value is category_strength * 13**3 + tie-break ranks in base 13 (three digits, highest first):
# value // CATEGORY_STEP is the category's strength, 0 (high card) to 5 (straight flush).
_BASE = 13
CATEGORY_STEP = _BASE**3


def hand_value(cards: Sequence[int]) -> int:
    """A number for three distinct cards: higher is better, equal is a tie (a push)."""
    if len(cards) != 3:
        raise ValueError(f"a three-card hand has three cards, not {len(cards)}")
    # Every showdown values each hand once or twice: the ranks are sorted by hand, not by sorted().
    first, second, third = cards
    high, mid, low = first >> 2, second >> 2, third >> 2  # rank_of
    if high < mid:
        high, mid = mid, high
    if mid < low:
        mid, low = low, mid
        if high < mid:
            high, mid = mid, high
    if high == low:
        return 4 * CATEGORY_STEP + high * _BASE * _BASE
    if high == mid:
        return CATEGORY_STEP + high * _BASE * _BASE + low * _BASE
    if mid == low:
        return CATEGORY_STEP + low * _BASE * _BASE + high * _BASE
    flush = first & 3 == second & 3 == third & 3  # suit_of
    if high - low == 2:
        return (5 if flush else 3) * CATEGORY_STEP + high * _BASE * _BASE
    if high == _ACE and mid == _THREE and low == 0:  # A-2-3: the ace plays low, the lowest straight
        return (5 if flush else 3) * CATEGORY_STEP + _THREE * _BASE * _BASE
    return (2 if flush else 0) * CATEGORY_STEP + high * _BASE * _BASE + mid * _BASE + low


# Category strength (0 = high card ... 5 = straight flush) -> name.
_BY_STRENGTH = {
    5: "straight_flush",
    4: "three_of_a_kind",
    3: "straight",
    2: "flush",
    1: "pair",
    0: "high_card",
}


def category_of_value(value: int) -> str:
    """The category name of a :func:`hand_value`."""
    return _BY_STRENGTH[value // CATEGORY_STEP]


def hand_category(cards: Sequence[int]) -> str:
    """The category name of three cards: one of :data:`CATEGORIES`."""
    return category_of_value(hand_value(cards))


def value_of(names: Sequence[str]) -> int:
    """:func:`hand_value` of cards written as text (``["Kd", "Tc", "2h"]``): for thresholds and tests."""
    return hand_value(parse_cards(names))


# The dealer stands with king-high or better: K-3-2 is the weakest king-high hand.
DEALER_STANDS_AT = value_of(["Ks", "3h", "2d"])
# The seed's strategy: stand with K-10 or higher, i.e. anything at least K-10-2.
SEED_STANDS_AT = value_of(["Ks", "Th", "2d"])


def dealer_stands(cards: Sequence[int]) -> bool:
    return hand_value(cards) >= DEALER_STANDS_AT


def describe_hand(cards: Sequence[int]) -> str:
    """``"Pair"``, ``"Straight"``... for pages and results."""
    return CATEGORY_TITLES[hand_category(cards)]
