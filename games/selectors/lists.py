"""Ordered lists the API pages through: as a QuerySet, or as hand-written SQL for the lists read all day.

A list is read in four ways, whatever it is built from (``games.api.pagination`` decides which):
a window by offset (``?page=N``), the rows past a sort key (a cursor), the rest of a key's ties, and
its length. The ORM spends about 0.3 ms of CPU compiling a query and 0.2 ms more building its rows,
several times what Django itself spends on a request; the ladders and the games list are therefore
also written as SQL once (:class:`SqlList`), fetched as tuples and turned into the answer's dicts
directly. Both kinds answer the same four reads with the same meaning.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import orjson
from django.db import connection
from django.db.models import Field, JSONField, Model, QuerySet

from mulligan_league.statements import statement_cursor


@dataclass(frozen=True)
class Key:
    """One sort key of a list: the row's field (in the answer's dicts, or the model's attribute)."""

    field: str
    descending: bool

    @classmethod
    def parse(cls, term: str) -> Key:
        return cls(term.lstrip("-"), term.startswith("-"))

    def past(self, forward: bool) -> bool:
        """Whether values past a cursor's, in the direction of travel, are greater ones."""
        return self.descending != forward

    def term(self, forward: bool) -> str:
        return ("-" if self.descending == forward else "") + self.field


class OrderedRows(Protocol):
    """What a paged list reads; rows come in travel order (``forward``: the list's own order)."""

    @property
    def keys(self) -> Sequence[Key]: ...

    def window(self, offset: int, limit: int) -> list[Any]: ...

    def ties(self, values: Sequence[Any], forward: bool, limit: int) -> list[Any]:
        """Rows whose first key equals ``values[0]`` and whose second is past ``values[1]``."""
        ...

    def beyond(self, value: Any, forward: bool, limit: int) -> list[Any]:
        """Rows whose first key is past ``value``."""
        ...

    def after(self, values: Sequence[Any], forward: bool, limit: int) -> list[Any]:
        """The rows past a cursor at ``values``: with two keys, the rest of its ties and then the rows
        past its first key (:meth:`ties` and :meth:`beyond`, in one read where the list can)."""
        ...

    def count(self, at_most: int | None) -> int:
        """The number of rows, or ``at_most + 1`` when there are more than ``at_most``."""
        ...


class QuerySetRows:
    """A list as a QuerySet ordered by one or two field names (model objects or ``values()`` rows)."""

    def __init__(self, queryset: QuerySet[Any]) -> None:
        ordering = queryset.query.order_by
        if not ordering or not 1 <= len(ordering) <= 2 or not all(isinstance(term, str) for term in ordering):
            raise ValueError(f"a keyset list is ordered by one or two field names, not {ordering!r}")
        self.queryset = queryset
        self.keys = [Key.parse(str(term)) for term in ordering]

    def _ordered(self, queryset: QuerySet[Any], forward: bool) -> QuerySet[Any]:
        return queryset.order_by(*(key.term(forward) for key in self.keys))

    @staticmethod
    def _lookup(key: Key, forward: bool) -> str:
        return key.field + ("__gt" if key.past(forward) else "__lt")

    def window(self, offset: int, limit: int) -> list[Any]:
        return list(self.queryset[offset : offset + limit])

    def ties(self, values: Sequence[Any], forward: bool, limit: int) -> list[Any]:
        first, second = self.keys
        same = self.queryset.filter(**{first.field: values[0], self._lookup(second, forward): values[1]})
        return list(self._ordered(same, forward)[:limit])

    def beyond(self, value: Any, forward: bool, limit: int) -> list[Any]:
        past = self.queryset.filter(**{self._lookup(self.keys[0], forward): value})
        return list(self._ordered(past, forward)[:limit])

    def after(self, values: Sequence[Any], forward: bool, limit: int) -> list[Any]:
        found = self.ties(values, forward, limit) if len(self.keys) == 2 else []
        if len(found) < limit:
            found += self.beyond(values[0], forward, limit - len(found))
        return found

    def count(self, at_most: int | None) -> int:
        unordered = self.queryset.order_by()
        return (unordered if at_most is None else unordered[: at_most + 1]).count()


Converter = Callable[[Any, Any, Any], Any]


class NumberedPages:
    """An :class:`OrderedRows` list as Django's ``Paginator`` (DRF's page numbers) reads one: its
    length and a slice."""

    def __init__(self, rows: OrderedRows) -> None:
        self.rows = rows
        self._first: list[Any] | None = None  # the first page and one row more, when read first
        self._counted: Callable[[OrderedRows], int] | None = None

    def count_with(self, counted: Callable[[OrderedRows], int]) -> None:
        """Count the list this way (a count kept a while) rather than counting its rows each time."""
        self._counted = counted

    def read_first(self, size: int) -> None:
        """Read the first ``size`` rows (and one more) before the count: a list that fits on its
        first page is then counted by its length, without a statement of its own."""
        self._first = self.rows.window(0, size + 1)
        self._first_size = size

    def count(self) -> int:
        first = self._first
        if first is not None and len(first) <= self._first_size:
            return len(first)
        return self.rows.count(None) if self._counted is None else self._counted(self.rows)

    def __getitem__(self, part: slice) -> list[Any]:
        start = part.start or 0
        first = self._first
        if first is not None and start == 0 and part.stop <= self._first_size:
            return first[: part.stop]
        return self.rows.window(start, part.stop - start)


def model_fields(model: type[Model], *names: str) -> tuple[Field[Any, Any], ...]:
    """The model's concrete fields of these names (for :func:`fetch`'s ``fields``)."""
    found = tuple(model._meta.get_field(name) for name in names)
    assert all(isinstance(field, Field) for field in found), f"{names}: not all of them are columns"
    return found  # type: ignore[return-value]


def _json_value(value: Any, expression: Any, connection: Any) -> Any:
    """A JSON column's value as JSONField.from_db_value gives it, parsed by orjson (several times
    json's speed: a game's moves are a JSON object each). The ORM's own way where orjson would
    answer otherwise: it refuses NaN and infinities, and reads integers past 64 bits as floats (so
    any run of 19 digits goes to json)."""
    if value is None:
        return None
    if not _LONG_DIGITS.search(value):
        try:
            return orjson.loads(value)
        except orjson.JSONDecodeError:
            pass
    try:
        return json.loads(value)
    except json.JSONDecodeError:
        return value


_LONG_DIGITS = re.compile(r"\d{19}")


@functools.cache
def _converters(
    vendor: str, fields: tuple[Field[Any, Any] | None, ...]
) -> tuple[tuple[int, Converter, Any], ...]:
    """What the ORM would do to each column's raw value on this database (JSON text parsed; on
    SQLite, booleans, datetimes and durations from their stored forms), as ``(column, converter,
    expression)``; columns given as None are taken as they come."""
    found = []
    for column, field in enumerate(fields):
        if field is None:
            continue
        expression = field.get_col(field.model._meta.db_table)
        # Field.get_db_converters exists (it adds from_db_value) but the stubs do not declare it.
        own: list[Converter] = getattr(field, "get_db_converters")(connection)  # noqa: B009
        if isinstance(field, JSONField) and field.decoder is None:
            own = [_json_value if converter == field.from_db_value else converter for converter in own]
        for converter in (*connection.ops.get_db_converters(expression), *own):
            found.append((column, converter, expression))
    return tuple(found)


def fetch(
    sql: str, params: Sequence[Any], fields: Sequence[Field[Any, Any] | None] = (), *, prepared: bool = False
) -> list[tuple[Any, ...]]:
    """Rows of hand-written SQL as tuples, each column as the ORM would give it when its model
    field is named in ``fields`` (in column order; None for a column taken as it comes).

    ``prepared``: on PostgreSQL the statement is prepared once it repeats, and planned once for
    every value bound to it (:mod:`mulligan_league.statements`). Only for statements whose bound
    values are keys (ids, a cursor's position), where one plan suits them all: a value picking
    among a few of very different frequency (a status, a game) is written into the text
    (:func:`sql_literal`), as a plan made for ``finished`` games scans a million rows to find no
    ``aborted`` one."""
    with statement_cursor() if prepared else connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows: list[tuple[Any, ...]] = cursor.fetchall()
    converters = _converters(connection.vendor, tuple(fields))
    if not converters or not rows:
        return rows
    converted = []
    for row in rows:
        values = list(row)
        for column, converter, expression in converters:
            values[column] = converter(values[column], expression, connection)
        converted.append(tuple(values))
    return converted


_LITERAL_TEXT = re.compile(r"[A-Za-z0-9_.-]+")


def sql_literal(value: str) -> str:
    """A known value (a status, a game id) as a string literal for a statement's text, so that each
    value gets a prepared statement and a plan of its own (see :func:`fetch`). Anything but
    letters, digits, ``_``, ``.`` and ``-`` is refused: a caller binds other values instead."""
    if not _LITERAL_TEXT.fullmatch(value):
        raise ValueError(f"not written into SQL as a literal: {value!r}")
    return f"'{value}'"


@dataclass(frozen=True)
class Around:
    """What each row of a :class:`SqlList`'s page brings along from other tables (a game's seats),
    read in the page's statement: ``SELECT page.*, <more> FROM (<the page>) AS page <joins> ORDER BY
    <the page's order>, <order>``. ``select`` is that statement's columns (the page's first, as
    :attr:`SqlList.fields` converts them), ``fields`` converts the ones it adds, and ``gather`` folds
    the joined rows (several for one listed row, in the page's order) into the answer's dicts. The
    list's ``order`` columns must then be the page's own column names (``page.<column>``)."""

    select: str
    joins: str
    order: str
    gather: Callable[[list[tuple[Any, ...]]], list[dict[str, Any]]]
    fields: tuple[Field[Any, Any] | None, ...] = ()


@dataclass(frozen=True)
class SqlList:
    """A list read by hand-written SQL.

    ``select`` is the query up to its WHERE (columns and joins), ``where`` the list's own conditions
    (joined by AND, with ``params``), ``order`` its sort keys as ``(Key, column)``, ``row`` what
    turns a fetched tuple into the answer's dict (which holds each key's field), ``count_from``
    the smallest FROM that counts the same rows (no joins that cannot change the count), and
    ``fields`` the model fields of the selected columns that need converting (see :func:`fetch`).

    ``around`` reads what each listed row brings along from other tables in the page's own
    statement (one round trip instead of two): see :class:`Around`.
    """

    select: str
    count_from: str
    where: tuple[str, ...]
    params: tuple[Any, ...]
    order: tuple[tuple[Key, str], ...]
    row: Callable[[tuple[Any, ...]], dict[str, Any]]
    fields: tuple[Field[Any, Any] | None, ...] = ()
    around: Around | None = None
    # Whether its statements are prepared (see fetch): its bound values are keys, its filters literals.
    prepared: bool = False
    # The listed rows as groups of the fetched ones (a game a bot sat in twice listed once): the
    # columns of the list's order, which the groups then follow, as an index gives them.
    group_by: str = ""

    @property
    def _grouped(self) -> str:
        return f" GROUP BY {self.group_by}" if self.group_by else ""

    @property
    def keys(self) -> Sequence[Key]:
        return [key for key, _column in self.order]

    def _order_by(self, forward: bool) -> str:
        return ", ".join(
            f"{column} {'DESC' if key.descending == forward else 'ASC'}" for key, column in self.order
        )

    def _rows(
        self, extra: str | None, extra_params: Sequence[Any], forward: bool, limit: int, offset: int = 0
    ) -> list[dict[str, Any]]:
        where = " AND ".join([*self.where, extra] if extra else self.where) or "TRUE"
        skip = f" OFFSET {int(offset)}" if offset else ""
        sql = f"{self.select} WHERE {where}{self._grouped} ORDER BY {self._order_by(forward)} LIMIT {int(limit)}{skip}"
        params = [*self.params, *extra_params]
        around = self.around
        if around is None:
            return [self.row(values) for values in fetch(sql, params, self.fields, prepared=self.prepared)]
        # The page's own order again outside: a join keeps no order of its own.
        order = ", ".join(
            f"page.{column} {'DESC' if key.descending == forward else 'ASC'}" for key, column in self.order
        )
        sql = f"{around.select} FROM ({sql}) AS page {around.joins} ORDER BY {order}, {around.order}"
        return around.gather(fetch(sql, params, (*self.fields, *around.fields), prepared=self.prepared))

    @staticmethod
    def _past(key: Key, forward: bool) -> str:
        return ">" if key.past(forward) else "<"

    def window(self, offset: int, limit: int) -> list[Any]:
        if offset == 0:
            return self._rows(None, (), True, limit)
        if len(self.order) > 2:  # page numbers only (no cursor): a short list, read past its offset
            return self._rows(None, (), True, limit, offset)
        # A deep page (?page=N) finds the sort key of the row before it in the list's index alone
        # (no joins, no other columns), then reads on from there as a cursor does.
        keys = ", ".join(column for _key, column in self.order)
        where = " AND ".join(self.where) or "TRUE"
        before = fetch(
            f"SELECT {keys} {self.count_from} WHERE {where}{self._grouped} ORDER BY {self._order_by(True)} "
            f"LIMIT 1 OFFSET {int(offset) - 1}",
            self.params,
            prepared=self.prepared,
        )
        if not before:
            return []
        return self.after(before[0], True, limit)

    def ties(self, values: Sequence[Any], forward: bool, limit: int) -> list[Any]:
        (_first, first_column), (second, second_column) = self.order
        condition = f"{first_column} = %s AND {second_column} {self._past(second, forward)} %s"
        return self._rows(condition, values[:2], forward, limit)

    def beyond(self, value: Any, forward: bool, limit: int) -> list[Any]:
        first, column = self.order[0]
        return self._rows(f"{column} {self._past(first, forward)} %s", (value,), forward, limit)

    def after(self, values: Sequence[Any], forward: bool, limit: int) -> list[Any]:
        if len(self.order) == 1:
            return self.beyond(values[0], forward, limit)
        if self.around is not None:
            found = self.ties(values, forward, limit)
            return (
                found + self.beyond(values[0], forward, limit - len(found)) if len(found) < limit else found
            )
        # Both index range scans in one statement (UNION ALL of the two; an OR of their conditions
        # would scan every row before the cursor). Each part carries its sort keys first, under
        # names of their own, so the union can be ordered whatever the selected columns are called.
        (first, first_column), (second, second_column) = self.order
        keyed = (
            f"SELECT {first_column} AS sort_key_0, {second_column} AS sort_key_1, {self._columns_and_from}"
        )
        where = " AND ".join(self.where) or "TRUE"
        order = self._order_by(forward)
        tied = f"{first_column} = %s AND {second_column} {self._past(second, forward)} %s"
        past = f"{first_column} {self._past(first, forward)} %s"
        part = f"SELECT * FROM ({keyed} WHERE {where} AND {{}}{self._grouped} ORDER BY {order} LIMIT {int(limit)}) AS "
        union_order = ", ".join(
            f"sort_key_{n} {'DESC' if key.descending == forward else 'ASC'}"
            for n, key in enumerate((first, second))
        )
        sql = f"{part.format(tied)}tied UNION ALL {part.format(past)}past ORDER BY {union_order} LIMIT {int(limit)}"
        params = [*self.params, *values[:2], *self.params, values[0]]
        found = fetch(sql, params, (None, None, *self.fields), prepared=self.prepared)
        return [self.row(row[2:]) for row in found]

    @property
    def _columns_and_from(self) -> str:
        select = self.select.strip()
        assert select[:7].upper() == "SELECT ", f"a list's select starts with SELECT: {select[:40]!r}"
        return select[7:]

    def count(self, at_most: int | None) -> int:
        where = " AND ".join(self.where) or "TRUE"
        inner = f"SELECT 1 {self.count_from} WHERE {where}{self._grouped}"
        if at_most is None:
            sql, params = f"SELECT count(*) FROM ({inner}) AS listed", list(self.params)
        else:
            sql, params = (
                f"SELECT count(*) FROM ({inner} LIMIT {int(at_most) + 1}) AS listed",
                list(self.params),
            )
        return int(fetch(sql, params, prepared=self.prepared)[0][0])
