"""Replaying rated games in order with only the current ratings in memory (pure).

:func:`games.services.ratings.ratings_recompute` streams every rated game through an
:class:`EloReplay`; a million games then need a few megabytes of ratings, whatever the history.
The arithmetic is the one a finishing game's rating update does (``rating += after - before``,
the K from the games played before it), so a replay lands on the stored numbers bit for bit.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from typing import Any, Generic, TypeVar

from games.ratings.elo import EloConfig, multi_seat_update

Key = TypeVar("Key", bound=Hashable)


# The seats' ratings before and after one game, and their K factors, in seat order.
GameChanges = tuple[list[float], list[float], list[float]]


class _Entries(dict[Any, list[float]]):
    """[rating, games played] per key, updated in place; a new key starts at the initial rating.

    (A missing key costs a call to ``__missing__``; a present one stays a plain dict lookup.)
    """

    def __init__(self, initial: float) -> None:
        super().__init__()
        self.initial = initial

    def __missing__(self, key: Any) -> list[float]:
        entry = self[key] = [self.initial, 0]
        return entry


class EloReplay(Generic[Key]):
    """Current Elo rating and games played per key (a competitor in one game id), game after game."""

    def __init__(self, config: EloConfig) -> None:
        self._config = config
        # A key holding two seats of one game shares one entry: its changes add up in turn.
        self._state = _Entries(config.initial)

    def play(self, keys: Sequence[Key], ranks: Sequence[int]) -> GameChanges:
        """Apply one game (``keys`` and ``ranks`` in seat order): (before, after, K) in seat order.

        A key holding two seats starts both from its rating before the game and gets both changes
        in turn, as a finishing game gives them.
        """
        config, state = self._config, self._state
        entries = [state[key] for key in keys]
        before = [entry[0] for entry in entries]
        k_provisional, k, provisional_games = config.k_provisional, config.k, config.provisional_games
        k_factors = [k_provisional if entry[1] < provisional_games else k for entry in entries]
        after = multi_seat_update(before, ranks, k_factors)
        for entry, old, new in zip(entries, before, after):  # noqa: B905 (one entry per seat, by construction)
            entry[0] += new - old
            entry[1] += 1
        return before, after, k_factors

    def get(self, key: Key) -> tuple[float, int]:
        """The rating and games played of ``key`` (the initial rating and 0 if it never played)."""
        entry = self._state.get(key)
        return (self._config.initial, 0) if entry is None else (entry[0], int(entry[1]))

    def __contains__(self, key: object) -> bool:
        return key in self._state

    def __len__(self) -> int:
        return len(self._state)

    def items(self) -> Iterator[tuple[Key, tuple[float, int]]]:
        return ((key, (entry[0], int(entry[1]))) for key, entry in self._state.items())
