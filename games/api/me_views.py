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
from collections.abc import Awaitable, Callable
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
from games.long_polls import wait_here, wait_off_thread
from games.models import Player
from games.selectors.games import turn_signature, turns_signature, turns_waiting
from games.services.players import player_for_user
from games.services.vacations import vacation_book, vacation_cancel
from games.streams.notices import turns_channel
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
    """What the long poll answers."""

    turns: list[dict[str, Any]] | None  # None: read them with the answer
    cursor: str
    timed_out: bool


class _Looks:
    """A long poll's looks at the caller's turns, each one small query (``turn_signature``), in
    autocommit: no transaction, lock or snapshot is held in between.

    Between looks it waits on the caller's turns' channel (:mod:`games.long_polls`), announced after
    every commit that begins, moves on or ends one of them (``games.services.game_flow``)."""

    def __init__(self, user: AbstractBaseUser, seen: str | None, timeout: float) -> None:
        self.user, self.seen, self.turns_read = user, seen, False
        self.give_up_at = time.monotonic() + timeout
        self.announced = bool(settings.STREAMS_REDIS_URL)

    def look(self) -> _Answer | None:
        """The answer, when a game waits for the caller at a cursor they have not seen."""
        current = turn_cursor(self.user)
        if current != self.seen:
            turns = turns_waiting(self.user)
            if turns:
                return _Answer(turns, current, timed_out=False)
            # Nothing waits in this state: wait for the next change.
            self.seen, self.turns_read = current, True
        return None

    def remaining(self) -> float:
        return self.give_up_at - time.monotonic()

    def timed_out(self) -> _Answer:
        # Read and empty at this cursor; or the caller's cursor was current all along, so they have
        # not seen the list: it is read with the answer.
        assert self.seen is not None  # a first look has been made
        return _Answer([] if self.turns_read else None, self.seen, timed_out=True)

    def channel(self) -> str:
        if not self.announced:
            return turns_channel(0)  # not subscribed: the waiter looks every LONG_POLL_INTERVAL
        player = Player.objects.filter(user_id=self.user.pk).values_list("competitor_id", flat=True).first()
        return turns_channel(0 if player is None else int(player))


class _Waiting(HttpResponseBase):
    """Not an answer: the async view's first look found nothing new, so it waits (never sent)."""

    def __init__(self, looks: _Looks) -> None:
        super().__init__()
        self.looks = looks


class MyTurnsWaitView(APIView):
    """Wait for your turn: answers at once if games wait for you and ``cursor`` is not the current
    one (or absent), else as soon as that changes with a game waiting for you, else at the timeout
    (``timed_out``: true) with the games waiting then and the current cursor."""

    permission_classes = [permissions.IsAuthenticated]

    @classmethod
    def as_async_view(cls) -> Callable[..., Awaitable[HttpResponseBase]]:
        """The view the ASGI server serves (``mulligan_league.async_urls``): DRF's view looks once,
        in a thread, and the waiting between looks is a coroutine's, so a waiting client holds no
        server thread. Under a WSGI server the DRF view waits in its request's thread."""
        drf_view = cls.as_view()

        async def view(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            request.turns_wait_async = True  # type: ignore[attr-defined]
            answer = await sync_call(request, lambda: drf_view(request, *args, **kwargs))
            if not isinstance(answer, _Waiting):
                return answer
            # The answer is written by DRF's view again (its negotiation, renderer and headers),
            # given what the waiting found; it authenticates the caller again on the way.
            looks = answer.looks
            channel = await sync_call(request, looks.channel)
            request.turns_wait_answer = await wait_off_thread(  # type: ignore[attr-defined]
                request, channel, looks.look, looks.timed_out, looks.give_up_at
            )
            return await sync_call(request, lambda: drf_view(request, *args, **kwargs))

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
        answer: _Answer | None = getattr(request, "turns_wait_answer", None)
        if answer is None:
            looks = _Looks(request.user, seen, timeout)
            answer = looks.look()
            if answer is None and looks.remaining() <= 0:
                answer = looks.timed_out()
            if answer is None:
                if getattr(request, "turns_wait_async", False):
                    return _Waiting(looks)
                answer = wait_here(looks.channel(), looks.look, looks.timed_out, looks.give_up_at)
        turns = turns_waiting(request.user) if answer.turns is None else answer.turns
        return Response(
            {"turns": _turns_json(request, turns), "cursor": answer.cursor, "timed_out": answer.timed_out}
        )


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
