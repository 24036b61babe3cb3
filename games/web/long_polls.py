"""The pages' long polls (``/games/<id>/wait/``, ``/bots/<id>/tests/<tid>/wait/``): wait for news of
one game or version test, woken by its event stream's announcement.

A view makes its checks and a first look, then either answers or returns :class:`WaitFor`: what to
look at again and on which channel news is announced. Under a WSGI server (runserver, the test
suite's clients) :func:`waited_here` waits in the request's thread. Under the ASGI server the view's
async twin (:func:`without_a_thread`, routed by ``mulligan_league.async_urls``) waits as a coroutine,
so anyone holding many of them open holds no server thread. With Redis (``STREAMS_REDIS_URL``) a look
comes only with an announcement; without, or while Redis is away, every ``LONG_POLL_INTERVAL``.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.views.decorators.cache import never_cache

from games.streams.waiting import async_waiter, waiter
from games.sync_calls import sync_call

ASYNC_ATTRIBUTE = "long_poll_async"  # set on the request by the async twin


class WaitFor(HttpResponseBase):
    """Not an answer: the first look found nothing new (never sent). ``look()`` answers once there is
    news, else None; ``answer()`` answers at the timeout."""

    def __init__(
        self,
        channel: str,
        look: Callable[[], HttpResponse | None],
        answer: Callable[[], HttpResponse],
        timeout: float,
    ) -> None:
        super().__init__()
        self.channel, self.look, self.answer = channel, look, answer
        self.give_up_at = time.monotonic() + timeout


def answer_or_wait(request: HttpRequest, wait: WaitFor) -> HttpResponseBase:
    """What a view returns when its first look found nothing: the wait itself to its async twin,
    else the answer after waiting here."""
    return wait if getattr(request, ASYNC_ATTRIBUTE, False) else waited_here(wait)


def waited_here(wait: WaitFor) -> HttpResponse:
    with waiter(wait.channel, poll=settings.LONG_POLL_INTERVAL) as news:
        look = bool(settings.STREAMS_REDIS_URL)  # subscribed, then looked: nothing committed is missed
        while True:
            if look and (found := wait.look()) is not None:
                return found
            if (remaining := wait.give_up_at - time.monotonic()) <= 0:
                return wait.answer()
            look = news.wait(remaining)


async def waited(request: HttpRequest, wait: WaitFor) -> HttpResponse:
    async with async_waiter(wait.channel, poll=settings.LONG_POLL_INTERVAL) as news:
        look = bool(settings.STREAMS_REDIS_URL)
        while True:
            if look and (found := await sync_call(request, wait.look)) is not None:
                return found
            if (remaining := wait.give_up_at - time.monotonic()) <= 0:
                return await sync_call(request, wait.answer)
            look = await news.wait(remaining)


def without_a_thread(view: Callable[..., HttpResponseBase]) -> Callable[..., Awaitable[HttpResponseBase]]:
    """The async twin of a long-poll view: its checks and looks in the server's thread pool, its
    waiting a coroutine's."""

    async def twin(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        setattr(request, ASYNC_ATTRIBUTE, True)
        response = await sync_call(request, lambda: view(request, *args, **kwargs))
        if isinstance(response, WaitFor):
            return await waited(request, response)
        return response

    return never_cache(twin)
