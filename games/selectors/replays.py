"""What replaying a game's history shows, kept per process: bots and people poll a game between
moves, and every poll replayed the whole history through the engine (and read it first) to show
the same observation again.

A game's engine state is a pure function of its game id, config, seed and moves; none of them
change at one version but by a move, which moves the version on and sets ``moved_at``. So what a
replay showed is kept under ``(id, created_at, version, moved_at, seed)`` and what was asked of it
(a viewer's seats, the final state): a database that reuses ids (a restore, SQLite's rolled-back
tests) has another ``created_at``, and a move rolled back and then played otherwise has another
``moved_at``.

Answers are kept pickled, as bytes, and each read unpickles its own copy. Kept as objects, they
were what the garbage collector walked on every full collection: some 40 ms of a pause with 1,000
Mulligan views kept (bench/api.py's ``gc_pauses``), while every request in flight waited, and far
more with golf's final states. Bytes are not tracked by the collector, take what the budget counts
(a fifth or less of the objects' memory), and a caller may change what it got.
"""

from __future__ import annotations

import pickle
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from django.conf import settings

from games.models import Game

T = TypeVar("T")

_lock = threading.Lock()
_kept: OrderedDict[tuple[Any, ...], bytes] = OrderedDict()
_kept_bytes = 0


def replay_shown(game: Game, asked: Hashable, compute: Callable[[], T]) -> T:
    """``compute()``, or a copy of what it gave for this game at this version and ``asked`` before.

    At most ``GAME_REPLAY_CACHE_ENTRIES`` answers and ``GAME_REPLAY_CACHE_BYTES`` of them pickled
    are kept per process, the least recently read forgotten first; an answer over a tenth of the
    bytes is not kept. Either at 0 keeps none."""
    global _kept_bytes
    entries: int = settings.GAME_REPLAY_CACHE_ENTRIES
    budget: int = settings.GAME_REPLAY_CACHE_BYTES
    if entries <= 0 or budget <= 0:
        return compute()
    key = (game.pk, game.created_at, game.version, game.moved_at, game.seed, asked)
    with _lock:
        found = _kept.get(key)
        if found is not None:
            _kept.move_to_end(key)
    if found is not None:  # bytes this process pickled itself, never anything received
        return pickle.loads(found)  # type: ignore[no-any-return]
    value = compute()
    kept = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    if len(kept) > budget // 10:
        return value
    with _lock:
        if key not in _kept:
            _kept[key] = kept
            _kept_bytes += len(kept)
        while len(_kept) > entries or _kept_bytes > budget:
            _kept_bytes -= len(_kept.popitem(last=False)[1])
    return value


def kept_bytes() -> int:
    """The bytes of the answers this process keeps now, counted as the budget counts them."""
    with _lock:
        return _kept_bytes


def forget_replays() -> None:
    global _kept_bytes
    with _lock:
        _kept.clear()
        _kept_bytes = 0
