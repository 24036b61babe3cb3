"""A golf league that lets its players decide on the back nine (the league's game config
``decide_after_nine``, engine.games.golf.config): its games stop after the front nine for a vote,
taken through the moves API like any other move."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from rest_framework.test import APIClient

from games.models import Game, LeagueEntry, Player
from games.selectors.games import game_state
from games.services.moves import move_submit
from tests.games.helpers import human_seats

pytestmark = pytest.mark.django_db

ClientFor = Callable[[Player], APIClient]
DECIDE = {"holes": 18, "turn_cap": 1, "decide_after_nine": True}


def _league_game(players: list[Player], client_for: ClientFor) -> Game:
    boss = client_for(players[0])
    response = boss.post(
        "/api/leagues/",
        {"name": "nine and see", "game": "golf", "config": DECIDE, "seats_per_table": 2},
        format="json",
    )
    assert response.status_code == 201, response.json()
    league = response.json()
    assert league["config"]["decide_after_nine"] is True
    pk = league["id"]
    boss.post(f"/api/leagues/{pk}/open/")
    for player in players[:2]:
        assert client_for(player).post(f"/api/leagues/{pk}/join/", {}, format="json").status_code == 201
    boss.post(f"/api/leagues/{pk}/start/")
    entry = LeagueEntry.objects.get(league_id=pk, competitor=players[1].competitor)
    response = boss.post(f"/api/leagues/{pk}/challenge/", {"entry": entry.pk}, format="json")
    assert response.status_code == 201, response.json()
    return Game.objects.get(pk=response.json()["id"])


def _play_the_front_nine(game: Game) -> None:
    people, rng = human_seats(game), random.Random(9)
    while True:
        game.refresh_from_db()
        state = game_state(game)
        if state.phase == "back_nine":
            return
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat))
        move_submit(
            game_pk=game.pk,
            user=people[seat].user,
            action=action,
            expected_move=game.version,
            seat_index=seat,
        )


def test_a_league_refuses_the_option_without_eighteen_holes(
    players: list[Player], client_for: ClientFor
) -> None:
    body = {"name": "x", "game": "golf", "config": {"holes": 9, "decide_after_nine": True}}
    response = client_for(players[0]).post("/api/leagues/", body, format="json")
    assert response.status_code == 400
    assert "'holes' must be 18" in response.json()["detail"] and "config" in response.json()["errors"]


def test_the_players_vote_on_the_back_nine_through_the_moves_api(
    players: list[Player], client_for: ClientFor
) -> None:
    game = _league_game(players, client_for)
    _play_the_front_nine(game)
    moves = f"/api/games/{game.pk}/moves/"
    seat_of = {player.pk: seat for seat, player in human_seats(game).items()}
    first, second = sorted(players[:2], key=lambda p: seat_of[p.pk])
    view = client_for(first).get(f"/api/games/{game.pk}/").json()
    assert view["observation"]["phase"] == "back_nine"
    assert all(len(p["hole_scores"]) == 9 for p in view["observation"]["players"])

    bad = client_for(first).post(moves, {"action": {"type": "back_nine", "play": "yes"}}, format="json")
    assert bad.status_code == 400 and bad.json()["code"] == "illegal_move"
    assert (
        client_for(players[2])
        .post(moves, {"action": {"type": "back_nine", "play": True}}, format="json")
        .status_code
        == 403
    )
    assert (
        client_for(first)
        .post(moves, {"action": {"type": "back_nine", "play": True}}, format="json")
        .status_code
        == 201
    )
    again = client_for(first).post(moves, {"action": {"type": "back_nine", "play": False}}, format="json")
    assert again.status_code == 409, "one vote each"
    # The second player does not see the first vote until every vote is in.
    seen = client_for(second).get(f"/api/games/{game.pk}/").json()["observation"]["back_nine"]
    assert seen == {"decided": None, "voted": [True, False], "votes": [None, None]}
    assert (
        client_for(second)
        .post(moves, {"action": {"type": "back_nine", "play": False}}, format="json")
        .status_code
        == 201
    )
    game.refresh_from_db()
    # One vote of two is no majority: the round ended after the front nine.
    assert game.status == "finished"
    state = game_state(game)
    assert state.is_over and state.observe(None)["holes"] == 9
    assert state.observe(None)["back_nine"] == {
        "decided": False,
        "voted": [True, True],
        "votes": [True, False],
    }
