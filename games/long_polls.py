"""How a long poll waits between its looks: the turns' (``games.api.me_views``) and the pages'
(``games.web.long_polls``).

With Redis (``STREAMS_REDIS_URL``) it subscribes to the channel its news is announced on, looks,
and looks again only when an announcement comes, so it answers as soon as the news is committed and
costs the database nothing meanwhile. Without (the embedded default), or while Redis is away, it
looks every ``LONG_POLL_INTERVAL`` seconds. Each kind of server gets its own loop: a WSGI server's
request waits in its thread; under the ASGI server the waiting is a coroutine's, its looks in the
server's thread pool.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

from django.conf import settings
from django.http import HttpRequest

from games.streams.waiting import async_waiter, waiter
from games.sync_calls import sync_call

T = TypeVar("T")


def wait_here(
    channel: str, look: Callable[[], T | None], at_timeout: Callable[[], T], give_up_at: float
) -> T:
    """``look()``'s first answer (None: nothing yet), or ``at_timeout()`` at ``give_up_at``."""
    with waiter(channel, poll=settings.LONG_POLL_INTERVAL) as news:
        looking = bool(settings.STREAMS_REDIS_URL)  # subscribed, then looked: nothing committed is missed
        while True:
            if looking and (found := look()) is not None:
                return found
            if (remaining := give_up_at - time.monotonic()) <= 0:
                return at_timeout()
            looking = news.wait(remaining)


async def wait_off_thread(
    request: HttpRequest,
    channel: str,
    look: Callable[[], T | None],
    at_timeout: Callable[[], T],
    give_up_at: float,
) -> T:
    """:func:`wait_here` as a coroutine, ``look`` and ``at_timeout`` run in the server's thread pool."""
    async with async_waiter(channel, poll=settings.LONG_POLL_INTERVAL) as news:
        looking = bool(settings.STREAMS_REDIS_URL)
        while True:
            if looking and (found := await sync_call(request, look)) is not None:
                return found
            if (remaining := give_up_at - time.monotonic()) <= 0:
                return await sync_call(request, at_timeout)
            looking = await news.wait(remaining)
