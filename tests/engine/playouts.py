"""Shared helpers of the engine tests: sample configs, a random policy, and observation scanners.

Not a test module (no ``test_`` prefix): the conformance suite and the Mulligan property tests
import it.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator, Mapping
from typing import Any

from engine import State

# Mulligan configs the conformance and property tests run over: every variant alone, the
# combinations the seed allows (Open Hands is the only one it forbids with Secret Offers), every
# player count from 2 to 8 (6 with High Risk), and both termination caps.
MULLIGAN_CONFIGS: list[dict[str, Any]] = [
    {},
    {"players": 2},
    {"players": 3},
    {"players": 5},
    {"players": 6},
    {"players": 7},
    {"players": 8},
    {"secret_offers": True},
    {"high_risk": True},
    {"open_hands": True},
    {"chips": 20},
    {"chips": 2, "players": 3},
    {"secret_offers": True, "high_risk": True},
    {"open_hands": True, "high_risk": True, "chips": 3},
    {"chips": 4, "secret_offers": True},
    {"players": 2, "high_risk": True},
    {"players": 6, "high_risk": True, "secret_offers": True},
    {"players": 8, "secret_offers": True, "chips": 5},
    {"players": 5, "open_hands": True, "first_auctioneer": 4},
    {"max_turns": 0, "end_on_skip_round": True},
    {"end_on_skip_round": True, "players": 3},
    {"max_turns": 12, "end_on_skip_round": False},
    {"players": 2, "chips": 1, "open_hands": True},
]


def config_id(config: Mapping[str, Any]) -> str:
    if not config:
        return "defaults"
    return ",".join(f"{key}={value}" for key, value in sorted(config.items()))


# Weights by action type; a type not named weighs 1. "uniform" draws among all legal actions.
POLICY_STYLES: dict[str, dict[str, float] | None] = {
    "uniform": None,
    "by_type": {},
    "trader": {"skip": 0.1, "fold": 0.1},
    "skipper": {"skip": 6.0, "fold": 0.3},
    "folder": {"fold": 4.0},
}

# Table talk for the Mulligan tests: no card names and no long digit strings, so the leak scans
# need not tell a player's words from an engine's disclosure.
SAY_TEXTS = (
    "deal?",
    "I'll give you a heart for that",
    "no way",
    "trust me",
    "\u00e7a marche \u2660",
    "x" * 40,
)


def choose_action(state: State, rng: random.Random, style: str = "uniform") -> tuple[int, dict[str, Any]]:
    """A seat that must act now and one of its legal actions, drawn according to ``style``."""
    seat = rng.choice(state.to_act())
    legal = state.legal_actions(seat)
    weights = POLICY_STYLES[style]
    if weights is None:
        return seat, rng.choice(legal)
    by_type: dict[str, list[dict[str, Any]]] = {}
    for action in legal:
        by_type.setdefault(str(action.get("type")), []).append(action)
    kinds = sorted(by_type)
    kind = rng.choices(kinds, [weights.get(k, 1.0) for k in kinds])[0]
    return seat, rng.choice(by_type[kind])


def dumps(data: Any) -> str:
    """Canonical JSON text, for byte-for-byte comparisons."""
    return json.dumps(data, sort_keys=True)


CARD_TOKEN = re.compile(r"(?<![0-9A-Za-z])(?:[2-9TJQKA]|10)[shcd](?![0-9A-Za-z])")


def card_names_in(data: Any) -> set[str]:
    """Card names (``As``, ``Td``; ``10d`` read as ``Td``) appearing anywhere in JSON-like ``data``.

    Scans the JSON text, so it also finds a card named inside a sentence; the tests' table talk
    (``SAY_TEXTS``) names no card.
    """
    tokens = CARD_TOKEN.findall(json.dumps(data, ensure_ascii=False))
    return {"T" + token[2] if token.startswith("10") else token for token in tokens}


def dict_items(data: Any) -> Iterator[tuple[str, Any]]:
    """(key, value) of every mapping at any depth of JSON-like ``data``."""
    if isinstance(data, Mapping):
        for key, value in data.items():
            yield str(key), value
            yield from dict_items(value)
    elif isinstance(data, (list, tuple)):
        for item in data:
            yield from dict_items(item)


def leaves(data: Any) -> Iterator[Any]:
    """Every scalar in JSON-like ``data``."""
    if isinstance(data, Mapping):
        for value in data.values():
            yield from leaves(value)
    elif isinstance(data, (list, tuple)):
        for item in data:
            yield from leaves(item)
    else:
        yield data
