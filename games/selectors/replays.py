"""What replaying a game's history shows, kept per process: bots and people poll a game between
moves, and every poll replayed the whole history through the engine (and read it first) to show
the same observation again.

A game's engine state is a pure function of its game id, config, seed and moves; none of them
change at one version but by a move, which moves the version on and sets ``moved_at``. So what a
replay showed is kept under ``(id, created_at, version, moved_at, seed)`` and what was asked of it
(a viewer's seats, the final state): a database that reuses ids (a restore, SQLite's rolled-back
tests) has another ``created_at``, and a move rolled back and then played otherwise has another
``moved_at``. What is kept is shared by every request that finds it: callers read it, never change it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from django.conf import settings

from games.models import Game

T = TypeVar("T")

_lock = threading.Lock()
_kept: OrderedDict[tuple[Any, ...], Any] = OrderedDict()
_MISSING = object()


def replay_shown(game: Game, asked: Hashable, compute: Callable[[], T]) -> T:
    """``compute()``, or what it gave for this game at this version and ``asked`` before.

    At most ``GAME_REPLAY_CACHE_ENTRIES`` answers are kept per process, the least recently read
    forgotten first; 0 keeps none."""
    size: int = settings.GAME_REPLAY_CACHE_ENTRIES
    if size <= 0:
        return compute()
    key = (game.pk, game.created_at, game.version, game.moved_at, game.seed, asked)
    with _lock:
        found = _kept.get(key, _MISSING)
        if found is not _MISSING:
            _kept.move_to_end(key)
            return found  # type: ignore[no-any-return]
    value = compute()
    with _lock:
        _kept[key] = value
        while len(_kept) > size:
            _kept.popitem(last=False)
    return value


def forget_replays() -> None:
    with _lock:
        _kept.clear()
