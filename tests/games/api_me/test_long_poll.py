"""``GET /api/me/turns/wait/``: answers at once when a turn waits, else waits for one or times out."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from django.db import connection
from django.urls import reverse
from rest_framework.test import APIClient

from games.models import Player
from games.services.moves import move_submit
from tests.games.api_me.conftest import ClientFor
from tests.games.helpers import create_game

SEED = 8_675_309
URL = reverse("api-me-turns-wait")
# A port nothing listens on: Redis is away (connections are refused at once).
REDIS_AWAY = "redis://127.0.0.1:9/0"


def _wait(client: APIClient, **params: object) -> dict:
    response = client.get(URL, params)
    assert response.status_code == 200, response.content
    return response.json()


@pytest.mark.django_db
def test_returns_at_once_when_a_turn_waits(players: list[Player], client_for: ClientFor) -> None:
    duel = create_game([players[0].competitor, players[1].competitor], seed=SEED)
    body = _wait(client_for(players[0]), timeout=60)
    assert body["timed_out"] is False
    assert [(turn["game"], turn["seats"]) for turn in body["turns"]] == [(duel.pk, [0])]
    assert body["cursor"] == client_for(players[0]).get(reverse("api-me-turns")).json()["cursor"]


@pytest.mark.django_db
def test_times_out_with_an_empty_list_and_a_cursor(players: list[Player], client_for: ClientFor) -> None:
    create_game([players[0].competitor, players[1].competitor], seed=SEED)  # seat 0 (not players[1]) acts
    body = _wait(client_for(players[1]), timeout=0.1)
    assert body["timed_out"] is True and body["turns"] == []
    assert isinstance(body["cursor"], str) and body["cursor"]


@pytest.mark.django_db
def test_a_current_cursor_waits_even_while_a_seen_turn_is_waiting(
    players: list[Player], client_for: ClientFor
) -> None:
    duel = create_game([players[0].competitor, players[1].competitor], seed=SEED)
    client = client_for(players[0])
    first = _wait(client, timeout=0)
    second = _wait(client, timeout=0.1, cursor=first["cursor"])
    assert second["timed_out"] is True and second["cursor"] == first["cursor"]
    assert [turn["game"] for turn in second["turns"]] == [duel.pk]  # still waiting, said again


@pytest.mark.django_db
@pytest.mark.parametrize("timeout", ["abc", "-1", "60.5", "nan", "inf", "1e999"])
def test_a_bad_timeout_is_refused(players: list[Player], client_for: ClientFor, timeout: str) -> None:
    response = client_for(players[0]).get(URL, {"timeout": timeout})
    assert response.status_code == 400
    assert response.json()["code"] == "invalid" and "timeout" in response.json()["detail"]


@pytest.mark.django_db
def test_an_absurd_cursor_is_refused(players: list[Player], client_for: ClientFor) -> None:
    response = client_for(players[0]).get(URL, {"timeout": 0, "cursor": "x" * 500})
    assert response.status_code == 400 and "cursor" in response.json()["detail"]


@pytest.mark.django_db
def test_anonymous_callers_are_refused() -> None:
    response = APIClient().get(URL, {"timeout": 0})
    assert response.status_code in (401, 403) and response.json()["code"]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("redis", ["as set", "away"])
def test_returns_when_another_thread_makes_it_the_callers_turn(
    players: list[Player], client_for: ClientFor, settings: Any, redis: str
) -> None:
    """Woken by the move's announcement where Redis announces turns (CI's); with Redis away the
    announcement is lost, and the waiting client finds its turn by looking every
    LONG_POLL_INTERVAL, as without Redis."""
    if redis == "away":
        settings.STREAMS_REDIS_URL = REDIS_AWAY
    duel = create_game([players[0].competitor, players[1].competitor], seed=SEED)
    client = client_for(players[1])
    cursor = client.get(reverse("api-me-turns")).json()["cursor"]
    errors: list[BaseException] = []

    def opponent_moves() -> None:
        try:
            time.sleep(0.2)  # let the poll start waiting (if it has not, it answers at once: same result)
            move_submit(game_pk=duel.pk, user=players[0].user, action={"type": "skip"}, expected_move=0)
        except BaseException as exc:  # the assertion below reports it
            errors.append(exc)
        finally:
            connection.close()

    thread = threading.Thread(target=opponent_moves)
    thread.start()
    try:
        body = _wait(client, timeout=30, cursor=cursor)
    finally:
        thread.join(timeout=30)
    assert not errors
    assert body["timed_out"] is False and body["cursor"] != cursor
    assert [(turn["game"], turn["seats"], turn["move_count"]) for turn in body["turns"]] == [
        (duel.pk, [1], 1)
    ]


@pytest.mark.django_db
def test_with_redis_away_the_long_poll_still_times_out_with_its_answer(
    players: list[Player], client_for: ClientFor, settings: Any
) -> None:
    settings.STREAMS_REDIS_URL = REDIS_AWAY
    create_game([players[0].competitor, players[1].competitor], seed=SEED)
    client = client_for(players[1])
    cursor = client.get(reverse("api-me-turns")).json()["cursor"]
    body = _wait(client, timeout=0.2, cursor=cursor)
    assert body == {"turns": [], "cursor": cursor, "timed_out": True}
