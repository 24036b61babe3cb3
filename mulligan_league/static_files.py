"""WhiteNoise's middleware, able to run in an async middleware chain as well as a sync one.

WhiteNoise 6 is sync only, and one sync-only middleware makes Django run the ASGI handler's chain
(the event streams and the turns' long poll, ``mulligan_league.asgi``) in asgiref's one shared
thread, which then waits there for the view to finish. A long poll waiting its minute held that
thread, and every other stream's or long poll's start queued behind it: a server with 200 bots
waiting looked for one bot's turn a second. With this class every middleware of the chain can run
async, so an async view is awaited in the event loop. Under the WSGI server it is WhiteNoise's own.
"""

from __future__ import annotations

from typing import Any

from asgiref.sync import iscoroutinefunction, markcoroutinefunction, sync_to_async
from whitenoise.middleware import WhiteNoiseMiddleware


class StaticFilesMiddleware(WhiteNoiseMiddleware):  # type: ignore[misc]
    sync_capable = True
    async_capable = True

    def __init__(self, get_response: Any = None, *args: Any, **kwargs: Any) -> None:
        super().__init__(get_response, *args, **kwargs)
        self.async_mode = iscoroutinefunction(get_response)
        if self.async_mode:
            markcoroutinefunction(self)

    def __call__(self, request: Any) -> Any:
        if self.async_mode:
            return self._served(request)
        return super().__call__(request)

    async def _served(self, request: Any) -> Any:
        if self.autorefresh:  # DEBUG: looks on disk
            static_file = await sync_to_async(self.find_file, thread_sensitive=False)(request.path_info)
        else:
            static_file = self.files.get(request.path_info)
        if static_file is not None:
            return await sync_to_async(self.serve, thread_sensitive=False)(static_file, request)
        return await self.get_response(request)
