"""``mulligan_league.static_files.StaticFilesMiddleware``: WhiteNoise in a sync chain (the WSGI
server's) and in an async one (the ASGI handler's, which must not hold asgiref's shared thread: see
tests/games/streams/test_long_poll_holds_no_thread.py), serving the same files either way."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import iscoroutinefunction
from django.http import HttpRequest, HttpResponse
from django.test import RequestFactory

from mulligan_league.static_files import StaticFilesMiddleware

SCRIPT = "/static/js/game.js"  # one of the site's own scripts (static/js/), found by the finders


def _body(response: Any) -> bytes:
    return b"".join(response.streaming_content) if response.streaming else response.content


def test_in_a_sync_chain_it_serves_a_file_and_passes_the_rest_on() -> None:
    middleware = StaticFilesMiddleware(lambda request: HttpResponse(b"the view"))
    assert not iscoroutinefunction(middleware)
    served = middleware(RequestFactory().get(SCRIPT))
    assert served.status_code == 200 and served["Content-Type"].startswith("text/javascript")
    assert _body(served)
    assert middleware(RequestFactory().get("/api/catalog/")).content == b"the view"


def test_in_an_async_chain_it_serves_the_same_file_and_awaits_the_rest() -> None:
    async def view(request: HttpRequest) -> HttpResponse:
        return HttpResponse(b"the async view")

    sync = StaticFilesMiddleware(lambda request: HttpResponse(b"the view"))
    middleware = StaticFilesMiddleware(view)
    assert iscoroutinefunction(middleware)  # so Django keeps the chain async around it

    async def both() -> tuple[Any, Any]:
        return await middleware(RequestFactory().get(SCRIPT)), await middleware(RequestFactory().get("/x/"))

    # In a thread of its own: a browser test's Playwright keeps an event loop running in this one.
    with ThreadPoolExecutor(1) as thread:
        served, passed = thread.submit(asyncio.run, both()).result()
    assert served.status_code == 200 and _body(served) == _body(sync(RequestFactory().get(SCRIPT)))
    assert passed.content == b"the async view"
