"""bench/api.py's write floor (bench/api_site/floor_write.py): a person's token, then one transaction
that locks a row, inserts one and updates the row; bad input is refused and writes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from rest_framework.test import APIRequestFactory

from bench.api_site.floor_tables import ROWS, make_tables
from bench.api_site.floor_write import BareDrfWrite
from games.services.tokens import token_create
from tests.games.factories import PlayerFactory

pytestmark = [pytest.mark.usefixtures("postgresql_required"), pytest.mark.django_db]

view = BareDrfWrite.as_view()


def rows() -> tuple[dict[int, int], list[tuple[int, int]]]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT id, version FROM bench_floor_row")
        versions = dict(cursor.fetchall())
        cursor.execute("SELECT row_id, number FROM bench_floor_write ORDER BY id")
        return versions, cursor.fetchall()


def post(body: Any, token: str | None) -> Any:
    headers = {} if token is None else {"HTTP_AUTHORIZATION": f"Token {token}"}
    return view(APIRequestFactory().post("/bench/bare-drf-write/", body, format="json", **headers))


@pytest.fixture
def token() -> str:
    with connection.cursor() as cursor:
        make_tables(cursor)
    return token_create(user=PlayerFactory().user)[1]


def test_each_post_writes_its_row_once_and_counts_it(token: str) -> None:
    answers = [post({"row": row}, token) for row in (3, 3, ROWS - 1)]
    assert [a.status_code for a in answers] == [201, 201, 201]
    assert [a.data for a in answers] == [
        {"row": 3, "version": 1},
        {"row": 3, "version": 2},
        {"row": ROWS - 1, "version": 1},
    ]
    versions, written = rows()
    assert len(versions) == ROWS
    assert versions[3] == 2 and versions[ROWS - 1] == 1 and versions[0] == 0
    assert written == [(3, 1), (3, 2), (ROWS - 1, 1)]


@pytest.mark.parametrize("body", [{}, {"row": -1}, {"row": ROWS}, {"row": "1"}, {"row": True}, [1]])
def test_a_bad_row_is_refused_and_writes_nothing(token: str, body: Any) -> None:
    before = rows()
    answer = post(body, token)
    assert answer.status_code == 400
    assert rows() == before


def test_without_a_token_nothing_is_written() -> None:
    with connection.cursor() as cursor:
        make_tables(cursor)
    before = rows()
    assert post({"row": 1}, None).status_code in (401, 403)
    assert rows() == before


def test_making_the_tables_again_keeps_the_rows_and_empties_the_writes(token: str) -> None:
    post({"row": 5}, token)
    with connection.cursor() as cursor:
        make_tables(cursor)
    versions, written = rows()
    assert versions[5] == 1 and written == []
