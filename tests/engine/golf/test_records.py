"""engine.games.golf.records: every record, the state and the modes are stored through their
dataclass fields, and states stored before the game was split into parts still load."""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from engine.games.golf.records import (
    Plan,
    PlayedCard,
    record_from_json,
    record_to_json,
    stored_fields,
    stored_key,
)
from engine.games.golf.state import GolfState
from tests.engine.golf.tables import GAME

STORED = json.loads(Path(__file__).with_name("stored_before_parts.json").read_text())["states"]


@dataclass
class _Pile:
    name: str
    top: PlayedCard | None = None
    plans: list[Plan | None] = field(default_factory=list)
    sizes: tuple[int, ...] = ()
    derived: int = field(init=False, default=0)


def test_a_record_is_stored_through_its_init_fields_and_read_back_typed() -> None:
    pile = _Pile("p", PlayedCard(1, "c", "mulligan", discard=["x"]), [Plan("a", None, 0), None], (1, 2))
    pile.derived = 7
    data = record_to_json(pile)
    assert data == {
        "name": "p",
        "top": {"seat": 1, "card": "c", "action": "mulligan", "target": None, "discard": ["x"]},
        "plans": [{"club": "a", "action": None, "target": 0, "action2": None, "target2": None}, None],
        "sizes": [1, 2],
    }
    json.dumps(data)
    again = record_from_json(_Pile, json.loads(json.dumps(data)))
    assert again == _Pile(
        "p", PlayedCard(1, "c", "mulligan", discard=["x"]), [Plan("a", None, 0), None], (1, 2)
    )
    assert isinstance(again.top, PlayedCard) and isinstance(again.plans[0], Plan)
    data["top"]["discard"].append("y")  # what was read shares nothing with the data
    assert again.top is not None and again.top.discard == ["x"]


@dataclass
class _Shown:
    lines: list[int] = field(default_factory=list, metadata={"key": "shown"})


def test_a_field_is_stored_under_the_key_its_metadata_gives() -> None:
    data = record_to_json(_Shown([1, 2]))
    assert data == {"shown": [1, 2]}
    assert record_from_json(_Shown, data) == _Shown([1, 2])
    assert record_from_json(_Shown, {"lines": [3]}) == _Shown(), "read by its key only"


def test_a_missing_field_keeps_its_default_and_unknown_keys_are_ignored() -> None:
    assert record_from_json(_Pile, {"name": "q", "later": 1}) == _Pile("q")
    assert record_from_json(Plan, {"club": "a", "action": "b", "target": 1}) == Plan("a", "b", 1)


def test_the_state_stores_its_init_fields_and_its_modes_fields_only() -> None:
    state = GAME.new_state({"players": 3, "holes": 1, "mode": "wolf"}, 2)
    data = state.to_json()
    own = [stored_key(f) for f in stored_fields(GolfState)]
    assert list(data) == ["game", *own, "wolves", "points"]
    assert "catalog" not in data and "names" not in data and "chips" not in data
    standard = GAME.new_state({"players": 2, "holes": 1}, 2).to_json()
    assert list(standard) == ["game", *own]


# Keys the observation has gained since (additions: what was there looks the same).
_ADDED_SINCE = ("board_actions",)


def _as_before(view: dict[str, Any]) -> dict[str, Any]:
    players = [{k: v for k, v in p.items() if k not in _ADDED_SINCE} for p in view["players"]]
    return {**view, "players": players}


def _digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


@pytest.mark.parametrize(
    "stored", STORED, ids=lambda s: f"{s['state']['config']['mode']}-{s['state']['phase']}"
)
def test_a_state_stored_before_the_split_loads_and_looks_the_same(stored: dict[str, Any]) -> None:
    # Stored by the single-module rules.py: every mode's fields in every state, plans without
    # action2/target2 outside Heavy Bag, stack and log entries without the keys they did not set.
    state = GAME.state_from_json(stored["state"])
    state.check_invariants()
    viewers = [*range(state.num_players), None]
    assert _digest([_as_before(state.observe(v)) for v in viewers]) == stored["views_sha256"]
    assert (
        _digest([state.to_act(), [state.legal_actions(s) for s in state.to_act()]]) == stored["legal_sha256"]
    )
    again = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
    assert again.to_json() == state.to_json()
    rng = random.Random(1)
    while not state.is_over:
        seat = rng.choice(state.to_act())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        state.check_invariants()
