"""A move's bodies read and written without a serializer say what the serializers say."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from rest_framework import serializers

from games.api.move_bodies import move_answer, move_request
from games.api.serializers import MoveCreateSerializer, MoveSerializer
from games.converters import MAX_ID
from games.models import Move

ACTION = {"type": "auction", "card": "9s"}
BODIES: list[Any] = [
    {"action": ACTION},
    {"action": ACTION, "expected_move": 0},
    {"action": ACTION, "expected_move": MAX_ID},
    {"action": ACTION, "expected_move": MAX_ID + 1},
    {"action": ACTION, "expected_move": -1},
    {"action": ACTION, "expected_move": 3.0},
    {"action": ACTION, "expected_move": "3"},
    {"action": ACTION, "expected_move": True},
    {"action": ACTION, "expected_move": None},
    {"action": ACTION, "idempotency_key": "k-1"},
    {"action": ACTION, "idempotency_key": " k "},
    {"action": ACTION, "idempotency_key": "   "},
    {"action": ACTION, "idempotency_key": ""},
    {"action": ACTION, "idempotency_key": "x" * 100},
    {"action": ACTION, "idempotency_key": "x" * 101},
    {"action": ACTION, "idempotency_key": "a\x00b"},
    {"action": ACTION, "idempotency_key": "\ud800"},
    {"action": ACTION, "idempotency_key": "é"},
    {"action": ACTION, "idempotency_key": 5},
    {"action": ACTION, "seat": 0},
    {"action": ACTION, "seat": 1000},
    {"action": ACTION, "seat": 1001},
    {"action": ACTION, "seat": 2, "expected_move": 7, "idempotency_key": "abc", "extra": [1]},
    {"action": {}},
    {"action": {"type": "say", "text": "a\x00"}},
    {"action": {"type": "say", "text": {"nested": ["\x00"]}}},
    {"action": []},
    {"action": "skip"},
    {"action": None},
    {},
    [],
    "text",
]


def _serializer_says(body: Any) -> tuple[str, Any]:
    serializer = MoveCreateSerializer(data=body)
    if serializer.is_valid():
        return "valid", dict(serializer.validated_data)
    return "invalid", serializer.errors


def _plain_says(body: Any) -> tuple[str, Any]:
    try:
        return "valid", move_request(body)
    except serializers.ValidationError as exc:
        return "invalid", exc.detail


@pytest.mark.parametrize("body", BODIES, ids=range(len(BODIES)))
def test_a_move_body_is_read_as_the_serializer_reads_it(body: Any) -> None:
    assert _plain_says(body) == _serializer_says(body)


@pytest.mark.parametrize(
    "created_at", [datetime(2026, 11, 25, 13, 28, 53, 668601, tzinfo=UTC), datetime(2026, 1, 1, tzinfo=UTC)]
)
def test_a_move_is_written_as_the_serializer_writes_it(created_at: datetime) -> None:
    move = Move(number=12, seat=3, action={"type": "offer", "card": "7s"}, created_at=created_at)
    assert move_answer(move) == MoveSerializer(move).data
