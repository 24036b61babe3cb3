"""What a new OpenAPI document takes away from an old one, as a client generated from the old one meets
it, and whether the document's version says so.

The rule (README, "The OpenAPI document"): a document may add to the API under the same
``info.version``; anything it removes or changes that a client relies on needs a raised version, or
an entry of ``ACCEPTED_CHANGES`` for the version it is made in (a correction no working client can
notice). ``make schema`` applies it before it writes ``games/api/openapi.yaml`` and
tests/games/test_api_schema_document.py on every run:

    python -m games.api.document_changes OLD.yaml NEW.yaml   # prints the changes; 1 if refused

What is compared is every operation with its components written out in place (a ``$ref`` resolved),
so a component that only changes its name is not a change of the API; the components' names are
compared apart. Two kinds of change are not losses:

- an answer documented as a free-form object that is now described field by field (a client that
  took any object takes the described one);
- a component ``X`` that is now ``XRequest`` (drf-spectacular's COMPONENT_SPLIT_REQUEST: the
  request's own component, without read-only fields).

Pure: reads two parsed documents, imports nothing from Django.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

# Changes that take something away made on purpose without raising the version, each a correction
# that no working client can notice: (the version it is made in, pattern of the change, why). Only
# the entries of the new document's version apply; raising the version empties the list (what an
# older version accepted is in git's history, and the raise itself allows any change).
ACCEPTED_CHANGES: list[tuple[str, str, str]] = [
    (
        "0.2.0",
        r"^/paths//api/games/\{id\}/stream//get/responses/200/content/application/x-ndjson/schema/oneOf\[2\]/required: 'seed' removed$",
        "the game stream is new in 0.2.0 (no release had it); its end event leaves the seed out while "
        "another table still plays the deal, as the game's own record does",
    ),
]


# Words for people: a client relies on none of them (a field or parameter named so is a dict, not text).
PROSE = frozenset({"description", "summary", "title"})


def not_kept(old: Any, new: Any, where: str = "") -> list[str]:
    """Where ``new`` drops or changes something of ``old`` (additions are fine)."""
    if isinstance(old, dict) and isinstance(new, dict):
        return [
            problem
            for key, value in old.items()
            if not (key in PROSE and isinstance(value, str))
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
    return (
        isinstance(schema, dict)
        and schema.get("type") == "object"
        and set(schema) <= {"type", "additionalProperties", "description"}
        and schema.get("additionalProperties", {}) == {}
    )


def answers(paths: dict[str, Any]) -> Iterator[tuple[tuple[str, str, str, str], Any]]:
    for path, operations in paths.items():
        for method, operation in operations.items():
            if isinstance(operation, dict):
                for status, response in operation.get("responses", {}).items():
                    for media_type, content in response.get("content", {}).items():
                        yield (path, method, status, media_type), content


def document_changes(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """What ``new`` takes away from or changes in ``old`` as a client meets it (module docstring).
    ``info.version`` is left out: it is what says whether the rest may change."""
    old_paths, new_paths = resolved(old["paths"], old), resolved(new["paths"], new)
    described = dict(answers(new_paths))
    for key, content in answers(old_paths):
        now = described.get(key, {}).get("schema")
        if free_form(content.get("schema")) and isinstance(now, dict) and now.get("type") == "object":
            content["schema"] = now  # a free-form object answer now described: nothing lost
    problems = not_kept(old_paths, new_paths, "/paths")
    rest = [key for key in old if key not in ("paths", "components")]
    problems += not_kept(
        {key: _without_version(old[key]) if key == "info" else old[key] for key in rest},
        {key: _without_version(new.get(key)) if key == "info" else new.get(key) for key in rest},
    )
    old_components = old.get("components", {})
    new_components = new.get("components", {})
    for kind, components in old_components.items():
        for name in components:
            kept = name in new_components.get(kind, {}) or f"{name}Request" in new_components.get(kind, {})
            if not kept:
                problems.append(f"/components/{kind}/{name} removed")
    return problems


def _without_version(info: Any) -> Any:
    return {key: value for key, value in info.items() if key != "version"} if isinstance(info, dict) else info


def version(document: dict[str, Any]) -> tuple[int, ...]:
    """``info.version`` as numbers, ``0.2.0`` → ``(0, 2, 0)``."""
    text = str(document["info"]["version"])
    if not re.fullmatch(r"\d+(\.\d+)*", text):
        raise ValueError(f"info.version {text!r} is not a dotted version number")
    return tuple(int(part) for part in text.split("."))


def accepted(problem: str, at_version: str) -> bool:
    return any(
        entry == at_version and re.search(pattern, problem) for entry, pattern, _why in ACCEPTED_CHANGES
    )


@dataclass(frozen=True)
class Verdict:
    changes: list[str]  # everything taken away or changed, accepted or not
    refused: list[str]  # what the version does not allow
    old_version: str
    new_version: str

    def report(self) -> str:
        if self.refused and self.new_version == self.old_version:
            head = (
                f"The API would take away or change what clients of version {self.old_version} rely on. "
                "Raise SPECTACULAR_SETTINGS['VERSION'] (0.x: the minor number), or keep the API as it was:"
            )
        elif self.refused:
            head = f"The version went down, from {self.old_version} to {self.new_version}:"
        elif self.changes:
            head = f"Version {self.old_version} → {self.new_version} takes away or changes:"
        else:
            return "Nothing a client relies on changes."
        listed = self.refused or self.changes
        more = f"\n  ... and {len(listed) - 60} more" if len(listed) > 60 else ""
        return head + "\n" + "\n".join(f"  {line}" for line in listed[:60]) + more


def verdict(old: dict[str, Any], new: dict[str, Any]) -> Verdict:
    old_version, new_version = str(old["info"]["version"]), str(new["info"]["version"])
    changes = document_changes(old, new)
    if version(new) < version(old):
        refused = [f"/info/version: {old_version!r} became {new_version!r}"]
    elif version(new) > version(old):
        refused = []
    else:
        refused = [change for change in changes if not accepted(change, new_version)]
    return Verdict(changes, refused, old_version, new_version)


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python -m games.api.document_changes OLD.yaml NEW.yaml", file=sys.stderr)
        return 2
    old, new = (yaml.safe_load(Path(name).read_text()) for name in argv)
    result = verdict(old, new)
    print(result.report(), file=sys.stderr if result.refused else sys.stdout)
    return 1 if result.refused else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
