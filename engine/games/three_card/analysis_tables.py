"""Lookup tables for the Three Card Mulligan analyser, all built from :func:`hands.hand_value`.

Nothing here ranks hands a second way: every value, category and "the dealer stands" flag is read
off ``hand_value`` / ``dealer_stands`` once for each of the 22,100 three-card hands, and numpy then
only indexes these arrays. Hands are numbered in ``itertools.combinations(range(52), 3)`` order.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from engine.cards import rank_of, suit_of
from engine.games.three_card.hands import CATEGORIES, category_of_value, dealer_stands, hand_value

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
FloatArray = npt.NDArray[np.float64]

DECK_SIZE = 52
HAND_COUNT = 22_100  # C(52, 3)
# All 24 orders of the four suits: hands that differ by one of them play exactly alike.
SUIT_PERMUTATIONS = np.array(list(itertools.permutations(range(4))), dtype=np.int64)


def comb3(n: int) -> int:
    return n * (n - 1) * (n - 2) // 6


@dataclass(frozen=True)
class HandTables:
    cards: IntArray  # (22100, 3) ascending card ints
    value: IntArray  # hand_value of each hand
    rank: IntArray  # 0..K-1: the hand's place among the K distinct values (equal rank = tie)
    category: IntArray  # index into CATEGORIES
    strong: BoolArray  # the dealer stands on it (king-high or better)
    contains: BoolArray  # (22100, 52): hand holds card
    index: IntArray  # (52**3,) flat c0*2704 + c1*52 + c2 -> hand number, for any order; -1 if not 3 cards
    canonical: IntArray  # hand number of the class representative (same hand up to suits)
    classes: IntArray  # the representatives, ascending
    class_weight: IntArray  # how many hands each class stands for (4, 12 or 24)
    class_of: IntArray  # for each hand, the position of its class in ``classes``


def flat_index(c0: IntArray, c1: IntArray, c2: IntArray) -> IntArray:
    result: IntArray = c0 * (DECK_SIZE * DECK_SIZE) + c1 * DECK_SIZE + c2
    return result


@cache
def hand_tables() -> HandTables:
    cards = np.array(list(itertools.combinations(range(DECK_SIZE), 3)), dtype=np.int64)
    values = np.array([hand_value(tuple(int(c) for c in hand)) for hand in cards], dtype=np.int64)
    _, rank = np.unique(values, return_inverse=True)
    category = np.array([CATEGORIES.index(category_of_value(int(v))) for v in values], dtype=np.int64)
    strong = np.array([dealer_stands(tuple(int(c) for c in hand)) for hand in cards], dtype=np.bool_)
    contains = np.zeros((HAND_COUNT, DECK_SIZE), dtype=np.bool_)
    rows = np.arange(HAND_COUNT)
    for k in range(3):
        contains[rows, cards[:, k]] = True
    index = np.full(DECK_SIZE**3, -1, dtype=np.int64)
    for order in itertools.permutations(range(3)):
        index[flat_index(cards[:, order[0]], cards[:, order[1]], cards[:, order[2]])] = rows
    # The representative of a hand's class: the lowest-numbered hand among its 24 suit relabellings.
    ranks = np.array([rank_of(c) for c in range(DECK_SIZE)], dtype=np.int64)
    suits = np.array([suit_of(c) for c in range(DECK_SIZE)], dtype=np.int64)
    relabelled = ranks[cards][None, :, :] * 4 + SUIT_PERMUTATIONS[:, suits[cards]].reshape(24, HAND_COUNT, 3)
    relabelled.sort(axis=2)
    canonical = index[flat_index(relabelled[..., 0], relabelled[..., 1], relabelled[..., 2])].min(axis=0)
    classes, class_of, class_weight = np.unique(canonical, return_inverse=True, return_counts=True)
    return HandTables(
        cards=cards,
        value=values,
        rank=rank.astype(np.int64),
        category=category,
        strong=strong,
        contains=contains,
        index=index,
        canonical=canonical,
        classes=classes.astype(np.int64),
        class_weight=class_weight.astype(np.int64),
        class_of=class_of.astype(np.int64),
    )


def hand_number(cards: tuple[int, int, int] | list[int]) -> int:
    """The analyser's number of a hand of three distinct cards."""
    a, b, c = cards
    return int(hand_tables().index[(a * DECK_SIZE + b) * DECK_SIZE + c])
