"""Hand-written SQL is prepared by PostgreSQL once it repeats on a connection
(``mulligan_league.postgresql``'s ``prepared_cursor``, ``mulligan_league.statements``); Django's own
queries are not; the queries are still Django's to log and count; the pages read the same."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from games.selectors.lists import sql_literal
from mulligan_league import statements
from mulligan_league.postgresql.base import PREPARE_THRESHOLD
from mulligan_league.statements import statement_cursor
from tests.games.factories import PlayerFactory, RatingFactory

pytestmark = pytest.mark.usefixtures("postgresql_required")  # fails, saying why, on another database


def prepared_here() -> list[str]:
    """The statements this session has prepared (psycopg names its own ``_pg3_<n>``)."""
    with connection.cursor() as cursor:  # Django's: never prepared, so it does not list itself
        cursor.execute("SELECT statement FROM pg_prepared_statements WHERE name LIKE '\\_pg3\\_%%'")
        return [row[0] for row in cursor.fetchall()]


def run(sql: str, params: list[Any], times: int) -> list[tuple[Any, ...]]:
    rows: list[tuple[Any, ...]] = []
    for _ in range(times):
        with statement_cursor() as cursor:
            cursor.execute(sql, params)
            rows = cursor.fetchall()
    return rows


@pytest.mark.django_db
def test_a_statement_run_often_enough_is_prepared_and_one_run_less_is_not() -> None:
    often = "SELECT %s::int + 1 AS prepared_often"
    rarely = "SELECT %s::int + 2 AS prepared_rarely"
    assert run(often, [40], PREPARE_THRESHOLD + 1) == [(41,)]
    assert run(rarely, [40], PREPARE_THRESHOLD - 1) == [(42,)]
    listed = prepared_here()
    assert any("prepared_often" in statement for statement in listed), listed
    assert not any("prepared_rarely" in statement for statement in listed), listed


@pytest.mark.django_db
def test_djangos_own_queries_are_never_prepared() -> None:
    for _ in range(PREPARE_THRESHOLD * 2):
        with connection.cursor() as cursor:
            cursor.execute("SELECT %s::int AS django_own", [7])
            assert cursor.fetchone() == (7,)
    assert not any("django_own" in statement for statement in prepared_here())


@pytest.mark.django_db
def test_switched_off_in_the_settings_nothing_is_prepared(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(connection.settings_dict, "PREPARED_STATEMENTS", False)
    assert run("SELECT %s::int AS switched_off", [1], PREPARE_THRESHOLD * 2) == [(1,)]
    assert not any("switched_off" in statement for statement in prepared_here())


@pytest.mark.django_db
def test_prepared_statements_are_logged_and_counted_as_django_logs_its_own() -> None:
    with CaptureQueriesContext(connection) as captured:
        run("SELECT %s::int AS counted", [3], PREPARE_THRESHOLD + 2)
    assert len(captured.captured_queries) == PREPARE_THRESHOLD + 2
    # With their values, as Django logs its own (not PostgreSQL's $1).
    assert all(query["sql"] == "SELECT 3::int AS counted" for query in captured.captured_queries), captured


@pytest.mark.django_db
def test_errors_are_djangos_and_the_connection_goes_on() -> None:
    from django.db import DataError, transaction

    with pytest.raises(DataError), transaction.atomic():
        run("SELECT %s::int AS refused", ["not a number"], 1)
    assert run("SELECT %s::int AS after_refusal", [5], 1) == [(5,)]


def test_without_a_preparing_backend_it_is_djangos_cursor(monkeypatch: pytest.MonkeyPatch) -> None:
    class PlainConnection:  # SQLite's wrapper, say: no prepared_cursor
        def cursor(self) -> str:
            return "django's cursor"

    monkeypatch.setattr(statements, "connection", PlainConnection())
    assert statement_cursor() == "django's cursor"


@pytest.mark.django_db
def test_the_ladder_reads_the_same_before_and_after_its_statements_are_prepared(settings: Any) -> None:
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "PAGE_SIZE": 4}  # two pages of six
    for rating in (1500, 1620, 1380, 1620, 1710, 1455):
        RatingFactory(game_id="mulligan", rating=rating, competitor=PlayerFactory().competitor)
    client = APIClient()
    pages = []
    for _ in range(PREPARE_THRESHOLD + 2):
        first = client.get("/api/ladder/?game=mulligan")
        assert first.status_code == 200, first.content
        second = client.get(first.json()["next"])
        assert second.status_code == 200, second.content
        pages.append((first.json()["results"], second.json()["results"]))
    assert all(page == pages[0] for page in pages)
    ratings = [row["rating"] for row in pages[0][0] + pages[0][1]]
    assert ratings == sorted(ratings, reverse=True) and len(ratings) == 6
    assert any("games_rating" in statement for statement in prepared_here())


def test_only_plain_words_are_written_into_a_statement_as_literals() -> None:
    assert sql_literal("finished") == "'finished'"
    assert sql_literal("three_card") == "'three_card'"
    for value in ("x' OR 'a'='a", "a b", "", "fin\\ished", "é"):
        with pytest.raises(ValueError, match="not written into SQL"):
            sql_literal(value)


@pytest.mark.django_db
def test_a_known_filter_gets_a_statement_of_its_own_and_an_unknown_one_none() -> None:
    """A plan made for one status (a million finished games) would scan them all for another that
    has none, so each known status is its own prepared statement; any other value is not prepared."""
    client = APIClient()
    for _ in range(PREPARE_THRESHOLD + 1):
        for query in ("status=finished", "status=running", "status=no-such-status", "game=golf"):
            answer = client.get(f"/api/games/?{query}")
            assert answer.status_code == 200, answer.content
    listed = prepared_here()
    for written in ("status = 'finished'", "status = 'running'", "game_id = 'golf'"):
        assert any(written in statement for statement in listed), (written, listed)
    assert not any("no-such-status" in statement for statement in listed), listed
    bound_filter = ("FROM games_game WHERE status = $", "FROM games_game WHERE game_id = $")
    assert not any(part in statement for statement in listed for part in bound_filter), listed
