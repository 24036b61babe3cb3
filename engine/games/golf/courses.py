"""Golf courses for MULLIGAN: the rule book's three scorecards built in, and custom scorecards.

A course is 9 or 18 holes, each with its length in yards (1..2000) and its par (3..6). The
built-in courses are ``courses/<id>.json`` next to this module, transcribed from the rule book's
Sample Scorecards: ``pebble_coast`` (Pebble Coast Golf Links), ``st_andres`` (St. André's Links,
Old Course) and ``augustine_national`` (Augustine National Golf Club).

A scorecard file is JSON::

    {"name": "My Club", "source": "optional note",
     "holes": [{"hole": 1, "yards": 346, "par": 4}, ...]}

or CSV with a header row ``hole,yards,par`` (the course is named after the file)::

    hole,yards,par
    1,346,4
    ...

Holes are numbered 1 to 9 (or 18) in order. Anything else is refused with a :class:`CourseError`
naming the file, the hole and the field.
"""

from __future__ import annotations

import csv
import functools
import io
import json
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from engine.core import ConfigError, short

BUILT_IN: tuple[str, ...] = ("pebble_coast", "st_andres", "augustine_national")
HOLE_COUNTS: tuple[int, ...] = (9, 18)
MIN_PAR, MAX_PAR = 3, 6
# Long enough for the longest real holes (about 1,100 yd), short enough to catch a typo.
MAX_YARDS = 2000
CSV_COLUMNS: tuple[str, ...] = ("hole", "yards", "par")
_MAX_FILE_BYTES = 100_000


class CourseError(ConfigError):
    """A scorecard the engine cannot play; the message names the file, the hole and the field."""


@dataclass(frozen=True)
class Hole:
    number: int
    yards: int
    par: int


@dataclass(frozen=True)
class Course:
    name: str
    holes: tuple[Hole, ...]
    source: str = ""

    @property
    def front_nine(self) -> tuple[Hole, ...]:
        return self.holes[:9]

    @property
    def back_nine(self) -> tuple[Hole, ...]:
        return self.holes[9:]

    @property
    def par(self) -> int:
        return sum(hole.par for hole in self.holes)

    @property
    def yards(self) -> int:
        return sum(hole.yards for hole in self.holes)

    def to_json(self) -> dict[str, Any]:
        """The JSON scorecard form; :func:`course_from_json` reads it back to an equal course."""
        data: dict[str, Any] = {"name": self.name}
        if self.source:
            data["source"] = self.source
        data["holes"] = [{"hole": h.number, "yards": h.yards, "par": h.par} for h in self.holes]
        return data


def _whole(value: Any, origin: str, where: str) -> int:
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        value = int(value.strip())  # CSV cells are text
    if not isinstance(value, int) or isinstance(value, bool):
        raise CourseError(f"{origin}: {where}: must be a whole number, not {short(value)}")
    return int(value)


def _holes(rows: Sequence[Mapping[str, Any]], origin: str) -> tuple[Hole, ...]:
    if len(rows) not in HOLE_COUNTS:
        raise CourseError(f"{origin}: a course has 9 or 18 holes, not {len(rows)}")
    holes = []
    for index, row in enumerate(rows, start=1):
        where = f"{origin}: hole {index}, field"
        number = _whole(row.get("hole"), origin, f"hole {index}, field 'hole'")
        if number != index:
            raise CourseError(f"{where} 'hole': holes are numbered 1 to {len(rows)} in order, found {number}")
        yards = _whole(row.get("yards"), origin, f"hole {index}, field 'yards'")
        if yards <= 0:
            raise CourseError(f"{where} 'yards': must be positive, not {yards}")
        if yards > MAX_YARDS:
            raise CourseError(f"{where} 'yards': at most {MAX_YARDS} yards, not {yards}")
        par = _whole(row.get("par"), origin, f"hole {index}, field 'par'")
        if not MIN_PAR <= par <= MAX_PAR:
            raise CourseError(f"{where} 'par': par must be {MIN_PAR} to {MAX_PAR}, not {par}")
        holes.append(Hole(number=number, yards=yards, par=par))
    return tuple(holes)


def _name(value: Any, origin: str) -> str:
    if not isinstance(value, str) or not value.strip() or "\n" in value or len(value) > 100:
        raise CourseError(
            f"{origin}: field 'name': must be one line of 1 to 100 characters, not {short(value)}"
        )
    return value.strip()


def course_from_json(data: Any, origin: str = "course") -> Course:
    """A validated course from a parsed JSON scorecard."""
    if not isinstance(data, dict):
        raise CourseError(f"{origin}: a scorecard must be a JSON object, not {short(data)}")
    for key in ("name", "holes"):
        if key not in data:
            raise CourseError(f"{origin}: field {key!r}: missing")
    unknown = sorted(set(data) - {"name", "holes", "source"})
    if unknown:
        raise CourseError(f"{origin}: field {unknown[0]!r}: unknown (expected name, holes, source)")
    name = _name(data["name"], origin)
    source = data.get("source", "")
    if not isinstance(source, str) or len(source) > 300:
        raise CourseError(
            f"{origin}: field 'source': must be text of at most 300 characters, not {short(source)}"
        )
    rows = data["holes"]
    if not isinstance(rows, list):
        raise CourseError(f"{origin}: field 'holes': must be a list, not {short(rows)}")
    for index, row in enumerate(rows, start=1):
        if not isinstance(row, dict):
            raise CourseError(
                f"{origin}: hole {index}: must be an object with hole, yards and par, not {short(row)}"
            )
        extra = sorted(set(row) - set(CSV_COLUMNS))
        if extra:
            raise CourseError(
                f"{origin}: hole {index}, field {extra[0]!r}: unknown (expected hole, yards, par)"
            )
    return Course(name=name, holes=_holes(rows, origin), source=source)


def course_from_csv(text: str, name: str, origin: str = "course") -> Course:
    """A validated course from CSV text with the header ``hole,yards,par``."""
    reader = csv.reader(io.StringIO(text))
    rows = [row for row in reader if any(cell.strip() for cell in row)]
    if not rows:
        raise CourseError(f"{origin}: empty scorecard; expected a header row hole,yards,par")
    header = tuple(cell.strip().lower() for cell in rows[0])
    if header != CSV_COLUMNS:
        raise CourseError(f"{origin}: the header row must be hole,yards,par, not {','.join(header)}")
    records = []
    for line, row in enumerate(rows[1:], start=2):
        if len(row) != len(CSV_COLUMNS):
            raise CourseError(f"{origin}: line {line}: expected 3 columns (hole,yards,par), found {len(row)}")
        records.append(dict(zip(CSV_COLUMNS, (cell.strip() for cell in row), strict=True)))
    return Course(name=_name(name, origin), holes=_holes(records, origin))


@functools.lru_cache(maxsize=256)  # a config names its course on every new game
def _key(text: str) -> str:
    """Lookup key: case, accents, punctuation and spaces do not matter ("St Andres" = "St. André's")."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return "".join(ch for ch in plain.lower() if ch.isalnum())


@functools.cache
def built_in_courses() -> dict[str, Course]:
    """The rule book's three courses by id, in the book's order."""
    folder = resources.files("engine.games.golf").joinpath("courses")
    return {
        course_id: course_from_json(
            json.loads(folder.joinpath(f"{course_id}.json").read_text("utf-8")),
            f"built-in course {course_id!r}",
        )
        for course_id in BUILT_IN
    }


@functools.cache
def _built_in_keys() -> dict[str, Course]:
    """Each lookup key of a built-in course (its id, its name, its name without the bracket), to the
    first course in the book's order that has it. Every new game looks its course up."""
    keys: dict[str, Course] = {}
    for course_id, course in built_in_courses().items():
        for text in (course_id, course.name, course.name.split(" (")[0]):
            keys.setdefault(_key(text), course)
    return keys


def _built_in(name: str) -> Course | None:
    return _built_in_keys().get(_key(name))


def load_course(name_or_path: str | Path) -> Course:
    """A built-in course by id or name, else a scorecard file (``.json`` or ``.csv``)."""
    if isinstance(name_or_path, str):
        course = _built_in(name_or_path)
        if course is not None:
            return course
    path = Path(name_or_path)
    suffix = path.suffix.lower()
    if suffix not in (".json", ".csv"):
        known = ", ".join(f"{cid} ({c.name})" for cid, c in built_in_courses().items())
        raise CourseError(
            f"unknown course {str(name_or_path)!r}: give a built-in course ({known}) or a .json or .csv scorecard file"
        )
    try:
        if path.stat().st_size > _MAX_FILE_BYTES:
            raise CourseError(f"{path}: a scorecard file is at most {_MAX_FILE_BYTES} bytes")
        text = path.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CourseError(f"{path}: cannot read the scorecard file ({exc})") from exc
    if suffix == ".csv":
        return course_from_csv(text, path.stem.replace("_", " "), str(path))
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CourseError(f"{path}: not valid JSON ({exc})") from exc
    return course_from_json(data, str(path))
