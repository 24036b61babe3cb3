"""The caller's turns (a list, and a long poll that waits for the next one) and vacations.

The long poll waits up to ``timeout`` seconds, looking at ``turn_signature`` (one small indexed
query) whenever the caller's turns are announced on Redis (or every ``LONG_POLL_INTERVAL`` seconds
without Redis) and working out whose turn it is only when that changed. It is an async view: under
the ASGI server (mulligan_league/asgi.py routes it to Django's ASGI handler, as the event streams)
the waiting between looks is a coroutine's and holds no thread, so bots waiting for their turns do
not take the threads (``WEB_THREADS``) that serve everything else. Each look runs in autocommit in
the server's thread pool: no transaction, lock or snapshot is held in between.
"""

from __future__ import annotations

import hashlib
import math
import time
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.http import HttpRequest
from django.http.response import HttpResponseBase
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
from games.models import Player
from games.selectors.games import turn_signature, turns_signature, turns_waiting
from games.services.players import player_for_user
from games.services.vacations import vacation_book, vacation_cancel
from games.streams.notices import turns_channel
from games.streams.waiting import async_waiter
from games.sync_calls import sync_call

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


@dataclass(frozen=True)
class _Answer:
    """What the long poll answers once its waiting is over (set on the request by the waiting)."""

    turns: list[dict[str, Any]] | None  # None: read them now
    cursor: str
    timed_out: bool


class _Waiting(HttpResponseBase):
    """Not an answer: the long poll's first look found nothing new, so it waits (never sent)."""

    def __init__(self, user: AbstractBaseUser, seen: str, give_up_at: float, turns_read: bool) -> None:
        super().__init__()
        self.user, self.seen, self.give_up_at, self.turns_read = user, seen, give_up_at, turns_read


class MyTurnsWaitView(APIView):
    """Wait for your turn: answers at once if games wait for you and ``cursor`` is not the current
    one (or absent), else as soon as that changes with a game waiting for you, else at the timeout
    (``timed_out``: true) with the games waiting then and the current cursor."""

    permission_classes = [permissions.IsAuthenticated]

    @classmethod
    def as_view(cls, **initkwargs: Any) -> Any:
        """An async view: DRF's view looks once, in a thread, and the waiting between looks is a
        coroutine's, so a waiting client holds no server thread."""
        look = super().as_view(**initkwargs)

        async def view(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            answer = await sync_call(request, lambda: look(request, *args, **kwargs))
            if not isinstance(answer, _Waiting):
                return answer
            # The answer is written by DRF's view again (its negotiation, renderer and headers),
            # given what the waiting found; it authenticates the caller again on the way.
            request.turns_wait_answer = await _waited(request, answer)  # type: ignore[attr-defined]
            return await sync_call(request, lambda: look(request, *args, **kwargs))

        view.cls = look.cls  # type: ignore[attr-defined]  # drf-spectacular documents the class
        view.initkwargs = look.initkwargs  # type: ignore[attr-defined]
        view.view_class = look.view_class  # type: ignore[attr-defined]
        view.view_initkwargs = look.view_initkwargs  # type: ignore[attr-defined]
        view.csrf_exempt = True  # type: ignore[attr-defined]  # as DRF's views are
        return view

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
    def get(self, request: Request) -> HttpResponseBase:
        timeout = _wait_seconds(request.query_params.get("timeout"))
        seen = request.query_params.get("cursor") or None
        if seen is not None and len(seen) > MAX_CURSOR_LENGTH:
            raise ValidationError({"cursor": "give back the cursor of a previous answer"})
        user = request.user
        waited: _Answer | None = getattr(request, "turns_wait_answer", None)
        if waited is not None:
            turns = turns_waiting(user) if waited.turns is None else waited.turns
            return self._answer(request, turns, waited.cursor, timed_out=waited.timed_out)
        give_up_at = time.monotonic() + timeout
        current = turn_cursor(user)
        turns_read = False
        if current != seen:
            turns = turns_waiting(user)
            if turns:
                return self._answer(request, turns, current, timed_out=False)
            turns_read = True
        if timeout <= 0:  # turns read and empty, or not read: the caller has not seen the list
            return self._answer(request, [] if turns_read else turns_waiting(user), current, timed_out=True)
        return _Waiting(user, current, give_up_at, turns_read)

    @staticmethod
    def _answer(request: Request, turns: list[dict[str, Any]], cursor: str, *, timed_out: bool) -> Response:
        return Response({"turns": _turns_json(request, turns), "cursor": cursor, "timed_out": timed_out})


async def _waited(request: HttpRequest, waiting: _Waiting) -> _Answer:
    """Looks again until a game waits for the caller at a new cursor, or the time is up.

    With Redis (``STREAMS_REDIS_URL``) it subscribes to the caller's turns (announced after every
    commit that begins, moves on or ends one of them: ``games.services.game_flow``), then looks, and
    looks again only when an announcement comes: a turn is answered as soon as it is committed, and
    a waiting client costs the database nothing meanwhile. Without (the embedded default) it looks
    every ``LONG_POLL_INTERVAL`` seconds. A look is one small query, in a thread, in autocommit: no
    transaction, lock or snapshot is held in between."""
    user, seen, turns_read = waiting.user, waiting.seen, waiting.turns_read
    announced = bool(settings.STREAMS_REDIS_URL)
    competitor = await sync_call(request, lambda: _competitor_of(user)) if announced else None
    async with async_waiter(turns_channel(competitor or 0), poll=settings.LONG_POLL_INTERVAL) as news:
        look = announced  # subscribed, then looked: whatever commits after this look is announced
        while True:
            if look:
                current = await sync_call(request, lambda: turn_cursor(user))
                if current != seen:
                    turns = await sync_call(request, lambda: turns_waiting(user))
                    if turns:
                        return _Answer(turns, current, timed_out=False)
                    seen, turns_read = current, True  # nothing waits in this state: wait for the next change
            remaining = waiting.give_up_at - time.monotonic()
            if remaining <= 0:
                break
            look = await news.wait(remaining)
    # Read and empty at this cursor; or the caller's cursor was current all along, so they have not
    # seen the list: it is read with the answer.
    return _Answer([] if turns_read else None, seen, timed_out=True)


def _competitor_of(user: AbstractBaseUser) -> int | None:
    player = Player.objects.filter(user_id=user.pk).values_list("competitor_id", flat=True).first()
    return None if player is None else int(player)


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
