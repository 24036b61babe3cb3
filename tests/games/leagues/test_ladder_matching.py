"""The pure continuous-ladder matchmaking (games.scheduling.ladder)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.scheduling.ladder import LadderRules, Waiting, match

RULES = LadderRules(base_gap=100.0, gap_per_second=2.0)


def pool(*ratings: float, waited: float = 0.0) -> list[Waiting]:
    return [Waiting(entrant=i + 1, rating=r, waited=waited) for i, r in enumerate(ratings)]


def test_the_allowed_gap_widens_linearly_with_time_waited() -> None:
    assert RULES.allowed_gap(0) == 100
    assert RULES.allowed_gap(50) == 200
    assert LadderRules(base_gap=100, gap_per_second=2, max_gap=150).allowed_gap(50) == 150


def test_nearest_ratings_are_paired() -> None:
    tables = match(pool(1500, 1800, 1510, 1790), 2, rules=RULES)
    assert sorted(sorted(t) for t in tables) == [[1, 3], [2, 4]]


def test_a_gap_too_wide_waits_until_time_widens_it() -> None:
    waiting = pool(1500, 1800)
    assert match(waiting, 2, rules=RULES) == []
    assert match(pool(1500, 1800, waited=99), 2, rules=RULES) == []
    assert sorted(match(pool(1500, 1800, waited=100), 2, rules=RULES)[0]) == [1, 2]


def test_the_longest_waiting_is_served_first() -> None:
    waiting = [Waiting(1, 1500, 0), Waiting(2, 1540, 0), Waiting(3, 1580, 30)]
    # 3 waited longest: it takes its nearest (2), and 1 is left waiting.
    assert match(waiting, 2, rules=RULES) == [[3, 2]]


def test_the_same_table_is_not_repeated_when_it_can_be_avoided() -> None:
    waiting = pool(1500, 1501, 1502, 1503)
    previous = {1: frozenset({1, 2}), 2: frozenset({1, 2}), 3: frozenset({3, 4}), 4: frozenset({3, 4})}
    tables = match(waiting, 2, rules=RULES, previous=previous)
    assert len(tables) == 2
    assert all(frozenset(t) not in previous.values() for t in tables)


def test_a_repeat_is_allowed_when_nothing_else_is_possible() -> None:
    previous = {1: frozenset({1, 2}), 2: frozenset({1, 2})}
    assert sorted(match(pool(1500, 1600), 2, rules=RULES, previous=previous)[0]) == [1, 2]


def test_multi_seat_tables_avoid_repeats_too() -> None:
    waiting = pool(1500, 1501, 1502, 1503, 1504)
    previous = {i: frozenset({1, 2, 3, 4}) for i in (1, 2, 3, 4)}
    tables = match(waiting, 4, rules=RULES, previous=previous)
    assert len(tables) == 1 and frozenset(tables[0]) != frozenset({1, 2, 3, 4})


def test_matching_is_deterministic_and_ignores_input_order() -> None:
    rng = random.Random(7)
    waiting = [Waiting(i, rng.uniform(1200, 1800), rng.uniform(0, 120)) for i in range(1, 41)]
    first = match(waiting, 4, rules=RULES)
    shuffled = waiting[:]
    rng.shuffle(shuffled)
    assert match(shuffled, 4, rules=RULES) == first


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError):
        match(pool(1500, 1500), 1)
    with pytest.raises(ValueError):
        match([Waiting(1, 1500, 0), Waiting(1, 1500, 0)], 2)


@settings(max_examples=60, deadline=None)
@given(
    ratings=st.lists(st.floats(min_value=0, max_value=3000), min_size=2, max_size=30),
    table_size=st.integers(min_value=2, max_value=5),
)
def test_everyone_is_matched_eventually(ratings: list[float], table_size: int) -> None:
    """Waiting longer only widens the gap: repeated calls seat all but fewer than a table's worth."""
    waiting = {i: Waiting(i, r, 0.0) for i, r in enumerate(ratings)}
    for _ in range(200):
        for table in match(list(waiting.values()), table_size, rules=RULES):
            spread = max(waiting[e].rating for e in table) - min(waiting[e].rating for e in table)
            assert spread <= RULES.allowed_gap(max(waiting[e].waited for e in table))
            for entrant in table:
                del waiting[entrant]
        if len(waiting) < table_size:
            break
        waiting = {i: Waiting(i, w.rating, w.waited + 10) for i, w in waiting.items()}
    assert len(waiting) < table_size
