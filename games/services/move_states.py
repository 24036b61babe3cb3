"""The engine states of recently moved games, kept per process so that a person's next move in the
same game need not read and replay its whole history.

The history stays the only truth: a state is only ever used at the exact version it was stored
at, taken out under the game's row lock (so two threads never hold the same state object), and
put back once the move that advanced it has committed. A rolled-back move never puts its state
back, and a game moved by anything else (a bot, the deadline sweep, another process) is at
another version and simply misses: the move then replays the history as before.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from datetime import datetime

from django.conf import settings
from django.db import transaction

from engine import State
from games.models import Game

# (game id, its creation time, its version): a database that reuses ids (a restore, SQLite's
# rolled-back tests) must never be answered with another game's state.
StateKey = tuple[int, datetime, int]

_lock = threading.Lock()
_states: OrderedDict[StateKey, State] = OrderedDict()


def _key(game: Game) -> StateKey:
    return (game.pk, game.created_at, game.version)


def move_state_take(game: Game) -> State | None:
    """The cached state of ``game`` at its current version (its row locked by the caller), taken
    out of the cache; None when there is none."""
    with _lock:
        return _states.pop(_key(game), None)


def move_state_keep_on_commit(game: Game, state: State) -> None:
    """Keep ``state`` as ``game``'s at its (new) version once the caller's transaction commits;
    nothing is kept if it rolls back, or when the cache is switched off (``MOVE_STATE_CACHE_GAMES``
    = 0) or the game is over (no move will ask for it)."""
    size = settings.MOVE_STATE_CACHE_GAMES
    if size <= 0 or state.is_over:
        return
    key = _key(game)
    transaction.on_commit(lambda: _put(key, state, size))


def move_state_return(game: Game, state: State) -> None:
    """Put back a state taken by :func:`move_state_take` and not played on: it is still the state
    at the game's version whatever becomes of the transaction, which wrote nothing of it."""
    size = settings.MOVE_STATE_CACHE_GAMES
    if size > 0:
        _put(_key(game), state, size)


def _put(key: StateKey, state: State, size: int) -> None:
    with _lock:
        _states[key] = state
        _states.move_to_end(key)
        while len(_states) > size:
            _states.popitem(last=False)


def move_states_clear() -> None:
    """Forget every cached state (tests; a process that wants its memory back)."""
    with _lock:
        _states.clear()
