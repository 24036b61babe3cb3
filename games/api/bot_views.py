"""Bots over the API: create a submitted bot, upload versions or register URLs, activate one, and
read its versions, games, faults and ratings. The services decide; these views translate."""

from __future__ import annotations

from typing import Any

from django.core.files.uploadedfile import UploadedFile
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, status
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.parsers import MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.bot_serializers import (
    BotCreateSerializer,
    ProgramVersionSerializer,
    UrlVersionSerializer,
    bot_detail,
    entry_command_from,
    fault_data,
    version_data,
)
from games.api.pagination import KeysetPagination
from games.api.parsers import SafeJSONParser
from games.api.response_serializers import (
    BotDetailSerializer,
    BotFaultSerializer,
    BotGameSerializer,
    BotSummarySerializer,
    BotVersionSerializer,
)
from games.api.schema import error, paginated
from games.models import Bot, BotKind
from games.selectors import bots as bot_selectors
from games.selectors.lists import NumberedPages
from games.services.bot_versions import (
    bot_create,
    bot_version_activate,
    bot_version_register_url,
    bot_version_upload,
    check_upload_size,
)
from games.services.players import player_for_user


def _bot(pk: int) -> Bot:
    bot = bot_selectors.bot_or_none(pk)
    if bot is None:
        raise NotFound(f"no bot {pk}")
    return bot


def _paginated(view: APIView, request: Request, items: Any, render: Any) -> Response:
    paginator = generics.GenericAPIView.pagination_class()
    page = paginator.paginate_queryset(items, request, view=view)
    return paginator.get_paginated_response([render(item) for item in page or []])


def _detail(bot: Bot, request: Request) -> dict[str, Any]:
    return bot_detail(
        bot,
        owner=bot_selectors.is_owner(bot, request.user),
        versions=list(bot_selectors.bot_versions(bot)),
        validation_status=bot_selectors.latest_validation_status(bot),
        ratings=bot_selectors.bot_ratings(bot),
    )


class BotListCreateView(APIView):
    """Every bot (built-in and submitted); POST makes a submitted bot of yours."""

    @extend_schema(
        parameters=[
            OpenApiParameter("game", str, description="only bots for this game id"),
            OpenApiParameter("page", int, description="a page number"),
        ],
        responses=paginated(BotSummarySerializer, "PaginatedBotSummaryList"),
    )
    def get(self, request: Request) -> Response:
        bots = NumberedPages(bot_selectors.bot_rows(request.query_params.get("game")))
        paginator = generics.GenericAPIView.pagination_class()
        return paginator.get_paginated_response(paginator.paginate_queryset(bots, request, view=self))

    @extend_schema(
        request=BotCreateSerializer,
        responses={
            201: BotDetailSerializer,
            400: error("Not valid, or a name, game or URL the service refuses: `errors` says which."),
            409: error("The name is taken by a player or another bot."),
        },
    )
    def post(self, request: Request) -> Response:
        serializer = BotCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        bot = bot_create(
            owner=player_for_user(request.user),
            name=data["name"],
            game_id=data["game"],
            kind=data["kind"],
            url=data.get("url"),
        )
        return Response(_detail(_bot(bot.pk), request), status=status.HTTP_201_CREATED)


class BotDetailView(APIView):
    @extend_schema(responses=BotDetailSerializer)
    def get(self, request: Request, pk: int) -> Response:
        return Response(_detail(_bot(pk), request))


class BotVersionsView(APIView):
    """A bot's versions; POST uploads a program (multipart ``file`` + ``entry_command``) or, for an
    HTTP bot, registers ``{"url": ...}``. Each is a new version with a validation game."""

    # A program is uploaded as a file (multipart); an HTTP bot's URL comes as JSON.
    parser_classes = [SafeJSONParser, MultiPartParser]

    @extend_schema(
        parameters=[OpenApiParameter("page", int, description="a page number")],
        responses=paginated(BotVersionSerializer, "PaginatedBotVersionList"),
    )
    def get(self, request: Request, pk: int) -> Response:
        bot = _bot(pk)
        owner = bot_selectors.is_owner(bot, request.user)
        return _paginated(
            self,
            request,
            bot_selectors.bot_versions(bot),
            lambda v: version_data(v, owner=owner, active_pk=bot.active_version_id),
        )

    @extend_schema(
        request={"multipart/form-data": ProgramVersionSerializer, "application/json": UrlVersionSerializer},
        responses={
            201: BotVersionSerializer,
            400: error("Not valid, or an upload or URL the service refuses: `errors` says which."),
            403: error("Not your bot, or a built-in one."),
            413: error("The upload is larger than the limit (`too_large`)."),
            429: error("Too many new versions of this bot in the last hour (`throttled`)."),
        },
    )
    def post(self, request: Request, pk: int) -> Response:
        bot = _bot(pk)
        if bot.kind == BotKind.HTTP:
            serializer = UrlVersionSerializer(data=request.data)
            serializer.is_valid(raise_exception=True)
            version = bot_version_register_url(
                bot_pk=pk, user=request.user, url=serializer.validated_data["url"]
            )
        else:
            upload = request.data.get("file") if hasattr(request.data, "get") else None
            if not isinstance(upload, UploadedFile):
                if bot.kind == BotKind.PROGRAM and bot_selectors.is_owner(bot, request.user):
                    raise ValidationError({"file": "send the program as a multipart file field named 'file'"})
                upload = None
            if upload is not None:
                check_upload_size(upload.size or 0)  # before the file is read into memory
            version = bot_version_upload(
                bot_pk=pk,
                user=request.user,
                filename=(upload.name or "") if upload is not None else "",
                content=upload.read() if upload is not None else b"",
                entry_command=entry_command_from(request.data) if upload is not None else None,
            )
        return Response(
            version_data(version, owner=True, active_pk=_bot(pk).active_version_id),
            status=status.HTTP_201_CREATED,
        )


class BotVersionDetailView(APIView):
    @extend_schema(responses=BotVersionSerializer)
    def get(self, request: Request, pk: int, number: int) -> Response:
        bot = _bot(pk)
        version = bot_selectors.bot_version(bot, number)
        if version is None:
            raise NotFound(f"{bot.competitor.name} has no version {number}")
        owner = bot_selectors.is_owner(bot, request.user)
        return Response(version_data(version, owner=owner, active_pk=bot.active_version_id))


class BotVersionActivateView(APIView):
    @extend_schema(
        request=None,
        responses={
            200: BotVersionSerializer,
            403: error("Not your bot."),
            409: error("That version has not passed its validation game."),
        },
    )
    def post(self, request: Request, pk: int, number: int) -> Response:
        bot = _bot(pk)
        if bot_selectors.bot_version(bot, number) is None:
            raise NotFound(f"{bot.competitor.name} has no version {number}")
        version = bot_version_activate(bot_pk=pk, user=request.user, number=number)
        return Response(version_data(version, owner=True, active_pk=version.pk))


class BotGamesView(APIView):
    @extend_schema(
        parameters=[
            OpenApiParameter("page", int, description="a page number"),
            OpenApiParameter(
                "cursor", str, description="a cursor from a previous answer's next or previous link"
            ),
        ],
        responses=paginated(BotGameSerializer, "PaginatedBotGameList"),
    )
    def get(self, request: Request, pk: int) -> Response:
        competitor = bot_selectors.bot_competitor_id(pk)
        if competitor is None:
            raise NotFound(f"no bot {pk}")
        paginator = KeysetPagination()  # newest first by id: the next links carry a cursor
        # The rows are game_data's answers already (hand-written SQL: see bot_game_rows).
        return paginator.get_paginated_response(
            paginator.paginate_queryset(bot_selectors.bot_game_rows(competitor), request, view=self)
        )


class BotFaultsView(APIView):
    """The bot's faults; only its owner sees the stderr tails (a program's stderr may hold anything)."""

    @extend_schema(
        parameters=[OpenApiParameter("page", int, description="a page number")],
        responses=paginated(BotFaultSerializer, "PaginatedBotFaultList"),
    )
    def get(self, request: Request, pk: int) -> Response:
        bot = _bot(pk)
        owner = bot_selectors.is_owner(bot, request.user)
        return _paginated(self, request, bot_selectors.bot_faults(bot), lambda f: fault_data(f, owner=owner))
