"""League pages: the list, and one league's ladder, settings, seasons and recent games."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import timedelta
from typing import Any

import pytest
from django.urls import reverse

from games.models import Competitor, Game, League
from games.selectors.leagues import ladder_entries
from games.services.ladder import ladder_matchmake
from games.services.leagues import league_next_season
from tests.games.leagues.conftest import running_league
from tests.games.web_competitions.pages import page, texts

pytestmark = pytest.mark.django_db

Bots = Callable[[int], list[Competitor]]
OnCommit = Callable[[], AbstractContextManager[Any]]


def play_ladder_rounds(league: League, rounds: int, on_commit: OnCommit) -> None:
    for _ in range(rounds):
        with on_commit():
            assert ladder_matchmake(league_pk=league.pk)


def settings_of(soup: Any) -> dict[str, str]:
    return {row.th.text: " ".join(row.td.text.split()) for row in soup.select("table.settings tr")}


def test_ladder_settings_seasons_and_games(bots: Bots, on_commit: OnCommit, settings: Any) -> None:
    settings.ELO_PROVISIONAL_GAMES = 2
    field = bots(5)  # odd: one bot sits out each round, so some stay provisional longer
    league = running_league(field=field)
    play_ladder_rounds(league, 1, on_commit)
    league_next_season(league_pk=league.pk)
    play_ladder_rounds(league, 1, on_commit)
    League.objects.filter(pk=league.pk).update(
        timeout_policy="default_action", allow_vacations=False, move_time_limit=timedelta(days=2)
    )

    soup = page(reverse("league", args=[league.pk]))
    ladder = list(ladder_entries(league).select_related("competitor"))
    rows = soup.select('[data-testid="ladder"] tbody tr')
    assert texts(row.select_one("td:nth-of-type(2)") for row in rows) == [e.competitor.name for e in ladder]
    for row, entry in zip(rows, ladder, strict=True):
        assert row.select_one("td:nth-of-type(2) a")["href"] == reverse("profile", args=[entry.competitor_id])
        rating_cell = row.select_one("td:nth-of-type(3)")
        assert rating_cell.text.split()[0] == f"{entry.rating:.1f}"
        assert bool(rating_cell.select('[data-provisional="true"]')) == entry.provisional
    assert {e.provisional for e in ladder} == {True, False}

    shown = settings_of(soup)
    assert shown["time per move"] == "2 days"
    assert shown["on timeout"].startswith("play a default action")
    assert shown["vacations"].startswith("not allowed")
    assert shown["rating"] == "Elo"

    seasons = soup.select("section[data-season]")
    assert [s["data-season"] for s in seasons] == ["1", "2"]
    assert "finished" in seasons[0].h3.text and "running" in seasons[1].h3.text
    closed = league.seasons.get(number=1).standings
    assert texts(seasons[0].select("tbody td:nth-of-type(2)")) == [row["name"] for row in closed]

    games = Game.objects.filter(league_game__league=league).order_by("-id")
    links = [a["href"] for a in soup.select('[data-testid="league-games"] tbody td:nth-of-type(1) a')]
    assert links == [reverse("game", args=[g.pk]) for g in games] and len(links) == 4


def test_openskill_ladder_shows_mu_and_sigma(bots: Bots, on_commit: OnCommit, settings: Any) -> None:
    settings.LADDER_BASE_GAP = 1e6
    league = running_league(field=bots(4), seats_per_table=4, rating_system="openskill")
    play_ladder_rounds(league, 1, on_commit)
    soup = page(reverse("league", args=[league.pk]))
    headers = texts(soup.select('[data-testid="ladder"] thead th'))
    assert headers == ["position", "name", "rating", "mu", "sigma", "games"]
    assert settings_of(soup)["rating"].startswith("OpenSkill ordinal")
    assert len(soup.select('[data-testid="ladder"] tbody tr')) == 4


def test_the_list_and_unknown_leagues(bots: Bots) -> None:
    league = running_league(field=bots(2), name="Sunday ladder")
    draft = running_league(name="Next year", start=False)
    soup = page(reverse("leagues"))
    rows = {texts(tr.select("td"))[0]: texts(tr.select("td")) for tr in soup.select("tbody tr")}
    assert rows["Sunday ladder"][1:] == ["running", "mulligan", "2", "Elo", "2", "0"]
    assert rows["Next year"][1] == "registration open"
    assert len(page(reverse("leagues") + "?page=-4").select("tbody tr")) == 2  # a bad page: the first
    assert soup.select_one(f'a[href="{reverse("league", args=[draft.pk])}"]') is not None

    for pk in (league.pk + 1000, 2**64):
        missing = page(f"/leagues/{pk}/", status=404)
        assert f"There is no league {pk}" in " ".join(missing.text.split())


def test_league_page_queries_are_bounded(
    bots: Bots, on_commit: OnCommit, django_assert_max_num_queries: Any
) -> None:
    league = running_league(field=bots(12))
    play_ladder_rounds(league, 2, on_commit)
    with django_assert_max_num_queries(10):
        page(reverse("league", args=[league.pk]))
