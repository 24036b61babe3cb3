"""The ASGI application, served by uvicorn (``manage.py serve``; gunicorn's uvicorn workers in the
image).

The event streams (``/api/games/{id}/stream/``, ``/api/tournaments/{id}/stream/``,
``/api/bots/{id}/tests/{tid}/stream/``) and the long polls (the turns' ``/api/me/turns/wait/``, the
pages' ``/games/{id}/wait/`` and ``/bots/{id}/tests/{tid}/wait/``) are Django async views: a reader
waiting for the next event, or a bot for its turn, holds no thread (games.streams,
games.api.me_views, games.web.long_polls). So is the games' export (``/api/games/export/``), whose
download holds a thread only while a chunk of games is read (games.api.export_views). Every other request runs the WSGI application in a pool of ``WEB_THREADS`` threads (a2wsgi), as gunicorn's threaded
workers ran it: the same bound on threads and database connections, and each thread keeps its
connection between requests (``CONN_MAX_AGE``), which Django's ASGI handler, opening a new thread
per request, could not (its docs ask for a connection pool instead).
"""

from __future__ import annotations

import gc
import os
import re
from typing import Any

import django
from a2wsgi import WSGIMiddleware
from django.conf import settings
from django.core.handlers.asgi import ASGIHandler
from django.core.wsgi import get_wsgi_application
from django.http import HttpRequest
from django.http.response import HttpResponseBase
from django.urls import get_resolver

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mulligan_league.settings.local")


class StreamHandler(ASGIHandler):
    """Django's ASGI handler, without the thread each request gets in it.

    Django runs every request inside asgiref's ThreadSensitiveContext, whose thread serves the sync
    middleware and lives as long as the response: for an event stream, as long as its reader stays.
    Here the middleware's sync steps run in asgiref's one shared thread instead (each is short: a
    session read at the start, closing the response at the end), and a waiting stream holds no
    thread at all (bench/streams.py counts the worker's threads with 200 readers).
    """

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        await self.handle(scope, receive, send)

    async def get_response_async(self, request: HttpRequest) -> HttpResponseBase:
        # The site's URLs with the turns' long poll as an async view (a WSGI server's waits in its thread).
        request.urlconf = "mulligan_league.async_urls"
        return await super().get_response_async(request)


django.setup(set_prefix=False)
streams = StreamHandler()
pages = WSGIMiddleware(get_wsgi_application(), workers=settings.WEB_THREADS)  # type: ignore[arg-type]

# The URL patterns (and with them every view, serializer and the rules engine) loaded now, not by
# the first request; then everything loaded so far, which lives as long as the process, is moved out
# of the garbage collector's sight. Otherwise every full collection walks it again: ~70-100 ms of one
# core every couple of thousand requests, a pause every request in flight waits out (at 16 clients,
# the p99). Requests still make cyclic garbage, which the young generations collect as before.
URL_PATTERNS = get_resolver().url_patterns
ASYNC_URL_PATTERNS = get_resolver("mulligan_league.async_urls").url_patterns
gc.freeze()

# The async views: the event streams and the long polls, which wait without a thread, and the games'
# export, whose download holds one only while a chunk is read.
ASYNC_PATH = re.compile(
    r"/api/(((games|tournaments)/[0-9]+|bots/[0-9]+/tests/[0-9]+)/stream|me/turns/wait|games/export)/"
    r"|/(games/[0-9]+|bots/[0-9]+/tests/[0-9]+)/wait/"
)


async def application(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] == "lifespan":  # nothing to start or stop
        while (await receive())["type"] != "lifespan.shutdown":
            await send({"type": "lifespan.startup.complete"})
        await send({"type": "lifespan.shutdown.complete"})
        return
    if scope["type"] == "http" and ASYNC_PATH.fullmatch(scope["path"]):
        await streams(scope, receive, send)
        return
    await pages(scope, receive, send)  # type: ignore[arg-type]
