"""The pages' long polls (``/games/<id>/wait/``, ``/bots/<id>/tests/<tid>/wait/``): wait for news of
one game or version test, woken by its event stream's announcement.

A view makes its checks and a first look, then either answers or returns :class:`WaitFor`: what to
look at again and on which channel news is announced. Under a WSGI server (runserver, the test
suite's clients) it waits in the request's thread. Under the ASGI server the view's async twin
(:func:`without_a_thread`, routed by ``mulligan_league.async_urls``) waits as a coroutine, so anyone
holding many of them open holds no server thread (:mod:`games.long_polls`).
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.views.decorators.cache import never_cache

from games.long_polls import wait_here, wait_off_thread
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
    if getattr(request, ASYNC_ATTRIBUTE, False):
        return wait
    return wait_here(wait.channel, wait.look, wait.answer, wait.give_up_at)


def without_a_thread(view: Callable[..., HttpResponseBase]) -> Callable[..., Awaitable[HttpResponseBase]]:
    """The async twin of a long-poll view: its checks and looks in the server's thread pool, its
    waiting a coroutine's."""

    async def twin(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        setattr(request, ASYNC_ATTRIBUTE, True)
        response = await sync_call(request, lambda: view(request, *args, **kwargs))
        if isinstance(response, WaitFor):
            return await wait_off_thread(
                request, response.channel, response.look, response.answer, response.give_up_at
            )
        return response

    return never_cache(twin)
