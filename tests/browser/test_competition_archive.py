"""A finished tournament's and league's page links their archive for everyone, signed in or not, and
the link downloads the zip; a competition still running shows no link (issue 19, point 3)."""

from __future__ import annotations

import zipfile
from typing import Any

import pytest

from games.models import CompetitionState, League, Tournament
from games.services.competitions import (
    tournament_create,
    tournament_join,
    tournament_open_registration,
    tournament_start,
)
from games.services.leagues import (
    league_create,
    league_finish,
    league_join,
    league_open_registration,
    league_start,
)
from games.services.players import builtin_bots_ensure

pytestmark = pytest.mark.django_db(transaction=True)

SHORT = {"max_turns": 6}


def _bots() -> list[Any]:
    return [bot.competitor for bot in builtin_bots_ensure() if bot.game_id == "mulligan"][:2]


def _tournament(finish: bool) -> Tournament:
    tournament = tournament_create(name="Archive cup", game_id="mulligan", format="round_robin", config=SHORT)
    tournament_open_registration(tournament_pk=tournament.pk)
    for competitor in _bots():
        tournament_join(tournament_pk=tournament.pk, competitor=competitor)
    if finish:
        # Bots alone: eager Celery plays the round (and so the tournament) out at once.
        tournament_start(tournament_pk=tournament.pk)
    return Tournament.objects.get(pk=tournament.pk)


def _league(finish: bool) -> League:
    league = league_create(name="Archive league", game_id="mulligan", config=SHORT)
    league_open_registration(league_pk=league.pk)
    for competitor in _bots():
        league_join(league_pk=league.pk, competitor=competitor)
    league_start(league_pk=league.pk)
    if finish:
        league_finish(league_pk=league.pk)
    return League.objects.get(pk=league.pk)


def _download(page: Any, tmp_path: Any) -> zipfile.ZipFile:
    link = page.get_by_role("link", name="Download the archive")
    with page.expect_download() as download:
        link.click()
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(str(path))
    return zipfile.ZipFile(path)


def test_a_finished_tournament_page_links_its_archive(
    live_server: Any, page: Any, screenshot: Any, accessibility: Any, console: Any, tmp_path: Any
) -> None:
    running = _tournament(finish=False)
    page.goto(f"{live_server.url}/tournaments/{running.pk}/")
    assert page.get_by_role("link", name="Download the archive").count() == 0
    finished = _tournament(finish=True)
    assert finished.state == CompetitionState.FINISHED
    page.goto(f"{live_server.url}/tournaments/{finished.pk}/")
    assert page.get_by_test_id("archive").is_visible()
    screenshot("tournament-archive-link")
    accessibility("a finished tournament's page")
    console.check("a finished tournament's page")
    archive = _download(page, tmp_path)
    assert archive.filename is not None and archive.filename.endswith(f"tournament-{finished.pk}-archive-cup.zip")
    assert {"README.md", "games.ndjson", "rounds.json", "standings/final.csv", "standings/round-01.csv"} <= set(
        archive.namelist()
    )


def test_a_finished_league_page_links_its_archive(
    live_server: Any, page: Any, accessibility: Any, console: Any, tmp_path: Any
) -> None:
    running = _league(finish=False)
    page.goto(f"{live_server.url}/leagues/{running.pk}/")
    assert page.get_by_role("link", name="Download the archive").count() == 0
    finished = _league(finish=True)
    page.goto(f"{live_server.url}/leagues/{finished.pk}/")
    accessibility("a finished league's page")
    console.check("a finished league's page")
    archive = _download(page, tmp_path)
    assert {"README.md", "games.ndjson", "pairings.json", "standings/season-01.csv"} <= set(archive.namelist())
