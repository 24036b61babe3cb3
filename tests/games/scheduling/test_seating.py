"""Seat balancing (``games.scheduling.seating``): position counts over a competition, two-seat
alternation, determinism. Pure functions: no database."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.scheduling.round_robin import balanced_schedule
from games.scheduling.seating import (
    SeatTaken,
    assign_seats,
    position_counts,
    seat_history,
    seat_rounds,
)

Tables = Sequence[Sequence[object]]


def worst_spread(rounds: Sequence[Tables], table_size: int) -> int:
    """The largest max-min of one entrant's position counts."""
    counts = position_counts(seat_history(rounds), table_size)
    return max(max(row) - min(row) for row in counts.values())


def test_two_seats_alternate_who_goes_first() -> None:
    seated = seat_rounds([[("a", "b")]] * 10, seed=3, polish_iterations=0)
    firsts = [tables[0][0] for tables in seated]
    assert all(x != y for x, y in pairwise(firsts))


def test_two_seats_the_one_with_more_firsts_goes_second() -> None:
    history = {"a": [SeatTaken(0, 2), SeatTaken(0, 2)], "b": [SeatTaken(0, 2), SeatTaken(1, 2)]}
    for seed in range(10):
        assert assign_seats([("a", "b")], history, seed=seed) == [("b", "a")]


def test_an_entrant_who_always_went_first_does_not_again() -> None:
    history = {"a": [SeatTaken(0, 3)] * 2}
    for seed in range(10):
        (table,) = assign_seats([("a", "b", "c")], history, seed=seed)
        assert table[0] != "a"


def test_deviation_counts_the_table_sizes_played() -> None:
    # a held seat 1 of 2 at a two-seat table: expected 1/2 in each of seats 0 and 1, so seat 0 is
    # the one a is short of (deviation -1/2, seat 2: 0, seat 1: +1/2), whatever the seed.
    history = {"a": [SeatTaken(1, 2)]}
    for seed in range(10):
        (table,) = assign_seats([("b", "a", "c")], history, seed=seed)
        assert table[0] == "a"


@pytest.mark.parametrize("size", [2, 3, 4, 5, 6])
def test_fixed_table_stays_within_one_after_every_round(size: int) -> None:
    # The same entrants meet every round: a Latin square order is always available.
    table = [f"p{i}" for i in range(size)]
    for polish in (0, 5_000):
        seated = seat_rounds([[table]] * (3 * size + 1), seed=size, polish_iterations=polish)
        for played in range(1, len(seated) + 1):
            assert worst_spread(seated[:played], size) <= 1
        counts = position_counts(seat_history(seated[: 3 * size]), size)
        assert all(row == [3] * size for row in counts.values())


@pytest.mark.parametrize(("n", "k", "rounds"), [(12, 4, 12), (9, 3, 12), (10, 5, 20), (12, 6, 18)])
def test_changing_tables_end_balanced(n: int, k: int, rounds: int) -> None:
    schedule = balanced_schedule(list(range(n)), k, rounds, seed=1, iterations=2_000)
    plan = [rnd.tables for rnd in schedule.rounds]
    seated = seat_rounds(plan, seed=1)
    assert worst_spread(seated, k) <= 1
    # Round by round alone keeps every intermediate standing within two.
    greedy = seat_rounds(plan, seed=1, polish_iterations=0)
    assert all(worst_spread(greedy[:played], k) <= 2 for played in range(1, rounds + 1))


def test_two_seat_random_pairings_end_balanced() -> None:
    rng = random.Random(5)
    players = list(range(10))
    rounds = []
    for _ in range(20):
        rng.shuffle(players)
        rounds.append([players[i : i + 2] for i in range(0, 10, 2)])
    assert worst_spread(seat_rounds(rounds, seed=5), 2) <= 1


@settings(max_examples=50)
@given(
    sizes=st.lists(st.integers(min_value=1, max_value=6), min_size=1, max_size=4),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_each_table_is_a_permutation_and_deterministic(sizes: list[int], seed: int) -> None:
    ids = iter(range(100))
    tables = [[next(ids) for _ in range(size)] for size in sizes]
    rng = random.Random(seed)
    history = {e: [SeatTaken(rng.randrange(6), 6) for _ in range(rng.randrange(4))] for e in range(30)}
    seated = assign_seats(tables, history, seed=seed)
    assert [sorted(t) for t in seated] == [sorted(t) for t in tables]
    assert assign_seats(tables, history, seed=seed) == seated


def test_seat_rounds_is_deterministic_for_a_seed() -> None:
    plan = [rnd.tables for rnd in balanced_schedule(list(range(8)), 4, 6, seed=0, iterations=500).rounds]
    assert seat_rounds(plan, seed=9) == seat_rounds(plan, seed=9)


def test_seat_history_reads_seat_order() -> None:
    history = seat_history([[("a", "b", "c")], [("c", "a")]])
    assert history == {
        "a": [SeatTaken(0, 3), SeatTaken(1, 2)],
        "b": [SeatTaken(1, 3)],
        "c": [SeatTaken(2, 3), SeatTaken(0, 2)],
    }


def test_seat_rounds_continues_from_a_history() -> None:
    history = {"a": [SeatTaken(0, 2)]}
    assert seat_rounds([[("a", "b")]], history=history, seed=0) == [[("b", "a")]]


def test_an_entrant_cannot_sit_twice_in_a_round() -> None:
    with pytest.raises(ValueError, match="twice"):
        assign_seats([("a", "b"), ("b", "c")], {})


def test_tables_larger_than_eight_are_refused() -> None:
    with pytest.raises(ValueError, match="seats"):
        assign_seats([list(range(9))], {})
