"""Every seed the service draws comes from games.services.seeds: unpredictable in production, pinned
per test in the suite (tests/conftest.py) so a test sees the same deals whatever ran before it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from games.models import Player
from games.services.games import game_create
from games.services.seeds import new_seed, seeds_pin
from tests.conftest import run_seed


@pytest.fixture
def unpinned() -> Iterator[None]:
    seeds_pin(None)
    yield
    seeds_pin(None)


def test_unpinned_seeds_are_fresh_63_bit_numbers(unpinned: None) -> None:
    seeds = {new_seed() for _ in range(50)}
    assert len(seeds) == 50
    assert all(0 <= seed < 2**63 for seed in seeds)


def test_a_pinned_source_repeats_its_sequence_for_the_same_key(unpinned: None) -> None:
    seeds_pin("key")
    first = [new_seed() for _ in range(5)]
    seeds_pin("key")
    assert [new_seed() for _ in range(5)] == first
    seeds_pin("another key")
    assert [new_seed() for _ in range(5)] != first


def test_the_suite_pins_each_test_from_its_id_and_the_run_seed(request: pytest.FixtureRequest) -> None:
    drawn = new_seed()
    seeds_pin(f"{run_seed(request.config)}:{request.node.nodeid}")
    assert new_seed() == drawn


@pytest.mark.django_db
def test_a_game_s_seed_comes_from_the_source(players: list[Player], unpinned: None) -> None:
    seeds_pin("a game")
    expected = new_seed()
    seeds_pin("a game")
    game = game_create(game_id="mulligan", competitors=[p.competitor for p in players[:2]])
    assert game.seed == expected
