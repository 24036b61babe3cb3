"""bench/api.py reads the server's garbage-collector pauses from bench/api_site/gc_pauses.py."""

from __future__ import annotations

import gc

from bench.api_site import gc_pauses


def test_collections_are_counted_in_their_generation_once_each_and_forgotten_once_taken() -> None:
    gc_pauses.install()
    gc_pauses.install()  # installed twice, still called once per collection
    try:
        assert gc.callbacks.count(gc_pauses._record) == 1
        gc_pauses.taken()
        for _ in range(3):
            gc.collect(2)
        taken = gc_pauses.taken()
        # at least the three asked for (the interpreter may start one of its own meanwhile)
        assert taken["gen2"]["count"] >= 3
        assert 0 <= taken["gen2"]["max_ms"] <= taken["gen2"]["total_ms"]
        gc.disable()  # no collection of the interpreter's own from here
        try:
            gc_pauses.taken()
            assert gc_pauses.taken()["gen2"]["count"] == 0
        finally:
            gc.enable()
    finally:
        gc_pauses.uninstall()
    assert gc_pauses._record not in gc.callbacks


def test_a_collection_that_starts_while_the_pauses_are_taken_is_recorded_not_waited_for() -> None:
    """A collection can start at any allocation, taken()'s own included, in the thread calling it."""
    import threading

    gc_pauses.install()
    threshold = gc.get_threshold()
    # A young collection at nearly every allocation, inside taken() too; no older ones, which in a
    # test process of some hundreds of thousands of objects would make each call slow.
    gc.set_threshold(1, 1_000_000, 1_000_000)
    try:
        finished = threading.Event()

        def take_often() -> None:
            for _ in range(50):
                gc_pauses.taken()
            finished.set()

        worker = threading.Thread(target=take_often, daemon=True)
        worker.start()
        worker.join(timeout=60)  # a bound for a hang, not a measurement
        assert finished.is_set(), "taken() waited for a collection that started inside it"
    finally:
        gc.set_threshold(*threshold)
        gc_pauses.uninstall()
