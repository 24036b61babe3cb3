"""The OpenAPI document is committed (games/api/openapi.yaml) and diffed on every run.

A change may add to the API, never take away or change what clients were generated against; and
the committed document is kept equal to what the server serves, so readers and generators use the
real one (`make schema` writes it).

What is compared is what a client meets: every operation with its components written out in place
(a ``$ref`` resolved), so a component that only changes its name is not a change of the API; the
components' names are compared apart. Two kinds of change are not losses:

- an answer documented as a free-form object that is now described field by field (a client that
  took any object takes the described one);
- a component ``X`` that is now ``XRequest`` (drf-spectacular's COMPONENT_SPLIT_REQUEST: the
  request's own component, without read-only fields).

Anything else a change takes away has to be in ``ACCEPTED_CHANGES`` with its reason.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml
from django.core.management import call_command

from tests.conftest import require_postgresql

COMMITTED = Path(__file__).resolve().parents[2] / "games" / "api" / "openapi.yaml"

# Changes that take something away, made on purpose: (pattern of the problem, why). Issue 17 point 3
# (the document tells the truth) and issue 23 (clients that work on the first try).
ACCEPTED_CHANGES = [
    (
        r"^/paths/[^ ]+/requestBody/content/(application/x-www-form-urlencoded|multipart/form-data) removed$",
        "request bodies are JSON; multipart only where a file is uploaded, a form only for the token "
        "login (curl -d): the other content types are refused with 415 and no longer listed",
    ),
    (
        r"^/paths//api/catalog//get/responses/200/content/application/json/schema/"
        r"(type: 'object' became 'array'|additionalProperties removed)$",
        "the catalog always answered a list of games, documented as an object",
    ),
    (
        r"^/paths//api/auth/token//post/(requestBody/content/.+/schema/(properties/token removed|"
        r"required: 'token' removed)|responses/200/content/application/json/schema/(properties/"
        r"(username|password) removed|properties/token/readOnly removed|required: '(username|password)' removed))$",
        "the token login takes a user name and password and answers only {token}: the token was never "
        "asked for, nor the credentials sent back",
    ),
    (
        r"^/paths//api/me/notifications//patch/requestBody/content/application/json/schema/properties/"
        r"(webhook_secret|updated_at) removed$",
        "read-only fields are no longer offered in requests (the server ignored them)",
    ),
    (
        r"^/paths//api/(games|challenges|tournaments|leagues|bots)//post/requestBody/content/application/json/"
        r"schema/properties/game/type removed$",
        "a game id is still a string, now one of the named enum GameEnum (the registered games): "
        "drf-spectacular writes that as allOf [GameEnum] in place of the plain type",
    ),
    (
        r"^/paths//api/bots/\{id\}/versions//post/requestBody/content/multipart/form-data/schema/"
        r"properties/file/format: 'uri' became 'binary'$",
        "an uploaded file is the file's bytes, not a URI",
    ),
]


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


def resolved(node: Any, document: dict[str, Any], seen: tuple[str, ...] = ()) -> Any:
    """``node`` with every ``$ref`` to a component written out in place (a cycle stays a name)."""
    if isinstance(node, dict):
        if set(node) == {"$ref"}:
            name = node["$ref"].rsplit("/", 1)[-1]
            if name in seen:
                return {"$ref": name}
            return resolved(document["components"]["schemas"][name], document, (*seen, name))
        return {key: resolved(value, document, seen) for key, value in node.items()}
    if isinstance(node, list):
        return [resolved(item, document, seen) for item in node]
    return node


def free_form(schema: Any) -> bool:
    return isinstance(schema, dict) and schema.get("type") == "object" and set(schema) <= {
        "type",
        "additionalProperties",
        "description",
    } and schema.get("additionalProperties", {}) == {}


def answers(paths: dict[str, Any]) -> Iterator[tuple[tuple[str, str, str, str], Any]]:
    for path, operations in paths.items():
        for method, operation in operations.items():
            if isinstance(operation, dict):
                for status, response in operation.get("responses", {}).items():
                    for media_type, content in response.get("content", {}).items():
                        yield (path, method, status, media_type), content


def document_changes(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """What ``new`` takes away from or changes in ``old`` as a client meets it (module docstring)."""
    old_paths, new_paths = resolved(old["paths"], old), resolved(new["paths"], new)
    described = dict(answers(new_paths))
    for key, content in answers(old_paths):
        now = described.get(key, {}).get("schema")
        if free_form(content.get("schema")) and isinstance(now, dict) and now.get("type") == "object":
            content["schema"] = now  # a free-form object answer now described: nothing lost
    problems = not_kept(old_paths, new_paths, "/paths")
    rest = [key for key in old if key not in ("paths", "components")]
    problems += not_kept({key: old[key] for key in rest}, {key: new.get(key) for key in rest})
    old_components = old.get("components", {})
    new_components = new.get("components", {})
    for kind, components in old_components.items():
        for name in components:
            kept = name in new_components.get(kind, {}) or f"{name}Request" in new_components.get(kind, {})
            if not kept:
                problems.append(f"/components/{kind}/{name} removed")
    return problems


def unaccepted(problems: list[str]) -> list[str]:
    return [
        problem
        for problem in problems
        if not any(re.search(pattern, problem) for pattern, _why in ACCEPTED_CHANGES)
    ]


def served_document(tmp_path: Path) -> str:
    """The document as the server writes it; on PostgreSQL, whose column sizes bound the integers."""
    from django.db import connection

    require_postgresql(connection.vendor, "compares the document served on PostgreSQL")
    target = tmp_path / "openapi.yaml"
    call_command("spectacular", "--file", str(target))
    return target.read_text()


def test_the_api_only_grows(tmp_path: Path) -> None:
    committed = yaml.safe_load(COMMITTED.read_text())
    problems = unaccepted(document_changes(committed, yaml.safe_load(served_document(tmp_path))))
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


def test_a_renamed_component_or_a_described_answer_is_not_a_loss() -> None:
    free = {"type": "object", "additionalProperties": {}}
    old = {
        "paths": {"/a/": {"get": {"responses": {"200": {"content": {"j": {"schema": free}}}}}}},
        "components": {"schemas": {"Thing": {"type": "object", "properties": {"x": {"type": "integer"}}}}},
    }
    described = {"type": "object", "properties": {"id": {"type": "integer"}}}
    new = {
        "paths": {"/a/": {"get": {"responses": {"200": {"content": {"j": {"schema": {"$ref": "#/c/Item"}}}}}}}},
        "components": {"schemas": {"Item": described, "ThingRequest": {"type": "object"}}},
    }
    assert document_changes(old, new) == []
    as_list = {"paths": {"/a/": {"get": {"responses": {"200": {"content": {"j": {"schema": {"type": "array"}}}}}}}}}
    assert document_changes(old, as_list | {"components": {}}) == [
        "/paths//a//get/responses/200/content/j/schema/type: 'object' became 'array'",
        "/paths//a//get/responses/200/content/j/schema/additionalProperties removed",
        "/components/schemas/Thing removed",
    ]
