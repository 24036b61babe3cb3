"""League seasons (snapshots, ratings reset or carried over) and multi-seat challenges."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from rest_framework.test import APIClient

from games.models import CompetitionState, Game, GameStatus, LeagueEntry, LeagueGame, Player, Season
from games.services.errors import Conflict, NotAllowed
from games.services.ladder import ladder_matchmake, league_challenge
from games.services.leagues import (
    league_finish,
    league_next_season,
    league_ratings_recompute,
)
from games.tasks import ladder_matchmaking
from tests.games.competitions.conftest import make_bots
from tests.games.leagues.conftest import running_league

pytestmark = pytest.mark.django_db
OnCommit = Callable[[], AbstractContextManager[Any]]
ClientFor = Callable[[Player], APIClient]


def bot_field(count: int) -> list[Any]:
    return [bot.competitor for bot in make_bots(count)]


def ladder_now(league: Any) -> list[tuple[int, float, int]]:
    return list(
        LeagueEntry.objects.filter(league=league, active=True)
        .order_by("-rating", "id")
        .values_list("pk", "rating", "games_played")
    )


# -- Seasons ----------------------------------------------------------------------------------------


def test_next_season_snapshots_the_ladder_and_it_never_changes(on_commit: OnCommit) -> None:
    league = running_league(field=bot_field(4))
    with on_commit():
        ladder_matchmaking()
    before = ladder_now(league)
    season2 = league_next_season(league_pk=league.pk)
    assert season2.number == 2 and season2.state == CompetitionState.RUNNING
    first = Season.objects.get(league=league, number=1)
    assert first.state == CompetitionState.FINISHED and first.finished_at is not None
    snapshot = first.standings
    assert [(row["entry"], row["rating"], row["games_played"]) for row in snapshot] == before
    assert [row["position"] for row in snapshot] == [1, 2, 3, 4]
    assert all(row["provisional"] and row["name"] for row in snapshot)
    # Carry over (the default): the ladder goes on as it was.
    assert ladder_now(league) == before
    with on_commit():
        ladder_matchmaking()
    assert set(LeagueGame.objects.filter(league=league, season=season2).values_list("game_id", flat=True))
    assert {e.games_played for e in LeagueEntry.objects.filter(league=league)} == {2}
    first.refresh_from_db()
    assert first.standings == snapshot
    # Finishing closes season 2 the same way.
    league_finish(league_pk=league.pk)
    season2.refresh_from_db()
    assert season2.state == CompetitionState.FINISHED
    assert [(row["entry"], row["rating"], row["games_played"]) for row in season2.standings] == ladder_now(
        league
    )
    assert Season.objects.get(league=league, number=1).standings == snapshot


def test_ratings_per_season_resets_to_the_initial_rating(on_commit: OnCommit) -> None:
    league = running_league(field=bot_field(4), ratings_per_season=True)
    with on_commit():
        ladder_matchmaking()
    assert len({e.rating for e in LeagueEntry.objects.filter(league=league)}) > 1
    league_next_season(league_pk=league.pk)
    entries = list(LeagueEntry.objects.filter(league=league))
    assert {(e.rating, e.games_played, e.provisional) for e in entries} == {(1500.0, 0, True)}
    assert len({row["rating"] for row in Season.objects.get(league=league, number=1).standings}) > 1
    with on_commit():
        ladder_matchmaking()
    after = ladder_now(league)
    assert {games for _, _, games in after} == {1}
    # The recompute resets at the same point and lands on the same numbers.
    assert league_ratings_recompute(league_pk=league.pk).changed_entries == 0
    assert ladder_now(league) == after
    league_next_season(league_pk=league.pk)  # no game since: the recompute resets too
    assert league_ratings_recompute(league_pk=league.pk).changed_entries == 0


def test_next_season_errors(players: list[Player]) -> None:
    league = running_league(field=bot_field(2), organiser=players[0])
    with pytest.raises(NotAllowed, match="only the organiser"):
        league_next_season(league_pk=league.pk, user=players[1].user)
    assert league_next_season(league_pk=league.pk, user=players[0].user).number == 2
    league_finish(league_pk=league.pk)
    with pytest.raises(Conflict, match="cannot start a new season of a league that is finished"):
        league_next_season(league_pk=league.pk, user=players[0].user)
    draft = running_league(field=bot_field(2), start=False)
    with pytest.raises(Conflict, match="open for registration"):
        league_next_season(league_pk=draft.pk)


def test_season_endpoints(players: list[Player], client_for: ClientFor, api_client: APIClient) -> None:
    league = running_league(field=bot_field(2), organiser=players[0])
    url = f"/api/leagues/{league.pk}/"
    assert client_for(players[1]).post(url + "next-season/").status_code == 403
    assert api_client.post(url + "next-season/").status_code in (401, 403)
    response = client_for(players[0]).post(url + "next-season/")
    assert response.status_code == 200 and response.json()["season"] == 2
    seasons = api_client.get(url + "seasons/").json()["results"]
    assert [(s["number"], s["state"]) for s in seasons] == [(1, "finished"), (2, "running")]
    assert len(seasons[0]["standings"]) == 2 and seasons[1]["standings"] is None
    assert seasons[0]["standings"][0]["position"] == 1
    client_for(players[0]).post(url + "finish/")
    response = client_for(players[0]).post(url + "next-season/")
    assert response.status_code == 409
    assert api_client.get("/api/leagues/99999/seasons/").status_code == 404
    created = client_for(players[0]).post(
        "/api/leagues/", {"name": "s", "game": "mulligan", "ratings_per_season": True}, format="json"
    )
    assert created.status_code == 201 and created.json()["ratings_per_season"] is True


# -- Multi-seat challenges ---------------------------------------------------------------------------


def _three_seat_ladder(players: list[Player], bots: int) -> Any:
    league = running_league(
        field=[p.competitor for p in players[:2]] + bot_field(bots), seats_per_table=3, challenge_range=1
    )
    # players[0] top, players[1] second, then the bots in id order.
    for place, entry in enumerate(LeagueEntry.objects.filter(league=league).order_by("id")):
        LeagueEntry.objects.filter(pk=entry.pk).update(rating=2000 - 10 * place)
    return league


def test_a_multi_seat_challenge_fills_the_table_with_the_nearest_free_entrants(players: list[Player]) -> None:
    league = _three_seat_ladder(players, bots=3)
    ladder = list(LeagueEntry.objects.filter(league=league).order_by("-rating", "id"))
    target = ladder[1]  # players[1]
    game = league_challenge(league_pk=league.pk, user=players[0].user, entry_pk=target.pk)
    seated = list(game.seats.values_list("competitor_id", flat=True))
    # Nearest to #2 besides the challenger (#1) is #3.
    assert sorted(seated) == sorted(
        [players[0].competitor_id, players[1].competitor_id, ladder[2].competitor_id]
    )
    assert LeagueGame.objects.get(game=game).challenge
    with pytest.raises(Conflict, match="already have a game running"):
        league_challenge(league_pk=league.pk, user=players[0].user, entry_pk=target.pk)


def test_a_multi_seat_challenge_skips_busy_entrants_and_says_when_too_few_are_free(
    players: list[Player],
) -> None:
    league = _three_seat_ladder(players, bots=3)
    ladder = list(LeagueEntry.objects.filter(league=league).order_by("-rating", "id"))
    assert len(ladder_matchmake(league_pk=league.pk)) == 1  # the three bots: one table, all busy
    with pytest.raises(Conflict, match=r"needs 1 more entrant not already in a running game.*0 are free"):
        league_challenge(league_pk=league.pk, user=players[0].user, entry_pk=ladder[1].pk)
    Game.objects.filter(league_game__league=league).update(status=GameStatus.FINISHED)
    game = league_challenge(league_pk=league.pk, user=players[0].user, entry_pk=ladder[1].pk)
    assert ladder[2].competitor_id in set(game.seats.values_list("competitor_id", flat=True))


def test_multi_seat_challenge_seats_even_out(players: list[Player]) -> None:
    league = _three_seat_ladder(players, bots=1)
    ladder = list(LeagueEntry.objects.filter(league=league).order_by("-rating", "id"))
    firsts = []
    for _ in range(3):
        game = league_challenge(league_pk=league.pk, user=players[0].user, entry_pk=ladder[1].pk)
        firsts.append(game.seats.get(index=0).competitor_id)
        Game.objects.filter(pk=game.pk).update(status=GameStatus.FINISHED)
    assert len(set(firsts)) == 3  # every entrant held seat 0 once
