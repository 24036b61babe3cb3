"""The one place the service draws seeds: games, tournaments (and through them rounds and duplicate
deals, see ``games.services.rounds.derived_seed``) and ladder seating.

In production every seed is unpredictable (``secrets``): a player who could guess a game's seed
could rebuild its deck. The test suite pins the source per test (``tests/conftest.py``), from the
test's own id and the run's seed, so a test sees the same deals whatever ran before it, on
whatever xdist worker, and a failure is reproduced by passing the printed run seed back.
"""

from __future__ import annotations

import random
import secrets
import threading

_lock = threading.Lock()
_pinned: random.Random | None = None


def new_seed() -> int:
    """A fresh 63-bit seed (it fits a signed 64-bit column)."""
    with _lock:
        if _pinned is not None:
            return _pinned.getrandbits(63)
    return secrets.randbits(63)


def seeds_pin(key: str | None) -> None:
    """From now on draw seeds from ``random.Random(key)``; ``None`` returns to ``secrets``.

    For tests only: a pinned source makes every seed predictable.
    """
    global _pinned
    with _lock:
        _pinned = None if key is None else random.Random(key)
