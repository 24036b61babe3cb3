"""``engine.cards.shuffle`` is ``Random.shuffle`` done cheaper: the same permutation, and the
generator left in the same state, for every size a game shuffles (and past the inlined sizes)."""

from __future__ import annotations

import random

import pytest

from engine.cards import reseed, shuffle


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


def test_reseed_is_random_seed() -> None:
    rng = random.Random(0)
    keys = ["", "three_card:0:0", "three_card:-7:3", "é€ and more text than sha512 hashes in a block" * 3]
    keys += [
        f"three_card:{seed}:{hand}" for seed in (1, 2, 99, 2**31, 2**63 - 1, -(2**40)) for hand in range(12)
    ]
    for key in keys:
        rng.random()  # a generator in use, as a game's is by its deals
        reseed(rng, key)
        assert rng.getstate() == random.Random(key).getstate(), key


def test_a_subclass_of_random_seeds_its_own_way() -> None:
    class Counting(random.Random):
        seeds: list[object] = []

        def seed(self, a: object = None, version: int = 2) -> None:  # type: ignore[override]
            self.seeds.append(a)
            super().seed(a, version)  # type: ignore[arg-type]

    rng = Counting(1)
    reseed(rng, "three_card:1:0")
    assert rng.seeds[-1] == "three_card:1:0"
    assert rng.getstate() == random.Random("three_card:1:0").getstate()
