"""Golf's decisions as ints (:meth:`engine.core.State.legal_action_ids`), so a playout never builds a dict.

An id spells its action out, digit by digit, so reading one back is arithmetic and checking it is
the rules' own check on the cards it names (no list of every option is built to look it up). The
low two bits say what kind of action it is:

- ``PLAN_TAG``: ``club + K * (action + K * (target + SEATS * (action2 + 1 + K * (target2 + 1))))``
  above the tag, each card by its slot (:class:`IdTable`: the deck's cards in catalog order, then
  the 2-Putt / Practice Swing, then "no card"); the second Action's two digits are 0 when there is
  none, so a plan of one Action has the same id in every mode;
- ``PLAY`` (a Play Anytime card): ``card + K * (target + 1 + (SEATS + 1) * discard)``, ``target + 1``
  0 without a target and ``discard`` the discarded cards' slots as digits in base ``K + 1`` (each
  slot plus one, the first card lowest; 0 without a discard);
- ``MODE``: the index of a mode's action (Wolf's partner, a wager) in the order the state first
  listed it: a mode's actions are few and its own to shape, so they are numbered as they are met,
  which holds within one state (not across a stored and reloaded copy: list them again there);
- ``OTHER``: ``0`` is ``pass``; ``VOTE_PLAY`` and ``VOTE_STOP`` the votes on the back nine.

These plans, cards and seats are the ones the state's catalog and table have: an id names the same
action in every state of one game, except the mode ids, which name theirs in the state that listed
them.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, overload

from engine.core import Action

TAG_BITS = 2
TAG_MASK = (1 << TAG_BITS) - 1
OTHER, PLAN_TAG, PLAY, MODE = 0, 1, 2, 3
PASS = 0  # the OTHER ids: pass, and the two votes on the back nine
VOTE_PLAY, VOTE_STOP = 1 << TAG_BITS | OTHER, 2 << TAG_BITS | OTHER
SEATS = 4  # engine.games.golf.config.MAX_PLAYERS: a seat is one digit of base SEATS


@dataclass(frozen=True, eq=False)
class IdTable:
    """A catalog's card slots and the parts of a plan's id each card and seat adds (a plan's id is
    the sum of its club's, its action's and its target's terms, so listing plans only adds)."""

    by_slot: tuple[str, ...]  # the deck's cards in catalog order, then the player card
    slot: dict[str, int]
    none: int  # the slot of "no card"
    k: int  # how many slots: the base of a card digit
    club_term: dict[str, int]
    action_term: dict[str | None, int]
    target_term: tuple[int, ...]  # by seat
    plan_limit: int  # a one-Action plan's ids are below this (second-Action digits are above)
    # A Play Anytime card's id without a target or discard, and what each seat as its target adds.
    play_base: dict[str, int]
    play_target_term: tuple[int, ...]  # by seat
    # What each card adds as a Dig Through the Bag's discard lowest digit (see discard_ids).
    discard_term: dict[str, int]
    # The ids of the plans of one Club and one Action, for each way of aiming it (the targets'
    # terms), made as they are first listed: a listing then joins them without adding ints.
    plan_pairs: dict[tuple[int, ...], dict[str, dict[str | None, tuple[int, ...]]]] = field(
        default_factory=dict, repr=False
    )
    seat_pairs: dict[
        tuple[tuple[int, ...], tuple[int, ...]], dict[str, dict[str | None, tuple[int, ...]]]
    ] = field(default_factory=dict, repr=False)
    # What play_fields reads from each id of a Play Anytime card played without a discard (all but
    # a Dig Through the Bag's): looked up on every card played rather than worked out digit by digit.
    played: dict[int, PlayFields] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        for card in self.by_slot[:-1]:  # the player card is never played
            base = self.play_base[card]
            self.played[base] = (card, None, None)
            for seat, term in enumerate(self.play_target_term):
                self.played[base + term] = (card, seat, None)

    def pair_ids(self, targets: tuple[int, ...]) -> dict[str, dict[str | None, tuple[int, ...]]]:
        """The plans' ids by Club and Action for the Actions aimed at ``targets`` (terms)."""
        rows = self.plan_pairs.get(targets)
        if rows is None:
            club_term, action_term = self.club_term, self.action_term
            rows = self.plan_pairs[targets] = {
                club: _LazyPairs(club_term[club], action_term, targets) for club in self.club_term
            }
        return rows

    def seat_pair_ids(
        self, anyone: tuple[int, ...], own: tuple[int, ...], aimed_at_self: frozenset[str]
    ) -> dict[str, dict[str | None, tuple[int, ...]]]:
        """The plans' ids by Club and Action for a seat whose Actions are aimed at ``anyone``, or at
        ``own`` for those that say "target yourself" (``aimed_at_self``): :meth:`pair_ids`' tuples,
        each Action's from the right one."""
        rows = self.seat_pairs.get((anyone, own))
        if rows is None:
            shared, mine = self.pair_ids(anyone), self.pair_ids(own)
            rows = self.seat_pairs[anyone, own] = {
                club: _SeatPairs(shared[club], mine[club], aimed_at_self) for club in self.club_term
            }
        return rows

    def plan_id(
        self,
        club: str,
        action: str | None,
        target: int,
        action2: str | None = None,
        target2: int | None = None,
    ) -> int:
        low = self.club_term[club] + self.action_term[action] + self.target_term[target]
        if action2 is None and target2 is None:
            return low
        second = 0 if action2 is None else self.slot[action2] + 1
        third = 0 if target2 is None else target2 + 1
        return low + ((second + self.k * third) * self.plan_limit)


class _LazyPairs(dict[str | None, tuple[int, ...]]):
    """One Club's plan ids by Action, each made when first asked for."""

    def __init__(self, club_term: int, action_term: dict[str | None, int], targets: tuple[int, ...]):
        super().__init__()
        self.club_term, self.action_term, self.targets = club_term, action_term, targets

    def __missing__(self, action: str | None) -> tuple[int, ...]:
        first = self.club_term + self.action_term[action]
        ids = self[action] = tuple(first + target for target in self.targets)
        return ids


class _SeatPairs(dict[str | None, tuple[int, ...]]):
    """One Club's plan ids by Action for one seat: each Action's from the row of its targets."""

    def __init__(
        self,
        shared: dict[str | None, tuple[int, ...]],
        mine: dict[str | None, tuple[int, ...]],
        aimed_at_self: frozenset[str],
    ):
        super().__init__()
        self.shared, self.mine, self.aimed_at_self = shared, mine, aimed_at_self

    def __missing__(self, action: str | None) -> tuple[int, ...]:
        ids = self[action] = (self.mine if action in self.aimed_at_self else self.shared)[action]
        return ids


def build_id_table(deck: Sequence[str], player_card: str) -> IdTable:
    by_slot = (*deck, player_card)
    slot = {name: index for index, name in enumerate(by_slot)}
    none = len(by_slot)
    k = none + 1
    return IdTable(
        by_slot=by_slot,
        slot=slot,
        none=none,
        k=k,
        club_term={name: PLAN_TAG + (index << TAG_BITS) for name, index in slot.items()},
        action_term={
            **{name: (index * k) << TAG_BITS for name, index in slot.items()},
            None: (none * k) << TAG_BITS,
        },
        target_term=tuple((seat * k * k) << TAG_BITS for seat in range(SEATS)),
        plan_limit=(SEATS * k * k) << TAG_BITS,
        play_base={name: (index << TAG_BITS) | PLAY for name, index in slot.items()},
        play_target_term=tuple((k * (seat + 1)) << TAG_BITS for seat in range(SEATS)),
        discard_term={name: (index + 1) * (k * (SEATS + 1) << TAG_BITS) for name, index in slot.items()},
    )


# -- reading ids back ----------------------------------------------------------------------------------

# A plan read from its id: (club, action, target, action2, target2), or None if the id names no plan.
PlanFields = tuple[str, str | None, int, str | None, int | None]
# A Play Anytime card read from its id: (card, target, discard).
PlayFields = tuple[str, int | None, list[str] | None]


def plan_fields(table: IdTable, action_id: int, second_action: bool) -> PlanFields | None:
    """The plan a ``PLAN_TAG`` id names (``second_action``: a game whose plans carry a second Action)."""
    k, none, by_slot = table.k, table.none, table.by_slot
    rest, club = divmod(action_id >> TAG_BITS, k)
    rest, action = divmod(rest, k)
    rest, target = divmod(rest, SEATS)
    if club >= none or (rest and not second_action):
        return None
    target2, action2 = divmod(rest, k)
    if target2 > SEATS:
        return None
    return (
        by_slot[club],
        None if action == none else by_slot[action],
        target,
        by_slot[action2 - 1] if action2 else None,
        target2 - 1 if target2 else None,
    )


def play_id(table: IdTable, card: str, target: int | None, discard: Sequence[str] | None) -> int:
    digits = 0
    if discard:
        base = table.k + 1
        for name in reversed(discard):
            digits = digits * base + table.slot[name] + 1
    payload = table.slot[card] + table.k * ((0 if target is None else target + 1) + (SEATS + 1) * digits)
    return (payload << TAG_BITS) | PLAY


def discard_ids(table: IdTable, card: str, rest: Sequence[str], most: int) -> list[int]:
    """The ids of playing the Dig Through the Bag ``card`` to discard each set of 1 to ``most`` of
    ``rest`` (``itertools.combinations`` order, as its options are listed)."""
    base = table.k + 1
    # A discard's term: digits (slot + 1, in base k + 1, the first card lowest) above card and target.
    first = (table.slot[card] << TAG_BITS) | PLAY
    digits = list(map(table.discard_term.__getitem__, rest))
    ids: list[int] = []
    for size in range(1, min(most, len(rest)) + 1):
        if size == 1:
            ids += map(first.__add__, digits)  # map, not a comprehension (a call of its own)
        elif size == 2:
            ids += [first + a + b * base for a, b in itertools.combinations(digits, 2)]
        elif size == 3:
            square = base * base
            ids += [first + a + b * base + c * square for a, b, c in itertools.combinations(digits, 3)]
        else:
            powers = [base**place for place in range(size)]
            ids += [
                first + sum(d * p for d, p in zip(combo, powers, strict=True))
                for combo in itertools.combinations(digits, size)
            ]
    return ids


@functools.cache
def _discard_sets(count: int, most: int) -> tuple[tuple[int, ...], ...]:
    """The positions of each set of 1 to ``most`` of ``count`` cards, in :func:`discard_ids`' order."""
    return tuple(
        combo
        for size in range(1, min(most, count) + 1)
        for combo in itertools.combinations(range(count), size)
    )


class Discards(Sequence[int]):
    """:func:`discard_ids` counted when made and each id made when read: a window lists a Dig Through
    the Bag's holder with its dozens of discards (every set of up to three of its other cards), of
    which a playout plays one or none. It remembers the id it last made, so the check of that id
    played finds it without making the others (a part of a listing: nobody changes it)."""

    __slots__ = ("_base", "_digits", "_first", "_handed", "_ids", "_sets", "size")

    def __init__(self, table: IdTable, card: str, rest: Sequence[str], most: int) -> None:
        self._first = (table.slot[card] << TAG_BITS) | PLAY
        self._digits = list(map(table.discard_term.__getitem__, rest))
        self._base = table.k + 1
        self._sets = _discard_sets(len(rest), most)
        # len(), read as a field by the listing made around it: a len() is a Python call here.
        self.size = len(self._sets)
        self._handed: int | None = None
        self._ids: list[int] | None = None

    def __len__(self) -> int:
        return self.size

    @overload
    def __getitem__(self, index: int) -> int: ...

    @overload
    def __getitem__(self, index: slice) -> list[int]: ...

    def __getitem__(self, index: int | slice) -> int | list[int]:
        if type(index) is not int:
            return self.ids()[index]
        digits, base = self._digits, self._base
        action_id, scale = self._first, 1
        for position in self._sets[index]:  # the first card lowest, as discard_ids writes them
            action_id += digits[position] * scale
            scale *= base
        self._handed = action_id
        return action_id

    def ids(self) -> list[int]:
        """Every id, in order (made once; this object's own: do not change it)."""
        ids = self._ids
        if ids is None:
            ids = self._ids = []
            digits, base = self._digits, self._base
            for positions in self._sets:
                action_id, scale = self._first, 1
                for position in positions:
                    action_id += digits[position] * scale
                    scale *= base
                ids.append(action_id)
        return ids

    def __iter__(self) -> Iterator[int]:
        return iter(self.ids())

    def __contains__(self, value: object) -> bool:
        return (value == self._handed and value is not None) or value in self.ids()


def play_fields(table: IdTable, action_id: int) -> PlayFields | None:
    """The Play Anytime card a ``PLAY`` id names, with its target and discard."""
    played = table.played.get(action_id)
    if played is not None:
        return played
    rest, card = divmod(action_id >> TAG_BITS, table.k)
    digits, target = divmod(rest, SEATS + 1)
    if card >= table.none - 1:  # "no card" and the player card are never played
        return None
    discard: list[str] | None = None
    if digits:
        discard = []
        base = table.k + 1
        while digits:
            digits, digit = divmod(digits, base)
            if not 0 < digit <= table.none - 1:
                return None
            discard.append(table.by_slot[digit - 1])
    return table.by_slot[card], target - 1 if target else None, discard


def plan_action(fields: PlanFields, second_action: bool) -> Action:
    club, played, target, action2, target2 = fields
    action: Action = {"type": "plan", "club": club, "action": played, "target": target}
    if second_action:
        action["action2"] = action2
        action["target2"] = target2
    return action


def play_action(fields: PlayFields) -> Action:
    card, target, discard = fields
    action: Action = {"type": "play", "card": card}
    if target is not None:
        action["target"] = target
    if discard is not None:
        action["discard"] = discard
    return action


# -- writing dicts as ids -----------------------------------------------------------------------------


def _seat(value: Any) -> bool:
    return type(value) is int and 0 <= value < SEATS


def plan_dict_id(table: IdTable, action: Action, second_action: bool) -> int | None:
    """The id of a ``plan`` dict written as the plans are listed (keys and value types), else None."""
    if len(action) != (6 if second_action else 4):
        return None
    club, played, target = (
        action.get("club"),
        action.get("action"),
        action.get("target", -1),
    )
    if type(club) is not str or club not in table.slot or not _seat(target):
        return None
    if played is not None and (type(played) is not str or played not in table.slot):
        return None
    if not second_action:
        return table.plan_id(club, played, target)
    if "action2" not in action or "target2" not in action:
        return None
    action2, target2 = action["action2"], action["target2"]
    if action2 is not None and (type(action2) is not str or action2 not in table.slot):
        return None
    if target2 is not None and not _seat(target2):
        return None
    return table.plan_id(club, played, target, action2, target2)


def play_dict_id(table: IdTable, action: Action) -> int | None:
    """The id of a ``play`` dict written as the Play Anytime options are listed, else None."""
    card = action.get("card")
    if type(card) is not str or table.slot.get(card, table.none - 1) >= table.none - 1:
        return None
    size = 2
    target = action.get("target")
    if "target" in action:
        if not _seat(target):
            return None
        size += 1
    discard = action.get("discard")
    if "discard" in action:
        if type(discard) is not list or not discard:
            return None
        if not all(
            type(name) is str and table.slot.get(name, table.none - 1) < table.none - 1 for name in discard
        ):
            return None
        size += 1
    if len(action) != size:
        return None
    return play_id(table, card, target, discard)
