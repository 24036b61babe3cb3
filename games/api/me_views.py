"""The caller's turns (a list, and a long poll that waits for the next one) and vacations.

The long poll holds its request (and its worker thread) for up to ``timeout`` seconds, checking
``turn_signature`` (one small indexed query) every ``LONG_POLL_INTERVAL`` seconds and working out
whose turn it is only when that changed. It runs in autocommit, so between checks it holds no
transaction, locks or snapshot, only the thread's idle connection (which a threaded server keeps
per thread anyway); the production server runs gunicorn's threaded workers (docker/gunicorn.conf.py)
so a waiting client does not block other requests.
"""

from __future__ import annotations

import hashlib
import math
import time
from datetime import datetime
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.urls import reverse
from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, permissions, status
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.me_serializers import (
    TurnsSerializer,
    TurnsWaitSerializer,
    VacationCreateSerializer,
    VacationSerializer,
)
from games.api.schema import error
from games.selectors.games import turn_signature, turns_signature, turns_waiting
from games.services.players import player_for_user
from games.services.vacations import vacation_book, vacation_cancel

DEFAULT_WAIT_SECONDS = 25.0
MAX_WAIT_SECONDS = 60.0
MAX_CURSOR_LENGTH = 100


def turn_cursor(user: AbstractBaseUser) -> str:
    """An opaque digest of the games waiting for the caller and their move counts."""
    return _digest(turn_signature(user))


def _digest(signature: list[tuple[int, int]]) -> str:
    text = ";".join(f"{pk}:{version}" for pk, version in signature)
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def _turns_json(request: Request, turns: list[dict[str, Any]]) -> list[dict[str, Any]]:
    now = timezone.now()
    origin = request.build_absolute_uri("/")[:-1]  # once, not twice per game
    return [_turn_json(origin, entry, now) for entry in turns]


def _turn_json(origin: str, entry: dict[str, Any], now: datetime) -> dict[str, Any]:
    game = entry["game"]
    deadline = entry["deadline"]
    return {
        "game": game.pk,
        "game_id": game.game_id,
        "seats": entry["seats"],
        "move_count": game.version,
        "deadline": deadline,
        "seconds_left": None if deadline is None else max(0.0, (deadline - now).total_seconds()),
        "api_url": origin + reverse("api-game", kwargs={"pk": game.pk}),
        "page_url": f"{origin}/games/{game.pk}/",
    }


class MyTurnsView(APIView):
    """The games waiting for your move, nearest deadline first."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses=TurnsSerializer)
    def get(self, request: Request) -> Response:
        waiting = turns_waiting(request.user)  # the cursor is made from the same read
        return Response({"turns": _turns_json(request, waiting), "cursor": _digest(turns_signature(waiting))})


def _wait_seconds(raw: str | None) -> float:
    if raw is None or raw == "":
        return DEFAULT_WAIT_SECONDS
    try:
        seconds = float(raw)
    except ValueError:
        seconds = math.nan
    if not 0 <= seconds <= MAX_WAIT_SECONDS:  # also refuses nan
        raise ValidationError({"timeout": f"give seconds from 0 to {MAX_WAIT_SECONDS:g}, not {raw[:20]!r}"})
    return seconds


class MyTurnsWaitView(APIView):
    """Wait for your turn: answers at once if games wait for you and ``cursor`` is not the current
    one (or absent), else as soon as that changes with a game waiting for you, else at the timeout
    (``timed_out``: true) with the games waiting then and the current cursor."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "timeout",
                {"type": "number", "format": "double", "minimum": 0, "maximum": MAX_WAIT_SECONDS},
                description=f"seconds to wait, 0 to {MAX_WAIT_SECONDS:g} (default 25)",
            ),
            OpenApiParameter(
                "cursor",
                {"type": "string", "maxLength": MAX_CURSOR_LENGTH},
                description="the cursor of your previous answer",
            ),
        ],
        responses=TurnsWaitSerializer,
    )
    def get(self, request: Request) -> Response:
        timeout = _wait_seconds(request.query_params.get("timeout"))
        seen = request.query_params.get("cursor") or None
        if seen is not None and len(seen) > MAX_CURSOR_LENGTH:
            raise ValidationError({"cursor": "give back the cursor of a previous answer"})
        user = request.user
        give_up_at = time.monotonic() + timeout
        interval = settings.LONG_POLL_INTERVAL
        current = turn_cursor(user)
        turns: list[dict[str, Any]] | None = None
        while True:
            if current != seen:
                turns = turns_waiting(user)
                if turns:
                    return self._answer(request, turns, current, timed_out=False)
                seen = current  # nothing waits in this state: wait for the next change
            remaining = give_up_at - time.monotonic()
            if remaining <= 0:
                break
            time.sleep(min(interval, remaining))
            current = turn_cursor(user)
        if turns is None:  # the caller's cursor was current all along: they have not seen the list
            turns = turns_waiting(user)
        return self._answer(request, turns, current, timed_out=True)

    @staticmethod
    def _answer(request: Request, turns: list[dict[str, Any]], cursor: str, *, timed_out: bool) -> Response:
        return Response({"turns": _turns_json(request, turns), "cursor": cursor, "timed_out": timed_out})


class MyVacationsView(generics.ListAPIView):
    """Your vacations (upcoming, ongoing and over); POST books one. Where a competition allows
    vacations, your move deadlines in its games are extended by the time away."""

    serializer_class = VacationSerializer
    permission_classes = [permissions.IsAuthenticated]
    filter_backends: list[Any] = []

    def get_queryset(self) -> Any:
        return player_for_user(self.request.user).vacations.order_by("starts_at", "pk")

    @extend_schema(
        request=VacationCreateSerializer,
        responses={
            201: VacationSerializer,
            400: error(
                "Not valid, or not a vacation you may book: it must end after it starts, in the future "
                "and within the booking horizon, and not overlap another of yours."
            ),
        },
    )
    def post(self, request: Request) -> Response:
        serializer = VacationCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        vacation = vacation_book(
            player=player_for_user(request.user),
            starts_at=serializer.validated_data["starts_at"],
            ends_at=serializer.validated_data["ends_at"],
        )
        return Response(VacationSerializer(vacation).data, status=status.HTTP_201_CREATED)


class MyVacationView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        responses={
            204: None,
            200: VacationSerializer,
            409: error("That vacation is over; it stays on record."),
        },
        description="Cancel a vacation: an upcoming one is deleted (204); an ongoing one ends now "
        "(200, the shortened vacation); one that is over stays on record (409). Another "
        "player's vacation is 404.",
    )
    def delete(self, request: Request, pk: int) -> Response:
        vacation = vacation_cancel(player=player_for_user(request.user), vacation_pk=pk)
        if vacation is None:
            return Response(status=status.HTTP_204_NO_CONTENT)
        return Response(VacationSerializer(vacation).data)
