"""Exact counts of every Mulligan deal of Three Card Mulligan (`003_8201fe0072244558.txt`).

A Mulligan deal, for a starting hand P1: the player's new three P2 (from the 49 cards left), the
dealer's three D1 and, when D1 is queen-high or less, his redraw D2 (from the 43 cards left). The
dealer's final hand X is D1 if it stands, else D2, so given the six cards P1 and P2, the number of
(D1, D2) deals ending on X is ``C(43,3) [X stands] + N_w(P1 u P2 u X)`` where ``N_w(S)`` counts the
hands the dealer redraws on that avoid the card set S.

Deal by deal that is about 3.5e12 deals per starting hand; counted by cards instead:

* The outer loop is over the 1,755 classes of the *new* hand P2 (the player's hand at showdown),
  so the value P2 must beat is fixed: X runs over a fixed set of hands (below P2, or equal to it).
* For that P2, the counts for *every* starting hand P1 at once are inclusion-exclusion sums: the
  number of dealer hands that avoid P1 u X, summed over the X that avoid P1, expands into terms
  that involve at most three cards of P1 and tables indexed by one, two or three cards (52**3
  entries), built with a few small matrix products. Each P1 then costs about a dozen lookups.
* Suit symmetry turns "this P2 against every P1" into "every P2 of its class against each class
  of P1": the count for (P2, P1) is the count for (sigma P2, sigma P1) for any suit relabelling
  sigma.

Every intermediate value is a whole number (or half of one, for terms counted in both card orders)
far below 2**53, so float64 matrix products are exact; each result is checked to be a whole number
and every P1's deals to add up to ``MULLIGAN_DEALS``.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cache

import numpy as np
from threadpoolctl import threadpool_limits

from engine.games.three_card.analysis_tables import (
    DECK_SIZE,
    SUIT_PERMUTATIONS,
    BoolArray,
    FloatArray,
    IntArray,
    comb3,
    flat_index,
    hand_number,
    hand_tables,
)
from engine.games.three_card.hands import CATEGORIES

# What a finished hand counts as for the Ante bet: a win by the player's final category (the pay
# table's ante events), a tie (a push) or a loss.
OUTCOMES: tuple[str, ...] = ("straight_flush", "three_of_a_kind", "straight", "other", "tie", "loss")
WIN_OUTCOMES = 4
TIE, LOSS = 4, 5
# Deals after a Mulligan: the new three of 49, the dealer's three of 46, his redraw of 43.
MULLIGAN_DEALS = comb3(49) * comb3(46) * comb3(43)
_REDRAWS = comb3(DECK_SIZE - 9)


def outcome_of_category() -> IntArray:
    """Index into OUTCOMES of a win by a hand of each of :data:`CATEGORIES`."""
    return np.array(
        [OUTCOMES.index(name) if name in OUTCOMES[:3] else OUTCOMES.index("other") for name in CATEGORIES],
        dtype=np.int64,
    )


@dataclass(frozen=True)
class _Weak:
    """The hands the dealer redraws on, counted by the cards they hold."""

    count: int  # all of them
    by_card: FloatArray  # (52,)
    by_pair: FloatArray  # (52, 52), zero diagonal
    cube: FloatArray  # (52, 52, 52): 1 where the three distinct cards are such a hand
    hand: FloatArray  # (22100,)


@cache
def _weak() -> _Weak:
    tables = hand_tables()
    weak = (~tables.strong).astype(np.float64)
    contains = tables.contains.astype(np.float64)
    by_pair = contains.T @ (contains * weak[:, None])
    np.fill_diagonal(by_pair, 0.0)
    cube = np.zeros(DECK_SIZE**3, dtype=np.float64)
    cube[_orderings()] = weak
    return _Weak(
        count=int(weak.sum()),
        by_card=contains.T @ weak,
        by_pair=by_pair,
        cube=cube.reshape((DECK_SIZE,) * 3),
        hand=weak,
    )


@cache
def _orderings() -> IntArray:
    """(6, 22100): the flat 52**3 cube index of each hand in each of its six card orders."""
    cards = hand_tables().cards
    result: IntArray = np.stack(
        [flat_index(cards[:, a], cards[:, b], cards[:, c]) for a, b, c in itertools.permutations(range(3))]
    )
    return result


@cache
def suit_images() -> IntArray:
    """(24, 22100): the hand number of each hand with its suits relabelled by each permutation."""
    tables = hand_tables()
    cards = tables.cards
    relabelled = (cards >> 2) * 4 + SUIT_PERMUTATIONS[:, cards & 3]
    result: IntArray = tables.index[flat_index(relabelled[..., 0], relabelled[..., 1], relabelled[..., 2])]
    return result


@cache
def _pair_orderings() -> IntArray:
    """(3, 22100): the flat 52**2 index of each hand's three pairs of cards."""
    cards = hand_tables().cards
    result: IntArray = np.stack(
        [cards[:, a] * DECK_SIZE + cards[:, b] for a, b in itertools.combinations(range(3), 2)]
    )
    return result


@cache
def _holds() -> FloatArray:
    """(52, 22100): 1 where the hand holds the card; ``v @ _holds()`` sums v over each hand's cards."""
    result: FloatArray = np.ascontiguousarray(hand_tables().contains.T, dtype=np.float64)
    return result


def _cubes(values: FloatArray) -> FloatArray:
    """(k, 22100) values by hand -> (k, 52, 52, 52), symmetric, zero where a card repeats."""
    cube = np.zeros((values.shape[0], DECK_SIZE**3), dtype=np.float64)
    cube[:, _orderings()] = values[:, None, :]
    return cube.reshape((values.shape[0],) + (DECK_SIZE,) * 3)


def _pair_sums(values: FloatArray) -> FloatArray:
    """(k, 22100) values by hand -> (k, 52, 52): the sum over the hands holding both cards."""
    pairs = _pair_orderings().reshape(-1)
    upper: FloatArray = (
        np.stack([np.bincount(pairs, weights=np.tile(row, 3), minlength=DECK_SIZE**2) for row in values])
        .astype(np.float64, copy=False)
        .reshape(values.shape[0], DECK_SIZE, DECK_SIZE)
    )
    result: FloatArray = upper + upper.transpose(0, 2, 1)
    return result


def _by_hand(table: FloatArray, index: IntArray) -> FloatArray:
    """Sum of a (k, ...) table's entries at ``index`` (m, 22100) flat positions: (k, 22100)."""
    result: FloatArray = table.reshape(table.shape[0], -1)[:, index].sum(axis=1)
    return result


def deals_ending_in(allowed: FloatArray, new_hand: tuple[int, int, int]) -> FloatArray:
    """For every starting hand P1 (columns): the dealer deals whose final hand is one of the hands
    marked in a row of ``allowed`` ((k, 22100), 0/1, only hands avoiding ``new_hand``), when the
    player holds ``new_hand`` after his Mulligan. Columns of P1 meeting ``new_hand`` mean nothing.

    The count is, summed over allowed X avoiding P1, ``C(43,3) [X stands] + N_w(new u P1 u X)``.
    ``N_w`` of those nine cards is an inclusion-exclusion over up to three of them: the terms of
    X alone and of P1 alone are per-hand vectors, the mixed ones (a card or pair of P1 with a pair
    or card of X) and "X avoids P1" (inclusion-exclusion again, over P1's cards) leave tables
    indexed by one, two or three cards of P1, read off by each P1's cards, pairs and orderings.
    """
    tables = hand_tables()
    weak = _weak()
    holds = _holds()
    pairs, orders = _pair_orderings(), _orderings()
    w3 = weak.cube
    w3_rows = w3.reshape(DECK_SIZE * DECK_SIZE, DECK_SIZE)
    q0, q1, q2 = new_hand
    # The dealer's redraw hands avoiding the new hand: in all, holding card c, holding c and c'.
    by_pair = weak.by_pair - w3[:, :, q0] - w3[:, :, q1] - w3[:, :, q2]
    by_card = (
        weak.by_card
        - weak.by_pair[:, q0]
        - weak.by_pair[:, q1]
        - weak.by_pair[:, q2]
        + w3[:, q0, q1]
        + w3[:, q0, q2]
        + w3[:, q1, q2]
    )
    count = (
        weak.count
        - weak.by_card[[q0, q1, q2]].sum()
        + weak.by_pair[q0, q1]
        + weak.by_pair[q0, q2]
        + weak.by_pair[q1, q2]
        - w3[q0, q1, q2]
    )
    card_sum = by_card @ holds
    pair_sum = by_pair.reshape(-1)[pairs].sum(axis=0)
    own_x = _REDRAWS * tables.strong + count - card_sum + pair_sum - weak.hand
    own_p1 = -card_sum + pair_sum - weak.hand

    k = allowed.shape[0]
    al = _cubes(allowed)  # allowed X by their three cards
    n1 = (holds @ allowed.T).T  # allowed X holding c
    n2 = al.sum(axis=3)  # allowed X holding c and c'
    with_card = n2.copy()  # allowed X holding s and c, or c when s == c
    with_card[:, np.arange(DECK_SIZE), np.arange(DECK_SIZE)] = n1
    # X's own terms, summed over allowed X avoiding P1: h0 - h1[t] + h2[pair] - h(P1).
    own = allowed * own_x
    by_one = -(holds @ own.T).T
    by_two = _pair_sums(own)
    # A card t of P1 with a card of X: by_pair[t, c] times allowed X avoiding P1 holding c.
    by_one += n1 @ by_pair
    ordered = -(with_card @ by_pair)
    by_three = (al.reshape(k, -1, DECK_SIZE) @ by_pair).reshape(al.shape)
    by_three += n2[..., None] * (by_pair[None, :, None, :] + by_pair[None, None, :, :])
    # A pair of P1 with a card of X: w3[pair, c] times the same.
    by_two -= (n1 @ w3_rows.T).reshape(n2.shape)
    by_three += (w3_rows[None] @ with_card.transpose(0, 2, 1)).reshape(al.shape)
    by_two -= (w3[None] * al).sum(axis=3)
    # pairs {t, a} and {t, b} of P1: sum_c w3[t, a, c] al[t, b, c], and c = b.
    shared = np.matmul(w3[None], al.transpose(0, 1, 3, 2)) + n2[:, :, None, :] * w3[None]
    # A card t of P1 with a pair of X: w3[t, pair] summed over allowed X avoiding P1.
    by_one -= 0.5 * (n2.reshape(k, -1) @ w3_rows)
    ordered += np.einsum("syt,ksy->kst", w3, n2) + 0.5 * (al.reshape(k, DECK_SIZE, -1) @ w3_rows)
    first = np.matmul(al, w3[None])  # [a, b, t] = sum_c al[a, b, c] w3[a, c, t]
    by_three -= w3[None] * n2[..., None] + first + first.transpose(0, 2, 1, 3)
    # Ordered pairs (t, s) of P1, t == s included; then pair-and-card terms with the card in the pair.
    by_one += np.einsum("kaa->ka", ordered)
    by_two += ordered + ordered.transpose(0, 2, 1)
    by_two += np.einsum("kaba->kab", by_three) + np.einsum("kabb->kab", by_three)
    # The pair-and-third-card terms, symmetric in the pair, as a sum over P1's six orderings.
    triples = 0.5 * by_three - shared
    avoiding = allowed.sum(axis=1)[:, None] - n1 @ holds + _by_hand(n2, pairs) - allowed
    result: FloatArray = (
        own.sum(axis=1)[:, None]
        + by_one @ holds
        + _by_hand(by_two, pairs)
        + _by_hand(triples, orders)
        - own
        + own_p1 * avoiding
        + allowed * (6 * weak.hand - 2 * pair_sum)
    )
    return result


def _whole(values: FloatArray) -> IntArray:
    rounded = np.rint(values)
    if not np.array_equal(rounded, values):
        raise AssertionError("an exact Mulligan count is not a whole number")
    result: IntArray = rounded.astype(np.int64)
    return result


def _targets(number: int) -> tuple[tuple[int, int, int], BoolArray, FloatArray]:
    """A new hand's cards, the hands avoiding it, and (2, 22100): those below it, those equal to it."""
    tables = hand_tables()
    a, b, c = (int(card) for card in tables.cards[number])
    free: BoolArray = np.logical_not(tables.contains[:, [a, b, c]].any(axis=1))
    rank = tables.rank[number]
    allowed: FloatArray = np.stack([free & (tables.rank < rank), free & (tables.rank == rank)]).astype(
        np.float64
    )
    return (a, b, c), free, allowed


def new_hand_counts(new_hand: tuple[int, int, int]) -> tuple[IntArray, IntArray, IntArray]:
    """For the player's hand after a Mulligan: (wins, ties, all) dealer deals for every starting hand.

    Index i is the starting hand numbered i (``analysis_tables``); entries of starting hands that
    share a card with ``new_hand`` are 0.
    """
    cards, free, allowed = _targets(hand_number(new_hand))
    every = free.astype(np.float64)[None, :]
    with threadpool_limits(limits=1, user_api="blas"):
        counted: IntArray = np.where(free, _whole(deals_ending_in(np.vstack([allowed, every]), cards)), 0)
    return counted[0], counted[1], counted[2]


@cache
def mulligan_counts() -> IntArray:
    """(1755, 6): for each class of starting hands, its Mulligan deals by :data:`OUTCOMES`.

    Every row adds up to :data:`MULLIGAN_DEALS`. One BLAS thread: the products are small.
    """
    with threadpool_limits(limits=1, user_api="blas"):
        return _mulligan_counts()


def _mulligan_counts() -> IntArray:
    tables = hand_tables()
    images = suit_images()
    reps = tables.classes
    # images_of_reps[s, i]: the starting hand sigma_s(rep_i); the count for (P2, sigma P1) summed
    # over the 24 sigma is, for a class of P2, weight/24 times the count over all its members.
    images_of_reps = images[:, reps]
    event = outcome_of_category()[tables.category]
    counts = np.zeros((reps.size, len(OUTCOMES)), dtype=np.int64)
    for k, new_number in enumerate(reps):
        new_hand, free, allowed = _targets(int(new_number))
        weight = int(tables.class_weight[k])
        counted: IntArray = np.where(free, _whole(deals_ending_in(allowed, new_hand)), 0)
        counts[:, event[new_number]] += weight * counted[0][images_of_reps].sum(axis=0)
        counts[:, TIE] += weight * counted[1][images_of_reps].sum(axis=0)
        # Starting hands sharing no card with this new hand: each plays every dealer deal.
        counts[:, LOSS] += weight * free[images_of_reps].sum(axis=0) * (comb3(46) * _REDRAWS)
    if (counts % 24).any():
        raise AssertionError("Mulligan counts are not whole after the suit symmetry")
    counts //= 24
    counts[:, LOSS] -= counts[:, :LOSS].sum(axis=1)
    if not (counts.sum(axis=1) == MULLIGAN_DEALS).all() or (counts < 0).any():
        raise AssertionError("Mulligan deals do not add up")
    return counts
