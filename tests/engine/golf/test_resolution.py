"""Shot resolution beyond the rule book's worked examples: cancellation and reflection across a
table, the catalog's house readings, a league's own catalog, bad input, and properties over random
club and Action combinations from the built-in catalog."""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence
from importlib import resources
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.games.golf.catalog import Club, catalog_from_json, default_catalog
from engine.games.golf.resolution import (
    Action,
    Shot,
    ShotResult,
    finishing_strokes,
    hole_score,
    lined_up,
    resolve_and_line_up,
    resolve_shot,
    resolve_table,
    resolve_turn,
    route_actions,
)

CATALOG = default_catalog()
CLUBS = sorted(CATALOG.clubs)
ACTIONS = sorted(a.id for a in CATALOG.actions.values() if a.kind == "action")
# Cards that change or stop a Shot on their own, without depending on who played them.
SHOT_ACTIONS = [a for a in ACTIONS if a not in ("bad_karma",)]


def act(card: str, by: int | None, target: int) -> Action:
    return Action(CATALOG.actions[card], by=by, target=target)


def numbers(result: ShotResult) -> tuple[int, int, int, bool]:
    return result.yards_moved, result.new_distance_to_hole, result.strokes, result.finished


def turn(clubs: dict[int, str], actions: list[Action], distance: int = 400) -> dict[int, ShotResult]:
    shots = {seat: Shot(distance, CATALOG.clubs[club]) for seat, club in clubs.items()}
    return resolve_turn(shots=shots, actions=actions, catalog=CATALOG)


def test_bad_karma_sends_an_opponents_action_back_to_them() -> None:
    results = turn(
        {0: "hybrid", 1: "hybrid"},
        [act("rough", by=1, target=0), act("bad_karma", by=0, target=0)],
    )
    assert results[0].yards_moved == 200
    assert results[1].yards_moved == 150
    assert any("comes back" in note for note in results[1].notes)
    assert any("reflects Rough" in note for note in results[0].notes)


def test_bad_karma_leaves_your_own_actions_on_you_and_is_not_reflected_twice() -> None:
    results = turn(
        {0: "hybrid", 1: "hybrid"},
        [
            act("hook", by=0, target=0),
            act("bad_karma", by=0, target=0),
            act("slice", by=1, target=0),
            act("bad_karma", by=1, target=1),  # the reflected Slice lands on seat 1 all the same
        ],
    )
    assert results[0].yards_moved == 225
    assert results[1].yards_moved == 175


def test_a_reflected_action_is_lost_on_an_immune_putter() -> None:
    results = turn(
        {0: "hybrid", 1: "two_putt"},
        [act("water", by=1, target=0), act("bad_karma", by=0, target=0)],
        distance=30,
    )
    assert results[0].yards_moved == 200
    assert numbers(results[1]) == (50, 0, 2, True)


def test_bad_karma_on_an_immune_putter_reflects_nothing() -> None:
    # Immune to ALL Action cards, Bad Karma included: the Hook aimed at the 2-Putt simply has no effect.
    results = turn(
        {0: "two_putt", 1: "hybrid"},
        [act("hook", by=1, target=0), act("bad_karma", by=0, target=0)],
        distance=30,
    )
    assert results[1].yards_moved == 200


def test_mulligan_cancels_every_action_opponents_aimed_at_you_but_not_your_own() -> None:
    results = turn(
        {0: "fairway_wood", 1: "hybrid", 2: "hybrid"},
        [
            act("sand_trap", by=1, target=0),
            act("water", by=2, target=0),
            act("hook", by=0, target=0),
            act("mulligan", by=0, target=0),
        ],
    )
    assert numbers(results[0]) == (275, 125, 1, False)
    assert sum("cancels" in note for note in results[0].notes) == 2


def test_mulligan_cancels_the_courses_actions_and_comes_before_bad_karma() -> None:
    results = turn(
        {0: "hybrid", 1: "hybrid"},
        [
            act("rough", by=None, target=0),
            act("slice", by=1, target=0),
            act("mulligan", by=0, target=0),
            act("bad_karma", by=1, target=0),
        ],
    )
    # Cancelled first, so nothing is left to reflect back to seat 1.
    assert results[0].yards_moved == 200
    assert results[1].yards_moved == 200


def test_mulligan_by_anyone_in_a_league_catalog_also_cancels_your_own() -> None:
    data = _default_json()
    for action in data["actions"]:
        if action["id"] == "mulligan":
            action["effects"][0]["by"] = "anyone"
    league = catalog_from_json(data, "league")
    shots = {0: Shot(400, league.clubs["hybrid"])}
    results = resolve_turn(
        shots=shots,
        actions=[
            Action(league.actions["hook"], by=0, target=0),
            Action(league.actions["mulligan"], by=0, target=0),
        ],
        catalog=league,
    )
    assert results[0].yards_moved == 200


def test_lucky_bounce_stops_a_shot_ending_close_to_the_hole_on_it() -> None:
    near = resolve_shot(distance_to_hole=210, club="hybrid", actions=["lucky_bounce"], catalog=CATALOG)
    assert (near.new_distance_to_hole, near.finished) == (0, False)  # on the hole, but not a finishing club
    far = resolve_shot(distance_to_hole=250, club="hybrid", actions=["lucky_bounce"], catalog=CATALOG)
    assert far.new_distance_to_hole == 50
    chip = resolve_shot(distance_to_hole=70, club="lob_chip_in", actions=["lucky_bounce"], catalog=CATALOG)
    assert (chip.new_distance_to_hole, chip.finished) == (0, True)


def test_lucky_bounce_does_not_move_a_1_putt() -> None:
    # House reading: the 1-Putt's fixed distance ignores every distance-changing effect.
    result = resolve_shot(distance_to_hole=40, club="one_putt", actions=["lucky_bounce"], catalog=CATALOG)
    assert (result.new_distance_to_hole, result.finished) == (15, False)


def test_missed_putt_only_stops_putters() -> None:
    # The catalog's prevent_finish: "a putter still advances but does not finish the hole".
    result = resolve_shot(distance_to_hole=80, club="pitch_in", actions=["missed_putt"], catalog=CATALOG)
    assert result.finished
    assert any("only stops putters" in note for note in result.notes)


def test_a_duff_shot_discards_even_a_1_putt() -> None:
    result = resolve_shot(distance_to_hole=10, club="one_putt", actions=["duff_shot"], catalog=CATALOG)
    assert (result.yards_moved, result.new_distance_to_hole, result.finished, result.club_discarded) == (
        0,
        10,
        False,
        True,
    )


def test_practice_swing_does_nothing() -> None:
    plain = resolve_shot(distance_to_hole=300, club="hybrid", actions=[], catalog=CATALOG)
    swing = resolve_shot(distance_to_hole=300, club="hybrid", actions=["practice_swing"], catalog=CATALOG)
    assert numbers(plain) == numbers(swing)


def test_a_league_catalog_with_two_stroke_out_of_bounds() -> None:
    data = _default_json()
    for action in data["actions"]:
        if action["id"] == "out_of_bounds":
            action["effects"][0]["strokes"] = 2
    league = catalog_from_json(data, "league")
    result = resolve_shot(distance_to_hole=400, club="hybrid", actions=["out_of_bounds"], catalog=league)
    assert (result.strokes, result.penalty_strokes) == (3, 2)


def test_notes_explain_the_shot() -> None:
    result = resolve_shot(
        distance_to_hole=400, club="fairway_wood", actions=["sand_trap", "hook"], catalog=CATALOG
    )
    assert result.notes == (
        "Sand Trap halves the Fairway Wood to 125 yd",
        "Hook +25 yd",
        "Fairway Wood: 150 yd, 250 yd to the hole",
    )


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError, match="distance_to_hole"):
        resolve_shot(distance_to_hole=-1, club="hybrid", actions=[], catalog=CATALOG)
    with pytest.raises(KeyError, match="no_such_card"):
        resolve_shot(distance_to_hole=10, club="hybrid", actions=["no_such_card"], catalog=CATALOG)
    with pytest.raises(ValueError, match="targets 5"):
        route_actions(clubs={0: CATALOG.clubs["hybrid"]}, actions=[act("hook", by=0, target=5)])
    with pytest.raises(ValueError, match="distance"):
        finishing_strokes(-3)
    with pytest.raises(ValueError, match="strokes"):
        hole_score(strokes=-1, finished=True, distance_to_hole=0)


def _default_json() -> dict[str, Any]:
    text = resources.files("engine.games.golf").joinpath("catalog/default.json").read_text("utf-8")
    return copy.deepcopy(json.loads(text))


# -- properties ---------------------------------------------------------------------------------

distances = st.integers(min_value=0, max_value=700)
clubs = st.sampled_from(CLUBS).map(lambda club_id: CATALOG.clubs[club_id])
shot_actions = st.lists(st.sampled_from(SHOT_ACTIONS), max_size=6)


def _expected_strokes(club: Club, actions: list[str]) -> int:
    if club.immune_to_actions:
        return club.strokes
    penalty = sum(
        int(e.params["strokes"])
        for a in actions
        for e in CATALOG.actions[a].effects
        if e.effect == "add_strokes"
    )
    return penalty + (0 if "duff_shot" in actions else club.strokes)


@settings(max_examples=400, deadline=None)
@given(distance=distances, club=clubs, actions=shot_actions)
def test_property_a_shot_is_well_formed(distance: int, club: Club, actions: list[str]) -> None:
    result = resolve_shot(distance_to_hole=distance, club=club, actions=actions, catalog=CATALOG)
    assert result.yards_moved >= 0
    assert result.new_distance_to_hole >= 0
    assert result.strokes == _expected_strokes(club, actions)
    if result.finished:
        assert club.finishing
        assert result.new_distance_to_hole == 0
        assert not result.club_discarded
    elif result.new_distance_to_hole != 0:
        # Toward the hole; past it, back toward it.
        assert result.new_distance_to_hole == abs(distance - result.yards_moved)
    if result.club_discarded:
        assert (result.yards_moved, result.new_distance_to_hole) == (0, distance)
    assert all(isinstance(note, str) and note for note in result.notes)


@settings(max_examples=300, deadline=None)
@given(distance=distances, club=clubs, actions=shot_actions, data=st.data())
def test_property_the_order_of_the_actions_does_not_matter(
    distance: int, club: Club, actions: list[str], data: st.DataObject
) -> None:
    shuffled = data.draw(st.permutations(actions))
    first = resolve_shot(distance_to_hole=distance, club=club, actions=actions, catalog=CATALOG)
    second = resolve_shot(distance_to_hole=distance, club=club, actions=shuffled, catalog=CATALOG)
    assert numbers(first) == numbers(second)
    assert first.club_discarded == second.club_discarded


@settings(max_examples=200, deadline=None)
@given(distance=distances, club=clubs, actions=shot_actions)
def test_property_another_half_distance_card_changes_no_distance(
    distance: int, club: Club, actions: list[str]
) -> None:
    once = resolve_shot(
        distance_to_hole=distance, club=club, actions=[*actions, "sand_trap"], catalog=CATALOG
    )
    twice = resolve_shot(
        distance_to_hole=distance, club=club, actions=[*actions, "sand_trap", "sand_trap"], catalog=CATALOG
    )
    assert numbers(once) == numbers(twice)


@settings(max_examples=200, deadline=None)
@given(
    distance=distances,
    putter=st.sampled_from(["two_putt", "perfect_putt"]),
    actions=st.lists(st.sampled_from(ACTIONS), max_size=8),
)
def test_property_immune_putters_are_unaffected(distance: int, putter: str, actions: list[str]) -> None:
    plain = resolve_shot(distance_to_hole=distance, club=putter, actions=[], catalog=CATALOG)
    hit = resolve_shot(distance_to_hole=distance, club=putter, actions=actions, catalog=CATALOG)
    assert numbers(hit) == numbers(plain)
    assert not hit.club_discarded


@settings(max_examples=200, deadline=None)
@given(distance=distances, actions=shot_actions)
def test_property_a_1_putt_always_goes_25_yards_unless_duffed(distance: int, actions: list[str]) -> None:
    result = resolve_shot(distance_to_hole=distance, club="one_putt", actions=actions, catalog=CATALOG)
    assert result.yards_moved == (0 if "duff_shot" in actions else 25)
    if "missed_putt" in actions:
        assert not result.finished


seats = st.integers(min_value=0, max_value=3)
# Up to ten Actions played at a table: (card, by whom or None, at whom), seats taken modulo its size.
table_plays = st.lists(
    st.tuples(st.sampled_from([*ACTIONS, "mulligan", "practice_swing"]), st.one_of(st.none(), seats), seats),
    max_size=10,
)


def table_actions(plays: list[tuple[str, int | None, int]], size: int) -> list[Action]:
    return [
        act(card, by=None if by is None else by % size, target=target % size) for card, by, target in plays
    ]


def table_resolved(
    table: list[tuple[str, int]], plays: list[tuple[str, int | None, int]]
) -> tuple[list[Action], list[Club], dict[int, ShotResult]]:
    """The table's Actions and Clubs, and each seat's Shot as resolve_turn resolves it."""
    actions = table_actions(plays, len(table))
    clubs = [CATALOG.clubs[club] for club, _ in table]
    shots = {seat: Shot(distance, clubs[seat]) for seat, (_, distance) in enumerate(table)}
    return actions, clubs, resolve_turn(shots=shots, actions=actions, catalog=CATALOG)


def assert_shots_are(measured: Sequence[tuple[Any, Sequence[str]]], expected: dict[int, ShotResult]) -> None:
    """Every seat's Shot (yards, distance, strokes, finished, penalty, discarded) and notes, as the
    engine's table resolves them, are resolve_turn's."""
    for seat, ((yards, distance, strokes, finished, penalty, discarded), notes) in enumerate(measured):
        result = expected[seat]
        assert (yards, distance, strokes, finished) == numbers(result)
        assert (penalty, discarded) == (result.penalty_strokes, result.club_discarded)
        assert tuple(notes) == result.notes


@settings(max_examples=300, deadline=None)
@given(
    table=st.lists(st.sampled_from(CLUBS), min_size=2, max_size=4),
    plays=st.lists(
        st.tuples(st.sampled_from([*ACTIONS, "mulligan"]), st.one_of(st.none(), seats), seats), max_size=10
    ),
    distance=distances,
)
def test_property_a_whole_turn_resolves_every_seat(
    table: list[str], plays: list[tuple[str, int | None, int]], distance: int
) -> None:
    size = len(table)
    actions = table_actions(plays, size)
    results = turn(dict(enumerate(table)), actions, distance=distance)
    assert sorted(results) == list(range(size))
    for seat, club_id in enumerate(table):
        club = CATALOG.clubs[club_id]
        result = results[seat]
        assert result.yards_moved >= 0
        assert result.new_distance_to_hole >= 0
        assert result.strokes >= (0 if result.club_discarded else club.strokes)
        if club.immune_to_actions:
            assert numbers(result) == numbers(
                resolve_shot(distance_to_hole=distance, club=club, actions=[], catalog=CATALOG)
            )


@settings(max_examples=300, deadline=None)
@given(
    table=st.lists(st.tuples(st.sampled_from(CLUBS), distances), min_size=2, max_size=4),
    plays=table_plays,
)
def test_property_a_whole_table_resolves_as_resolve_turn_does(
    table: list[tuple[str, int]], plays: list[tuple[str, int | None, int]]
) -> None:
    # The engine's turn resolves seats 0.. at once (resolve_table), with a shortcut where nothing
    # cancels or reflects: every Shot and every note as resolve_turn has them.
    actions, clubs, expected = table_resolved(table, plays)
    measured = resolve_table(clubs, [distance for _, distance in table], actions)
    assert_shots_are(measured, expected)


@settings(max_examples=300, deadline=None)
@given(
    table=st.lists(st.sampled_from(CLUBS), min_size=2, max_size=4),
    plays=table_plays,
)
def test_property_the_actions_lined_up_on_a_board_are_the_ones_its_shot_took(
    table: list[str], plays: list[tuple[str, int | None, int]]
) -> None:
    # "Each player lines up their Shot card and any Actions that will affect it": each seat's board
    # gets exactly the Actions resolve_turn applied to its Shot, each play on one board at most.
    size = len(table)
    actions = table_actions(plays, size)
    clubs = [CATALOG.clubs[club] for club in table]
    expected = resolve_turn(
        shots={seat: Shot(500, club) for seat, club in enumerate(clubs)}, actions=actions, catalog=CATALOG
    )
    where = lined_up(clubs, actions)
    assert len(where) == len(actions)
    for seat in range(size):
        on_board = sorted((actions[i].card.id, str(actions[i].by)) for i, s in enumerate(where) if s == seat)
        applied = sorted((a.card.id, str(a.by)) for a in expected[seat].applied)
        assert on_board == applied


@settings(max_examples=300, deadline=None)
@given(
    table=st.lists(st.tuples(st.sampled_from(CLUBS), st.integers(0, 600)), min_size=2, max_size=4),
    plays=table_plays,
)
def test_property_a_table_resolved_and_lined_up_at_once_is_both_alone(
    table: list[tuple[str, int]], plays: list[tuple[str, int | None, int]]
) -> None:
    # The engine's CLEANUP routes the Actions once for the Shots and the boards: the same Shots,
    # notes and boards as resolve_turn and lined_up each give on their own.
    actions, clubs, expected = table_resolved(table, plays)
    measured, where = resolve_and_line_up(clubs, [distance for _, distance in table], actions)
    assert where == lined_up(clubs, actions)
    assert_shots_are(measured, expected)
