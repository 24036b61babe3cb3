"""The rule book's three courses, built in exactly as its scorecards print them, and custom scorecards."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine import ConfigError
from engine.games.golf.courses import (
    Course,
    CourseError,
    built_in_courses,
    course_from_csv,
    course_from_json,
    load_course,
)

# Transcribed from the rule book's Sample Scorecards (001_b0f00b7950c1e11c.txt): yards and par of
# holes 1-9, then 10-18.
SCORECARDS: dict[str, tuple[str, list[int], list[int]]] = {
    "pebble_coast": (
        "Pebble Coast Golf Links",
        [346, 511, 390, 326, 192, 506, 106, 427, 481, 446, 373, 201, 403, 572, 396, 401, 177, 543],
        [4, 5, 4, 4, 3, 5, 3, 4, 4, 4, 4, 3, 4, 5, 4, 4, 3, 5],
    ),
    "st_andres": (
        "St. André's Links (Old Course)",
        [355, 395, 337, 411, 514, 360, 349, 154, 289, 311, 164, 304, 388, 523, 391, 345, 436, 361],
        [4, 4, 4, 4, 5, 4, 4, 3, 4, 4, 3, 4, 4, 5, 4, 4, 4, 4],
    ),
    "augustine_national": (
        "Augustine National Golf Club",
        [455, 575, 350, 240, 455, 180, 450, 570, 460, 495, 505, 155, 510, 440, 530, 170, 440, 465],
        [4, 5, 4, 3, 4, 3, 4, 5, 4, 4, 4, 3, 5, 4, 5, 3, 4, 4],
    ),
}

# (front yards, front par, back yards, back par): the sums of the printed rows.
NINES = {
    "pebble_coast": (3285, 36, 3512, 36),
    "st_andres": (3164, 36, 3223, 36),
    "augustine_national": (3735, 36, 3710, 36),
}


def test_the_three_built_in_courses_in_the_rule_books_order() -> None:
    assert list(built_in_courses()) == ["pebble_coast", "st_andres", "augustine_national"]


@pytest.mark.parametrize("course_id", list(SCORECARDS))
def test_built_in_courses_match_the_printed_scorecards(course_id: str) -> None:
    name, yards, par = SCORECARDS[course_id]
    course = built_in_courses()[course_id]
    assert course.name == name
    assert [h.number for h in course.holes] == list(range(1, 19))
    assert [h.yards for h in course.holes] == yards
    assert [h.par for h in course.holes] == par
    front_yards, front_par, back_yards, back_par = NINES[course_id]
    assert sum(h.yards for h in course.front_nine) == front_yards
    assert sum(h.par for h in course.front_nine) == front_par
    assert sum(h.yards for h in course.back_nine) == back_yards
    assert sum(h.par for h in course.back_nine) == back_par
    assert (course.yards, course.par) == (front_yards + back_yards, 72)
    assert "rule book" in course.source


@pytest.mark.parametrize(
    ("query", "course_id"),
    [
        ("pebble_coast", "pebble_coast"),
        ("Pebble Coast Golf Links", "pebble_coast"),
        ("St. André's Links", "st_andres"),
        ("st andres links (old course)", "st_andres"),
        ("AUGUSTINE NATIONAL GOLF CLUB", "augustine_national"),
    ],
)
def test_built_in_courses_by_id_or_name(query: str, course_id: str) -> None:
    assert load_course(query) is built_in_courses()[course_id]


def nine(yards: int = 300, par: int = 4) -> list[dict[str, Any]]:
    return [{"hole": n, "yards": yards + n, "par": par} for n in range(1, 10)]


def test_a_custom_json_scorecard_of_nine_holes(tmp_path: Path) -> None:
    path = tmp_path / "home.json"
    path.write_text(json.dumps({"name": "Home Nine", "holes": nine()}), "utf-8")
    course = load_course(path)
    assert course.name == "Home Nine" and len(course.holes) == 9 and course.back_nine == ()
    assert course.par == 36 and course.yards == 9 * 300 + 45


def test_a_custom_csv_scorecard_of_eighteen_holes(tmp_path: Path) -> None:
    _, yards, par = SCORECARDS["pebble_coast"]
    rows = "\n".join(f"{n},{y},{p}" for n, (y, p) in enumerate(zip(yards, par, strict=True), start=1))
    path = tmp_path / "my_links.csv"
    path.write_text(f"Hole, Yards, Par\n{rows}\n\n", "utf-8")
    course = load_course(str(path))
    assert course.name == "my links"
    assert course.holes == built_in_courses()["pebble_coast"].holes


def test_a_course_written_as_json_reads_back_equal() -> None:
    for course in built_in_courses().values():
        assert course_from_json(json.loads(json.dumps(course.to_json()))) == course
    custom = Course(name="x", holes=course_from_json({"name": "x", "holes": nine()}).holes)
    assert "source" not in custom.to_json()


def with_hole(change: dict[str, Any], index: int = 2) -> dict[str, Any]:
    holes = nine()
    holes[index] = {**holes[index], **change}
    return {"name": "Bad", "holes": holes}


BAD_JSON: list[tuple[str, Any, str]] = [
    ("not an object", [], "a scorecard must be a JSON object"),
    ("no name", {"holes": nine()}, "field 'name': missing"),
    ("no holes", {"name": "Bad"}, "field 'holes': missing"),
    ("blank name", {"name": "  ", "holes": nine()}, "field 'name': must be one line"),
    ("unknown field", {"name": "Bad", "holes": nine(), "slope": 113}, "field 'slope': unknown"),
    ("holes not a list", {"name": "Bad", "holes": {"1": 300}}, "field 'holes': must be a list"),
    ("ten holes", {"name": "Bad", "holes": nine() + [{"hole": 10, "yards": 300, "par": 4}]}, "a course has 9 or 18 holes, not 10"),
    ("no holes at all", {"name": "Bad", "holes": []}, "a course has 9 or 18 holes, not 0"),
    ("zero yards", with_hole({"yards": 0}), "hole 3, field 'yards': must be positive, not 0"),
    ("negative yards", with_hole({"yards": -250}), "hole 3, field 'yards': must be positive, not -250"),
    ("absurd yards", with_hole({"yards": 25000}), "hole 3, field 'yards': at most 2000 yards, not 25000"),
    ("text yards", with_hole({"yards": "far"}), "hole 3, field 'yards': must be a whole number, not 'far'"),
    ("fractional yards", with_hole({"yards": 300.5}), "hole 3, field 'yards': must be a whole number, not 300.5"),
    ("par 2", with_hole({"par": 2}), "hole 3, field 'par': par must be 3 to 6, not 2"),
    ("par 7", with_hole({"par": 7}), "hole 3, field 'par': par must be 3 to 6, not 7"),
    ("missing par", with_hole({"par": None}), "hole 3, field 'par': must be a whole number, not None"),
    ("holes out of order", with_hole({"hole": 4}), "hole 3, field 'hole': holes are numbered 1 to 9 in order, found 4"),
    ("unknown hole field", with_hole({"handicap": 7}), "hole 3, field 'handicap': unknown"),
    ("a hole that is not an object", {"name": "Bad", "holes": [300] * 9}, "hole 1: must be an object"),
]  # fmt: skip


@pytest.mark.parametrize(("data", "message"), [pytest.param(d, m, id=name) for name, d, m in BAD_JSON])
def test_bad_json_scorecards_are_refused(data: Any, message: str) -> None:
    with pytest.raises(CourseError) as caught:
        course_from_json(data, "bad.json")
    assert isinstance(caught.value, ConfigError)
    assert str(caught.value).startswith("bad.json: ")
    assert message in str(caught.value)


BAD_CSV: list[tuple[str, str, str]] = [
    ("empty", "", "empty scorecard"),
    ("wrong header", "hole,length,par\n1,300,4\n", "the header row must be hole,yards,par, not hole,length,par"),
    ("no header", "1,300,4\n", "the header row must be hole,yards,par"),
    ("missing column", "hole,yards,par\n1,300\n", "line 2: expected 3 columns (hole,yards,par), found 2"),
    ("eight holes", "hole,yards,par\n" + "".join(f"{n},300,4\n" for n in range(1, 9)), "a course has 9 or 18 holes, not 8"),
    ("par 8", "hole,yards,par\n" + "".join(f"{n},300,{8 if n == 5 else 4}\n" for n in range(1, 10)),
     "hole 5, field 'par': par must be 3 to 6, not 8"),
    ("text yards", "hole,yards,par\n" + "".join(f"{n},{'x' if n == 2 else 300},4\n" for n in range(1, 10)),
     "hole 2, field 'yards': must be a whole number, not 'x'"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "message"), [pytest.param(t, m, id=name) for name, t, m in BAD_CSV])
def test_bad_csv_scorecards_are_refused(text: str, message: str) -> None:
    with pytest.raises(CourseError, match=r"^bad\.csv: ") as caught:
        course_from_csv(text, "Bad", "bad.csv")
    assert message in str(caught.value)


def test_unknown_courses_and_unreadable_files_are_refused(tmp_path: Path) -> None:
    with pytest.raises(CourseError, match=r"unknown course 'Royal Nowhere'.*pebble_coast"):
        load_course("Royal Nowhere")
    with pytest.raises(CourseError, match="cannot read the scorecard file"):
        load_course(tmp_path / "missing.csv")
    broken = tmp_path / "broken.json"
    broken.write_text("{", "utf-8")
    with pytest.raises(CourseError, match=r"broken\.json: not valid JSON"):
        load_course(broken)
    huge = tmp_path / "huge.csv"
    huge.write_text("hole,yards,par\n" + "1,300,4\n" * 20_000, "utf-8")
    with pytest.raises(CourseError, match="at most 100000 bytes"):
        load_course(huge)
