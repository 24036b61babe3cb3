"""A league's ``entry_count`` (active entrants) and ``games_played`` (finished games), in the list and
the detail: its tally (``games.services.league_tallies``) follows every join, leave, return and game
end through the services, agrees with what the rows count, and is read in the same queries however
many entrants and games a league has. A season's ``games`` follows matchmaking and challenges the
same way. ``manage.py verify`` tells a count that differs."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from rest_framework.test import APIClient

from games.models import (
    Competitor,
    Game,
    GameStatus,
    League,
    LeagueEntry,
    LeagueGame,
    LeagueTally,
    Player,
    Season,
)
from games.services.ladder import league_challenge
from games.services.league_tallies import counted_tallies, league_tallies_recount
from games.services.leagues import (
    league_cancel,
    league_join,
    league_leave,
    league_next_season,
    league_ratings_recompute,
)
from games.tasks import ladder_matchmaking
from tests.games.competitions.conftest import make_bots
from tests.games.leagues.conftest import running_league

pytestmark = pytest.mark.django_db

# (active entrants, entrants who left, finished games, running games, aborted games) per league
SHAPES = [(5, 2, 7, 3, 1), (0, 0, 0, 0, 0), (3, 0, 0, 2, 0), (1, 4, 2, 0, 3)]


def league_of(n: int, shape: tuple[int, int, int, int, int]) -> League:
    """A league written row by row (as an import would), its tally then counted from the rows."""
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
    league_tallies_recount([league.pk])
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


def shown(api_client: APIClient, league: League) -> tuple[int, int]:
    detail = counts(api_client.get(f"/api/leagues/{league.pk}/").json())
    listed = [row for row in api_client.get("/api/leagues/").json()["results"] if row["id"] == league.pk]
    assert [counts(row) for row in listed] == [detail]
    return detail


def counted(league: League) -> tuple[int, int]:
    return counted_tallies([league.pk])[league.pk]


def test_the_tally_follows_joins_leaves_returns_and_game_ends(api_client: APIClient, on_commit: Any) -> None:
    bots = make_bots(5)
    league = running_league(field=[bot.competitor for bot in bots[:4]])
    assert shown(api_client, league) == (4, 0) == counted(league)
    league_join(league_pk=league.pk, competitor=bots[4].competitor)
    league_leave(league_pk=league.pk, competitor=bots[0].competitor)
    assert shown(api_client, league) == (4, 0) == counted(league)
    league_join(league_pk=league.pk, competitor=bots[0].competitor)  # back with the rating it left with
    assert shown(api_client, league) == (5, 0) == counted(league)
    with on_commit():
        ladder_matchmaking()  # the bots play their games to the end
    finished = LeagueGame.objects.filter(league=league, game__status=GameStatus.FINISHED).count()
    assert finished > 0
    assert shown(api_client, league) == (5, finished) == counted(league)


def test_leaving_during_registration_takes_the_entrant_away(api_client: APIClient) -> None:
    bots = make_bots(3)
    league = running_league(field=[bot.competitor for bot in bots], start=False)
    league_leave(league_pk=league.pk, competitor=bots[1].competitor)
    assert not LeagueEntry.objects.filter(league=league, competitor=bots[1].competitor).exists()
    assert shown(api_client, league) == (2, 0) == counted(league)


def test_games_a_cancel_aborts_are_not_counted(api_client: APIClient, on_commit: Any) -> None:
    bots = make_bots(4)
    league = running_league(field=[bot.competitor for bot in bots])
    ladder_matchmaking()  # games made, and not played: their bots' task waits for the commit
    assert LeagueGame.objects.filter(league=league, game__status=GameStatus.RUNNING).exists()
    league_cancel(league_pk=league.pk)
    assert shown(api_client, league) == (4, 0) == counted(league)


def test_verify_tells_a_tally_that_differs_and_a_recount_mends_it(capsys: Any, on_commit: Any) -> None:
    league = running_league(field=[bot.competitor for bot in make_bots(4)])
    with on_commit():
        ladder_matchmaking()
    entries, finished = counted(league)
    call_command("verify", "--no-progress")  # all as stored
    LeagueTally.objects.filter(league=league).update(entries=99)
    with pytest.raises(CommandError, match="1 differences"):
        call_command("verify", "--no-progress")
    said = capsys.readouterr().out
    assert f"league {league.pk}: its tally says 99 active entrants and {finished} finished games" in said
    league_tallies_recount([league.pk])
    call_command("verify", "--no-progress")
    assert LeagueTally.objects.values_list("entries", "games_finished").get(league=league) == (entries, finished)


def test_a_league_without_a_tally_gets_one_counted_at_its_next_change(api_client: APIClient) -> None:
    bots = make_bots(3)
    league = running_league(field=[bot.competitor for bot in bots[:2]])
    LeagueTally.objects.filter(league=league).delete()
    assert shown(api_client, league) == (0, 0)  # shown as nothing, not as an error
    league_join(league_pk=league.pk, competitor=bots[2].competitor)
    assert shown(api_client, league) == (3, 0) == counted(league)


# -- A season's games --------------------------------------------------------------------------------


def season_games(api_client: APIClient, league: League) -> dict[int, int]:
    seasons = api_client.get(f"/api/leagues/{league.pk}/seasons/").json()["results"]
    return {season["number"]: season["games"] for season in seasons}


def counted_season_games(league: League) -> dict[int, int]:
    return {
        season.number: LeagueGame.objects.filter(season=season).count()
        for season in Season.objects.filter(league=league)
    }


def test_a_seasons_game_count_follows_matchmaking_challenges_and_new_seasons(
    api_client: APIClient, players: list[Player], on_commit: Any
) -> None:
    bots = [bot.competitor for bot in make_bots(4)]
    league = running_league(field=[players[0].competitor, players[1].competitor, *bots], challenge_range=5)
    assert season_games(api_client, league) == {1: 0}
    with on_commit():
        ladder_matchmaking()  # the bots play their games to the end
    matched = season_games(api_client, league)
    assert matched[1] > 0 and matched == counted_season_games(league)
    theirs = LeagueEntry.objects.get(league=league, competitor=players[1].competitor)
    league_challenge(league_pk=league.pk, user=players[0].user, entry_pk=theirs.pk)
    assert season_games(api_client, league) == {1: matched[1] + 1} == counted_season_games(league)
    league_next_season(league_pk=league.pk)
    assert season_games(api_client, league) == {1: matched[1] + 1, 2: 0}
    ladder_matchmaking()  # the bots are matched again, their games left running
    second = season_games(api_client, league)
    assert second[1] == matched[1] + 1 and second[2] > 0 and second == counted_season_games(league)
    league_cancel(league_pk=league.pk)  # the games it aborts stay the season's games
    assert season_games(api_client, league) == second


def test_verify_tells_a_season_count_that_differs_and_a_recompute_mends_it(capsys: Any) -> None:
    league = running_league(field=[bot.competitor for bot in make_bots(4)])
    ladder_matchmaking()
    games = counted_season_games(league)[1]
    Season.objects.filter(league=league).update(game_count=games + 5)
    with pytest.raises(CommandError, match="1 differences"):
        call_command("verify", "--no-progress")
    said = capsys.readouterr().out
    assert f"league {league.pk} season 1: it says {games + 5} games, its rows count {games}" in said
    league_ratings_recompute(league_pk=league.pk)
    call_command("verify", "--no-progress")
    assert Season.objects.get(league=league).game_count == games
