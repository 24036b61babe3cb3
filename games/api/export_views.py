"""Finished games in bulk, as ndjson (``GET /api/games/export/``), like lichess's game export."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Sequence
from typing import Any

from django.core.handlers.asgi import ASGIRequest
from django.http import HttpRequest, StreamingHttpResponse
from django.http.response import HttpResponseBase
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import permissions
from rest_framework.exceptions import ValidationError
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.views import APIView

from games.api.export_filters import LATEST_MILLISECONDS, MAX_GAMES, SORTS, ExportFilterForm
from games.api.export_serializers import ExportedGameSerializer
from games.api.schema import error
from games.api.throttles import ExportThrottle
from games.converters import MAX_ID
from games.selectors.exports import ExportFilter, export_lines
from games.sync_calls import sync_call, sync_iterate

NDJSON = "application/x-ndjson"


class ErrorsAsJson(BaseContentNegotiation):
    """The games go out as ndjson whatever the Accept header says (``application/x-ndjson``, as
    lichess's clients send, ``*/*``, or none); a refusal is the API's JSON error."""

    def select_renderer(
        self, request: Request, renderers: Sequence[BaseRenderer], format_suffix: str | None = None
    ) -> tuple[BaseRenderer, str]:
        return renderers[0], str(renderers[0].media_type)

    def select_parser(self, request: Request, parsers: Sequence[Any]) -> Any:
        return None


def _id_parameter(name: str, description: str) -> OpenApiParameter:
    return OpenApiParameter(
        name, {"type": "integer", "minimum": 1, "maximum": MAX_ID}, description=description
    )


_MOMENT = {
    "oneOf": [
        {"type": "string", "format": "date-time"},
        {"type": "integer", "minimum": 0, "maximum": LATEST_MILLISECONDS},
    ]
}

_LINE_DESCRIPTION = (
    "One finished game per line (ndjson: each line a JSON object as `ExportedGame` describes, ended by a "
    "newline), streamed as it is read. `python -m engine replay --verify FILE` replays every line with the "
    "engine alone and checks its outcome."
)


class GameExportView(APIView):
    permission_classes = [permissions.AllowAny]
    throttle_classes = [ExportThrottle]
    renderer_classes = [JSONRenderer]
    content_negotiation_class = ErrorsAsJson

    @classmethod
    def as_async_view(cls) -> Callable[..., Awaitable[HttpResponseBase]]:
        """The view the ASGI server serves (``mulligan_league.async_urls``): DRF's view checks the
        request in a thread of the pool, and the download then holds a thread only while a chunk is
        read, not while the client takes it (a slow client would otherwise hold one of the process's
        ``WEB_THREADS`` for the whole export)."""
        drf_view = cls.as_view()

        async def view(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            return await sync_call(request, lambda: drf_view(request, *args, **kwargs))

        view.csrf_exempt = True  # type: ignore[attr-defined]  # as DRF's views are
        return view

    @extend_schema(
        summary="Finished games in bulk, as ndjson",
        description="Every finished game the filters choose, newest first unless `sort=dateAsc`, one JSON "
        "object per line, streamed. The filters combine (all must hold). Limited per user, or per client "
        "address when signed out: over the limit, 429 with `Retry-After`.",
        parameters=[
            _id_parameter("player", "only games in which this player sat (a person's player id)"),
            _id_parameter("bot", "only games in which this bot sat (with `player`: games between the two)"),
            OpenApiParameter(
                "game", str, enum=[choice for choice, _ in ExportFilterForm.base_fields["game"].choices]
            ),  # type: ignore[attr-defined]
            _id_parameter("tournament", "only this tournament's games"),
            _id_parameter("league", "only this league's games"),
            _id_parameter(
                "version_test",
                "only this version test's games, both of every deal (its author's, or a published test's)",
            ),
            OpenApiParameter("rated", bool, description="only rated (true) or unrated (false) games"),
            OpenApiParameter(
                "since",
                _MOMENT,
                description="only games created at or after this moment: an ISO 8601 date-time (UTC when it has "
                "no offset) or milliseconds since 1970, as lichess takes it",
            ),
            OpenApiParameter(
                "until", _MOMENT, description="only games created before this moment (as `since`)"
            ),
            OpenApiParameter(
                "sort",
                str,
                enum=list(SORTS),
                description="dateDesc (default): newest first; dateAsc: oldest first",
            ),
            OpenApiParameter(
                "max",
                {"type": "integer", "minimum": 1, "maximum": MAX_GAMES},
                description=f"at most this many games (1 to {MAX_GAMES:,}); left out: every game chosen",
            ),
        ],
        responses={
            (200, NDJSON): OpenApiResponse(ExportedGameSerializer, description=_LINE_DESCRIPTION),
            400: error(
                "A parameter the export does not take, or one that is not valid: a value out of its range, "
                "a player, bot, tournament or league that does not exist, `until` not after `since`. "
                "`errors` names each."
            ),
            429: error("Too many exports: wait `Retry-After` seconds."),
        },
    )
    def get(self, request: Request) -> StreamingHttpResponse:
        form = ExportFilterForm(request.query_params, request.user)
        if not form.is_valid():
            raise ValidationError(form.problems())
        response = StreamingHttpResponse(_streamed(request, form.export_filter()), content_type=NDJSON)
        # A proxy in front should pass each chunk on as it comes, not hold the whole export.
        response["X-Accel-Buffering"] = "no"
        return response


def _streamed(request: Request, chosen: ExportFilter) -> Iterator[bytes] | AsyncIterator[bytes]:
    """The lines as the server in front reads a stream: Django buffers a whole iterator of the other
    kind first (a sync one under ASGI, an async one under WSGI), which would hold every game."""
    if isinstance(request._request, ASGIRequest):
        # Each chunk is a query of its own (keyset by game id), so any thread of the pool may read it.
        return sync_iterate(request._request, export_lines(chosen))
    return export_lines(chosen)
