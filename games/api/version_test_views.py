"""A bot's version tests over the API: start one, list and read them, stop or publish one.

The services decide (:mod:`games.services.version_tests`); the selectors say who sees what: a test
is its author's alone until published, and another's unpublished test is answered as not found.
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, status
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.schema import error, paginated
from games.api.version_test_serializers import (
    VersionTestCreateSerializer,
    VersionTestPublishSerializer,
    VersionTestSerializer,
    test_request_from,
    version_test_data,
)
from games.models import Bot, VersionTest
from games.selectors import bots as bot_selectors
from games.selectors import version_tests as test_selectors
from games.services.version_tests import version_test_publish, version_test_start, version_test_stop


def _bot(pk: int) -> Bot:
    bot = bot_selectors.bot_or_none(pk)
    if bot is None:
        raise NotFound(f"no bot {pk}")
    return bot


def _test(bot: Bot, tid: int, request: Request) -> VersionTest:
    test = test_selectors.version_test_visible(bot, tid, request.user)
    if test is None:
        raise NotFound(f"{bot.competitor.name} has no version test {tid} you may see")
    return test


class VersionTestListCreateView(APIView):
    """The bot's version tests you may see (yours, and everyone's published ones); POST starts one."""

    @extend_schema(
        parameters=[OpenApiParameter("page", int, description="a page number")],
        responses=paginated(VersionTestSerializer, "PaginatedVersionTestList"),
    )
    def get(self, request: Request, pk: int) -> Response:
        bot = _bot(pk)
        paginator = generics.GenericAPIView.pagination_class()
        page = paginator.paginate_queryset(
            test_selectors.version_tests_visible(bot, request.user), request, view=self
        )
        return paginator.get_paginated_response([version_test_data(test) for test in page or []])

    @extend_schema(
        request=VersionTestCreateSerializer,
        responses={
            201: VersionTestSerializer,
            400: error(
                "Not valid: an unknown or unvalidated version, a baseline or opponent you may not use, "
                "bounds out of order, alpha or beta outside (0, 0.5), a budget over the cap, a config "
                "the game refuses; `errors` names the field. Nothing is started."
            ),
            403: error("Not your bot."),
            409: error("You have as many tests running as one author may (`too_many_tests`)."),
        },
    )
    def post(self, request: Request, pk: int) -> Response:
        bot = _bot(pk)
        serializer = VersionTestCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        test = version_test_start(
            bot_pk=bot.pk, user=request.user, request=test_request_from(serializer.validated_data)
        )
        return Response(version_test_data(_test(bot, test.pk, request)), status=status.HTTP_201_CREATED)


class VersionTestDetailView(APIView):
    @extend_schema(responses=VersionTestSerializer)
    def get(self, request: Request, pk: int, tid: int) -> Response:
        """One test's figures as they stand: LLR and its bounds, Elo and normalized Elo with their 95 %
        intervals, the pair counts; they change after every pair while it runs."""
        return Response(version_test_data(_test(_bot(pk), tid, request)))


class VersionTestStopView(APIView):
    @extend_schema(
        request=None,
        responses={
            200: VersionTestSerializer,
            403: error("Not your test."),
            409: error("The test has finished already (`test_finished`)."),
        },
    )
    def post(self, request: Request, pk: int, tid: int) -> Response:
        """Stop a running test: it keeps its figures and pair counts; its games still playing are aborted."""
        bot = _bot(pk)
        _test(bot, tid, request)
        version_test_stop(test_pk=tid, user=request.user)
        return Response(version_test_data(_test(bot, tid, request)))


class VersionTestPublishView(APIView):
    @extend_schema(
        request=VersionTestPublishSerializer,
        responses={200: VersionTestSerializer, 403: error("Not your test.")},
    )
    def post(self, request: Request, pk: int, tid: int) -> Response:
        """Show the test on the bot's public page (``{"published": false}`` hides it again)."""
        bot = _bot(pk)
        _test(bot, tid, request)
        serializer = VersionTestPublishSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        version_test_publish(test_pk=tid, user=request.user, published=serializer.validated_data["published"])
        return Response(version_test_data(_test(bot, tid, request)))
