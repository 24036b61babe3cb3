"""The OpenAPI document is committed (games/api/openapi.yaml) and diffed on every run.

A change may add to the API, never take away or change what clients were generated against; and
the committed document is kept equal to what the server serves, so readers and generators use the
real one (`make schema` writes it).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from django.core.management import call_command

from tests.conftest import require_postgresql

COMMITTED = Path(__file__).resolve().parents[2] / "games" / "api" / "openapi.yaml"


def not_kept(old: Any, new: Any, where: str = "") -> list[str]:
    """Where ``new`` drops or changes something of ``old`` (additions are fine)."""
    if isinstance(old, dict) and isinstance(new, dict):
        return [
            problem
            for key, value in old.items()
            for problem in (
                not_kept(value, new[key], f"{where}/{key}") if key in new else [f"{where}/{key} removed"]
            )
        ]
    if isinstance(old, list) and isinstance(new, list):
        if old and all(_is_parameter(item) for item in old + new):
            return _parameters_not_kept(old, new, where)
        if all(not isinstance(item, dict | list) for item in old):
            gone = [item for item in old if item not in new]
            return [f"{where}: {item!r} removed" for item in gone]
        if len(new) < len(old):
            return [f"{where}: {len(old) - len(new)} item(s) removed"]
        return [
            problem
            for index, item in enumerate(old)
            for problem in not_kept(item, new[index], f"{where}[{index}]")
        ]
    return [] if old == new else [f"{where}: {old!r} became {new!r}"]


def _is_parameter(item: Any) -> bool:
    return isinstance(item, dict) and "name" in item and "in" in item


def _parameters_not_kept(old: list[Any], new: list[Any], where: str) -> list[str]:
    """An operation's parameters are a set keyed by (location, name), listed in name order: a new
    optional one may come between old ones; a new required one breaks every generated client."""
    by_key = {(item["in"], item["name"]): item for item in new}
    known = {(item["in"], item["name"]) for item in old}
    problems = [
        problem
        for item in old
        for problem in (
            not_kept(item, by_key[item["in"], item["name"]], f"{where}[{item['name']}]")
            if (item["in"], item["name"]) in by_key
            else [f"{where}[{item['name']}] removed"]
        )
    ]
    return problems + [
        f"{where}[{key[1]}] added as required"
        for key, item in by_key.items()
        if key not in known and item.get("required")
    ]


def served_document(tmp_path: Path) -> str:
    """The document as the server writes it; on PostgreSQL, whose column sizes bound the integers."""
    from django.db import connection

    require_postgresql(connection.vendor, "compares the document served on PostgreSQL")
    target = tmp_path / "openapi.yaml"
    call_command("spectacular", "--file", str(target))
    return target.read_text()


def test_the_api_only_grows(tmp_path: Path) -> None:
    problems = not_kept(yaml.safe_load(COMMITTED.read_text()), yaml.safe_load(served_document(tmp_path)))
    assert not problems, "the API would change for its clients:\n" + "\n".join(problems[:40])


def test_the_committed_document_is_the_served_one(tmp_path: Path) -> None:
    assert served_document(tmp_path) == COMMITTED.read_text(), (
        "the API grew: write the new document with `make schema` and commit it"
    )


def test_the_diff_sees_a_removal_and_a_change_but_not_an_addition() -> None:
    old = {"paths": {"/a/": {"get": {"parameters": [{"name": "x"}]}}}, "tags": ["a"]}
    grown = {"paths": {"/a/": {"get": {"parameters": [{"name": "x"}]}}, "/b/": {}}, "tags": ["a", "b"]}
    assert not_kept(old, grown) == []
    assert not_kept(old, {"paths": {}, "tags": ["a"]}) == ["/paths//a/ removed"]
    changed = {"paths": {"/a/": {"get": {"parameters": [{"name": "y"}]}}}, "tags": []}
    assert not_kept(old, changed) == [
        "/paths//a//get/parameters[0]/name: 'x' became 'y'",
        "/tags: 'a' removed",
    ]


def test_the_diff_lets_an_optional_parameter_in_between_but_not_a_required_one() -> None:
    old = {"parameters": [{"in": "query", "name": "b"}, {"in": "query", "name": "page"}]}
    between = [{"in": "query", "name": "a"}, {"in": "query", "name": "b"}, {"in": "query", "name": "page"}]
    assert not_kept(old, {"parameters": between}) == []
    required = [{"in": "query", "name": "a", "required": True}, *old["parameters"]]
    assert not_kept(old, {"parameters": required}) == ["/parameters[a] added as required"]
    assert not_kept(old, {"parameters": between[:2]}) == ["/parameters[page] removed"]
