"""Mulligan hand evaluation (`000_43432f497e9b879c.txt`, "Hand Evaluation" onward).

A hand is 5 cards. Categories, lowest to highest::

    high_card < pair < two_pair < low_straight < three_of_a_kind
              < high_straight < flush < full_house < four_of_a_kind < straight_flush

A low straight is four consecutive ranks, a high straight five. Only the *value hand* (the cards
that make the category) counts, and within a category only its single highest card does: rank
first (ace high), then suit (spades > hearts > clubs > diamonds). There are no kickers. An ace is
high except inside a straight, where it may sit below a two (``A 2 3 4`` is a low straight topped
by the 4, ``A 2 3 4 5`` a high straight topped by the 5); ``K A 2`` never wraps. When the best
category can be made in more than one way the most valuable value hand counts.

Two ways in:

* :func:`hand_key` is the hot path: 5 card ints (see :mod:`engine.cards`) in, one int out,
  ``category_index * 64 + top_card``, larger is better. Two keys are equal exactly when the
  category and the top card are equal, so hands from one deck never tie.
* :func:`rank_hand` validates card names or ints and returns a :class:`HandRank` with the
  category, the value hand and the top card spelled out.

:func:`reference_key` is a deliberately naive second implementation, straight from the rules'
words, that the tests hold the fast path against.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from engine.cards import CARD_NAMES, CardError, parse_card, pretty

CATEGORIES: tuple[str, ...] = (
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
(
    HIGH_CARD,
    PAIR,
    TWO_PAIR,
    LOW_STRAIGHT,
    THREE_OF_A_KIND,
    HIGH_STRAIGHT,
    FLUSH,
    FULL_HOUSE,
    FOUR_OF_A_KIND,
    STRAIGHT_FLUSH,
) = range(10)

HAND_SIZE = 5
_ACE = 12
_STRAIGHT_CATEGORIES = frozenset({LOW_STRAIGHT, HIGH_STRAIGHT, STRAIGHT_FLUSH})

# ---------------------------------------------------------------------------------------------
# Fast path tables.
#
# Every card contributes one precomputed int and the five are summed. The bit layout:
#
#   bits  0..51   the card mask: bit ``card`` (4 bits per rank, one per suit)
#   bits 52..79   four 7-bit suit fields; every card adds 13 to its suit's field, so the field's
#                 top bit (64) is set exactly when all five cards share that suit (5*13 = 65,
#                 4*13 = 52 < 64)
#   bits 80..118  thirteen 3-bit rank counters (a rank appears at most 4 times)
#
# ``sum & _KEY_MASK`` (rank counters + the four "flush" bits) identifies the rank multiset and
# whether it is a flush; ``_TABLE`` maps it to (category * 64 + 4 * top_rank, 4 * top_rank).
# The top card's suit is then the highest suit present at the top rank, read from the card
# mask nibble: ``_HIGH_BIT[(sum >> 4 * top_rank) & 15]``. Every category's top card is the
# best card of its top rank (the only one for high card, flushes and five-card straights; the
# best of the pair / trips / quads; the best of the duplicated top rank in a low straight; the
# best of the highest rank in a full house), so the key is exact.
# ---------------------------------------------------------------------------------------------

_SUIT_SHIFT = 52
_SUIT_WIDTH = 7
_SUIT_WEIGHT = 13
_RANK_SHIFT = _SUIT_SHIFT + 4 * _SUIT_WIDTH
_FLUSH_BITS: tuple[int, ...] = tuple(1 << (_SUIT_SHIFT + _SUIT_WIDTH * s + 6) for s in range(4))
_KEY_MASK: int = (((1 << 39) - 1) << _RANK_SHIFT) | sum(_FLUSH_BITS)
_WEIGHTS: tuple[int, ...] = tuple(
    (1 << card)
    + (_SUIT_WEIGHT << (_SUIT_SHIFT + _SUIT_WIDTH * (card & 3)))
    + (1 << (_RANK_SHIFT + 3 * (card >> 2)))
    for card in range(52)
)
_HIGH_BIT: tuple[int, ...] = tuple(n.bit_length() - 1 for n in range(16))


_RANK_UNIT: tuple[int, ...] = tuple(1 << (_RANK_SHIFT + 3 * r) for r in range(13))


def _run_mask(top: int, length: int) -> int:
    """13-bit rank mask of ``length`` consecutive ranks ending at ``top`` (rank -1 = low ace)."""
    return sum(1 << (_ACE if r == -1 else r) for r in range(top - length + 1, top + 1))


_FIVE_RUNS: dict[int, int] = {_run_mask(top, 5): top for top in range(3, 13)}  # 5-high .. ace-high
_FOUR_RUNS: dict[int, int] = {_run_mask(top, 4): top for top in range(2, 13)}  # 4-high .. ace-high
_FOUR_RUNS_BEST_FIRST: tuple[tuple[int, int], ...] = tuple(sorted(_FOUR_RUNS.items(), key=lambda kv: -kv[1]))


def _build_table() -> dict[int, tuple[int, int]]:
    """All 6,175 rank multisets of a 5-card hand (+ the 1,287 flushes, once per suit)."""
    table: dict[int, tuple[int, int]] = {}
    unit = _RANK_UNIT

    def put(rank_bits: int, category: int, top: int) -> None:
        table[rank_bits] = (category * 64 + 4 * top, 4 * top)

    for five in combinations(range(13), 5):  # five distinct ranks (ascending)
        mask = sum(1 << r for r in five)
        bits = sum(unit[r] for r in five)
        straight_top = _FIVE_RUNS.get(mask)
        if straight_top is not None:
            put(bits, HIGH_STRAIGHT, straight_top)
            suited = (STRAIGHT_FLUSH, straight_top)
        else:
            run_top = next((top for run, top in _FOUR_RUNS_BEST_FIRST if mask & run == run), None)
            if run_top is not None:
                put(bits, LOW_STRAIGHT, run_top)
            else:
                put(bits, HIGH_CARD, five[-1])
            suited = (FLUSH, five[-1])
        for flush_bit in _FLUSH_BITS:
            put(bits | flush_bit, *suited)
    for high in range(13):
        others = [r for r in range(13) if r != high]
        for three in combinations(others, 3):  # one pair + three singles
            mask = (1 << high) | sum(1 << r for r in three)
            bits = 2 * unit[high] + sum(unit[r] for r in three)
            run_top = _FOUR_RUNS.get(mask)  # a pair inside a low straight: 2-3-4-5-5
            if run_top is not None:
                put(bits, LOW_STRAIGHT, run_top)
            else:
                put(bits, PAIR, high)
        for low in range(high):  # two pair, top = the higher pair
            for single in others:
                if single != low:
                    put(2 * unit[high] + 2 * unit[low] + unit[single], TWO_PAIR, high)
        for two in combinations(others, 2):  # three of a kind + two singles
            put(3 * unit[high] + unit[two[0]] + unit[two[1]], THREE_OF_A_KIND, high)
        for other in others:
            put(3 * unit[high] + 2 * unit[other], FULL_HOUSE, max(high, other))
            put(4 * unit[high] + unit[other], FOUR_OF_A_KIND, high)
    return table


_TABLE: dict[int, tuple[int, int]] = _build_table()


def hand_key(cards: Sequence[int]) -> int:
    """The value of 5 distinct card ints as one int: larger is better, equal = same value.

    ``category_index * 64 + top_card``. No validation (hot path): pass exactly 5 distinct ints
    in ``range(52)``; use :func:`rank_hand` for untrusted input.
    """
    a, b, c, d, e = cards
    w = _WEIGHTS
    x = w[a] + w[b] + w[c] + w[d] + w[e]
    base, shift = _TABLE[x & _KEY_MASK]
    return base + _HIGH_BIT[(x >> shift) & 15]


def category_of_key(key: int) -> str:
    return CATEGORIES[key >> 6]


def top_card_of_key(key: int) -> int:
    return key & 63


# ---------------------------------------------------------------------------------------------
# Reference implementation: the rules' words, brute force over subsets of the hand.
# ---------------------------------------------------------------------------------------------


def _ref_same_rank(cards: Sequence[int]) -> bool:
    return len({c >> 2 for c in cards}) == 1


def _ref_same_suit(cards: Sequence[int]) -> bool:
    return len({c & 3 for c in cards}) == 1


def _ref_consecutive_top(cards: Sequence[int]) -> int | None:
    """Top card of ``cards`` read as consecutive ranks, trying the ace high and then low."""
    tops: list[int] = []
    for ace_value in (12, -1):
        values = {c: (ace_value if c >> 2 == 12 else c >> 2) for c in cards}
        distinct = sorted(set(values.values()))
        if len(distinct) == len(cards) and distinct[-1] - distinct[0] == len(cards) - 1:
            tops.append(max(cards, key=lambda card: (values[card], card & 3)))
    return max(tops) if tops else None


def _ref_top(category: int, subset: tuple[int, ...]) -> int | None:
    """The top card if ``subset`` (of the category's size) forms ``category``, else None."""
    if category == STRAIGHT_FLUSH:
        return _ref_consecutive_top(subset) if _ref_same_suit(subset) else None
    if category in (FOUR_OF_A_KIND, THREE_OF_A_KIND, PAIR):
        return max(subset) if _ref_same_rank(subset) else None
    if category in (FULL_HOUSE, TWO_PAIR):
        shape = sorted(Counter(c >> 2 for c in subset).values())
        return max(subset) if shape in ([2, 3], [2, 2]) else None
    if category == FLUSH:
        return max(subset) if _ref_same_suit(subset) else None
    if category in (HIGH_STRAIGHT, LOW_STRAIGHT):
        return _ref_consecutive_top(subset)
    return subset[0]  # HIGH_CARD: any single card


_REF_SIZES = {
    STRAIGHT_FLUSH: 5,
    FOUR_OF_A_KIND: 4,
    FULL_HOUSE: 5,
    FLUSH: 5,
    HIGH_STRAIGHT: 5,
    THREE_OF_A_KIND: 3,
    LOW_STRAIGHT: 4,
    TWO_PAIR: 4,
    PAIR: 2,
    HIGH_CARD: 1,
}


def reference_key(cards: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """Slow, obviously-correct evaluation: ``(key, value_hand)`` with the same key as :func:`hand_key`.

    For each category from the best down, every subset of the hand of that category's size is
    tested; the first category formed wins and, within it, the value hand whose top card is
    best (equal tops: the one whose cards sorted high to low are larger, i.e. higher suits).
    """
    hand = tuple(cards)
    for category in range(len(CATEGORIES) - 1, -1, -1):
        best: tuple[int, tuple[int, ...]] | None = None
        for subset in combinations(hand, _REF_SIZES[category]):
            top = _ref_top(category, subset)
            if top is not None:
                candidate = (top, tuple(sorted(subset, reverse=True)))
                if best is None or candidate > best:
                    best = candidate
        if best is not None:
            return category * 64 + best[0], best[1]
    raise AssertionError("unreachable: every hand has a high card")


# ---------------------------------------------------------------------------------------------
# Friendly API.
# ---------------------------------------------------------------------------------------------


def _straight_value(card: int, ace_low: bool) -> int:
    return -1 if ace_low and card >> 2 == _ACE else card >> 2


def value_hand_of(cards: Sequence[int], key: int) -> tuple[int, ...]:
    """The value hand (highest first) of 5 distinct cards whose :func:`hand_key` is ``key``.

    Where two value hands share the top card (a low straight with a duplicated lower rank) the
    higher-suited card is used.
    """
    category, top = key >> 6, key & 63
    top_rank = top >> 2
    if category in (HIGH_STRAIGHT, FLUSH, FULL_HOUSE, STRAIGHT_FLUSH):
        chosen = list(cards)
    elif category == HIGH_CARD:
        chosen = [top]
    elif category in (PAIR, THREE_OF_A_KIND, FOUR_OF_A_KIND):
        chosen = [c for c in cards if c >> 2 == top_rank]
    elif category == TWO_PAIR:
        counts = Counter(c >> 2 for c in cards)
        chosen = [c for c in cards if counts[c >> 2] == 2]
    else:  # LOW_STRAIGHT: ranks top_rank-3 .. top_rank, -1 meaning the ace
        wanted = {_ACE if r == -1 else r for r in range(top_rank - 3, top_rank + 1)}
        best: dict[int, int] = {}
        for c in cards:
            if c >> 2 in wanted and c > best.get(c >> 2, -1):
                best[c >> 2] = c
        best[top_rank] = top
        chosen = list(best.values())
    ace_low = category in _STRAIGHT_CATEGORIES and top_rank < 4  # topped by a 4 or a 5
    return tuple(sorted(chosen, key=lambda c: (_straight_value(c, ace_low), c & 3), reverse=True))


def _to_card(card: str | int) -> int:
    if isinstance(card, bool) or not isinstance(card, (int, str)):
        raise CardError(f"{card!r} is not a card: give a card name like 'As' or an int 0..51")
    if isinstance(card, int):
        if not 0 <= card < 52:
            raise CardError(f"{card} is not a card: card ints run from 0 to 51")
        return card
    return parse_card(card)


def parse_hand(cards: Sequence[str | int] | str) -> tuple[int, ...]:
    """5 distinct cards (names, ints, or one string like ``"As Kd 9h 9c 2s"``) → card ints."""
    items: Sequence[str | int] = cards.replace(",", " ").split() if isinstance(cards, str) else cards
    hand = tuple(_to_card(card) for card in items)
    if len(hand) != HAND_SIZE:
        raise ValueError(f"a Mulligan hand is exactly {HAND_SIZE} cards, got {len(hand)}")
    if len(set(hand)) != HAND_SIZE:
        repeated = sorted({CARD_NAMES[c] for c in hand if hand.count(c) > 1})
        raise ValueError(f"a hand cannot hold the same card twice: {', '.join(repeated)}")
    return hand


_CATEGORY_WORDS = {
    "high_card": "high card",
    "pair": "pair",
    "two_pair": "two pair",
    "low_straight": "low straight",
    "three_of_a_kind": "three of a kind",
    "high_straight": "high straight",
    "flush": "flush",
    "full_house": "full house",
    "four_of_a_kind": "four of a kind",
    "straight_flush": "straight flush",
}


@dataclass(frozen=True, order=False, eq=False)
class HandRank:
    """A hand's evaluation. Compares (and hashes) by :attr:`key` only: better hands are greater."""

    category: str
    category_index: int
    value_hand: tuple[str, ...]
    top_card: str
    key: int
    cards: tuple[str, ...]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandRank):
            return NotImplemented
        return self.key == other.key

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, HandRank):
            return NotImplemented
        return self.key != other.key

    def __lt__(self, other: HandRank) -> bool:
        if not isinstance(other, HandRank):
            return NotImplemented
        return self.key < other.key

    def __le__(self, other: HandRank) -> bool:
        if not isinstance(other, HandRank):
            return NotImplemented
        return self.key <= other.key

    def __gt__(self, other: HandRank) -> bool:
        if not isinstance(other, HandRank):
            return NotImplemented
        return self.key > other.key

    def __ge__(self, other: HandRank) -> bool:
        if not isinstance(other, HandRank):
            return NotImplemented
        return self.key >= other.key

    def __hash__(self) -> int:
        return hash(self.key)

    @property
    def category_words(self) -> str:
        return _CATEGORY_WORDS[self.category]

    def __str__(self) -> str:
        top = pretty(parse_card(self.top_card))
        return f"{self.category_words}, top card {top} ({' '.join(self.value_hand)})"

    def to_json(self) -> dict[str, Any]:
        return {
            "category": self.category,
            "category_index": self.category_index,
            "category_words": self.category_words,
            "top_card": self.top_card,
            "value_hand": list(self.value_hand),
            "cards": list(self.cards),
            "key": self.key,
        }


def rank_hand(cards: Sequence[str | int] | str) -> HandRank:
    """Evaluate 5 distinct cards given as names (``"As"``, ``"Td"``, ``"10h"``) or ints.

    Raises :class:`ValueError` (:class:`engine.cards.CardError` for a bad card) otherwise.
    """
    hand = parse_hand(cards)
    key = hand_key(hand)
    category_index = key >> 6
    return HandRank(
        category=CATEGORIES[category_index],
        category_index=category_index,
        value_hand=tuple(CARD_NAMES[c] for c in value_hand_of(hand, key)),
        top_card=CARD_NAMES[key & 63],
        key=key,
        cards=tuple(CARD_NAMES[c] for c in sorted(hand, reverse=True)),
    )


__all__ = [
    "CATEGORIES",
    "HandRank",
    "category_of_key",
    "hand_key",
    "parse_hand",
    "rank_hand",
    "reference_key",
    "top_card_of_key",
    "value_hand_of",
]
