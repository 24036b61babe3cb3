"""A move's request and answer bodies without building a serializer for each move.

``MoveCreateSerializer`` and ``MoveSerializer`` still document both and still judge every body
that is not plainly valid: :func:`move_request` answers only for a JSON object whose fields all
have exactly their JSON types and values inside their bounds, where the serializer would give the
same validated data; anything else (a form, a null, a float, text with white space around it, a
number out of range) goes to the serializer, with its errors. Building and running a serializer
cost a move more CPU than its whole engine step.
"""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from games.api.serializers import MoveCreateSerializer, MoveSerializer, reject_nul
from games.converters import MAX_ID
from games.models import Move
from games.services.moves import MAX_IDEMPOTENCY_KEY

_INTEGER_BOUNDS = {"expected_move": (0, MAX_ID), "seat": (0, 1000)}
_FIELDS = frozenset({"action", *_INTEGER_BOUNDS, "idempotency_key"})
# The answer's created_at as MoveSerializer writes it (the time zone, the format setting).
_CREATED_AT = MoveSerializer().fields["created_at"]


def _plain(data: Any) -> dict[str, Any] | None:
    """The validated data of a plainly valid body, or None to leave it to the serializer."""
    if type(data) is not dict or type(data.get("action")) is not dict:
        return None
    validated: dict[str, Any] = {}
    for name, value in data.items():
        if name not in _FIELDS:
            continue  # a serializer ignores fields it does not have
        if name in _INTEGER_BOUNDS:
            low, high = _INTEGER_BOUNDS[name]
            if type(value) is not int or not low <= value <= high:
                return None
        elif name == "idempotency_key":
            # DRF trims text and refuses NUL and lone surrogates: only printable ASCII it would
            # not change is taken here.
            if (
                type(value) is not str
                or not 0 < len(value) <= MAX_IDEMPOTENCY_KEY
                or not (value.isascii() and value.isprintable())
                or value != value.strip()
            ):
                return None
        elif not all(type(key) is str for key in value):
            return None
        validated[name] = value
    try:
        reject_nul(data["action"])
    except serializers.ValidationError:
        return None
    return validated


def move_request(data: Any) -> dict[str, Any]:
    """The validated fields of a move's body (``action``, and those of ``expected_move``,
    ``idempotency_key`` and ``seat`` it has); a ValidationError as the serializer raises it."""
    validated = _plain(data)
    if validated is not None:
        return validated
    serializer = MoveCreateSerializer(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def move_answer(move: Move) -> dict[str, Any]:
    """``MoveSerializer(move).data``, written directly."""
    return {
        "number": int(move.number),
        "seat": int(move.seat),
        "action": {str(key): value for key, value in move.action.items()},
        "created_at": _CREATED_AT.to_representation(move.created_at),
    }
