"""Blocking work (a database read, a DRF view) called from an async view.

Under an ASGI server (uvicorn: ``manage.py serve``, the Docker image) the call runs in the event
loop's thread pool, with the connection rules of a request (``CONN_MAX_AGE``) before and after, and
the coroutine that awaits it holds no thread meanwhile. Under a WSGI server (runserver, the test
suite's clients) it runs in the request's own thread, whose connection Django closes when the
request ends, and which a test's transaction lives on.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from typing import TypeVar, cast

from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIRequest
from django.db import close_old_connections
from django.http import HttpRequest

T = TypeVar("T")


def _as_a_request_does(function: Callable[[], T]) -> Callable[[], T]:
    def call() -> T:
        close_old_connections()
        try:
            return function()
        finally:
            close_old_connections()

    return call


async def sync_call(request: HttpRequest, function: Callable[[], T]) -> T:
    """``function()``, run off the event loop as this request's server allows."""
    if isinstance(request, ASGIRequest):
        return await sync_to_async(_as_a_request_does(function), thread_sensitive=False)()
    return await sync_to_async(function)()


async def sync_iterate(request: HttpRequest, items: Iterator[T]) -> AsyncIterator[T]:
    """``items`` as a streaming answer under an ASGI server reads them: each next item taken off the
    event loop as ``sync_call`` takes a call (in any thread of the pool, so nothing the iterator holds
    may belong to one thread, such as an open server-side cursor), and no thread held between two
    items while the client reads."""
    done = object()
    while (item := await sync_call(request, lambda: next(items, done))) is not done:
        yield cast(T, item)
