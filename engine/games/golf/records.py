"""The typed records of a golf game (plans, Play Anytime cards in play, log lines, Shot reports) and
the one way every record is stored: its dataclass fields.

A record's stored fields are the fields its constructor takes (``init=True``); fields computed from
others (``init=False``) are not stored. A field is stored under its name, or under the ``key`` its
metadata gives (a field its record shows through a property of that name). :func:`record_to_json`
writes the stored fields as plain JSON, :func:`record_from_json` reads them back using the fields' type hints (nested records, lists,
``X | None``), and a field missing from the data keeps its default, so a state stored before a field
was added still loads. No list of field names is kept by hand anywhere.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from engine.core import JSON

R = TypeVar("R")


_STORED: dict[type, tuple[dataclasses.Field[Any], ...]] = {}
_HINTS: dict[type, dict[str, Any]] = {}


def stored_fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    """The fields of a record class that are stored: those its constructor takes."""
    found = _STORED.get(cls)
    if found is None:
        found = _STORED[cls] = tuple(f for f in dataclasses.fields(cls) if f.init)
    return found


def stored_key(f: dataclasses.Field[Any]) -> str:
    """The key ``f`` is stored under."""
    key: str = f.metadata.get("key", f.name)
    return key


def _hints(cls: type) -> dict[str, Any]:
    found = _HINTS.get(cls)
    if found is None:
        found = _HINTS[cls] = typing.get_type_hints(cls)
    return found


# Values that are stored as they are: JSON's own immutable scalars (exact types, so no record or
# container is among them).
_ATOMS = frozenset({str, int, float, bool, type(None)})


def plain(value: Any) -> Any:
    """``value`` as fresh JSON data (records become objects, tuples lists); shares nothing with it."""
    # The common kinds by exact type first: a state's to_json walks every value of its log.
    kind = type(value)
    if kind in _ATOMS:
        return value
    keys = _KEYS.get(kind)
    if keys is not None:  # a record class already stored once
        return {key: plain(getattr(value, name)) for key, name in keys}
    if kind is list:
        return [plain(item) for item in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return record_to_json(value)
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    return value


_KEYS: dict[type, tuple[tuple[str, str], ...]] = {}


def _stored_keys(cls: type) -> tuple[tuple[str, str], ...]:
    """(key, field name) of each stored field of ``cls``."""
    found = _KEYS.get(cls)
    if found is None:
        found = _KEYS[cls] = tuple((stored_key(f), f.name) for f in stored_fields(cls))
    return found


def record_to_json(record: Any) -> JSON:
    return {key: plain(getattr(record, name)) for key, name in _stored_keys(type(record))}


# Per record class: (field name, key, the reader of its type hint), in field order.
_READERS: dict[type, tuple[tuple[str, str, Callable[[Any], Any]], ...]] = {}


def record_from_json(cls: type[R], data: Mapping[str, Any], **given: Any) -> R:
    """A ``cls`` from its stored fields in ``data`` (keys that are not its fields are ignored);
    ``given`` values are taken as they are, instead of being read from ``data``."""
    readers = _READERS.get(cls)
    if readers is None:
        hints = _hints(cls)
        readers = _READERS[cls] = tuple(
            (f.name, stored_key(f), _reader(hints[f.name])) for f in stored_fields(cls)
        )
    values = dict(given)
    for name, key, read in readers:
        if key in data and name not in values:
            values[name] = read(data[key])
    return cls(**values)


def _as_stored(value: Any) -> Any:
    """A value of no record type: itself where it is an immutable scalar, else a deep copy."""
    return value if type(value) in _ATOMS else copy.deepcopy(value)


@functools.cache
def _reader(hint: Any) -> Callable[[Any], Any]:
    """The reader of values of type ``hint``, worked out from the hint once: a state's JSON holds
    thousands of values of a few dozen hints, and reading the hint for each was most of a load."""
    origin = typing.get_origin(hint)
    if origin is list:
        (item,) = typing.get_args(hint)
        read_item = _reader(item)
        if read_item is _as_stored:
            return lambda value: [v if type(v) in _ATOMS else copy.deepcopy(v) for v in value]
        return lambda value: [read_item(v) for v in value]
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            read_each = _reader(args[0])
            return lambda value: tuple(read_each(v) for v in value)
        reads = tuple(_reader(a) for a in args)
        return lambda value: tuple(read(v) for read, v in zip(reads, value, strict=True))
    if origin is types.UnionType or origin is typing.Union:
        (only,) = [a for a in typing.get_args(hint) if a is not type(None)]
        read_only = _reader(only)
        return lambda value: None if value is None else read_only(value)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return functools.partial(record_from_json, hint)
    return _as_stored


def shown(record: Any) -> JSON:
    """A record as a view shows it: its stored fields without the ones that are not set (None)."""
    return {key: value for key, value in record_to_json(record).items() if value is not None}


# -- the core records --------------------------------------------------------------------------------

# A plan offered, as a hashable key: (club, action, target, action2, target2). Plans are offered by
# the thousand in Heavy Bag, so they are kept as tuples until one is played (a Plan).
PlanKey = tuple[str, str | None, int, str | None, int | None]


@dataclass(slots=True)
class Plan:
    """A seat's face-down Shot: a Club and up to two Actions (the second only in Heavy Bag), each
    with its target seat. ``action`` is None only when the hand held no Action at all."""

    club: str
    action: str | None
    target: int
    action2: str | None = None
    target2: int | None = None

    def actions(self) -> list[tuple[str, int]]:
        """The Actions played, each with its target."""
        played = [(self.action, self.target)] if self.action is not None else []
        if self.action2 is not None:
            assert self.target2 is not None
            played.append((self.action2, self.target2))
        return played

    def cards(self) -> list[str | None]:
        """The card names the plan put face down (the 2-Putt/Practice Swing among them)."""
        return [self.club, self.action, self.action2]


@dataclass(slots=True)
class PlayedCard:
    """A Play Anytime card on the stack, waiting for the seats that may cancel it: ``action`` is its
    Action half's id; ``target`` and ``discard`` are what it was played with, when it takes them."""

    seat: int
    card: str
    action: str
    target: int | None = None
    discard: list[str] | None = None


@dataclass(slots=True)
class LogEntry:
    """One line of the table's log. ``cards`` names the cards it mentions (pages draw them, the leak
    checks count them); ``to`` is the seats that may read it (None: everyone)."""

    hole: int
    turn: int
    text: str
    cards: list[str] | None = None
    to: list[int] | None = None

    def view(self) -> JSON:
        entry: JSON = {"hole": self.hole, "turn": self.turn, "text": self.text}
        if self.cards is not None:
            entry["cards"] = list(self.cards)
        return entry


@dataclass(slots=True)
class ShotReport:
    """What one seat's Shot did in the last Resolution (public)."""

    seat: int
    yards: int
    distance: int
    strokes: int
    finished: bool
    notes: list[str]


@dataclass(frozen=True, slots=True)
class Slot:
    """A place that holds one card: an index of a list, or a field of a record (a plan's Club)."""

    holder: Any
    key: int | str

    def get(self) -> str:
        if isinstance(self.key, int):
            card: str = self.holder[self.key]
        else:
            card = getattr(self.holder, self.key)
        return card

    def put(self, card: str) -> None:
        if isinstance(self.key, int):
            self.holder[self.key] = card
        else:
            setattr(self.holder, self.key, card)
