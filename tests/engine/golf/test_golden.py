"""Golden examples: the rule book's worked examples and plain statements, replayed through
engine.games.golf.resolution with the built-in catalog. Each test quotes the sentence it checks."""

from __future__ import annotations

import pytest

from engine.games.golf.catalog import Catalog, default_catalog
from engine.games.golf.resolution import (
    Action,
    Shot,
    finishing_strokes,
    hole_score,
    resolve_shot,
    resolve_turn,
)


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return default_catalog()


def test_sand_trap_and_hook_on_a_fairway_wood_is_a_150_yard_shot(catalog: Catalog) -> None:
    # "if Sand Trap and Hook are both played on a Fairway Wood, the club's distance (250 yds) is first
    # halved to 125, then the +25 yards from the hook is applied, resulting in a 150-yard Shot."
    for order in (["sand_trap", "hook"], ["hook", "sand_trap"]):
        result = resolve_shot(distance_to_hole=400, club="fairway_wood", actions=order, catalog=catalog)
        assert result.yards_moved == 150
        assert result.new_distance_to_hole == 250
        assert result.strokes == 1
        assert not result.finished


def test_a_1_putt_under_water_keeps_its_25_yards_and_takes_the_penalty_stroke(catalog: Catalog) -> None:
    # "Water's halving effect will be canceled, but the 1-stroke penalty will still be applied."
    result = resolve_shot(distance_to_hole=20, club="one_putt", actions=["water"], catalog=catalog)
    assert result.yards_moved == 25
    assert result.finished
    assert result.strokes == 2
    assert result.penalty_strokes == 1
    short = resolve_shot(distance_to_hole=60, club="one_putt", actions=["water"], catalog=catalog)
    assert (short.yards_moved, short.new_distance_to_hole, short.strokes) == (25, 35, 2)


def test_a_missed_putt_advances_25_yards_without_finishing(catalog: Catalog) -> None:
    # "Miss Putt means the player will still advance 25 yards due to the putt but will not finish the
    # hole if they cross it."
    result = resolve_shot(distance_to_hole=20, club="one_putt", actions=["missed_putt"], catalog=catalog)
    assert result.yards_moved == 25
    assert not result.finished
    assert result.new_distance_to_hole == 5
    assert result.strokes == 1
    exact = resolve_shot(distance_to_hole=25, club="one_putt", actions=["missed_putt"], catalog=catalog)
    assert (exact.finished, exact.new_distance_to_hole) == (False, 0)


@pytest.mark.parametrize("halvers", [["sand_trap", "water"], ["sand_trap", "sand_trap"], ["water", "water"]])
def test_two_half_distance_actions_halve_once(catalog: Catalog, halvers: list[str]) -> None:
    # "If more than one Half Distance action is played on a Club, the distance is only halved once."
    result = resolve_shot(distance_to_hole=400, club="fairway_wood", actions=halvers, catalog=catalog)
    assert result.yards_moved == 125
    # Each Water still costs its stroke: only the halving is single.
    assert result.penalty_strokes == halvers.count("water")


def test_half_distance_uses_the_clubs_half_distance_line(catalog: Catalog) -> None:
    # "This Half Distance line is marked by an argyle pattern on each Club's distance bar."
    for club in catalog.clubs.values():
        if club.fixed_distance or club.immune_to_actions:
            continue
        result = resolve_shot(distance_to_hole=1000, club=club, actions=["sand_trap"], catalog=catalog)
        assert result.yards_moved == club.half_yards


def test_a_shot_is_never_below_0_yards(catalog: Catalog) -> None:
    # "your Shot distance cannot be reduced to less than 0 yards."
    result = resolve_shot(
        distance_to_hole=80, club="lob_wedge", actions=["sand_trap", "rough", "slice"], catalog=catalog
    )
    assert result.yards_moved == 0
    assert result.new_distance_to_hole == 80


def test_an_overshoot_comes_back_toward_the_hole(catalog: Catalog) -> None:
    # "if you shoot past the hole, your next Shot will move you back up the board towards the hole."
    first = resolve_shot(distance_to_hole=120, club="hybrid", actions=[], catalog=catalog)
    assert (first.yards_moved, first.new_distance_to_hole, first.finished) == (200, 80, False)
    second = resolve_shot(distance_to_hole=80, club="pitching_wedge", actions=[], catalog=catalog)
    assert second.new_distance_to_hole == 20


def test_slice_and_sand_trap_do_not_change_a_1_putt(catalog: Catalog) -> None:
    # "The distance for the 1-Putt card can't be changed by any Action; Actions like Slice or Sand Trap
    # have no effect."
    result = resolve_shot(
        distance_to_hole=40, club="one_putt", actions=["slice", "sand_trap", "hook"], catalog=catalog
    )
    assert (result.yards_moved, result.new_distance_to_hole, result.strokes) == (25, 15, 1)


@pytest.mark.parametrize("putter", ["two_putt", "perfect_putt"])
def test_2_putt_and_perfect_putt_are_immune_to_all_actions(catalog: Catalog, putter: str) -> None:
    # "2-Putt and Perfect Putt are immune to ALL Action cards (this includes Lucky Bounce and Bad Karma)."
    club = catalog.clubs[putter]
    plain = resolve_shot(distance_to_hole=60, club=putter, actions=[], catalog=catalog)
    every = [a for a in catalog.actions.values() if a.kind == "action"]
    hit = resolve_shot(distance_to_hole=60, club=putter, actions=every, catalog=catalog)
    assert (hit.yards_moved, hit.new_distance_to_hole, hit.strokes, hit.finished) == (
        club.yards,
        60 - club.yards,
        club.strokes,
        False,
    )
    assert (hit.yards_moved, hit.new_distance_to_hole, hit.strokes) == (
        plain.yards_moved,
        plain.new_distance_to_hole,
        plain.strokes,
    )
    # Lucky Bounce would have stopped a 10-35 yd miss on the hole: not on these putters.
    near = resolve_shot(
        distance_to_hole=club.yards + 10, club=putter, actions=["lucky_bounce"], catalog=catalog
    )
    assert (near.new_distance_to_hole, near.finished) == (10, False)


def test_a_club_discarded_by_a_duff_shot_does_not_advance(catalog: Catalog) -> None:
    # "If a Club card is discarded by a Duff Shot, that player doesn't advance any distance this turn."
    result = resolve_shot(distance_to_hole=300, club="driver", actions=["duff_shot", "hook"], catalog=catalog)
    assert (result.yards_moved, result.new_distance_to_hole, result.club_discarded) == (0, 300, True)
    # House assumption (catalog): Duff Shot adds 1 stroke and the discarded Club counts none.
    assert result.strokes == 1


def test_strokes_are_one_per_club_plus_water_duff_shot_and_out_of_bounds(catalog: Catalog) -> None:
    # "one per Club used, plus any strokes added by Water, Duff Shot, or Out of Bounds cards."
    result = resolve_shot(
        distance_to_hole=400, club="hybrid", actions=["water", "out_of_bounds"], catalog=catalog
    )
    assert result.strokes == 1 + 1 + 1  # Out of Bounds: 1 in the house catalog (printings say 1 or 2)


@pytest.mark.parametrize(
    ("club", "distance", "finished"),
    [
        ("pitch_in", 100, True),  # lands on the hole
        ("pitch_in", 60, True),  # crosses over it
        ("pitch_in", 101, False),
        ("lob_chip_in", 50, True),
        ("one_putt", 25, True),
        ("two_putt", 50, True),
        ("perfect_putt", 10, True),
        ("pitching_wedge", 100, False),  # lands on it, but not a finishing club
        ("lob_wedge", 30, False),
    ],
)
def test_only_finishing_clubs_that_cross_or_land_on_the_hole_finish_it(
    catalog: Catalog, club: str, distance: int, finished: bool
) -> None:
    # "If any player successfully uses one of these Clubs to cross over or land on the hole for that
    # Shot, they finish the hole"
    result = resolve_shot(distance_to_hole=distance, club=club, actions=[], catalog=catalog)
    assert result.finished is finished
    if finished:
        assert result.new_distance_to_hole == 0


@pytest.mark.parametrize(
    ("distance", "strokes"), [(0, 1), (1, 1), (25, 1), (26, 2), (100, 2), (101, 3), (575, 3)]
)
def test_finishing_strokes(distance: int, strokes: int) -> None:
    # "0-25 Yards: +1 Finishing Stroke / 26-100 Yards: +2 Finishing Strokes / 101+ Yards: +3"
    assert finishing_strokes(distance) == strokes


def test_a_hole_score_is_strokes_plus_finishing_strokes_for_those_who_did_not_finish() -> None:
    # "Any players who did not finish the hole must also add finishing strokes"
    assert hole_score(strokes=4, finished=True, distance_to_hole=0) == 4
    assert hole_score(strokes=4, finished=False, distance_to_hole=30) == 6
    assert hole_score(strokes=3, finished=False, distance_to_hole=150) == 6


def test_bad_karma_against_the_courses_action_does_nothing(catalog: Catalog) -> None:
    # It's You Against the Course: "If you use Bad Karma to reflect the course's Action, it targets
    # back at the course (and does nothing)."
    results = resolve_turn(
        shots={0: Shot(300, catalog.clubs["fairway_wood"]), 1: Shot(300, catalog.clubs["fairway_wood"])},
        actions=[
            Action(catalog.actions["rough"], by=None, target=0),
            Action(catalog.actions["bad_karma"], by=0, target=0),
        ],
        catalog=catalog,
    )
    assert results[0].yards_moved == 250
    assert results[1].yards_moved == 250
