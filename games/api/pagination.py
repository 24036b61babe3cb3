"""Pages of a list: by number as always, and by cursor (keyset), which costs the same on every page.

A list answers ``{count, next, previous, results}``. ``?page=N`` still works (an OFFSET: its cost
grows with N), but the ``next`` and ``previous`` links carry a ``cursor``: the sort key of the row
the page ends (or starts) at. The database then starts from that key in the list's index, so page
5,000 reached by following ``next`` costs what page 1 costs, and rows added meanwhile neither repeat
nor skip a row.

Each list's order ends in a column that is unique within the list (``-rating, competitor_id``;
``-id``). With two keys, the rows after ``(v, t)`` are the rest of ``v``'s ties and then the rows
past ``v``: two index range scans (one statement, a UNION ALL of the two, on the hand-written
lists), where one ``v < x OR (v = x AND t > y)`` would make the database scan every row before the
cursor.

``count`` is exact while a list is small; past :data:`EXACT_COUNT_UP_TO` rows each server process
counts it once and keeps it for ``API_COUNT_CACHE_SECONDS`` (counting 100,000 index entries on every request would
cost more than the page itself).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.db.models import QuerySet
from django.utils.encoding import escape_uri_path
from rest_framework.exceptions import NotFound
from rest_framework.pagination import BasePagination, PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response

from games.selectors.lists import Key, NumberedPages, OrderedRows, QuerySetRows

EXACT_COUNT_UP_TO = 1000
MAX_CURSOR_LENGTH = 400


class PageNumbers(PageNumberPagination):
    """DRF's page numbers (the lists without a cursor), with an empty ``?page=`` refused as any page
    that is not a number (404) instead of read as page 1: the document says a page is an integer."""

    def get_page_number(self, request: Request, paginator: Any) -> Any:
        number = request.query_params.get(self.page_query_param, 1)
        return paginator.num_pages if number in self.last_page_strings else number

    def paginate_queryset(self, queryset: Any, request: Request, view: Any = None) -> list[Any] | None:
        if isinstance(queryset, NumberedPages):
            # A long list is counted once a while, as the cursor lists are (list_count); the first
            # page of a short one (most lists are) needs no count of its own.
            queryset.count_with(lambda rows: list_count(rows, request))
            if request.query_params.get(self.page_query_param, "1") == "1":
                queryset.read_first(self.get_page_size(request) or 0)
        return super().paginate_queryset(queryset, request, view)


@dataclass(frozen=True)
class Position:
    """Where a cursor points: after (``forward``) or before a row with these sort ``values``; ``rank``
    is that row's place in the list (1 = first), so a page knows its rows' places without counting."""

    values: tuple[Any, ...]
    forward: bool
    rank: int

    def encode(self) -> str:
        raw = json.dumps([list(self.values), self.forward, self.rank], separators=(",", ":"))
        return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")

    @classmethod
    def decode(cls, text: str, keys: int) -> Position:
        # A cursor is a page's address (as DRF's own CursorPagination treats it): one that points
        # at no page is 404, like ?page=N past the end.
        refused = NotFound(
            "Invalid cursor: give back a cursor from a previous answer's next or previous link"
        )
        if len(text) > MAX_CURSOR_LENGTH:
            raise refused
        try:
            values, forward, rank = json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
        except (ValueError, TypeError, binascii.Error):
            raise refused from None
        valid_values = (
            isinstance(values, list)
            and len(values) == keys
            and all(isinstance(v, int | float | str) and not isinstance(v, bool) for v in values)
        )
        if not valid_values or not isinstance(forward, bool) or type(rank) is not int or rank < 0:
            raise refused
        return cls(tuple(values), forward, rank)


@dataclass
class Page:
    rows: list[Any]
    first_rank: int  # the place of rows[0] in the whole list (1 = first)
    has_next: bool
    has_previous: bool


def ordered_rows(rows: QuerySet[Any] | OrderedRows) -> OrderedRows:
    return QuerySetRows(rows) if isinstance(rows, QuerySet) else rows


def keyset_page(rows: OrderedRows, position: Position, size: int) -> Page:
    """The ``size`` rows past ``position`` in the list's order (one query where the list can)."""
    forward = position.forward
    wanted = size + 1
    found = rows.after(position.values, forward, wanted)
    more = len(found) > size
    found = found[:size]
    if forward:
        return Page(found, position.rank + 1, has_next=more, has_previous=True)
    found.reverse()
    return Page(found, position.rank - len(found), has_next=True, has_previous=more)


def key_values(row: Any, keys: Sequence[Key]) -> tuple[Any, ...]:
    return tuple(row[key.field] if isinstance(row, dict) else getattr(row, key.field) for key in keys)


def _count_cache_key(request: Request) -> str:
    params = sorted((k, v) for k, v in request.query_params.lists() if k not in ("page", "cursor"))
    digest = hashlib.sha256(json.dumps([request.path, params]).encode()).hexdigest()[:32]
    return f"list-count:{digest}"


# Long lists' counts, per process: {key: (count, monotonic time it expires)}. Kept here rather than
# in the shared cache: a count may be a few seconds old anyway, and a round trip to Redis (with
# Django's client set up anew on each call) costs more than the rest of a ladder page.
_counts: dict[str, tuple[int, float]] = {}
MAX_COUNTS_KEPT = 10_000


def forget_counts() -> None:
    _counts.clear()


def list_count(rows: OrderedRows, request: Request) -> int:
    """The number of rows: exact up to :data:`EXACT_COUNT_UP_TO`, else counted once a while."""
    key = _count_cache_key(request)
    kept = _counts.get(key)
    if kept is not None and kept[1] > time.monotonic():
        return kept[0]
    count = rows.count(EXACT_COUNT_UP_TO)
    if count > EXACT_COUNT_UP_TO:
        count = rows.count(None)
        if len(_counts) >= MAX_COUNTS_KEPT:
            _counts.clear()
        _counts[key] = (count, time.monotonic() + settings.API_COUNT_CACHE_SECONDS)
    return count


class KeysetPagination(BasePagination):
    """``?page=N`` or ``?cursor=...``; links carry cursors. See the module's docstring."""

    page_query_param = "page"
    cursor_query_param = "cursor"

    def __init__(self) -> None:
        self.page_size: int = settings.REST_FRAMEWORK["PAGE_SIZE"]
        self._base: str | None = None

    def paginate_queryset(self, queryset: Any, request: Request, view: Any = None) -> list[Any]:
        """A page of a QuerySet or of an :class:`~games.selectors.lists.OrderedRows` list."""
        self.request = request
        rows = ordered_rows(queryset)
        self.keys: Sequence[Key] = rows.keys
        cursor = request.query_params.get(self.cursor_query_param)
        if cursor:
            self.page = keyset_page(rows, Position.decode(cursor, len(self.keys)), self.page_size)
        else:
            self.page = self._numbered(rows, request)
        self.count = self._count(rows, request)
        return self.page.rows

    def _numbered(self, rows: OrderedRows, request: Request) -> Page:
        raw = request.query_params.get(self.page_query_param, "1")
        if raw == "last":  # as DRF's page numbers allow
            number = max(1, -(-list_count(rows, request) // self.page_size))
        else:
            # ASCII digits only: str.isdigit also takes "²", which int() refuses. An empty page is none.
            number = int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 10 else 0
        if number < 1:
            raise NotFound("Invalid page.")
        offset = (number - 1) * self.page_size
        found = rows.window(offset, self.page_size + 1)
        if not found and number > 1:
            raise NotFound("Invalid page.")
        more = len(found) > self.page_size
        return Page(found[: self.page_size], offset + 1, has_next=more, has_previous=number > 1)

    def _count(self, rows: OrderedRows, request: Request) -> int:
        page = self.page
        if page.first_rank == 1 and not page.has_next:
            return len(page.rows)
        return list_count(rows, request)

    def get_paginated_response(self, data: Any) -> Response:
        return Response(
            {
                "count": self.count,
                "next": self.get_next_link(),
                "previous": self.get_previous_link(),
                "results": data,
            }
        )

    def ranks(self) -> range:
        """The places of the page's rows in the whole list (1 = first)."""
        return range(self.page.first_rank, self.page.first_rank + len(self.page.rows))

    def _url(self, cursor: str | None) -> str:
        """This list's address with the other query parameters as sent, sorted (as DRF's
        ``replace_query_param`` gives them), no page number, and this cursor if any."""
        request = self.request
        params = {
            name: values
            for name, values in request.query_params.lists()
            if name not in (self.page_query_param, self.cursor_query_param)
        }
        if cursor is not None:
            params[self.cursor_query_param] = [cursor]
        base = self._base
        if base is None:  # once per answer, whether it links both ways or one
            base = self._base = request.build_absolute_uri(escape_uri_path(request.path))
        return f"{base}?{urlencode(sorted(params.items()), doseq=True)}" if params else base

    def get_next_link(self) -> str | None:
        page = self.page
        if not page.has_next or not page.rows:
            return None
        last = page.rows[-1]
        position = Position(key_values(last, self.keys), True, page.first_rank + len(page.rows) - 1)
        return self._url(position.encode())

    def get_previous_link(self) -> str | None:
        page = self.page
        if not page.has_previous:
            return None
        if not page.rows or page.first_rank <= self.page_size + 1:
            # The page before is the first: its plain address (a cursor there would point at no row).
            return self._url(None)
        return self._url(Position(key_values(page.rows[0], self.keys), False, page.first_rank).encode())

    def get_paginated_response_schema(self, schema: dict[str, Any]) -> dict[str, Any]:
        return {
            "type": "object",
            "required": ["count", "results"],
            "properties": {
                "count": {"type": "integer", "example": 123},
                "next": {
                    "type": "string",
                    "nullable": True,
                    "format": "uri",
                    "example": "http://api.example.org/accounts/?page=4",
                },
                "previous": {
                    "type": "string",
                    "nullable": True,
                    "format": "uri",
                    "example": "http://api.example.org/accounts/?page=2",
                },
                "results": schema,
            },
        }

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        return [
            {
                "name": self.page_query_param,
                "required": False,
                "in": "query",
                "description": "A page number within the paginated result set.",
                "schema": {"type": "integer"},
            },
            {
                "name": self.cursor_query_param,
                "required": False,
                "in": "query",
                "description": "A cursor from a previous answer's next or previous link: the page "
                "after (or before) it, as fast on page 5,000 as on page 1.",
                "schema": {"type": "string"},
            },
        ]
