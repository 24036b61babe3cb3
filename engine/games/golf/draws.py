"""Golf's named draws: the deck's shuffles and Borrow a Club's random card, each drawn from
``random.Random(name)`` for a name made of the game's seed and what is drawn (``golf:{seed}:deck``),
so a replay draws them again without storing a generator's state.

A state draws some forty of them a game (most for Borrow a Club): :class:`NamedDraws` reseeds one
generator of its own instead of making a new one each time (:func:`engine.cards.reseed`, without
``Random.seed``'s Python frame), and shuffles and chooses as :class:`random.Random` does,
draw for draw (its ``_randbelow``: ``getrandbits`` of ``n.bit_length()`` bits until one is below
``n``), without its method calls per card (a shuffle is :func:`engine.cards.shuffle`). The values are the same as ``random.Random(name)``'s
(tests/engine/golf/test_draws.py holds them to it).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from engine.cards import reseed, shuffle

T = TypeVar("T")


class NamedDraws:
    """One state's generator for its named draws (not shared: states may run in several threads)."""

    __slots__ = ("_rng",)

    def __init__(self) -> None:
        self._rng = random.Random()

    def shuffle(self, name: str, items: list[T]) -> None:
        """``random.Random(name).shuffle(items)``."""
        rng = self._rng
        reseed(rng, name)
        # engine.cards.shuffle: the same swaps, each with its bit count worked out once per size
        # (a reshuffled discard pile, some eighty cards, is shuffled eight times a round).
        shuffle(rng, items)

    def choice(self, name: str, items: Sequence[T]) -> T:
        """``random.Random(name).choice(items)``."""
        n = len(items)
        if not n:
            raise IndexError("Cannot choose from an empty sequence")
        rng = self._rng
        reseed(rng, name)
        bits = n.bit_length()
        j = rng.getrandbits(bits)
        while j >= n:
            j = rng.getrandbits(bits)
        return items[j]
