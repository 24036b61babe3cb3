"""The league API (``/api/leagues/...``) through ``APIClient``, on eager Celery."""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from games.models import Bot, LeagueEntry, Player
from games.tasks import ladder_matchmaking
from tests.games.competitions.conftest import make_bots

pytestmark = pytest.mark.django_db

ClientFor = Callable[[Player], APIClient]
OnCommit = Callable[[], AbstractContextManager[Any]]
URL = "/api/leagues/"


def url(pk: int, action: str = "") -> str:
    return f"{URL}{pk}/{action + '/' if action else ''}"


def owned_bots(owner: Player, count: int) -> list[Bot]:
    bots = make_bots(count)
    Bot.objects.filter(pk__in=[b.pk for b in bots]).update(owner=owner)
    return bots


@pytest.fixture
def boss(players: list[Player], client_for: ClientFor) -> APIClient:
    return client_for(players[0])


def create(client: APIClient, **body: Any) -> dict[str, Any]:
    response = client.post(URL, {"name": "ladder", "game": "mulligan", **body}, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def test_create_list_and_detail(boss: APIClient, api_client: APIClient, players: list[Player]) -> None:
    league = create(boss, seats_per_table=4, rating_system="openskill")
    assert league["state"] == "draft" and league["rating_system"] == "openskill"
    assert league["organiser"]["player"] == players[0].pk and league["season"] is None
    listed = api_client.get(URL, {"state": "draft"}).json()
    assert [row["id"] for row in listed["results"]] == [league["id"]]
    assert api_client.get(url(league["id"])).json()["name"] == "ladder"
    assert api_client.get(url(999)).status_code == 404
    assert api_client.get(url(10**30)).status_code == 404


def test_create_errors(boss: APIClient, api_client: APIClient) -> None:
    response = boss.post(URL, {"name": "x", "game": "mulligan", "rating_system": "openskill"}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid" and "OpenSkill" in response.json()["detail"]
    response = boss.post(URL, {"name": "x", "game": "mulligan", "rating_system": "glicko"}, format="json")
    assert response.status_code == 400 and "rating_system" in response.json()["errors"]
    assert api_client.post(URL, {"name": "x", "game": "mulligan"}, format="json").status_code == 401


def test_lifecycle_join_ladder_games(
    boss: APIClient, players: list[Player], client_for: ClientFor, api_client: APIClient, on_commit: OnCommit
) -> None:
    league = create(boss)
    pk = league["id"]
    other = client_for(players[1])
    assert other.post(url(pk, "open")).json()["code"] == "not_organiser"
    assert boss.post(url(pk, "open")).json()["state"] == "registration"
    bots = owned_bots(players[0], 4)
    for bot in bots:
        assert boss.post(url(pk, "join"), {"bot": bot.pk}, format="json").status_code == 201
    response = other.post(url(pk, "join"), {"bot": bots[0].pk}, format="json")
    assert response.status_code == 403 and response.json()["code"] == "not_your_entrant"
    assert other.post(url(pk, "join"), {}, format="json").status_code == 201
    assert other.post(url(pk, "join"), {}, format="json").status_code == 409
    assert other.post(url(pk, "leave"), {}, format="json").status_code == 204
    assert boss.post(url(pk, "finish")).status_code == 409
    started = boss.post(url(pk, "start")).json()
    assert started["state"] == "running" and started["season"] == 1 and started["entry_count"] == 4

    with on_commit():
        ladder_matchmaking()
    ladder = api_client.get(url(pk, "ladder")).json()
    assert ladder["rating_system"] == "elo" and ladder["count"] == 4
    rows = ladder["results"]
    assert [row["position"] for row in rows] == [1, 2, 3, 4]
    assert all(row["provisional"] and row["games_played"] == 1 and row["kind"] == "bot" for row in rows)
    assert rows[0]["rating"] >= rows[-1]["rating"]
    games = api_client.get(url(pk, "games")).json()
    assert games["count"] == 2
    assert {len(g["seats"]) for g in games["results"]} == {2}
    assert all(g["status"] == "finished" and not g["challenge"] for g in games["results"])

    assert boss.post(url(pk, "finish")).json()["state"] == "finished"
    assert boss.post(url(pk, "join"), {}, format="json").status_code == 409


def test_challenge_endpoint(players: list[Player], client_for: ClientFor, boss: APIClient) -> None:
    league = create(boss, challenge_range=1)
    pk = league["id"]
    boss.post(url(pk, "open"))
    for player in players:
        assert client_for(player).post(url(pk, "join"), {}, format="json").status_code == 201
    boss.post(url(pk, "start"))
    for place, entry in enumerate(LeagueEntry.objects.filter(league_id=pk).order_by("id")):
        LeagueEntry.objects.filter(pk=entry.pk).update(rating=2000 - 10 * place)
    entries = {e.competitor_id: e.pk for e in LeagueEntry.objects.filter(league_id=pk)}
    me = client_for(players[0])
    response = me.post(url(pk, "challenge"), {"entry": entries[players[1].competitor_id]}, format="json")
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["challenge"] and [s["competitor"] for s in body["seats"]] == [
        players[0].competitor_id,
        players[1].competitor_id,
    ]
    response = me.post(url(pk, "challenge"), {"entry": entries[players[2].competitor_id]}, format="json")
    assert response.status_code == 409
    assert response.json()["code"] == "challenge_out_of_range"
    assert "2 places from you" in response.json()["detail"]
    assert me.post(url(pk, "challenge"), {"entry": 99999}, format="json").status_code == 404
    response = me.post(url(pk, "challenge"), {}, format="json")
    assert response.status_code == 400 and "entry" in response.json()["errors"]


def test_the_schema_documents_the_league_api_without_warnings() -> None:
    schema = json.loads(APIClient().get("/api/schema/?format=json").content)
    expected = {
        "/api/leagues/",
        "/api/leagues/{id}/",
        "/api/leagues/{id}/open/",
        "/api/leagues/{id}/start/",
        "/api/leagues/{id}/finish/",
        "/api/leagues/{id}/cancel/",
        "/api/leagues/{id}/join/",
        "/api/leagues/{id}/leave/",
        "/api/leagues/{id}/challenge/",
        "/api/leagues/{id}/ladder/",
        "/api/leagues/{id}/games/",
        "/api/leagues/{id}/seasons/",
        "/api/leagues/{id}/next-season/",
    }
    assert expected <= set(schema["paths"])
    call_command("spectacular", "--fail-on-warn", "--file", "/dev/null")


def test_a_ladder_names_its_rating_system_on_every_page_and_tells_a_missing_league_from_a_missing_page(
    boss: APIClient, players: list[Player], api_client: APIClient, django_assert_max_num_queries: Any
) -> None:
    empty = create(boss, rating_system="openskill", seats_per_table=3)
    answer = api_client.get(url(empty["id"], "ladder")).json()
    assert answer == {"count": 0, "next": None, "previous": None, "results": [], "rating_system": "openskill"}
    assert api_client.get(url(empty["id"], "ladder") + "?page=2").json()["detail"] == "Invalid page."
    league = create(boss)
    boss.post(url(league["id"], "open"))
    for bot in owned_bots(players[0], 3):
        assert boss.post(url(league["id"], "join"), {"bot": bot.pk}, format="json").status_code == 201
    with django_assert_max_num_queries(1):  # the rows, which name their league's rating system
        answer = api_client.get(url(league["id"], "ladder")).json()
    assert answer["rating_system"] == "elo" and answer["count"] == 3
    assert all("rating_system" in row and row["rating_system"] == "elo" for row in answer["results"])
    missing = empty["id"] + league["id"] + 1000
    for query in ("", "?page=2", "?cursor=nonsense"):
        response = api_client.get(url(missing, "ladder") + query)
        assert response.status_code == 404
        assert response.json() == {"detail": f"no league {missing}", "code": "not_found"}, query
