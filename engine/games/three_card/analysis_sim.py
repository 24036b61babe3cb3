"""Vectorised simulation of Three Card Mulligan's Ante and Mulligan bets (numpy).

The analyser counts every deal exactly (:mod:`analysis`); this simulator is kept as an
independent check of its model of the deal (it deals the way the table does, card by card from
one shuffled deck) and for ``bench/three_card.py``. A simulated hand takes twelve distinct cards from a shuffled deck: the player's three, the
dealer's three, the player's Mulligan three and the dealer's Mulligan three. Any fixed positions
of a uniformly shuffled deck are uniform and disjoint, so using positions 9-11 for the dealer's
redraw whether or not the player took a Mulligan deals exactly what the table would.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from engine.games.three_card.analysis_mulligan import LOSS, OUTCOMES, TIE, WIN_OUTCOMES
from engine.games.three_card.analysis_tables import (
    DECK_SIZE,
    BoolArray,
    FloatArray,
    IntArray,
    flat_index,
    hand_tables,
)
from engine.games.three_card.config import PayTable
from engine.games.three_card.hands import CATEGORIES

CHUNK = 250_000


@dataclass(frozen=True)
class Lookups:
    rank: npt.NDArray[np.int16]  # flat 52**3 -> rank of the hand's value (ties equal)
    outcome: npt.NDArray[np.int8]  # flat -> index into OUTCOMES[:4] if this hand wins
    strong: BoolArray  # flat -> the dealer stands on it


@cache
def lookups() -> Lookups:
    tables = hand_tables()
    valid = tables.index >= 0
    hand = np.where(valid, tables.index, 0)
    event_of_category = np.array([_ante_event(name) for name in CATEGORIES], dtype=np.int8)
    return Lookups(
        rank=np.where(valid, tables.rank[hand], -1).astype(np.int16),
        outcome=event_of_category[tables.category[hand]],
        strong=np.where(valid, tables.strong[hand], False),
    )


def _ante_event(category: str) -> int:
    return OUTCOMES.index(category) if category in OUTCOMES[:3] else OUTCOMES.index("other")


def ante_pays(paytable: PayTable) -> FloatArray:
    """What a winning Ante pays per unit, by :data:`OUTCOMES` win index (4 entries)."""
    return np.array([paytable.ante[name] for name in OUTCOMES[:WIN_OUTCOMES]], dtype=np.float64)


def deal(rng: np.random.Generator, rows: int, cards: int, pool: int) -> IntArray:
    """``rows`` independent draws of ``cards`` distinct positions out of ``0..pool-1`` (partial Fisher-Yates)."""
    deck = np.tile(np.arange(pool, dtype=np.int8), (rows, 1))
    index = np.arange(rows)
    for i in range(cards):
        j = i + rng.integers(0, pool - i, size=rows)
        picked = deck[index, j]
        deck[index, j] = deck[:, i]
        deck[:, i] = picked
    return deck[:, :cards].astype(np.int64)


def _hand(cards: IntArray, start: int) -> IntArray:
    return flat_index(cards[:, start], cards[:, start + 1], cards[:, start + 2])


def play_out(player: IntArray, dealer: IntArray, redraw: IntArray) -> npt.NDArray[np.int8]:
    """Outcome (index into :data:`OUTCOMES`) of final player hands against the dealer (flat hand indexes)."""
    table = lookups()
    dealer_rank = np.where(table.strong[dealer], table.rank[dealer], table.rank[redraw])
    player_rank = table.rank[player]
    result = table.outcome[player].copy()
    result[player_rank == dealer_rank] = TIE
    result[player_rank < dealer_rank] = LOSS
    return result


@dataclass(frozen=True)
class Simulation:
    hands: int
    mean: float  # return per hand, in Antes
    standard_error: float
    mulligan_rate: float
    # counts[mulligan (0 no, 1 yes)][OUTCOMES index]
    counts: list[list[int]]

    def to_json(self) -> dict[str, object]:
        return {
            "hands": self.hands,
            "mean_return": self.mean,
            "standard_error": self.standard_error,
            "mulligan_rate": self.mulligan_rate,
            "counts": {
                "stand": dict(zip(OUTCOMES, self.counts[0], strict=True)),
                "mulligan": dict(zip(OUTCOMES, self.counts[1], strict=True)),
            },
        }


def simulate_hands(n: int, mulligan: BoolArray, paytable: PayTable, seed: int) -> Simulation:
    """Simulate ``n`` hands of the Ante game; ``mulligan[hand number]`` is the player's strategy.

    Returns the mean return per hand (in Antes) with its standard error; the same seed gives the
    same figures.
    """
    if n <= 0:
        raise ValueError("simulate at least one hand")
    rng = np.random.default_rng(seed)
    tables = hand_tables()
    mulligan_flat = np.zeros(DECK_SIZE**3, dtype=np.bool_)
    valid = tables.index >= 0
    mulligan_flat[valid] = mulligan[tables.index[valid]]
    pays = ante_pays(paytable)
    payoff = np.concatenate([pays, [0.0, -1.0]])  # per unit staked, by OUTCOMES
    counts = np.zeros((2, len(OUTCOMES)), dtype=np.int64)
    total = 0.0
    squares = 0.0
    done = 0
    while done < n:
        rows = min(CHUNK, n - done)
        cards = deal(rng, rows, 12, DECK_SIZE)
        first = _hand(cards, 0)
        takes = mulligan_flat[first]
        player = np.where(takes, _hand(cards, 6), first)
        outcome = play_out(player, _hand(cards, 3), _hand(cards, 9))
        result = payoff[outcome] * np.where(takes, 2.0, 1.0)
        total += float(result.sum())
        squares += float((result * result).sum())
        counts += np.stack(
            [
                np.bincount(outcome[~takes], minlength=len(OUTCOMES)),
                np.bincount(outcome[takes], minlength=len(OUTCOMES)),
            ]
        )
        done += rows
    mean = total / n
    variance = max(0.0, squares / n - mean * mean) * n / max(1, n - 1)
    return Simulation(
        hands=n,
        mean=mean,
        standard_error=math.sqrt(variance / n),
        mulligan_rate=float(counts[1].sum()) / n,
        counts=counts.tolist(),
    )
