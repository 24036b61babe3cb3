"""The cards of an *Opening Hand* library: lands, spells by mana value, and Serum Powder.

Every card of every library has a unique name that says what it is and whose it is:

- ``"p0-L07"``: seat 0's land number 7;
- ``"p1-S3-04"``: seat 1's spell of mana value 3, instance 4 of that mana value;
- ``"p2-P01"``: seat 2's Serum Powder number 1.

Numbers are always two digits, so no name is part of another (pages look for names as text).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping

# The longest list of one kind in a library: two-digit numbers.
MAX_OF_A_KIND = 99
MAX_MANA_VALUE = 9

CARD_PATTERN = re.compile(r"p([0-9])-(?:L([0-9]{2})|S([1-9])-([0-9]{2})|P([0-9]{2}))")


def land(seat: int, number: int) -> str:
    return f"p{seat}-L{number:02d}"


def spell(seat: int, mana_value: int, number: int) -> str:
    return f"p{seat}-S{mana_value}-{number:02d}"


def powder(seat: int, number: int) -> str:
    return f"p{seat}-P{number:02d}"


def is_card(value: object) -> bool:
    """Whether ``value`` is the name of a card of some library (any seat, any deck spec)."""
    return isinstance(value, str) and CARD_PATTERN.fullmatch(value) is not None


def is_land(name: str) -> bool:
    return name[3] == "L"


def is_spell(name: str) -> bool:
    return name[3] == "S"


def is_powder(name: str) -> bool:
    """Serum Powder: usable while mulliganing; in the race it is a card that does nothing."""
    return name[3] == "P"


def mana_value(name: str) -> int:
    """A spell's mana value; 0 for lands and for Serum Powder (which is never cast in the race)."""
    return int(name[4]) if name[3] == "S" else 0


def owner(name: str) -> int:
    return int(name[1])


def label(name: str) -> str:
    """What a person reads for a card: ``"Land"``, ``"Spell (3)"``, ``"Serum Powder"``."""
    if is_land(name):
        return "Land"
    if is_spell(name):
        return f"Spell ({mana_value(name)})"
    return "Serum Powder"


def build_library(seat: int, deck: Mapping[str, object], serum_powder: int) -> list[str]:
    """Seat ``seat``'s library, unshuffled, from a normalized deck spec (``config["deck"]``)."""
    lands = deck["lands"]
    spells = deck["spells"]
    assert isinstance(lands, int) and isinstance(spells, Mapping)
    cards = [land(seat, n) for n in range(1, lands + 1)]
    for value, count in sorted(spells.items(), key=lambda item: int(item[0])):
        cards += [spell(seat, int(value), n) for n in range(1, int(count) + 1)]
    cards += [powder(seat, n) for n in range(1, serum_powder + 1)]
    return cards


# Names are few (a deck's worth per seat) and every legal-action list sorts a hand by them.
@functools.lru_cache(maxsize=4096)
def sort_key(name: str) -> tuple[int, int, str]:
    """Lands first, then spells by mana value, then Serum Powder: the order hands are shown in."""
    kind = 0 if is_land(name) else 1 if is_spell(name) else 2
    return (kind, mana_value(name), name)


def sorted_cards(names: list[str]) -> list[str]:
    return sorted(names, key=sort_key)
