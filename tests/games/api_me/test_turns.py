"""``GET /api/me/turns/``: exactly the games waiting for the caller's move."""

from __future__ import annotations

import random

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils.dateparse import parse_datetime
from rest_framework.test import APIClient

from games.models import Bot, Game, Player
from games.services.deadlines import deadlines_expire
from games.services.moves import move_submit
from tests.games.api_me.conftest import ClientFor
from tests.games.helpers import create_game, play_to_end

pytestmark = pytest.mark.django_db

SEED = 8_675_309
URL = reverse("api-me-turns")


def _turns(client: APIClient) -> list[dict]:
    response = client.get(URL)
    assert response.status_code == 200, response.content
    return response.json()["turns"]


def test_anonymous_callers_are_refused_in_the_api_error_shape() -> None:
    response = APIClient().get(URL)
    assert response.status_code in (401, 403)
    assert response.json()["code"] in ("not_authenticated", "permission_denied")
    assert response.json()["detail"]


def test_lists_only_the_games_waiting_for_the_caller(players: list[Player], client_for: ClientFor) -> None:
    duel = create_game([players[0].competitor, players[1].competitor], seed=SEED)
    create_game([players[2].competitor, players[3].competitor], seed=SEED)  # someone else's game
    theirs_first = create_game([players[1].competitor, players[0].competitor], seed=SEED)

    mine = _turns(client_for(players[0]))
    assert [turn["game"] for turn in mine] == [duel.pk]
    (turn,) = mine
    assert turn["game_id"] == "mulligan" and turn["seats"] == [0] and turn["move_count"] == 0
    assert turn["api_url"].endswith(f"/api/games/{duel.pk}/")
    assert turn["page_url"].endswith(f"/games/{duel.pk}/") and "/api/" not in turn["page_url"]

    assert [turn["game"] for turn in _turns(client_for(players[1]))] == [theirs_first.pk]
    assert _turns(client_for(players[2]))[0]["game"] not in (duel.pk, theirs_first.pk)


def test_deadline_and_seconds_left(players: list[Player], client_for: ClientFor) -> None:
    duel = create_game([players[0].competitor, players[1].competitor], seed=SEED)
    deadlines_expire()  # the sweep sets the deadline of a game created without one
    duel.refresh_from_db()
    assert duel.turn_deadline is not None
    (turn,) = _turns(client_for(players[0]))
    assert parse_datetime(turn["deadline"]) == duel.turn_deadline
    assert 0 < turn["seconds_left"] <= settings.DEFAULT_MOVE_TIME_LIMIT.total_seconds()


def test_the_list_follows_the_moves(players: list[Player], client_for: ClientFor) -> None:
    duel = create_game([players[0].competitor, players[1].competitor], seed=SEED)
    move_submit(game_pk=duel.pk, user=players[0].user, action={"type": "skip"}, expected_move=0)

    assert _turns(client_for(players[0])) == []
    (turn,) = _turns(client_for(players[1]))
    assert (turn["game"], turn["seats"], turn["move_count"]) == (duel.pk, [1], 1)


def test_finished_games_are_not_listed(players: list[Player], client_for: ClientFor) -> None:
    duel = create_game([players[0].competitor, players[1].competitor], seed=SEED)
    play_to_end(duel, random.Random(1))
    assert Game.objects.get(pk=duel.pk).is_finished
    assert _turns(client_for(players[0])) == [] and _turns(client_for(players[1])) == []


def test_a_bot_account_finds_its_turns_and_plays_them_over_the_api(
    players: list[Player], random_bot: Bot, client_for: ClientFor, on_commit
) -> None:
    """A script with a user's token drives that user's seat: list, move with expected_move, repeat."""
    with on_commit():
        game = create_game([random_bot.competitor, players[0].competitor], seed=SEED)
    client = client_for(players[0])
    for _ in range(5):
        turns = _turns(client)
        if not turns:
            break
        (turn,) = turns
        assert turn["game"] == game.pk and turn["seats"] == [1]
        view = client.get(turn["api_url"]).json()
        assert view["move_count"] == turn["move_count"]
        with on_commit():  # the bot answers at once
            response = client.post(
                f"/api/games/{game.pk}/moves/",
                {"action": view["legal_actions"][0], "expected_move": turn["move_count"]},
                format="json",
            )
        assert response.status_code == 201, response.content
        game.refresh_from_db()
        if not game.is_finished:
            assert _turns(client)[0]["move_count"] == game.version
    assert game.version >= 2
