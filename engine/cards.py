"""The 52-card deck, card notation and seeded shuffling.

A card is written rank + suit: ranks ``23456789TJQKA``, suits ``s h c d`` (``As``, ``Td``, ``9h``).
Inside the engine a card is an int ``rank * 4 + suit`` with rank 0 (deuce) to 12 (ace) and suit
0 to 3 in the order Diamonds < Clubs < Hearts < Spades, so comparing two ints compares rank first
and then suit the way the Mulligan rules do (`000_43432f497e9b879c.txt`, "Suit Value").
"""

from __future__ import annotations

import _random
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

RANKS = "23456789TJQKA"
SUITS = "dchs"  # index = suit value: d < c < h < s
SUIT_NAMES = {"s": "spades", "h": "hearts", "c": "clubs", "d": "diamonds"}
SUIT_SYMBOLS = {"s": "\u2660", "h": "\u2665", "c": "\u2663", "d": "\u2666"}

DECK: tuple[int, ...] = tuple(range(52))
CARD_NAMES: tuple[str, ...] = tuple(RANKS[c >> 2] + SUITS[c & 3] for c in DECK)
# Canonical names only: the fast path for actions written by the engine itself.
CARD_INDEX: dict[str, int] = {name: c for c, name in enumerate(CARD_NAMES)}
_CARD_BY_NAME: dict[str, int] = dict(CARD_INDEX)
# Accept the spellings people type: "10h", lower-case ranks, upper-case suits.
for _c, _name in enumerate(CARD_NAMES):
    _CARD_BY_NAME[_name.lower()] = _c
    _CARD_BY_NAME[_name[0] + _name[1].upper()] = _c
    if _name[0] == "T":
        _CARD_BY_NAME["10" + _name[1]] = _c
        _CARD_BY_NAME["10" + _name[1].upper()] = _c


class CardError(ValueError):
    """A string that is not a card."""


def parse_card(text: str) -> int:
    """``"As"`` → the card's int. Raises :class:`CardError` with the accepted notation."""
    try:
        return _CARD_BY_NAME[text.strip()]
    except (KeyError, AttributeError):
        raise CardError(
            f"{text!r} is not a card: write rank + suit, ranks {RANKS}, suits s h c d (e.g. As, Td, 9h)"
        ) from None


def parse_cards(texts: Iterable[str]) -> list[int]:
    cards = [parse_card(text) for text in texts]
    if len(set(cards)) != len(cards):
        raise CardError("the same card is listed twice")
    return cards


def card_name(card: int) -> str:
    return CARD_NAMES[card]


def card_names(cards: Iterable[int]) -> list[str]:
    return [CARD_NAMES[c] for c in cards]


def rank_of(card: int) -> int:
    return card >> 2


def suit_of(card: int) -> int:
    return card & 3


def pretty(card: int) -> str:
    """Card with a suit symbol, for terminals and pages: ``A♠``."""
    name = CARD_NAMES[card]
    return ("10" if name[0] == "T" else name[0]) + SUIT_SYMBOLS[name[1]]


# What Random.seed hashes a text seed with (CPython's own sha512, far cheaper to start than
# OpenSSL's, where it has one): the very function, and no import of hashlib.
_sha512: Callable[[bytes], Any] = random._sha512  # type: ignore[attr-defined]
_seed_with_int = _random.Random.seed  # the C seeding under Random.seed


def reseed(rng: random.Random, key: str) -> None:
    """``rng.seed(key)``: the same generator state, for a generator that never draws ``gauss()``
    (whose spare value ``seed`` also clears). A game that reseeds one generator for every deal
    skips ``Random.seed``'s Python frame and type tests, hashing the key as it does: a text seed
    (version 2) is the int of its UTF-8 bytes followed by their sha512. A subclass, which may seed
    otherwise, goes through ``rng.seed`` itself."""
    if type(rng) is not random.Random:
        rng.seed(key)
        return
    data = key.encode()
    _seed_with_int(rng, int.from_bytes(data + _sha512(data).digest()))


def shuffled_deck(rng: random.Random, cards: Sequence[int] = DECK) -> list[int]:
    """A new list of ``cards`` shuffled by ``rng`` (never the module-level random)."""
    deck = list(cards)
    shuffle(rng, deck)
    return deck


# Every swap of a shuffle of each size up to 128, last position first, with the bits
# ``_randbelow(i + 1)`` draws for it: worked out at a size's first shuffle rather than on each swap
# of every deal.
_SHUFFLE_SWAPS: list[tuple[tuple[int, int], ...] | None] = [None] * 129


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """``rng.shuffle(items)``, the very same permutation from the same generator state, at a third
    of the cost: every game deals through here, and ``Random.shuffle`` spends most of its time
    calling ``_randbelow`` once per card. The draw is ``Random._randbelow_with_getrandbits``
    inlined (CPython's method for a plain ``Random``); a subclass, which may draw otherwise, and a
    long list go through ``rng.shuffle`` itself."""
    size = len(items)
    if type(rng) is not random.Random or size >= len(_SHUFFLE_SWAPS):
        rng.shuffle(items)
        return
    swaps = _SHUFFLE_SWAPS[size]
    if swaps is None:
        swaps = _SHUFFLE_SWAPS[size] = tuple((i, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
    getrandbits = rng.getrandbits
    for i, k in swaps:
        j = getrandbits(k)
        while j > i:  # _randbelow(i + 1): draws until one is below i + 1
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
