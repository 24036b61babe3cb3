"""Replaying rated games in order with only the current ratings in memory (pure).

:func:`games.services.ratings.ratings_recompute` streams every rated game through an
:class:`EloReplay`; a million games then need a few megabytes of ratings, whatever the history.
The arithmetic is the one a finishing game's rating update does (``rating += after - before``,
the K from the games played before it), so a replay lands on the stored numbers bit for bit.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from typing import Generic, NamedTuple, TypeVar

from games.ratings.elo import EloConfig, multi_seat_update

Key = TypeVar("Key", bound=Hashable)


class GameChanges(NamedTuple):
    """The seats' rating changes in one game, in seat order."""

    before: list[float]
    after: list[float]
    k_factors: list[float]


class EloReplay(Generic[Key]):
    """Current Elo rating and games played per key (a competitor in one game id), game after game."""

    def __init__(self, config: EloConfig) -> None:
        self._config = config
        # [rating, games played], updated in place: a key holding two seats shares one entry.
        self._state: dict[Key, list[float]] = {}

    def play(self, keys: Sequence[Key], ranks: Sequence[int]) -> GameChanges:
        """Apply one game (``keys`` and ``ranks`` in seat order).

        A key holding two seats starts both from its rating before the game and gets both changes
        in turn, as a finishing game gives them.
        """
        state, config = self._state, self._config
        entries = []
        for key in keys:
            entry = state.get(key)
            if entry is None:
                entry = state[key] = [config.initial, 0]
            entries.append(entry)
        before = [entry[0] for entry in entries]
        k_provisional, k, provisional_games = config.k_provisional, config.k, config.provisional_games
        k_factors = [k_provisional if entry[1] < provisional_games else k for entry in entries]
        after = multi_seat_update(before, ranks, k_factors)
        for entry, old, new in zip(entries, before, after):  # noqa: B905 (one entry per seat, by construction)
            entry[0] += new - old
            entry[1] += 1
        return GameChanges(before, after, k_factors)

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
