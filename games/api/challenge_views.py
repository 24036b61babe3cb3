"""Lobby challenges over HTTP: thin views over games.services.challenges (the pages call the same
services, with the same words for every refusal: 400 bad input, 403 not yours, 409 no longer open)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import generics, permissions, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.challenge_serializers import LobbyChallengeCreateSerializer, LobbyChallengeSerializer
from games.api.schema import error
from games.models import MOVE_TIMES
from games.selectors import challenges as selectors
from games.services.challenges import (
    Opponent,
    challenge_accept,
    challenge_cancel,
    challenge_create,
    challenge_decline,
)
from games.services.errors import NotFound


def _detail(request: Request, pk: int, code: int = status.HTTP_200_OK) -> Response:
    challenge = selectors.challenge_or_none(pk)
    if challenge is None:
        raise NotFound(f"no challenge {pk}")
    view = selectors.challenge_view(challenge, selectors.player_of(request.user))
    return Response(LobbyChallengeSerializer(view).data, status=code)


class ChallengeListCreateView(generics.ListAPIView):
    """Open challenges anyone may accept, and (signed in) every challenge you made or are named in,
    newest first. POST proposes a game: with only bots as opponents it starts at once (see
    ``started_game``); with people it waits until each has accepted."""

    serializer_class = LobbyChallengeSerializer
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]
    filter_backends: list[Any] = []

    def get_queryset(self) -> Any:
        return selectors.challenges_visible_to(selectors.player_of(self.request.user))

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        player = selectors.player_of(request.user)
        page = self.paginate_queryset(self.get_queryset())
        views = [selectors.challenge_view(challenge, player) for challenge in page or []]
        return self.get_paginated_response(LobbyChallengeSerializer(views, many=True).data)

    @extend_schema(
        request=LobbyChallengeCreateSerializer,
        responses={
            201: LobbyChallengeSerializer,
            400: error("Not valid, or not a game the rules allow (its config, opponents): `errors` says why."),
            409: error("You have as many open challenges as you may; cancel one first."),
        },
    )
    def post(self, request: Request) -> Response:
        serializer = LobbyChallengeCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        challenge = challenge_create(
            user=request.user,
            game_id=data["game"],
            config=data["config"],
            opponents=[
                Opponent(kind=seat["kind"], name=seat.get("name", ""), bot_pk=seat.get("bot"))
                for seat in data["opponents"]
            ],
            move_time_limit=next(d for key, _, d in MOVE_TIMES if key == data["time_per_move"]),
            rated=data["rated"],
        )
        return _detail(request, challenge.pk, status.HTTP_201_CREATED)


class ChallengeDetailView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=LobbyChallengeSerializer)
    def get(self, request: Request, pk: int) -> Response:
        return _detail(request, pk)


def _answer_view(name: str, service: Callable[..., Any], description: str) -> type[APIView]:
    @extend_schema(
        request=None,
        responses={
            200: LobbyChallengeSerializer,
            403: error("Not a challenge you may answer so (`not_your_challenge`)."),
            409: error("The challenge is no longer open, or you answered it already."),
        },
        description=description,
    )
    def post(self: APIView, request: Request, pk: int) -> Response:
        service(challenge_pk=pk, user=request.user)
        return _detail(request, pk)

    return type(name, (APIView,), {"permission_classes": [permissions.IsAuthenticated], "post": post})


ChallengeAcceptView = _answer_view(
    "ChallengeAcceptView",
    challenge_accept,
    "Take your seat: the one the challenge names you for, else a free open seat. The last person to "
    "accept starts the game (started_game). 403 if the challenge names others or is yours; 409 if it "
    "is no longer open (accepted, declined, cancelled, expired) or you accepted already.",
)
ChallengeDeclineView = _answer_view(
    "ChallengeDeclineView",
    challenge_decline,
    "Say no to a challenge that names you; it ends, declined. 403 if it does not name you.",
)
ChallengeCancelView = _answer_view(
    "ChallengeCancelView",
    challenge_cancel,
    "Withdraw your open challenge. 403 if it is not yours; 409 if it is no longer open.",
)
