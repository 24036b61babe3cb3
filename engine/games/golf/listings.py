"""Legal action ids as a read-only list made on demand (:meth:`GolfState.legal_action_ids`).

A seat in SHOT PLANNING has a hundred or more plans, and a random playout asks for the number of
them and one id: building every id per move was a fifth of a playout's time. A :class:`Listing` is
the ids in their order as a few parts (tuples, lists, or a part that makes its ids one at a time,
such as :class:`engine.games.golf.planning.PlanIds`): its length is counted when it is made, an id is
made when it is indexed, and the whole list only when it is iterated, compared or sliced.

It is a snapshot, like the list it stands for: nothing it holds changes when the state moves on.
It equals a list of the same ids (and only a list, as a list does), and is not hashable.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, overload


class Listing(Sequence[int]):
    """The concatenation of ``parts`` (each a sequence of ints that no one changes)."""

    __slots__ = ("_ids", "_parts", "_size")

    def __init__(self, parts: Sequence[Sequence[int]], size: int | None = None) -> None:
        """``size``: the parts' total length, when the caller knows it."""
        self._parts = parts
        self._size = sum(map(len, parts)) if size is None else size
        self._ids: list[int] | None = None

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: int) -> int: ...

    @overload
    def __getitem__(self, index: slice) -> list[int]: ...

    def __getitem__(self, index: int | slice) -> int | list[int]:
        if type(index) is int:  # the playout's one id: found in its part, without the others
            if index < 0:
                index += self._size
            if 0 <= index < self._size:
                for part in self._parts:
                    size = len(part)
                    if index < size:
                        return part[index]
                    index -= size
            raise IndexError("legal action id index out of range")
        return self.ids()[index]

    def ids(self) -> list[int]:
        """Every id, in order (made once; the listing's own: do not change it)."""
        ids = self._ids
        if ids is None:
            ids = self._ids = []
            for part in self._parts:
                ids += part
        return ids

    def __iter__(self) -> Iterator[int]:
        return iter(self.ids())

    def __reversed__(self) -> Iterator[int]:
        return reversed(self.ids())

    def __contains__(self, value: object) -> bool:
        # Asked of the parts, which may answer without making their ids (action_ids.Discards).
        for part in self._parts:  # noqa: SIM110  (a loop, not any() of a generator: a call less)
            if value in part:
                return True
        return False

    def after(self, first: Sequence[int]) -> Listing:
        """This listing's ids after ``first`` (a sequence nobody changes), as a listing of their parts."""
        # Its size from this one's: a part's len() may be a call of a Python method (a window's Dig
        # Through the Bag discards, listed after a pass on every move of a window that holds one).
        return Listing((first, *self._parts), len(first) + self._size)

    def index(self, value: Any, start: int = 0, stop: int | None = None) -> int:
        return self.ids().index(value, start, self._size if stop is None else stop)

    def count(self, value: Any) -> int:
        return self.ids().count(value)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Listing):
            other = other.ids()
        return self.ids() == other

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = None  # type: ignore[assignment]  # as a list's

    def __repr__(self) -> str:
        return repr(self.ids())
