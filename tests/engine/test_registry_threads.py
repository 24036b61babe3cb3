"""The registry's lazy loading under a threaded server: the first lookups of several threads at once."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterable

import pytest

import engine.core as core
from engine import get_game
from engine.games.mulligan.rules import MulliganGame


def test_concurrent_first_lookups_load_each_game_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []

    def slow_loader() -> Iterable[core.Game]:
        calls.append(threading.get_ident())
        time.sleep(0.05)  # holds the loader open while the other threads ask (as an import does)
        return [MulliganGame()]

    monkeypatch.setattr(core, "_REGISTRY", {})
    monkeypatch.setattr(core, "_GAME_LOADERS", [slow_loader])
    found: list[core.Game] = []
    errors: list[BaseException] = []
    start = threading.Barrier(8)

    def look_up() -> None:
        start.wait()
        try:
            found.append(get_game("mulligan"))
        except BaseException as exc:  # what a request thread would turn into a 500
            errors.append(exc)

    threads = [threading.Thread(target=look_up) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert len(calls) == 1
    assert len(found) == 8 and all(game is found[0] for game in found)
