"""Elimination brackets (``games.scheduling.elimination``): seeding, byes, structure, playing them
out with random results, and standings. Pure functions: no database."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.scheduling.elimination import (
    Bracket,
    BracketState,
    LoserOf,
    Seed,
    WinnerOf,
    advance,
    bracket_order,
    double_elimination,
    seeds_by_rating,
    single_elimination,
    standings,
)


def first_round_seed_pairs(bracket: Bracket) -> list[tuple[int, int]]:
    pairs = []
    for match in bracket.rounds[0].matches:
        a, b = match.slots
        assert isinstance(a, Seed) and isinstance(b, Seed)
        pairs.append((a.number, b.number))
    return pairs


def play_out(bracket: Bracket, rng: random.Random) -> tuple[dict[str, object], list[BracketState]]:
    """Random winners, one ready match at a time, until there is a champion."""
    results: dict[str, object] = {}
    states = [advance(bracket, results)]
    while not states[-1].is_complete:
        match = rng.choice(states[-1].ready)
        results[match.match.id] = rng.choice(match.entrants)
        states.append(advance(bracket, results))
    return results, states


# --------------------------------------------------------------------------- seeding


def test_bracket_order_for_8() -> None:
    assert bracket_order(8) == [1, 8, 4, 5, 3, 6, 2, 7]


def test_bracket_order_for_16() -> None:
    assert bracket_order(16) == [1, 16, 8, 9, 5, 12, 4, 13, 3, 14, 6, 11, 7, 10, 2, 15]


def test_first_round_of_16() -> None:
    bracket = single_elimination([f"e{i}" for i in range(1, 17)])
    assert first_round_seed_pairs(bracket) == [
        (1, 16), (8, 9), (5, 12), (4, 13), (3, 14), (6, 11), (7, 10), (2, 15),
    ]  # fmt: skip


@given(st.integers(min_value=1, max_value=7))
def test_top_seeds_are_spread_over_the_bracket(power: int) -> None:
    # Seeds 1..2^j sit in different 1/2^j-parts of the bracket: 1 and 2 can only meet in the
    # final, 1..4 only in the semi-finals, and so on. Each first-round pair adds up to size + 1.
    size = 2**power
    order = bracket_order(size)
    assert sorted(order) == list(range(1, size + 1))
    assert all(order[i] + order[i + 1] == size + 1 and order[i] < order[i + 1] for i in range(0, size, 2))
    parts = 2
    while parts <= size:
        part_of = {seed: i * parts // size for i, seed in enumerate(order)}
        assert sorted(part_of[s] for s in range(1, parts + 1)) == list(range(parts))
        parts *= 2


def test_bracket_order_rejects_sizes_that_are_not_powers_of_two() -> None:
    with pytest.raises(ValueError):
        bracket_order(12)


def test_seeds_by_rating_best_first_and_ties_by_seed() -> None:
    ratings = {"a": 1500.0, "b": 1700.0, "c": 1600.0, "d": 1600.0, "e": 1400.0}
    order = seeds_by_rating(ratings, seed=7)
    assert order[0] == "b" and order[3:] == ["a", "e"]
    assert set(order[1:3]) == {"c", "d"}
    assert seeds_by_rating(ratings, seed=7) == order
    assert {tuple(seeds_by_rating(ratings, seed=s)[1:3]) for s in range(20)} == {("c", "d"), ("d", "c")}


# --------------------------------------------------------------------------- byes and structure


@pytest.mark.parametrize(("n", "byes"), [(6, 2), (12, 4), (13, 3), (5, 3), (9, 7)])
def test_byes_go_to_the_top_seeds(n: int, byes: int) -> None:
    bracket = single_elimination(list(range(1, n + 1)))
    in_round_one = {s.number for m in bracket.rounds[0].matches for s in m.slots if isinstance(s, Seed)}
    assert in_round_one == set(range(byes + 1, n + 1))
    in_round_two = {s.number for m in bracket.rounds[1].matches for s in m.slots if isinstance(s, Seed)}
    assert in_round_two == set(range(1, byes + 1))


def test_six_entrants_bracket_by_hand() -> None:
    # 8 lines: 1-(8) 4-5 3-6 2-(7); seeds 1 and 2 wait for the winners of 4-5 and 3-6.
    bracket = single_elimination(list("ABCDEF"))
    shape = [[(m.id, m.slots) for m in rnd.matches] for rnd in bracket.rounds]
    assert shape == [
        [("W1-1", (Seed(4, "D"), Seed(5, "E"))), ("W1-2", (Seed(3, "C"), Seed(6, "F")))],
        [("W2-1", (Seed(1, "A"), WinnerOf("W1-1"))), ("W2-2", (WinnerOf("W1-2"), Seed(2, "B")))],
        [("W3-1", (WinnerOf("W2-1"), WinnerOf("W2-2")))],
    ]


def test_double_elimination_of_four_by_hand() -> None:
    bracket = double_elimination(list("ABCD"))
    shape = {m.id: m.slots for m in bracket.matches}
    assert shape == {
        "W1-1": (Seed(1, "A"), Seed(4, "D")),
        "W1-2": (Seed(2, "B"), Seed(3, "C")),
        "W2-1": (WinnerOf("W1-1"), WinnerOf("W1-2")),
        "L1-1": (LoserOf("W1-1"), LoserOf("W1-2")),
        "L2-1": (WinnerOf("L1-1"), LoserOf("W2-1")),
        "GF": (WinnerOf("W2-1"), WinnerOf("L2-1")),
        "GF2": (WinnerOf("W2-1"), WinnerOf("L2-1")),
    }
    assert bracket.matches[-1].reset and not bracket.matches[-2].reset


@given(st.integers(min_value=2, max_value=70))
def test_match_counts(n: int) -> None:
    assert len(single_elimination(list(range(n))).matches) == n - 1
    assert len(double_elimination(list(range(n)), bracket_reset=False).matches) == 2 * n - 2
    assert len(double_elimination(list(range(n)), bracket_reset=True).matches) == 2 * n - 1


@given(st.integers(min_value=2, max_value=40), st.booleans())
def test_every_slot_refers_to_an_earlier_match_and_every_seed_enters_once(n: int, double: bool) -> None:
    bracket = double_elimination(list(range(n))) if double else single_elimination(list(range(n)))
    seen: set[str] = set()
    seeded = []
    for match in bracket.matches:
        for slot in match.slots:
            if isinstance(slot, Seed):
                seeded.append(slot.number)
            else:
                assert slot.match_id in seen
        seen.add(match.id)
    assert sorted(seeded) == list(range(1, n + 1))


def test_brackets_reject_bad_fields() -> None:
    with pytest.raises(ValueError):
        single_elimination(["only"])
    with pytest.raises(ValueError):
        double_elimination(["a", "b", "a"])


# --------------------------------------------------------------------------- playing


@given(st.integers(min_value=2, max_value=33), st.integers(min_value=0, max_value=10**6))
def test_single_elimination_random_results_crown_one_champion(n: int, seed: int) -> None:
    bracket = single_elimination(list(range(n)))
    results, states = play_out(bracket, random.Random(seed))
    final = states[-1]
    assert len(results) == n - 1
    assert final.champion in range(n)
    assert final.losses[final.champion] == 0
    assert sorted(final.losses.values()) == [0] + [1] * (n - 1)
    assert not final.ready


@given(st.integers(min_value=2, max_value=33), st.integers(min_value=0, max_value=10**6))
def test_double_elimination_nobody_is_out_before_two_losses(n: int, seed: int) -> None:
    bracket = double_elimination(list(range(n)), bracket_reset=True)
    results, states = play_out(bracket, random.Random(seed))
    final = states[-1]
    assert len(results) in (2 * n - 2, 2 * n - 1)
    assert final.losses[final.champion] <= 1
    assert sorted(v for e, v in final.losses.items() if e != final.champion) == [2] * (n - 1)
    for state in states:
        if state.is_complete:
            continue
        # an entrant with fewer than two losses already holds a slot in a match still to come
        still_to_play = {e for m in state.matches if m.status in ("waiting", "ready") for e in m.entrants}
        assert {e for e, lost in state.losses.items() if lost < 2} <= still_to_play


def test_reset_is_void_when_the_winners_champion_wins_the_final() -> None:
    bracket = double_elimination(list("ABCD"))
    results = {"W1-1": "A", "W1-2": "B", "W2-1": "A", "L1-1": "D", "L2-1": "B", "GF": "A"}
    assert advance(bracket, {k: v for k, v in results.items() if k != "GF"}).match("GF2").status == "waiting"
    state = advance(bracket, results)
    assert state.champion == "A"
    assert state.match("GF2").status == "void"
    with pytest.raises(ValueError, match="void"):
        advance(bracket, {**results, "GF2": "B"})


def test_reset_is_played_when_the_losers_champion_wins_the_final() -> None:
    bracket = double_elimination(list("ABCD"))
    results = {"W1-1": "A", "W1-2": "B", "W2-1": "A", "L1-1": "D", "L2-1": "B", "GF": "B"}
    state = advance(bracket, results)
    assert state.champion is None
    assert state.match("GF2").status == "ready"
    assert state.match("GF2").entrants == ("A", "B")
    assert advance(bracket, {**results, "GF2": "B"}).champion == "B"


def test_without_reset_the_first_final_decides() -> None:
    bracket = double_elimination(list("ABCD"), bracket_reset=False)
    results = {"W1-1": "A", "W1-2": "B", "W2-1": "A", "L1-1": "D", "L2-1": "B", "GF": "B"}
    assert advance(bracket, results).champion == "B"
    assert [s.entrant for s in standings(bracket, results)][:2] == ["B", "A"]


def test_advance_rejects_results_that_do_not_fit() -> None:
    bracket = single_elimination(list("ABCD"))
    with pytest.raises(ValueError, match="not in the bracket"):
        advance(bracket, {"W9-1": "A"})
    with pytest.raises(ValueError, match="waiting"):
        advance(bracket, {"W2-1": "A"})
    with pytest.raises(ValueError, match="not playing"):
        advance(bracket, {"W1-1": "B"})


def test_ready_matches_follow_the_results() -> None:
    bracket = single_elimination(list("ABCD"))
    assert [m.match.id for m in advance(bracket, {}).ready] == ["W1-1", "W1-2"]
    state = advance(bracket, {"W1-1": "D"})
    assert [m.match.id for m in state.ready] == ["W1-2"]
    assert state.match("W2-1").entrants == ("D", None)


# --------------------------------------------------------------------------- standings


def test_single_elimination_standings_of_8() -> None:
    bracket = single_elimination(list(range(1, 9)))
    # Favourites win everything: 1 beats 2 in the final; 3 and 4 lose the semis; 5-8 the quarters.
    results: dict[str, object] = {}
    while not (state := advance(bracket, results)).is_complete:
        for m in state.ready:
            results[m.match.id] = min(m.entrants)
    places = {s.entrant: s.place for s in standings(bracket, results)}
    assert places == {1: 1, 2: 2, 3: 3, 4: 3, 5: 5, 6: 5, 7: 5, 8: 5}


def test_double_elimination_standings_of_8() -> None:
    bracket = double_elimination(list(range(1, 9)))
    results: dict[str, object] = {}
    while not (state := advance(bracket, results)).is_complete:
        for m in state.ready:
            results[m.match.id] = min(m.entrants)
    table = standings(bracket, results)
    assert [s.place for s in table] == [1, 2, 3, 4, 5, 5, 7, 7]
    assert [s.entrant for s in table][:4] == [1, 2, 3, 4]
    assert {s.entrant for s in table if s.place == 7} == {7, 8}


def test_standings_with_byes_share_places_by_round() -> None:
    # 6 entrants, favourites win: 4-5 and 3-6 in round 1 (5 and 6 out first, 5th equal).
    bracket = single_elimination(list(range(1, 7)))
    results: dict[str, object] = {}
    while not (state := advance(bracket, results)).is_complete:
        for m in state.ready:
            results[m.match.id] = min(m.entrants)
    places = {s.entrant: s.place for s in standings(bracket, results)}
    assert places == {1: 1, 2: 2, 3: 3, 4: 3, 5: 5, 6: 5}


def test_partial_standings_are_final_for_those_out() -> None:
    bracket = single_elimination(list(range(1, 9)))
    table = {s.entrant: s for s in standings(bracket, {"W1-1": 1})}
    assert table[8].place == 5 and table[8].eliminated_in == "W1"
    assert table[1].place is None and table[1].eliminated_in is None


@given(st.integers(min_value=2, max_value=33), st.integers(min_value=0, max_value=10**6), st.booleans())
def test_places_are_a_competition_ranking(n: int, seed: int, double: bool) -> None:
    bracket = double_elimination(list(range(n))) if double else single_elimination(list(range(n)))
    results, _ = play_out(bracket, random.Random(seed))
    places = [s.place for s in standings(bracket, results)]
    assert places[0] == 1 and places.count(1) == 1
    assert all(p is not None for p in places)
    # standard competition ranking: a place p is shared by k entrants, and the next place is p + k
    for i, place in enumerate(places):
        assert place == 1 + sum(1 for q in places if q < place)
        assert place <= i + 1
    if double and n >= 3:
        assert places[:3] == [1, 2, 3]
