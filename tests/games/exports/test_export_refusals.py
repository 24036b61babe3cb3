"""Bad export parameters get a 400 that names each one at fault; too many exports get a 429."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from games.api.export_filters import MAX_GAMES
from tests.games.exports.conftest import export
from tests.games.factories import PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("params", "named"),
    [
        ({"players": "1"}, "players"),  # a misspelt filter must not export every game
        ({"colour": "white", "rated": "true"}, "colour"),
        ({"max": str(MAX_GAMES + 1)}, "max"),
        ({"max": "99999999999999999999999"}, "max"),
        ({"max": "0"}, "max"),
        ({"max": "ten"}, "max"),
        ({"since": "yesterday"}, "since"),
        ({"since": "2026-13-01T00:00:00Z"}, "since"),
        ({"until": "99999999999999999"}, "until"),
        ({"since": "2026-11-25T00:00:00Z", "until": "2026-11-24T00:00:00Z"}, "until"),
        ({"since": "2026-11-25T00:00:00Z", "until": "2026-11-25T00:00:00Z"}, "until"),
        ({"rated": "yes"}, "rated"),
        ({"rated": "1"}, "rated"),
        ({"sort": "newest"}, "sort"),
        ({"sort": ""}, "sort"),
        ({"game": "chess"}, "game"),
        ({"game": ""}, "game"),
        ({"until": ""}, "until"),
        ({"max": ""}, "max"),
        ({"player": ""}, "player"),
        ({"rated": ""}, "rated"),
        ({"player": "-1"}, "player"),
        ({"player": "424242"}, "player"),
        ({"bot": "424242"}, "bot"),
        ({"tournament": "424242"}, "tournament"),
        ({"league": "424242"}, "league"),
        ({"league": "9223372036854775808"}, "league"),
        ({"format": "json"}, "format"),
    ],
)
def test_a_bad_parameter_is_named(api_client: APIClient, params: dict[str, str], named: str) -> None:
    response = api_client.get("/api/games/export/", params)
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["code"] == "invalid"
    assert named in body["errors"], body
    assert not set(body["errors"]) - set(params), body  # only what was sent is blamed


def test_every_refusal_of_one_request_is_named_at_once(api_client: APIClient) -> None:
    response = api_client.get("/api/games/export/", {"max": "0", "rated": "maybe", "typo": "1"})
    assert response.status_code == 400
    assert set(response.json()["errors"]) == {"max", "rated", "typo"}


def test_an_accept_header_for_ndjson_gets_the_games_and_its_refusals_in_json(api_client: APIClient) -> None:
    assert export(api_client) == []  # no games yet: an empty export, not an error
    response = api_client.get("/api/games/export/", HTTP_ACCEPT="application/x-ndjson")
    assert response.status_code == 200 and response["Content-Type"] == "application/x-ndjson"
    refused = api_client.get("/api/games/export/", {"max": "0"}, HTTP_ACCEPT="application/x-ndjson")
    assert refused.status_code == 400 and refused["Content-Type"] == "application/json"


@pytest.fixture
def _fresh_throttles() -> Iterator[None]:
    cache.clear()
    yield
    cache.clear()


@pytest.mark.usefixtures("_fresh_throttles")
def test_exports_are_limited_per_user(settings: Any) -> None:
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "export": "2/min"},
    }
    first, second = APIClient(), APIClient()
    first.force_authenticate(PlayerFactory().user)
    second.force_authenticate(PlayerFactory().user)
    assert [first.get("/api/games/export/").status_code for _ in range(3)] == [200, 200, 429]
    refused = first.get("/api/games/export/")
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert refused.json()["code"] == "throttled"
    assert second.get("/api/games/export/").status_code == 200  # another user's count is their own
