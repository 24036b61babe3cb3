"""A page of a long list is read off an index in the list's order: the database looks at the page's
rows (and the one after, for ``next``), not at every row of the list to sort them."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from games.models import Bot, BotKind, Competitor, Game, GameStatus, League, LeagueGame, Season, Seat
from tests.games.helpers import postgres_only
from tests.games.plans import analyze, ordered_paths_only, rows_read

pytestmark = [pytest.mark.django_db, postgres_only]

BOTS = 600
GAMES = 5000
SHARE = (
    50  # the busy league's, and the bot's, one game in SHARE: a walk of all games reads SHARE times its page
)
PAGE = 50


def the_page(sql: str) -> bool:
    """The page's own statement (by number, or with the row after it), not the list's count."""
    return ("LIMIT 50" in sql or "LIMIT 51" in sql) and "COUNT" not in sql


@pytest.fixture
def bots() -> None:
    competitors = Competitor.objects.bulk_create(Competitor(name=f"bot {n}") for n in range(BOTS))
    Bot.objects.bulk_create(
        Bot(competitor=competitor, game_id=("mulligan", "golf", "three_card")[n % 3], kind=BotKind.PROGRAM)
        for n, competitor in enumerate(competitors)
    )
    analyze("games_bot", "games_competitor")


@pytest.mark.parametrize("game", [None, "golf"])
def test_a_page_of_bots_reads_the_page(api_client: APIClient, bots: None, game: str | None) -> None:
    def page() -> Any:
        response = api_client.get("/api/bots/", {"game": game} if game else {})
        assert response.status_code == 200
        return response.json()["results"]

    listed = page()
    assert len(listed) == PAGE and {row["game_id"] for row in listed} == {"golf"}  # the first game id
    assert [row["id"] for row in listed] == sorted(row["id"] for row in listed)
    with ordered_paths_only():
        assert rows_read(page, "games_bot", the_page) <= PAGE + 1


@pytest.fixture
def league() -> League:
    """A league that played one game in SHARE; another league played the rest."""
    league = League.objects.create(name="busy", game_id="mulligan")
    other = League.objects.create(name="other", game_id="mulligan")
    seasons = {held.pk: Season.objects.create(league=held, number=1) for held in (league, other)}
    games = Game.objects.bulk_create(
        Game(game_id="mulligan", seed=n, status=GameStatus.FINISHED) for n in range(GAMES)
    )
    owners = [league if n % SHARE == 0 else other for n in range(GAMES)]
    LeagueGame.objects.bulk_create(
        LeagueGame(league=owner, season=seasons[owner.pk], game=game)
        for owner, game in zip(owners, games, strict=True)
    )
    analyze("games_leaguegame", "games_game", "games_season")
    return league


def test_a_page_of_a_leagues_games_reads_the_page(api_client: APIClient, league: League) -> None:
    def page() -> Any:
        response = api_client.get(f"/api/leagues/{league.pk}/games/")
        assert response.status_code == 200
        return response.json()["results"]

    mine = LeagueGame.objects.filter(league=league).order_by("-game_id").values_list("game_id", flat=True)
    assert [row["id"] for row in page()] == list(mine[:PAGE])
    with ordered_paths_only():
        assert rows_read(page, "games_leaguegame", the_page) <= PAGE + 1
        assert rows_read(page, "games_game", the_page) <= PAGE + 1


def test_a_page_of_a_bots_games_reads_the_page(api_client: APIClient) -> None:
    """A bot that sat in one game in SHARE, two seats each: a page reads the bot's seats of its own
    games and those games' seats, not every game's."""
    bot, rival, other = (Competitor.objects.create(name=name) for name in ("busy bot", "rival", "other"))
    listed = Bot.objects.create(competitor=bot, game_id="mulligan", kind=BotKind.PROGRAM)
    games = Game.objects.bulk_create(
        Game(game_id="mulligan", seed=n, status=GameStatus.FINISHED) for n in range(GAMES)
    )
    Seat.objects.bulk_create(
        Seat(game=game, index=index, competitor=who)
        for n, game in enumerate(games)
        for index, who in enumerate((bot, rival) if n % SHARE == 0 else (rival, other))
    )
    analyze("games_seat", "games_game", "games_competitor")

    def page() -> Any:
        response = api_client.get(f"/api/bots/{listed.pk}/games/")
        assert response.status_code == 200
        return response.json()["results"]

    shown = page()
    played = sorted((game.pk for n, game in enumerate(games) if n % SHARE == 0), reverse=True)
    assert [row["id"] for row in shown] == played[:PAGE]
    assert all(len(row["seats"]) == 2 and len(row["bot_seats"]) == 1 for row in shown)
    with ordered_paths_only():
        # the bot's seat in each game of the page (and the next), then both seats of each
        assert rows_read(page, "games_seat", the_page) <= (PAGE + 1) * 3
