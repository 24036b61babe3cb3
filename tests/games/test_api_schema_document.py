"""The OpenAPI document is committed (games/api/openapi.yaml) and diffed on every run.

A change may add to the API; one that takes away or changes what clients were generated against
needs a raised ``info.version`` (``games.api.document_changes``: the rule, the comparison and
ACCEPTED_CHANGES). The committed document is kept equal to what the server serves, so readers and
generators use the real one (`make schema` writes it, and applies the same rule first).
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest
import yaml
from django.conf import settings
from django.core.management import call_command

from games.api.document_changes import ACCEPTED_CHANGES, document_changes, not_kept, verdict
from tests.conftest import require_postgresql

COMMITTED = Path(__file__).resolve().parents[2] / "games" / "api" / "openapi.yaml"


def served_document(tmp_path: Path) -> str:
    """The document as the server writes it; on PostgreSQL, whose column sizes bound the integers."""
    from django.db import connection

    require_postgresql(connection.vendor, "compares the document served on PostgreSQL")
    target = tmp_path / "openapi.yaml"
    call_command("spectacular", "--file", str(target))
    return target.read_text()


def test_what_the_api_takes_away_raises_its_version(tmp_path: Path) -> None:
    served = verdict(yaml.safe_load(COMMITTED.read_text()), yaml.safe_load(served_document(tmp_path)))
    assert not served.refused, served.report()


def test_the_committed_document_is_the_served_one(tmp_path: Path) -> None:
    committed, served = COMMITTED.read_text(), served_document(tmp_path)
    difference = difflib.unified_diff(
        committed.splitlines(),
        served.splitlines(),
        "games/api/openapi.yaml (committed)",
        "served",
        lineterm="",
    )
    assert served == committed, (
        "the API changed: write the new document with `make schema` and commit it\n"
        + "\n".join(list(difference)[:200])
    )


def test_accepted_changes_are_of_the_current_version() -> None:
    # An entry allows a change without a raised version; once the version is raised it allows
    # nothing more (the raise does), and is taken out.
    current = settings.SPECTACULAR_SETTINGS["VERSION"]
    stale = [(at, pattern) for at, pattern, _why in ACCEPTED_CHANGES if at != current]
    assert not stale, f"entries of another version than {current}: remove them"
    assert all(why.strip() for _at, _pattern, why in ACCEPTED_CHANGES)


def test_a_change_that_takes_away_needs_a_raised_version_or_an_accepted_entry() -> None:
    def document(version: str, parameter: str) -> dict[str, object]:
        operation = {"get": {"parameters": [{"in": "query", "name": parameter}]}}
        return {"info": {"version": version}, "paths": {"/a/": operation}}

    old = document("0.2.0", "x")
    refused = verdict(old, document("0.2.0", "y"))
    assert refused.refused == ["/paths//a//get/parameters[x] removed"]
    assert "Raise SPECTACULAR_SETTINGS['VERSION']" in refused.report()
    assert "/paths//a//get/parameters[x] removed" in refused.report()
    raised = verdict(old, document("0.3.0", "y"))
    assert raised.refused == [] and raised.changes == ["/paths//a//get/parameters[x] removed"]
    assert verdict(old, document("0.10.0", "y")).refused == []  # numbers, not text: 10 > 2
    assert verdict(old, document("0.1.0", "x")).refused == ["/info/version: '0.2.0' became '0.1.0'"]
    assert verdict(old, document("0.2.0", "x")).changes == []


def test_an_accepted_entry_applies_only_to_its_own_version(monkeypatch: pytest.MonkeyPatch) -> None:
    from games.api import document_changes as module

    monkeypatch.setattr(module, "ACCEPTED_CHANGES", [("0.2.0", r"parameters\[x\] removed$", "never read")])

    def document(version: str, *parameters: str) -> dict[str, object]:
        listed = [{"in": "query", "name": name} for name in parameters]
        return {"info": {"version": version}, "paths": {"/a/": {"get": {"parameters": listed}}}}

    assert module.verdict(document("0.2.0", "x"), document("0.2.0")).refused == []
    assert module.verdict(document("0.3.0", "x"), document("0.3.0")).refused == [
        "/paths//a//get/parameters[x] removed"
    ]


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


def test_the_diff_reads_no_prose_but_a_field_of_that_name() -> None:
    old = {"description": "a", "properties": {"description": {"type": "string"}}}
    assert not_kept(old, {"description": "b", "properties": {"description": {"type": "string"}}}) == []
    assert not_kept(old, {"properties": {}}) == ["/properties/description removed"]


def test_the_diff_lets_an_optional_parameter_in_between_but_not_a_required_one() -> None:
    old = {"parameters": [{"in": "query", "name": "b"}, {"in": "query", "name": "page"}]}
    between = [{"in": "query", "name": "a"}, {"in": "query", "name": "b"}, {"in": "query", "name": "page"}]
    assert not_kept(old, {"parameters": between}) == []
    required = [{"in": "query", "name": "a", "required": True}, *old["parameters"]]
    assert not_kept(old, {"parameters": required}) == ["/parameters[a] added as required"]
    assert not_kept(old, {"parameters": between[:2]}) == ["/parameters[page] removed"]


def test_a_renamed_component_or_a_described_answer_is_not_a_loss() -> None:
    free = {"type": "object", "additionalProperties": {}}
    old = {
        "paths": {"/a/": {"get": {"responses": {"200": {"content": {"j": {"schema": free}}}}}}},
        "components": {"schemas": {"Thing": {"type": "object", "properties": {"x": {"type": "integer"}}}}},
    }
    described = {"type": "object", "properties": {"id": {"type": "integer"}}}
    new = {
        "paths": {
            "/a/": {"get": {"responses": {"200": {"content": {"j": {"schema": {"$ref": "#/c/Item"}}}}}}}
        },
        "components": {"schemas": {"Item": described, "ThingRequest": {"type": "object"}}},
    }
    assert document_changes(old, new) == []
    as_list = {
        "paths": {"/a/": {"get": {"responses": {"200": {"content": {"j": {"schema": {"type": "array"}}}}}}}}
    }
    assert document_changes(old, as_list | {"components": {}}) == [
        "/paths//a//get/responses/200/content/j/schema/type: 'object' became 'array'",
        "/paths//a//get/responses/200/content/j/schema/additionalProperties removed",
        "/components/schemas/Thing removed",
    ]
