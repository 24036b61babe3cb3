"""The garbage collector's pauses in the server under test, so a figure's p99 can be told apart
from a collection that every request in flight waited out.

``gc.callbacks`` is called at the start and end of every collection, in the thread that triggered
it; no other Python thread runs meanwhile, so the time between the two is a pause of the process.
"""

from __future__ import annotations

import gc
import time
from typing import Any

_started: float | None = None
# No lock: a collection can start at any allocation, taken()'s own included, and its callback then
# runs in that thread; a lock held by taken() would never be released (a run of the bench hung so).
# taken() swaps the dict in one store instead, and the callback appends to whichever is current.
_pauses: dict[int, list[float]] = {0: [], 1: [], 2: []}


def _record(phase: str, info: dict[str, Any]) -> None:
    global _started
    if phase == "start":
        _started = time.perf_counter()
    elif _started is not None:
        pause = time.perf_counter() - _started
        _started = None
        _pauses[info["generation"]].append(pause)


def install() -> None:
    if _record not in gc.callbacks:
        gc.callbacks.append(_record)


def uninstall() -> None:
    if _record in gc.callbacks:
        gc.callbacks.remove(_record)


def taken() -> dict[str, Any]:
    """The pauses since the last call, per generation: count, total and longest (ms); then forgotten."""
    global _pauses
    pauses, _pauses = _pauses, {0: [], 1: [], 2: []}
    return {
        f"gen{generation}": {
            "count": len(times),
            "total_ms": round(sum(times) * 1000, 2),
            "max_ms": round(max(times, default=0.0) * 1000, 2),
        }
        for generation, times in pauses.items()
    } | {"frozen": gc.get_freeze_count(), "tracked": len(gc.get_objects())}
