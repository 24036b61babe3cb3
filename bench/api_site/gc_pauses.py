"""The garbage collector's pauses in the server under test, so a figure's p99 can be told apart
from a collection that every request in flight waited out.

``gc.callbacks`` is called at the start and end of every collection, in the thread that triggered
it; no other Python thread runs meanwhile, so the time between the two is a pause of the process.
"""

from __future__ import annotations

import gc
import threading
import time
from typing import Any

_lock = threading.Lock()
_started: float | None = None
_pauses: dict[int, list[float]] = {0: [], 1: [], 2: []}


def _record(phase: str, info: dict[str, Any]) -> None:
    global _started
    if phase == "start":
        _started = time.perf_counter()
    elif _started is not None:
        pause = time.perf_counter() - _started
        _started = None
        with _lock:
            _pauses[info["generation"]].append(pause)


def install() -> None:
    if _record not in gc.callbacks:
        gc.callbacks.append(_record)


def uninstall() -> None:
    if _record in gc.callbacks:
        gc.callbacks.remove(_record)


def taken() -> dict[str, Any]:
    """The pauses since the last call, per generation: count, total and longest (ms); then forgotten."""
    with _lock:
        pauses = {generation: list(times) for generation, times in _pauses.items()}
        for times in _pauses.values():
            times.clear()
    return {
        f"gen{generation}": {
            "count": len(times),
            "total_ms": round(sum(times) * 1000, 2),
            "max_ms": round(max(times, default=0.0) * 1000, 2),
        }
        for generation, times in pauses.items()
    } | {"frozen": gc.get_freeze_count(), "tracked": len(gc.get_objects())}
