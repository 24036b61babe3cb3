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

import orjson
from django.conf import settings

from games.models import Game

T = TypeVar("T")

_lock = threading.Lock()
_kept: OrderedDict[tuple[Any, ...], tuple[Any, int]] = OrderedDict()  # key: (answer, its size)
_kept_bytes = 0
_MISSING = (None, 0)


def answer_size(value: Any) -> int:
    """An answer's size as its JSON text: what the budget counts (a golf game's final state is some
    240 kB of it, a Mulligan observation under 1 kB)."""
    return len(orjson.dumps(value, default=repr, option=orjson.OPT_NON_STR_KEYS))


def replay_shown(game: Game, asked: Hashable, compute: Callable[[], T]) -> T:
    """``compute()``, or what it gave for this game at this version and ``asked`` before.

    At most ``GAME_REPLAY_CACHE_ENTRIES`` answers and ``GAME_REPLAY_CACHE_BYTES`` of their JSON
    text are kept per process, the least recently read forgotten first; an answer over a tenth of
    the bytes is not kept. Either at 0 keeps none."""
    global _kept_bytes
    entries: int = settings.GAME_REPLAY_CACHE_ENTRIES
    budget: int = settings.GAME_REPLAY_CACHE_BYTES
    if entries <= 0 or budget <= 0:
        return compute()
    key = (game.pk, game.created_at, game.version, game.moved_at, game.seed, asked)
    with _lock:
        found, kept_size = _kept.get(key, _MISSING)
        if kept_size:  # a kept answer's size is at least 1
            _kept.move_to_end(key)
            return found  # type: ignore[no-any-return]
    value = compute()
    size = max(answer_size(value), 1)
    if size > budget // 10:
        return value
    with _lock:
        if key not in _kept:
            _kept[key] = (value, size)
            _kept_bytes += size
        while len(_kept) > entries or _kept_bytes > budget:
            _kept_bytes -= _kept.popitem(last=False)[1][1]
    return value


def kept_bytes() -> int:
    """The JSON text of the answers this process keeps now, counted as the budget counts it."""
    with _lock:
        return _kept_bytes


def forget_replays() -> None:
    global _kept_bytes
    with _lock:
        _kept.clear()
        _kept_bytes = 0
