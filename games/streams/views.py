"""``GET /api/games/{id}/stream/``, ``GET /api/tournaments/{id}/stream/`` and
``GET /api/bots/{id}/tests/{tid}/stream/``: async views.

Under an ASGI server (uvicorn: ``manage.py serve``, the Docker image) a stream is a coroutine that
waits on Redis between reads and holds no thread; its database reads run in the server's shared
thread pool. Under a WSGI server (runserver, the test suite's live_server) the same stream runs in
its request's thread and ends after ``STREAM_WSGI_SECONDS``; the reader reconnects with
Last-Event-ID (a browser's EventSource does so by itself) and misses nothing.

Authentication as the API's (a token or the session), the same permissions as the game's, the
tournament's and the version test's reads (anyone may follow a game; a seat sees its own
observation; a version test is its author's until published), and the API's error shape.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Iterator
from typing import Any, Protocol, TypeVar

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.handlers.asgi import ASGIRequest
from django.http import HttpRequest, HttpResponse, JsonResponse, StreamingHttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt
from rest_framework.exceptions import AuthenticationFailed

from games.api.authentication import HashedTokenAuthentication
from games.streams.formats import FORMATS, StreamFormat, format_for
from games.streams.game_stream import BadLastEventId, GameStream, StreamNotFound, StreamRefused
from games.streams.tournament_stream import TournamentStream
from games.streams.version_test_stream import VersionTestStream
from games.streams.waiting import async_waiter, waiter
from games.sync_calls import sync_call

T = TypeVar("T")


class Stream(Protocol):
    channel: str
    done: bool

    def open(self, last_event_id: int | None) -> list[dict[str, Any]]: ...
    def next(self) -> list[dict[str, Any]]: ...


def _error(status: int, code: str, detail: str) -> JsonResponse:
    return JsonResponse({"detail": detail, "code": code}, status=status)


def last_event_id(request: HttpRequest) -> tuple[str, int | None]:
    """Where the reader says it stands, and under which name: the ``Last-Event-ID`` header (a
    browser's EventSource sends it when it reconnects), else the ``last_event_id`` query parameter
    (for a first connection that knows where it stands). Each one given is checked, used or not."""
    query = event_number("last_event_id", request.GET.get("last_event_id"))
    header = event_number("Last-Event-ID", request.headers.get("Last-Event-ID"))
    if header is not None:
        return "Last-Event-ID", header
    return "last_event_id", query


def event_number(field: str, raw: str | None) -> int | None:
    """The event id given as ``field``; None when it is not given (given empty is a 400, as the
    API's other parameters)."""
    if raw is None:
        return None
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 10):
        raise BadLastEventId(
            f"{field}: give the id of the last event you got (a whole number, at most 10 digits), not {raw[:20]!r}",
            field,
        )
    return int(raw)


async def _user(request: HttpRequest) -> AbstractBaseUser | AnonymousUser:
    """The API's authentication: ``Authorization: Token <key>``, else the session."""
    found = await sync_call(request, lambda: HashedTokenAuthentication().authenticate(request))
    if found is not None:
        return found[0]
    return await request.auser()


async def _stream_response(request: HttpRequest, stream: Stream) -> HttpResponse:
    chosen = format_for(request)
    if chosen is None:
        return _error(
            406, "not_acceptable", f"this stream is sent as {' or '.join(FORMATS)}: ask for one in Accept"
        )
    field = "Last-Event-ID"
    try:
        field, last = last_event_id(request)
        first = await sync_call(request, lambda: stream.open(last))
    except StreamNotFound as exc:
        return _error(404, "not_found", str(exc))
    except StreamRefused as exc:
        return _error(403, "deal_in_play", str(exc))
    except BadLastEventId as exc:
        # The API's 400: ``errors`` names what is at fault (the header, or the query parameter).
        at_fault = exc.field or field
        refusal = {"detail": str(exc), "code": "invalid", "errors": {at_fault: [str(exc)]}}
        return JsonResponse(refusal, status=400)
    if isinstance(request, ASGIRequest):
        body: Any = _async_events(request, stream, first, chosen)
    else:
        body = _sync_events(stream, first, chosen)
    response = StreamingHttpResponse(body, content_type=chosen.media_type)
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on as it comes
    return response


async def _async_events(
    request: HttpRequest, stream: Stream, first: list[dict[str, Any]], chosen: StreamFormat
) -> AsyncIterator[bytes]:
    async with async_waiter(stream.channel) as waiting:
        # Subscribed first, then read: whatever commits after this read is announced to us.
        events = first if stream.done else first + await sync_call(request, stream.next)
        yield chosen.opening() + b"".join(chosen.event(event) for event in events)
        heartbeat = settings.STREAM_HEARTBEAT_SECONDS
        last_sent = time.monotonic()
        while not stream.done:
            due = heartbeat - (time.monotonic() - last_sent)
            if due <= 0:
                yield chosen.heartbeat()
                last_sent = time.monotonic()
                continue
            if not await waiting.wait(due):
                continue  # nothing announced: a heartbeat is due, no read
            events = await sync_call(request, stream.next)
            if events:
                yield b"".join(chosen.event(event) for event in events)
                last_sent = time.monotonic()


def _sync_events(stream: Stream, first: list[dict[str, Any]], chosen: StreamFormat) -> Iterator[bytes]:
    give_up_at = time.monotonic() + settings.STREAM_WSGI_SECONDS
    with waiter(stream.channel) as waiting:
        events = first if stream.done else first + stream.next()
        yield chosen.opening() + b"".join(chosen.event(event) for event in events)
        heartbeat = settings.STREAM_HEARTBEAT_SECONDS
        last_sent = time.monotonic()
        while not stream.done and time.monotonic() < give_up_at:
            due = heartbeat - (time.monotonic() - last_sent)
            if due <= 0:
                yield chosen.heartbeat()
                last_sent = time.monotonic()
                continue
            if not waiting.wait(min(due, max(0.0, give_up_at - time.monotonic()))):
                continue
            events = stream.next()
            if events:
                yield b"".join(chosen.event(event) for event in events)
                last_sent = time.monotonic()


async def _reader(request: HttpRequest) -> AbstractBaseUser | AnonymousUser | JsonResponse:
    if request.method != "GET":
        refusal = _error(
            405, "method_not_allowed", f'Method "{request.method}" not allowed: a stream is read with GET.'
        )
        refusal["Allow"] = "GET"
        return refusal
    try:
        return await _user(request)
    except AuthenticationFailed as exc:
        return _error(401, "authentication_failed", str(exc.detail))


@csrf_exempt  # GET only (the others get a 405 in the API's shape), as DRF's views are exempt
@never_cache
async def game_stream(request: HttpRequest, pk: int) -> HttpResponse:
    user = await _reader(request)
    if isinstance(user, JsonResponse):
        return user
    return await _stream_response(request, GameStream(pk, user))


@csrf_exempt  # GET only (the others get a 405 in the API's shape), as DRF's views are exempt
@never_cache
async def tournament_stream(request: HttpRequest, pk: int) -> HttpResponse:
    user = await _reader(request)
    if isinstance(user, JsonResponse):
        return user
    return await _stream_response(request, TournamentStream(pk))


@csrf_exempt  # GET only (the others get a 405 in the API's shape), as DRF's views are exempt
@never_cache
async def version_test_stream(request: HttpRequest, pk: int, tid: int) -> HttpResponse:
    user = await _reader(request)
    if isinstance(user, JsonResponse):
        return user
    return await _stream_response(request, VersionTestStream(pk, tid, user))
