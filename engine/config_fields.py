"""What a game's config options are, as data: so a page can build a form and a client a dialog
for any registered game without knowing it.

A :class:`ConfigField` describes one key ``normalize_config`` accepts (its kind, default, bounds,
choices and a line of help); a :class:`ConfigPreset` is a named config a player picks instead of
setting options one by one ("18 holes", "Paris mulligan"). The engine stays the judge: a field
describes, ``normalize_config`` decides, so a form sends what a person chose and shows the
engine's :class:`~engine.core.ConfigError` when it refuses.

Kinds:

- ``int``: a whole number from ``min`` to ``max``;
- ``bool``: true or false;
- ``choice``: one of ``choices`` (value, label) pairs; values are JSON (a string, a number, null,
  a list: golf's combined modes);
- ``text``: a short string;
- ``list``: a list of whole numbers (one per seat, say), written ``1, 0, -2``;
- ``json``: any JSON value the engine validates (a scorecard, a pay table); ``null`` where the
  default is the built-in one.

A field whose ``default`` is ``None`` leaves the choice to the engine (what ``normalize_config``
fills in may depend on other options: Opening Hand's free first mulligan is on with more than two
players); any other default is exactly what ``normalize_config({})`` fills in.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

FieldKind = Literal["int", "bool", "choice", "text", "list", "json"]
FIELD_KINDS: tuple[FieldKind, ...] = ("int", "bool", "choice", "text", "list", "json")


@dataclass(frozen=True)
class ConfigField:
    """One option of a game's config."""

    name: str
    label: str
    kind: FieldKind
    default: Any = None
    choices: tuple[tuple[Any, str], ...] = ()
    min: int | None = None
    max: int | None = None
    help: str = ""

    def __post_init__(self) -> None:
        if self.kind not in FIELD_KINDS:
            raise ValueError(f"config field {self.name!r}: unknown kind {self.kind!r}")
        if (self.kind == "choice") != bool(self.choices):
            raise ValueError(f"config field {self.name!r}: choices go with kind 'choice', and it needs some")

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "label": self.label,
            "kind": self.kind,
            "default": self.default,
            "choices": [{"value": value, "label": label} for value, label in self.choices],
            "min": self.min,
            "max": self.max,
            "help": self.help,
        }


@dataclass(frozen=True)
class ConfigPreset:
    """A named config: the options it sets (the rest keep their defaults)."""

    name: str
    label: str
    config: Mapping[str, Any] = field(default_factory=dict)
    help: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "label": self.label, "config": dict(self.config), "help": self.help}


def players_field(low: int, high: int, default: int) -> ConfigField:
    """The ``players`` option every built-in game has."""
    return ConfigField(
        "players", "Players", "int", default, min=low, max=high, help=f"seats at the table, {low} to {high}"
    )
