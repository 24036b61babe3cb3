"""The choice of renderer, with a short way for what scripts and bots send.

DRF parses the Accept header on every request (about a tenth of a ladder page's CPU). Scripts,
bots and generated clients send no Accept, ``*/*`` or ``application/json``; for those the answer is
always the first renderer when that is JSON, so it is given without parsing. Anything else (a
browser asking for HTML, ``?format=``, a suffix) goes through DRF's own negotiation unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import BaseRenderer
from rest_framework.request import Request
from rest_framework.settings import api_settings

# As DRF reads them: no header is "*/*"; an empty one accepts nothing (406).
JSON_ACCEPTS = frozenset({"*/*", "application/json"})


class ContentNegotiation(DefaultContentNegotiation):
    def select_renderer(
        self, request: Request, renderers: Sequence[BaseRenderer], format_suffix: str | None = None
    ) -> tuple[BaseRenderer, str]:
        first = renderers[0] if renderers else None
        plain = (
            first is not None
            and first.media_type == "application/json"
            and not format_suffix
            and request.META.get("HTTP_ACCEPT", "*/*").strip() in JSON_ACCEPTS
            and api_settings.URL_FORMAT_OVERRIDE not in request.query_params
        )
        if plain:
            assert first is not None
            return first, first.media_type
        chosen: Any = super().select_renderer(request, renderers, format_suffix)
        return chosen
