"""A league as the API answers it (``league_rows`` and ``league_answer``, hand-written SQL) is the JSON
that ``LeagueSerializer``, the answer's documented schema, gives for the same league read by the ORM,
field for field and byte for byte: in every state, rating system, organiser or none, seasons or
none, odd time limits; in the list, its pages and filters, and the detail."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from rest_framework.test import APIClient

from games.api.league_serializers import LeagueSerializer
from games.api.pagination import PageNumbers
from games.api.renderers import JSONRenderer
from games.models import League, LeagueTally, RatingSystem
from games.selectors.leagues import league_answer, league_rows, leagues_with_counts
from games.services.leagues import (
    league_cancel,
    league_create,
    league_finish,
    league_join,
    league_next_season,
    league_open_registration,
)
from tests.games.competitions.conftest import make_bots
from tests.games.factories import PlayerFactory
from tests.games.leagues.conftest import running_league

pytestmark = pytest.mark.django_db


def varied_leagues() -> list[League]:
    organiser = PlayerFactory()
    draft = league_create(name="Draft ♣ \u2028 league", game_id="mulligan", organiser=organiser)
    openskill = league_create(
        name="OpenSkill",
        game_id="mulligan",
        seats_per_table=4,
        rating_system=RatingSystem.OPENSKILL,
        entrants="bots",
        move_time_limit=timedelta(seconds=90.5),
        timeout_policy="forfeit",
        ratings_per_season=True,
    )
    league_open_registration(league_pk=openskill.pk)
    bots = make_bots(6)
    running = running_league(field=[bot.competitor for bot in bots[:2]], name="Running", challenge_range=5)
    seasons = running_league(field=[bot.competitor for bot in bots[2:4]], name="Seasons")
    league_next_season(league_pk=seasons.pk)
    finished = running_league(field=[bot.competitor for bot in bots[4:]], name="Finished")
    league_finish(league_pk=finished.pk)
    cancelled = league_create(name="Cancelled", game_id="golf", config={"holes": 9})
    league_cancel(league_pk=cancelled.pk)
    registration = league_create(name="Registration", game_id="mulligan", move_time_limit=timedelta(days=3))
    league_open_registration(league_pk=registration.pk)
    tallyless = league_create(name="No tally", game_id="mulligan")
    LeagueTally.objects.filter(league=tallyless).delete()
    return [draft, openskill, running, seasons, finished, cancelled, registration, tallyless]


def rendered(data: Any) -> bytes:
    return JSONRenderer().render(data)


def by_serializer(pks: list[int]) -> dict[int, bytes]:
    read = leagues_with_counts().prefetch_related("seasons").filter(pk__in=pks)
    return {league.pk: rendered(LeagueSerializer(league).data) for league in read}


def test_each_league_is_answered_as_its_serializer_answers_it() -> None:
    pks = [league.pk for league in varied_leagues()]
    expected = by_serializer(pks)
    assert len(expected) == len(pks)
    listed = league_rows().window(0, 100)
    assert [row["id"] for row in listed] == sorted(pks, reverse=True)
    assert {row["id"]: rendered(row) for row in listed} == expected
    for pk in pks:
        answer = league_answer(pk)
        assert answer is not None and rendered(answer) == expected[pk]
    assert league_answer(max(pks) + 1) is None


def test_the_filters_and_pages_list_what_the_orm_lists() -> None:
    leagues = varied_leagues()
    for game_id in (None, "mulligan", "golf", "chess"):
        for state in (None, "draft", "registration", "running", "finished", "cancelled"):
            orm = League.objects.order_by("-id")
            orm = orm.filter(game_id=game_id) if game_id else orm
            orm = orm.filter(state=state) if state else orm
            rows = league_rows(game_id=game_id, state=state)
            expected = list(orm.values_list("pk", flat=True))
            assert [row["id"] for row in rows.window(0, 100)] == expected
            assert rows.count(None) == len(expected)
            assert [row["id"] for row in rows.window(2, 3)] == expected[2:5]
    assert len(leagues) == League.objects.count()


def test_the_list_and_the_detail_answer_the_serializers_json(api_client: APIClient, monkeypatch: Any) -> None:
    pks = [league.pk for league in varied_leagues()]
    expected = by_serializer(pks)
    listed = api_client.get("/api/leagues/").json()["results"]
    assert {row["id"]: rendered(row) for row in listed} == expected
    for pk in pks:
        assert api_client.get(f"/api/leagues/{pk}/").content == expected[pk]
    monkeypatch.setattr(PageNumbers, "page_size", 3)
    first = api_client.get("/api/leagues/", {"game": "mulligan"}).json()
    second = api_client.get(first["next"]).json()
    mulligan = sorted((pk for pk in pks if b'"game":"mulligan"' in expected[pk]), reverse=True)
    assert first["count"] == second["count"] == len(mulligan)
    assert [row["id"] for row in first["results"] + second["results"]] == mulligan[:6]
    assert api_client.get("/api/leagues/", {"state": "bogus"}).status_code == 400
    assert api_client.get("/api/leagues/", {"page": 99}).status_code == 404


def test_a_start_answers_the_serializers_json(client_for: Any) -> None:
    organiser = PlayerFactory()
    league = league_create(name="Started", game_id="mulligan", organiser=organiser)
    league_open_registration(league_pk=league.pk)
    for bot in make_bots(2):
        league_join(league_pk=league.pk, competitor=bot.competitor)
    answer = client_for(organiser).post(f"/api/leagues/{league.pk}/start/")
    assert answer.status_code == 200, answer.json()
    started = leagues_with_counts().prefetch_related("seasons").get(pk=league.pk)
    assert answer.content == rendered(LeagueSerializer(started).data)
    assert answer.json()["season"] == 1 and answer.json()["entry_count"] == 2
