"""A league's ``entry_count`` (active entrants) and ``games_played`` (finished games), in the list and
the detail, however many entrants and games each league has: each is counted on its own, so one
league's rows neither meet the other relation's nor another league's."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from games.models import Competitor, Game, GameStatus, League, LeagueEntry, LeagueGame, Season

pytestmark = pytest.mark.django_db

# (active entrants, entrants who left, finished games, running games, aborted games) per league
SHAPES = [(5, 2, 7, 3, 1), (0, 0, 0, 0, 0), (3, 0, 0, 2, 0), (1, 4, 2, 0, 3)]


def league_of(n: int, shape: tuple[int, int, int, int, int]) -> League:
    active, left, finished, running, aborted = shape
    league = League.objects.create(name=f"league {n}", game_id="mulligan")
    season = Season.objects.create(league=league, number=1)
    for k in range(active + left):
        competitor = Competitor.objects.create(name=f"entrant {n}.{k}")
        LeagueEntry.objects.create(league=league, competitor=competitor, rating=1500.0, active=k < active)
    statuses = (
        [GameStatus.FINISHED] * finished + [GameStatus.RUNNING] * running + [GameStatus.ABORTED] * aborted
    )
    for k, status in enumerate(statuses):
        game = Game.objects.create(game_id="mulligan", seed=1000 * n + k, status=status)
        LeagueGame.objects.create(league=league, season=season, game=game)
    return league


@pytest.fixture
def leagues() -> dict[int, tuple[int, int, int, int, int]]:
    return {league_of(n, shape).pk: shape for n, shape in enumerate(SHAPES)}


def counts(body: dict[str, Any]) -> tuple[int, int]:
    return body["entry_count"], body["games_played"]


def test_the_list_counts_each_leagues_active_entrants_and_finished_games(
    api_client: APIClient, leagues: dict[int, tuple[int, ...]]
) -> None:
    listed = api_client.get("/api/leagues/").json()["results"]
    assert {row["id"]: counts(row) for row in listed} == {
        pk: (shape[0], shape[2]) for pk, shape in leagues.items()
    }


def test_the_detail_counts_the_same(api_client: APIClient, leagues: dict[int, tuple[int, ...]]) -> None:
    for pk, shape in leagues.items():
        assert counts(api_client.get(f"/api/leagues/{pk}/").json()) == (shape[0], shape[2])


def test_the_list_reads_in_the_same_queries_however_many_rows_each_league_has(
    api_client: APIClient, leagues: dict[int, tuple[int, ...]], django_assert_max_num_queries: Any
) -> None:
    with django_assert_max_num_queries(3):  # the count, the page with its counts, the seasons
        api_client.get("/api/leagues/")
    league_of(len(SHAPES), (30, 10, 40, 10, 10))
    with django_assert_max_num_queries(3):
        assert len(api_client.get("/api/leagues/").json()["results"]) == len(SHAPES) + 1
