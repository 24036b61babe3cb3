"""A request without credentials skips the authentication classes' work (games.api.authentication)
and is the anonymous request it always was; one with a token or a session cookie is authenticated
(or refused) as DRF's own classes do it."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from rest_framework.authentication import SessionAuthentication, TokenAuthentication
from rest_framework.request import Request
from rest_framework.test import APIRequestFactory

from games.api.authentication import HashedTokenAuthentication, SessionCookieAuthentication
from games.models import Player
from games.services.games import game_create
from games.services.tokens import token_create

pytestmark = pytest.mark.django_db


def test_no_credentials_is_anonymous_and_refused_where_a_user_is_needed(players: list[Player]) -> None:
    client = Client()
    game = game_create(game_id="mulligan", competitors=[p.competitor for p in players[:2]], seed=3)
    read = client.get(f"/api/games/{game.pk}/")
    assert read.status_code == 200 and read.json()["your_seats"] == [] and read.json()["viewer_seat"] is None
    me = client.get("/api/me/")
    assert me.status_code == 401 and me["WWW-Authenticate"] == "Token"
    posted = client.post("/api/games/", {"game": "mulligan"}, content_type="application/json")
    assert posted.status_code == 401 and posted["WWW-Authenticate"] == "Token"


def test_a_token_or_a_session_still_authenticates(players: list[Player]) -> None:
    game = game_create(game_id="mulligan", competitors=[p.competitor for p in players[:2]], seed=3)
    _made, key = token_create(user=players[0].user, name="t")
    by_token = Client(headers={"Authorization": f"Token {key}"})
    assert by_token.get(f"/api/games/{game.pk}/").json()["your_seats"] == [0]
    assert by_token.get("/api/me/").status_code == 200
    refused = Client(headers={"Authorization": "Token not-a-key"}).get(f"/api/games/{game.pk}/")
    assert refused.status_code == 401
    by_session = Client()
    by_session.force_login(players[1].user)
    assert by_session.get(f"/api/games/{game.pk}/").json()["your_seats"] == [1]
    assert by_session.get("/api/me/").status_code == 200
    # The session's CSRF check is still made for an unsafe method.
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(players[1].user)
    assert strict.post("/api/games/", {"game": "mulligan"}, content_type="application/json").status_code == 403


@pytest.mark.parametrize(
    "headers",
    [{}, {"HTTP_AUTHORIZATION": ""}, {"HTTP_AUTHORIZATION": "Basic abc"}, {"HTTP_COOKIE": "other=1"}],
)
def test_the_classes_answer_as_drf_s_own_without_credentials(headers: dict[str, Any]) -> None:
    request = Request(APIRequestFactory().get("/api/games/", **headers))
    request._request.user = AnonymousUser()  # as Django's middleware leaves it without a session
    assert HashedTokenAuthentication().authenticate(request) == TokenAuthentication().authenticate(request)
    assert SessionCookieAuthentication().authenticate(request) == SessionAuthentication().authenticate(request)
    assert settings.SESSION_COOKIE_NAME not in request._request.COOKIES
