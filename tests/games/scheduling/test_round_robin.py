"""Round robins (``games.scheduling.round_robin``): Berger tables against the published FIDE tables,
and balanced multi-seat schedules against known designs. Pure functions: no database."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.scheduling.round_robin import (
    Round,
    Schedule,
    balanced_schedule,
    berger_round_robin,
    berger_table,
    meeting_stats,
    pair_meeting_counts,
)

# FIDE Handbook C.05 Annex 1 (Berger tables), as published e.g. at
# http://c.w.fox.tripod.com/chess/berger.html: "first-second" is White-Black, i.e. first seat first.
FIDE_BERGER_4 = [
    [(1, 4), (2, 3)],
    [(4, 3), (1, 2)],
    [(2, 4), (3, 1)],
]
FIDE_BERGER_6 = [
    [(1, 6), (2, 5), (3, 4)],
    [(6, 4), (5, 3), (1, 2)],
    [(2, 6), (3, 1), (4, 5)],
    [(6, 5), (1, 4), (2, 3)],
    [(3, 6), (4, 2), (5, 1)],
]
FIDE_BERGER_8 = [
    [(1, 8), (2, 7), (3, 6), (4, 5)],
    [(8, 5), (6, 4), (7, 3), (1, 2)],
    [(2, 8), (3, 1), (4, 7), (5, 6)],
    [(8, 6), (7, 5), (1, 4), (2, 3)],
    [(3, 8), (4, 2), (5, 1), (6, 7)],
    [(8, 7), (1, 6), (2, 5), (3, 4)],
    [(4, 8), (5, 3), (6, 2), (7, 1)],
]


def seat_sequence(schedule: Schedule, entrant: object) -> list[int]:
    """The seats one entrant takes, game by game (byes skipped)."""
    return [table.index(entrant) for rnd in schedule.rounds for table in rnd.tables if entrant in table]


def everyone_once_per_round(schedule: Schedule) -> bool:
    for rnd in schedule.rounds:
        present = [e for table in rnd.tables for e in table] + list(rnd.sitting_out)
        if sorted(present) != sorted(schedule.entrants):
            return False
    return True


# --------------------------------------------------------------------------- Berger tables


def test_berger_round_1_for_6_is_1_6_2_5_3_4() -> None:
    assert berger_table(6)[0] == [(1, 6), (2, 5), (3, 4)]


@pytest.mark.parametrize(("n", "published"), [(4, FIDE_BERGER_4), (6, FIDE_BERGER_6), (8, FIDE_BERGER_8)])
def test_berger_table_matches_the_published_fide_table(
    n: int, published: list[list[tuple[int, int]]]
) -> None:
    assert berger_table(n) == published


def test_berger_round_robin_names_entrants_by_berger_number() -> None:
    schedule = berger_round_robin(["ann", "bob", "cy", "dee"])
    assert [rnd.tables for rnd in schedule.rounds] == [
        (("ann", "dee"), ("bob", "cy")),
        (("dee", "cy"), ("ann", "bob")),
        (("bob", "dee"), ("cy", "ann")),
    ]
    assert all(rnd.sitting_out == () for rnd in schedule.rounds)


def test_odd_field_gets_a_bye_where_the_table_has_the_dummy() -> None:
    # 5 players use the 6-player table; whoever meets number 6 has the bye.
    schedule = berger_round_robin([1, 2, 3, 4, 5])
    assert schedule.rounds[0] == Round(number=1, tables=((2, 5), (3, 4)), sitting_out=(1,))
    assert [rnd.sitting_out for rnd in schedule.rounds] == [(1,), (4,), (2,), (5,), (3,)]


@pytest.mark.parametrize("n", [3, 7])
def test_berger_table_rejects_an_odd_size(n: int) -> None:
    with pytest.raises(ValueError, match="even"):
        berger_table(n)


def test_berger_round_robin_rejects_duplicates_and_tiny_fields() -> None:
    with pytest.raises(ValueError, match="distinct"):
        berger_round_robin([1, 2, 2])
    with pytest.raises(ValueError, match="two"):
        berger_round_robin([1])


@given(st.integers(min_value=2, max_value=24))
def test_single_round_robin_every_pair_meets_exactly_once(n: int) -> None:
    schedule = berger_round_robin(list(range(n)))
    assert len(schedule.rounds) == (n - 1 if n % 2 == 0 else n)
    assert set(pair_meeting_counts(schedule).values()) == {1}
    assert everyone_once_per_round(schedule)


@given(st.integers(min_value=3, max_value=25).filter(lambda n: n % 2))
def test_odd_fields_give_each_entrant_exactly_one_bye(n: int) -> None:
    schedule = berger_round_robin(list(range(n)))
    assert all(len(rnd.sitting_out) == 1 for rnd in schedule.rounds)
    assert Counter(e for rnd in schedule.rounds for e in rnd.sitting_out) == dict.fromkeys(range(n), 1)


@given(st.integers(min_value=2, max_value=24))
def test_double_round_robin_meets_twice_with_seats_reversed(n: int) -> None:
    schedule = berger_round_robin(list(range(n)), double=True)
    single_rounds = n - 1 if n % 2 == 0 else n
    assert len(schedule.rounds) == 2 * single_rounds
    ordered = Counter(table for rnd in schedule.rounds for table in rnd.tables)
    for a, b in combinations(range(n), 2):
        assert ordered[(a, b)] == ordered[(b, a)] == 1
    second_cycle = schedule.rounds[single_rounds:]
    for first, second in zip(schedule.rounds[:single_rounds], second_cycle, strict=True):
        assert second.tables == tuple((b, a) for a, b in first.tables)


@given(st.integers(min_value=2, max_value=24))
def test_first_seat_counts_are_balanced(n: int) -> None:
    schedule = berger_round_robin(list(range(n)))
    for entrant in range(n):
        seats = seat_sequence(schedule, entrant)
        assert abs(seats.count(0) - seats.count(1)) <= 1
    double = berger_round_robin(list(range(n)), double=True)
    for entrant in range(n):
        seats = seat_sequence(double, entrant)
        assert seats.count(0) == seats.count(1)


@given(st.integers(min_value=3, max_value=20))
def test_swapping_the_last_two_rounds_avoids_three_same_seats_in_a_row(n: int) -> None:
    schedule = berger_round_robin(list(range(n)), double=True, swap_last_two_rounds=True)
    for entrant in range(n):
        seats = "".join(map(str, seat_sequence(schedule, entrant)))
        assert "000" not in seats and "111" not in seats
    assert set(pair_meeting_counts(schedule).values()) == {2}


def test_without_the_swap_some_entrant_gets_three_in_a_row() -> None:
    # Why the FIDE recommendation exists: 6 players, plain double cycle.
    schedule = berger_round_robin(list(range(6)), double=True)
    runs = ["".join(map(str, seat_sequence(schedule, e))) for e in range(6)]
    assert any("000" in r or "111" in r for r in runs)


# --------------------------------------------------------------------------- multi-seat


def test_nine_players_tables_of_three_four_rounds_is_an_affine_plane() -> None:
    # AG(2, 3): 4 parallel classes of 3 lines; every pair of the 9 points shares exactly one line.
    for seed in range(5):
        schedule = balanced_schedule(list("ABCDEFGHI"), 3, 4, seed=seed)
        assert set(pair_meeting_counts(schedule).values()) == {1}
        assert everyone_once_per_round(schedule)
        assert all(len(rnd.tables) == 3 and rnd.sitting_out == () for rnd in schedule.rounds)


@pytest.mark.parametrize(
    ("n", "k", "rounds", "times"),
    [
        (15, 3, 7, 1),  # Kirkman's schoolgirls
        (16, 4, 5, 1),  # AG(2, 4), over GF(4)
        (25, 5, 6, 1),  # AG(2, 5)
        (9, 3, 8, 2),  # two cycles of AG(2, 3)
    ],
)
def test_resolvable_designs_meet_every_pair_equally(n: int, k: int, rounds: int, times: int) -> None:
    schedule = balanced_schedule(list(range(n)), k, rounds, seed=1, iterations=0)
    assert set(pair_meeting_counts(schedule).values()) == {times}
    assert meeting_stats(schedule).is_provably_optimal


@pytest.mark.parametrize(
    ("k", "q"),
    [(3, 4), (3, 5), (3, 7), (3, 8), (3, 9), (4, 5), (4, 7), (4, 9), (5, 7), (5, 8), (6, 7), (6, 9)],
)
def test_transversal_designs_never_repeat_a_meeting(k: int, q: int) -> None:
    # n = k·q at tables of k: q rounds over GF(q) in which no pair meets twice (optimal for q rounds).
    schedule = balanced_schedule(list(range(k * q)), k, q, seed=2, iterations=0)
    counts = pair_meeting_counts(schedule)
    assert max(counts.values()) == 1
    assert sum(counts.values()) == q * q * k * (k - 1) // 2
    assert meeting_stats(schedule).is_provably_optimal


@pytest.mark.parametrize(
    ("n", "k", "rounds", "max_spread"),
    [
        (8, 4, 7, 0),  # a resolvable 2-(8, 4, 3) design exists and the search finds it
        (10, 3, 6, 1),
        (12, 3, 4, 1),
        (7, 3, 7, 0),  # one sits out each round, yet every pair meets exactly twice
        (12, 4, 3, 2),  # repeats are forced: the second round's 3 tables hold 4 from 3 old tables
        (12, 6, 4, 4),
    ],
)
def test_searched_schedules_reach_the_lower_bound(n: int, k: int, rounds: int, max_spread: int) -> None:
    schedule = balanced_schedule(list(range(n)), k, rounds, seed=0)
    stats = meeting_stats(schedule)
    assert stats.is_provably_optimal
    assert stats.spread <= max_spread


def test_twelve_at_tables_of_four_cannot_avoid_repeats() -> None:
    # The lower bound, by hand: 3 rounds x 3 tables x 6 pairs = 54 meetings; between any two rounds
    # the 4 entrants of a new table come from 3 old tables, so at least one pair of each new table
    # met before: 3 repeats per pair of rounds, 3 pairs of rounds, Σc² >= 54 + 2·9 = 72.
    stats = meeting_stats(balanced_schedule(list(range(12)), 4, 3, seed=0))
    assert stats.sum_of_squares_lower_bound == 72
    assert stats.sum_of_squares == 72


@settings(max_examples=40)
@given(
    n=st.integers(min_value=3, max_value=14),
    k=st.integers(min_value=3, max_value=6),
    rounds=st.integers(min_value=1, max_value=7),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_multi_seat_schedule_shape(n: int, k: int, rounds: int, seed: int) -> None:
    k = min(k, n)
    schedule = balanced_schedule(list(range(n)), k, rounds, seed=seed, iterations=300)
    assert len(schedule.rounds) == rounds
    assert everyone_once_per_round(schedule)
    for rnd in schedule.rounds:
        assert len(rnd.tables) == n // k
        assert all(len(table) == k for table in rnd.tables)
        assert len(rnd.sitting_out) == n % k
    sat_out = Counter(e for rnd in schedule.rounds for e in rnd.sitting_out)
    per_entrant = [sat_out[e] for e in range(n)]
    assert max(per_entrant) - min(per_entrant) <= 1
    stats = meeting_stats(schedule)
    assert stats.sum_of_squares >= stats.sum_of_squares_lower_bound


def test_sit_outs_rotate_through_everyone_before_repeating() -> None:
    schedule = balanced_schedule(list(range(10)), 4, 5, seed=3, iterations=200)
    order = [e for rnd in schedule.rounds for e in rnd.sitting_out]
    assert len(order) == 10
    assert sorted(order) == list(range(10))


def test_same_seed_same_schedule() -> None:
    first = balanced_schedule(list(range(11)), 4, 6, seed=42, iterations=2000)
    again = balanced_schedule(list(range(11)), 4, 6, seed=42, iterations=2000)
    assert first == again
    other = balanced_schedule(list(range(11)), 4, 6, seed=43, iterations=2000)
    assert other != first


def test_entrants_can_be_any_hashable_ids() -> None:
    names = [f"player-{i}" for i in range(9)]
    schedule = balanced_schedule(names, 3, 4, seed=0)
    assert {e for rnd in schedule.rounds for t in rnd.tables for e in t} == set(names)


def test_pair_meeting_counts_include_pairs_that_never_met() -> None:
    schedule = Schedule(
        entrants=("a", "b", "c", "d"),
        table_size=2,
        rounds=(Round(1, (("a", "b"), ("c", "d"))),),
    )
    counts = pair_meeting_counts(schedule)
    assert len(counts) == 6
    assert counts[frozenset("ab")] == 1 and counts[frozenset("ac")] == 0
    stats = meeting_stats(schedule)
    assert (stats.min_count, stats.max_count, stats.sum_of_squares, stats.spread) == (0, 1, 2, 1)


@pytest.mark.parametrize(("k", "rounds"), [(1, 2), (5, 2), (3, 0)])
def test_balanced_schedule_rejects_impossible_shapes(k: int, rounds: int) -> None:
    with pytest.raises(ValueError):
        balanced_schedule(list(range(4)), k, rounds)
