"""Rate limits: moves per user and token logins per address get 429, with Retry-After, and change nothing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import cache
from django.urls import reverse
from rest_framework.test import APIClient

from games.models import ApiToken, Move, Player
from tests.games.api_me.conftest import ClientFor
from tests.games.helpers import create_game

pytestmark = pytest.mark.django_db

# Documentation-range client addresses, one per role in a test.
ADDRESS, OTHER_ADDRESS, FORGED_ADDRESS = "2001:db8::1", "2001:db8::2", "2001:db8::3"


@pytest.fixture(autouse=True)
def _fresh_throttles() -> Iterator[None]:
    """The throttles count in the cache, which outlives a test in the same process: what an earlier
    test sent must not count here. A user's moves are counted by their primary key, which another
    test's user may have had (SQLite reuses the keys of rolled-back rows), and logins by address."""
    cache.clear()
    yield
    cache.clear()


def _rates(settings: Any, **rates: str) -> None:
    """A new REST_FRAMEWORK dict, so DRF reloads its settings (and the throttles read the rates)."""
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], **rates},
    }


def test_the_move_after_the_limit_is_refused_and_not_stored(
    settings: Any, players: list[Player], client_for: ClientFor
) -> None:
    _rates(settings, moves="2/min")
    duel = create_game([players[0].competitor, players[1].competitor], seed=5)
    client = client_for(players[0])
    url = reverse("api-game-moves", kwargs={"pk": duel.pk})
    good = {"action": {"type": "skip"}, "expected_move": 0}
    # refused moves count too: guessing costs the same as playing
    assert client.post(url, {"action": {"type": "nonsense"}}, format="json").status_code == 400
    assert client.post(url, good | {"expected_move": 7}, format="json").status_code == 409
    refused = client.post(url, good, format="json")
    assert refused.status_code == 429
    assert refused.json()["code"] == "throttled" and "throttled" in refused.json()["detail"].lower()
    assert int(refused["Retry-After"]) > 0
    assert not Move.objects.filter(game=duel).exists()
    assert client.get(url).status_code == 200  # reading is not limited
    _rates(settings, moves="100/min")
    assert client.post(url, good, format="json").status_code == 201  # the same move, once allowed


def test_the_move_limit_is_per_user(settings: Any, players: list[Player], client_for: ClientFor) -> None:
    _rates(settings, moves="1/min")
    duel = create_game([players[0].competitor, players[1].competitor], seed=5)
    url = reverse("api-game-moves", kwargs={"pk": duel.pk})
    assert client_for(players[0]).post(url, {"action": {"type": "skip"}}, format="json").status_code == 201
    assert client_for(players[1]).post(url, {"action": {"type": "skip"}}, format="json").status_code == 201
    assert client_for(players[0]).post(url, {"action": {"type": "skip"}}, format="json").status_code == 429
    assert Move.objects.filter(game=duel).count() == 2


def test_token_logins_are_limited_per_address(settings: Any, players: list[Player]) -> None:
    _rates(settings, login="3/min")
    url = reverse("api-token")
    client = APIClient(REMOTE_ADDR=ADDRESS)
    login = {"username": players[0].user.username, "password": "correct horse battery staple"}
    assert client.post(url, login).status_code == 200
    assert client.post(url, login | {"password": "guess"}).status_code == 400
    assert client.post(url, login | {"password": "guess again"}).status_code == 400
    ApiToken.objects.filter(user=players[0].user).delete()
    refused = client.post(url, login)  # even the right password, from this address, this minute
    assert refused.status_code == 429 and refused.json()["code"] == "throttled"
    assert int(refused["Retry-After"]) > 0
    assert not ApiToken.objects.filter(user=players[0].user).exists()
    forged = client.post(url, login, HTTP_X_FORWARDED_FOR=FORGED_ADDRESS)  # a made-up address does not help
    assert forged.status_code == 429
    assert APIClient(REMOTE_ADDR=OTHER_ADDRESS).post(url, login).status_code == 200
