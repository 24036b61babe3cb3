"""JSON answers written by orjson, byte for byte what DRF's JSONRenderer writes.

DRF's renderer goes through the standard library's encoder: on a page of 50 rows that is about a
tenth of the request's CPU, where orjson takes a few microseconds. The text must not change (tests
and clients compare it), so the fast path is taken only where the two write the same bytes:

* the same compact separators, UTF-8 unescaped, U+2028 and U+2029 escaped as DRF does afterwards;
* whatever orjson cannot write itself (Decimal, lazy strings, timedelta, ...) goes through DRF's
  encoder's ``default``, as it does in DRF's renderer; datetimes in UTC end in ``Z`` in both, and
  other offsets are written alike too, but for a zone's local mean time before standard time
  (Paris until 1911: +00:09:21), whose seconds orjson drops: the service keeps every time in UTC,
  and a serializer's times reach the renderer as text already;
* the one known difference is a float's text below 1e-4 (Python writes ``1e-05``, orjson ``0.00001``
  or ``1e-5``): an answer holding either form anywhere, even inside a string, is rendered by DRF's
  renderer instead, as is one orjson refuses (an integer past 64 bits, a key Python would refuse)
  and one asking for an indent (``Accept: application/json; indent=4``).

``tests/games/test_api_renderer.py`` holds the two to the same bytes on generated data.
"""

from __future__ import annotations

import re
from typing import Any

import orjson
from rest_framework import renderers
from rest_framework.utils.encoders import JSONEncoder

_OPTIONS = orjson.OPT_UTC_Z | orjson.OPT_NON_STR_KEYS
_default = JSONEncoder().default
# Where the standard library writes a float otherwise: an exponent of one digit below zero (Python
# pads it to two), or a fraction with four zeros after the point (Python switches to an exponent).
_FLOAT_WRITTEN_OTHERWISE = re.compile(rb"e-[0-9](?![0-9])|0\.0000")


def _float_written_otherwise(text: bytes) -> bool:
    # Substring searches first: the pattern alone costs more than orjson on a page of 50 rows.
    return (b"e-" in text or b"0.0000" in text) and _FLOAT_WRITTEN_OTHERWISE.search(text) is not None


_LINE_SEPARATORS = ((b"\xe2\x80\xa8", b"\\u2028"), (b"\xe2\x80\xa9", b"\\u2029"))


class JSONRenderer(renderers.JSONRenderer):
    """DRF's JSON renderer (same media type, same text), faster on the answers it can be sure of."""

    def render(
        self, data: Any, accepted_media_type: str | None = None, renderer_context: Any = None
    ) -> bytes:
        if data is None:
            return b""
        indent_asked = bool(accepted_media_type and ";" in accepted_media_type) or (
            renderer_context is not None and renderer_context.get("indent") is not None
        )
        if not indent_asked:
            try:
                text = orjson.dumps(data, default=_default, option=_OPTIONS)
            except (orjson.JSONEncodeError, TypeError, ValueError):
                text = None
            if text is not None and not _float_written_otherwise(text):
                for raw, escaped in _LINE_SEPARATORS:
                    if raw in text:
                        text = text.replace(raw, escaped)
                return text
        written: bytes = super().render(data, accepted_media_type, renderer_context)
        return written
