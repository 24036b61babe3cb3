"""Golf's named draws are ``random.Random(name)``'s, draw for draw: a stored game's deck, its
reshuffles and every Borrow a Club replay only if they are."""

from __future__ import annotations

import random

import pytest

from engine.games.golf.draws import NamedDraws


@pytest.mark.parametrize("size", [0, 1, 2, 3, 7, 31, 32, 33, 52, 64, 65, 200])
def test_a_shuffle_is_random_randoms_shuffle(size: int) -> None:
    draws = NamedDraws()
    for seed in range(40):
        name = f"golf:{seed}:shuffle:{size}"
        expected = list(range(size))
        random.Random(name).shuffle(expected)
        mine = list(range(size))
        draws.shuffle(name, mine)  # the same generator, reseeded each time
        assert mine == expected


def test_a_choice_is_random_randoms_choice() -> None:
    draws = NamedDraws()
    for size in (1, 2, 3, 5, 7, 8, 9, 16, 17, 100):
        items = [f"card{i}" for i in range(size)]
        for moves in range(60):
            name = f"golf:{size}:steal:{moves}"
            assert draws.choice(name, items) == random.Random(name).choice(items)


def test_a_choice_among_nothing_fails_as_random_does() -> None:
    with pytest.raises(IndexError):
        NamedDraws().choice("golf:1:steal:1", [])
