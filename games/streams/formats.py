"""The two ways a stream is written: ndjson (one JSON object per line, as lichess streams) and
server-sent events (``EventSource`` in a browser), chosen by the request's Accept header."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest

NDJSON = "application/x-ndjson"
EVENT_STREAM = "text/event-stream"
# How long a browser's EventSource waits before it reconnects (milliseconds).
SSE_RETRY_MS = 2000


def _json(event: dict[str, Any]) -> str:
    return json.dumps(event, cls=DjangoJSONEncoder, separators=(",", ":"))


@dataclass(frozen=True)
class StreamFormat:
    media_type: str

    @property
    def sse(self) -> bool:
        return self.media_type == EVENT_STREAM

    def opening(self) -> bytes:
        """What the stream starts with: how soon to reconnect (server-sent events), or nothing."""
        return f"retry: {SSE_RETRY_MS}\n\n".encode() if self.sse else b""

    def event(self, event: dict[str, Any]) -> bytes:
        """One event: ``{"id": ..., "type": ..., ...}`` on a line, or as an SSE event of that type and id."""
        if self.sse:
            return f"id: {event['id']}\nevent: {event['type']}\ndata: {_json(event)}\n\n".encode()
        return (_json(event) + "\n").encode()

    def heartbeat(self) -> bytes:
        """An empty line (ndjson, as lichess keeps its streams alive), or an SSE comment: neither
        is an event, and both pass through proxies that close silent connections."""
        return b": heartbeat\n\n" if self.sse else b"\n"


FORMATS = {NDJSON: StreamFormat(NDJSON), EVENT_STREAM: StreamFormat(EVENT_STREAM)}


def format_for(request: HttpRequest) -> StreamFormat | None:
    """The format the Accept header prefers (ndjson when it names neither but takes anything: no
    header, ``*/*``); None when it takes neither (a 406)."""
    chosen = request.get_preferred_type(list(FORMATS))
    return None if chosen is None else FORMATS[str(chosen)]
