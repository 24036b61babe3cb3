"""``engine.cards.shuffle`` is ``Random.shuffle`` done cheaper: the same permutation, and the
generator left in the same state, for every size a game shuffles (and past the inlined sizes)."""

from __future__ import annotations

import random

import pytest

from engine.cards import shuffle


@pytest.mark.parametrize("size", [0, 1, 2, 3, 52, 60, 128, 129, 300])
def test_shuffle_is_random_shuffle(size: int) -> None:
    for seed in [0, 1, 2**63 - 1, "three_card:5:2"]:
        mine, theirs = list(range(size)), list(range(size))
        ours_rng, their_rng = random.Random(seed), random.Random(seed)
        shuffle(ours_rng, mine)
        their_rng.shuffle(theirs)
        assert mine == theirs
        assert ours_rng.getstate() == their_rng.getstate()


def test_a_subclass_of_random_draws_its_own_way() -> None:
    class Reversing(random.Random):
        def shuffle(self, x: list[object]) -> None:  # type: ignore[override]
            x.reverse()

    cards = list(range(10))
    shuffle(Reversing(1), cards)
    assert cards == list(range(9, -1, -1))
