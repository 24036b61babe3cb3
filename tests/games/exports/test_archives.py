"""A finished tournament's and league's archive: the zip unpacked and each part held to the database."""

from __future__ import annotations

import csv
import io
import json
import zipfile
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from rest_framework.test import APIClient

from engine.cli.verify import line_problems
from games.models import Game, League, LeagueGame, Round, Season, Tournament
from games.services.leagues import league_finish, league_next_season
from games.tasks import ladder_matchmaking
from tests.games.competitions.conftest import make_bots, open_tournament
from tests.games.leagues.conftest import running_league

pytestmark = pytest.mark.django_db


def _unpacked(client: APIClient, url: str, filename_start: str) -> zipfile.ZipFile:
    response = client.get(url)
    assert response.status_code == 200, response
    assert response["Content-Type"] == "application/zip"
    assert f'attachment; filename="{filename_start}' in response["Content-Disposition"]
    return zipfile.ZipFile(io.BytesIO(b"".join(response.streaming_content)))


def _csv(archive: zipfile.ZipFile, name: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(archive.read(name).decode())))


def _as_csv_cells(rows: list[dict[str, Any]]) -> list[dict[str, str]]:
    """Standings rows as the CSV writes them: text, empty for null, JSON for a list."""

    def cell(value: Any) -> str:
        if value is None:
            return ""
        return json.dumps(value) if isinstance(value, list | dict) else str(value)

    return [{key: cell(value) for key, value in row.items()} for row in rows]


def _games(archive: zipfile.ZipFile) -> list[dict[str, Any]]:
    return [json.loads(line) for line in archive.read("games.ndjson").decode().splitlines()]


def test_a_tournaments_archive_holds_its_standings_pairings_and_games(
    finished_tournament: Tournament, api_client: APIClient
) -> None:
    archive = _unpacked(
        api_client, f"/api/tournaments/{finished_tournament.pk}/archive/", f"tournament-{finished_tournament.pk}-"
    )
    rounds = list(Round.objects.filter(tournament=finished_tournament).order_by("number"))
    assert len(rounds) == 2
    assert sorted(archive.namelist()) == sorted(
        ["README.md", "rounds.json", "games.ndjson", "standings/final.csv"]
        + [f"standings/round-{rnd.number:02d}.csv" for rnd in rounds]
    )
    for rnd in rounds:
        assert _csv(archive, f"standings/round-{rnd.number:02d}.csv") == _as_csv_cells(rnd.standings)
    assert _csv(archive, "standings/final.csv") == _as_csv_cells(finished_tournament.standings)
    pairings = json.loads(archive.read("rounds.json"))
    assert [rnd["number"] for rnd in pairings] == [1, 2]
    tables = {
        (rnd["number"], match["table"]): [seat["entry"] for seat in match["seats"]]
        for rnd in pairings
        for match in rnd["matches"]
    }
    assert tables == {
        (rnd.number, match.table): match.entries for rnd in rounds for match in rnd.matches.all()
    }
    games = _games(archive)
    stored = Game.objects.filter(match_game__match__round__tournament=finished_tournament).order_by("id")
    assert [game["id"] for game in games] == [game.pk for game in stored]
    assert all(line_problems(game) == [] for game in games)
    readme = archive.read("README.md").decode()
    assert readme.startswith(f"# {finished_tournament.name}\n")
    assert f"{len(games)} games" in readme
    winner = finished_tournament.standings[0]["name"]
    assert f"| 1 | {winner} |" in readme


def test_a_tournament_has_no_archive_before_it_finishes(api_client: APIClient) -> None:
    tournament = open_tournament(field=[bot.competitor for bot in make_bots(2)])
    response = api_client.get(f"/api/tournaments/{tournament.pk}/archive/")
    assert response.status_code == 409
    assert "once the tournament has finished" in response.json()["detail"]
    assert api_client.get("/api/tournaments/987654/archive/").status_code == 404
    assert api_client.get("/api/leagues/987654/archive/").status_code == 404


def test_a_leagues_archive_holds_each_seasons_ladder_its_pairings_and_games(
    api_client: APIClient, django_capture_on_commit_callbacks: Callable[..., AbstractContextManager[Any]]
) -> None:
    league = running_league(field=[bot.competitor for bot in make_bots(4)])
    with django_capture_on_commit_callbacks(execute=True):
        ladder_matchmaking()
    running = api_client.get(f"/api/leagues/{league.pk}/archive/")
    assert running.status_code == 409
    league_next_season(league_pk=league.pk)
    with django_capture_on_commit_callbacks(execute=True):
        ladder_matchmaking()
    league_finish(league_pk=league.pk)
    league = League.objects.get(pk=league.pk)
    archive = _unpacked(api_client, f"/api/leagues/{league.pk}/archive/", f"league-{league.pk}-")
    seasons = list(Season.objects.filter(league=league).order_by("number"))
    assert sorted(archive.namelist()) == sorted(
        ["README.md", "pairings.json", "games.ndjson", "standings/season-01.csv", "standings/season-02.csv"]
    )
    for season in seasons:
        assert _csv(archive, f"standings/season-{season.number:02d}.csv") == _as_csv_cells(season.standings)
    pairings = json.loads(archive.read("pairings.json"))
    league_games = LeagueGame.objects.filter(league=league).select_related("season").order_by("game_id")
    assert [(p["game"], p["season"]) for p in pairings] == [(lg.game_id, lg.season.number) for lg in league_games]
    assert len(pairings) >= 4
    games = _games(archive)
    finished = Game.objects.filter(league_game__league=league, status="finished").order_by("id")
    assert [game["id"] for game in games] == [game.pk for game in finished]
    assert {game["league"]["id"] for game in games} == {league.pk}
    assert all(line_problems(game) == [] for game in games)
    assert archive.read("README.md").decode().startswith(f"# {league.name}\n")
