"""Multi-seat Swiss: table sizes, byes, points by place, and repeated tablemates kept down."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.scheduling.swiss import Entrant
from games.scheduling.swiss_tables import (
    TableResult,
    TableRound,
    default_points,
    seat_round,
    table_points,
    table_sizes,
)
from games.scheduling.tiebreaks import PlayerId

Event = tuple[list[PlayerId], list[TableResult], list[PlayerId], set[PlayerId], int, int, int]

# --- Table sizes ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "table_size", "min_table_size", "sizes", "byes"),
    [
        (12, 4, 3, (4, 4, 4), 0),
        (10, 4, 3, (4, 3, 3), 0),
        (10, 4, 4, (4, 4), 2),
        (7, 4, 3, (4, 3), 0),
        (5, 4, 3, (4,), 1),
        (5, 4, 2, (3, 2), 0),
        (13, 5, 3, (5, 4, 4), 0),
        (2, 4, 3, (), 2),
        (0, 6, 3, (), 0),
        (17, 6, 6, (6, 6), 5),
    ],
)
def test_table_sizes(
    players: int, table_size: int, min_table_size: int, sizes: tuple[int, ...], byes: int
) -> None:
    assert table_sizes(players, table_size, min_table_size) == (sizes, byes)


@given(st.integers(0, 200), st.integers(3, 6), st.data())
def test_table_sizes_seat_as_many_as_possible(players: int, table_size: int, data: st.DataObject) -> None:
    min_table_size = data.draw(st.integers(2, table_size))
    sizes, byes = table_sizes(players, table_size, min_table_size)
    assert sum(sizes) + byes == players
    assert all(min_table_size <= s <= table_size for s in sizes)
    assert list(sizes) == sorted(sizes, reverse=True) and (not sizes or sizes[0] - sizes[-1] <= 1)
    # No seating of more players exists: seated + k is not a sum of allowed sizes for any k ≥ 1.
    for more in range(sum(sizes) + 1, players + 1):
        assert not any(t * min_table_size <= more <= t * table_size for t in range(1, more + 1))


def test_table_sizes_rejects_bad_bounds() -> None:
    with pytest.raises(ValueError):
        table_sizes(10, 4, 5)
    with pytest.raises(ValueError):
        table_sizes(10, 4, 1)


# --- Points --------------------------------------------------------------------------------------


def test_default_points_and_ties() -> None:
    assert default_points(4) == (3, 2, 1, 0)
    assert default_points(3) == (2, 1, 0)
    results = [
        TableResult(("a", "b", "c", "d")),  # 3, 2, 1, 0
        TableResult(("a", "b", "c"), places=(1, 1, 3)),  # a and b share first: 2 each; c gets 0
    ]
    points = table_points("abcde", results, byes=["e"])
    # e's bye pays a full (4-seat) table's first place: 3.
    assert points == {"a": 5, "b": 4, "c": 1, "d": 0, "e": 3}


def test_configurable_points_table_and_bye_points() -> None:
    results = [TableResult(("a", "b", "c"))]
    points = table_points(
        "abcd", results, byes=["d"], points_table={3: (3, 1, 0), 4: (4, 2, 1, 0)}, bye_points=1
    )
    assert points == {"a": 3, "b": 1, "c": 0, "d": 1}
    with pytest.raises(ValueError, match="points_table"):
        table_points("abcde", [TableResult(tuple("abcde"))], points_table={4: (3, 2, 1, 0)})


def test_results_are_validated() -> None:
    with pytest.raises(ValueError):
        TableResult(("a", "a", "b"))
    with pytest.raises(ValueError):
        TableResult(("a", "b"), places=(2, 1))
    with pytest.raises(ValueError, match="unknown player"):
        table_points("ab", [TableResult(("a", "z"))])


# --- Seating -------------------------------------------------------------------------------------


def check_seating(round_: TableRound, active: set[PlayerId], table_size: int, min_table_size: int) -> None:
    seated = [p for table in round_.tables for p in table]
    assert sorted(map(str, seated + list(round_.byes))) == sorted(map(str, active))
    assert len(set(seated)) == len(seated)
    assert all(min_table_size <= len(t) <= table_size for t in round_.tables)
    assert table_sizes(len(active), table_size, min_table_size) == (
        tuple(len(t) for t in round_.tables),
        len(round_.byes),
    )


def repeated_pairs(tables: Sequence[Sequence[PlayerId]], history: Sequence[TableResult]) -> int:
    met: dict[frozenset[PlayerId], int] = {}
    for result in history:
        for pair in combinations(result.ranking, 2):
            met[frozenset(pair)] = met.get(frozenset(pair), 0) + 1
    return sum(met.get(frozenset(pair), 0) for table in tables for pair in combinations(table, 2))


def play(rng: random.Random, round_: TableRound) -> list[TableResult]:
    return [TableResult(tuple(rng.sample(table, len(table)))) for table in round_.tables]


def test_first_round_cuts_the_rating_order() -> None:
    entrants = [Entrant(k, rating=float(k)) for k in range(8)]
    round_ = seat_round(entrants, seed=1)
    assert round_.tables == ((7, 6, 5, 4), (3, 2, 1, 0))
    assert (round_.byes, round_.repeated_pairs, round_.point_spread) == ((), 0, 0)


def test_tables_are_formed_from_like_points() -> None:
    # Round 1: tables {0,1,2,3} and {4,5,6,7}, finishing in id order, so the points are
    # 0:3 1:2 2:1 3:0 and 4:3 5:2 6:1 7:0. Like points: {0,4,1,5} (3s and 2s) and {2,6,3,7}.
    # Any table of 4 drawn from two old tables of 4 repeats at least 2 pairs (a 2 + 2 split), so
    # 4 repeated pairs is the minimum, and this seating reaches it with the least point spread.
    results = [TableResult((0, 1, 2, 3)), TableResult((4, 5, 6, 7))]
    round_ = seat_round(range(8), results)
    assert round_.repeated_pairs == 4
    assert [sorted(t) for t in round_.tables] == [[0, 1, 4, 5], [2, 3, 6, 7]]


def test_zero_repeats_when_a_latin_square_exists() -> None:
    # 16 players after one round at 4 tables of 4: a new round with nobody meeting again exists
    # (one player from each old table at each new table); the search must find it.
    results = [TableResult(tuple(range(4 * t, 4 * t + 4))) for t in range(4)]
    round_ = seat_round(range(16), results)
    assert round_.repeated_pairs == 0


def test_byes_go_to_the_lowest_ranked_with_fewest_byes() -> None:
    entrants = [Entrant(k, rating=float(-k)) for k in range(6)]  # 0 ranks highest
    round_ = seat_round(entrants, table_size=4, min_table_size=4)
    assert round_.byes == (4, 5)
    # Next round nobody has points (no results), but 4 and 5 had byes (and their points): the
    # byes go to the lowest-ranked of the others.
    round_ = seat_round(entrants, byes=[4, 5], table_size=4, min_table_size=4, bye_points=0)
    assert round_.byes == (2, 3)


def test_dropped_players_are_not_seated() -> None:
    round_ = seat_round(range(9), dropped=[8], table_size=4, min_table_size=4)
    assert 8 not in round_.order and round_.byes == ()


@st.composite
def events(draw: st.DrawFn) -> Event:
    """A random multi-seat event seated by seat_round itself, with random finishes and drops."""
    table_size = draw(st.integers(3, 6))
    min_table_size = draw(st.integers(2, table_size))
    n = draw(st.integers(0, 30))
    rng = random.Random(draw(st.integers(0, 2**32)))
    entrants: list[PlayerId] = list(range(n))
    results: list[TableResult] = []
    byes: list[PlayerId] = []
    dropped: set[PlayerId] = set()
    for round_number in range(draw(st.integers(0, 5))):
        round_ = seat_round(
            entrants,
            results,
            byes,
            dropped,
            table_size=table_size,
            min_table_size=min_table_size,
            seed=round_number,
        )
        check_seating(round_, set(entrants) - dropped, table_size, min_table_size)
        results += play(rng, round_)
        byes += round_.byes
        if n - len(dropped) > 1 and rng.random() < 0.2:
            dropped.add(rng.choice(sorted(set(entrants) - dropped)))
    return entrants, results, byes, dropped, table_size, min_table_size, draw(st.integers(0, 9))


@given(events())
def test_every_active_player_is_seated_once(
    event: Event,
) -> None:
    entrants, results, byes, dropped, table_size, min_table_size, seed = event
    round_ = seat_round(
        entrants, results, byes, dropped, table_size=table_size, min_table_size=min_table_size, seed=seed
    )
    check_seating(round_, set(entrants) - dropped, table_size, min_table_size)
    assert round_.repeated_pairs == repeated_pairs(round_.tables, results)
    # Deterministic for a seed, whatever the order of the inputs.
    again = seat_round(
        entrants[::-1],
        results[::-1],
        byes[::-1],
        dropped,
        table_size=table_size,
        min_table_size=min_table_size,
        seed=seed,
    )
    assert again == round_


@given(events())
def test_repeated_tablemates_no_more_than_random_seating(
    event: Event,
) -> None:
    # Against 30 random seatings with the same table sizes: never worse than their median, and
    # never worse than the plain cut of the standings that the search starts from.
    entrants, results, byes, dropped, table_size, min_table_size, seed = event
    round_ = seat_round(
        entrants, results, byes, dropped, table_size=table_size, min_table_size=min_table_size, seed=seed
    )
    seated = [p for table in round_.tables for p in table]
    rng = random.Random(seed)
    random_counts = []
    for _ in range(30):
        shuffled = rng.sample(seated, len(seated))
        tables, start = [], 0
        for table in round_.tables:
            tables.append(shuffled[start : start + len(table)])
            start += len(table)
        random_counts.append(repeated_pairs(tables, results))
    assert round_.repeated_pairs <= sorted(random_counts)[len(random_counts) // 2]
    cut, start = [], 0
    for table in round_.tables:
        cut.append([p for p in round_.order if p not in round_.byes][start : start + len(table)])
        start += len(table)
    assert round_.repeated_pairs <= repeated_pairs(cut, results)
