"""Sign up, log in, log out; the log-in rate limit and CSRF."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from games.models import Player
from tests.games.factories import PlayerFactory

PASSWORD = "correct horse battery staple"


def _session_user(client: Client) -> Any:
    return client.session.get("_auth_user_id")


@pytest.mark.django_db
class TestSignUp:
    def test_the_form_has_djangos_fields(self, client: Client) -> None:
        html = client.get("/accounts/signup/").content.decode()
        for field in ("id_username", "id_password1", "id_password2"):
            assert f'id="{field}"' in html

    def test_signing_up_creates_a_player_and_logs_in(self, client: Client) -> None:
        response = client.post(
            reverse("signup"),
            {"username": "ada", "password1": "a quiet harbour 42", "password2": "a quiet harbour 42"},
        )
        assert response.status_code == 302
        assert response["Location"] == "/"
        user = User.objects.get(username="ada")
        player = Player.objects.get(user=user)
        assert player.competitor.name == "ada"
        assert str(_session_user(client)) == str(user.pk)
        home = client.get("/").content.decode()
        assert f'href="/players/{player.competitor_id}/"' in home

    def test_a_bad_sign_up_says_why_and_creates_nothing(self, client: Client) -> None:
        response = client.post(
            reverse("signup"),
            {"username": "ada", "password1": "a quiet harbour 42", "password2": "different 42"},
        )
        assert response.status_code == 400
        assert "didn’t match" in response.content.decode() or "didn't match" in response.content.decode()
        assert not User.objects.filter(username="ada").exists()

    def test_a_taken_username_is_refused(self, client: Client) -> None:
        PlayerFactory(user__username="ada")
        response = client.post(
            reverse("signup"),
            {"username": "ada", "password1": "a quiet harbour 42", "password2": "a quiet harbour 42"},
        )
        assert response.status_code == 400
        assert User.objects.filter(username="ada").count() == 1


@pytest.mark.django_db
class TestLogInAndOut:
    def test_the_form_has_djangos_fields(self, client: Client) -> None:
        html = client.get("/accounts/login/").content.decode()
        assert 'id="id_username"' in html
        assert 'id="id_password"' in html

    def test_log_in_then_log_out(self, client: Client) -> None:
        player = PlayerFactory(user__username="bea")
        response = client.post(reverse("login"), {"username": "bea", "password": PASSWORD})
        assert response.status_code == 302
        assert response["Location"] == "/"
        assert str(_session_user(client)) == str(player.user.pk)
        assert "Log out" in client.get("/").content.decode()
        response = client.post(reverse("logout"))
        assert response.status_code == 302
        assert _session_user(client) is None
        assert "Log in" in client.get("/").content.decode()

    def test_a_wrong_password_is_refused(self, client: Client) -> None:
        PlayerFactory(user__username="bea")
        response = client.post(reverse("login"), {"username": "bea", "password": "wrong"})
        assert response.status_code == 200
        assert "correct username and password" in response.content.decode()
        assert _session_user(client) is None

    def test_log_out_takes_a_post_only(self, client: Client) -> None:
        player = PlayerFactory()
        client.force_login(player.user)
        assert client.get(reverse("logout")).status_code == 405
        assert str(_session_user(client)) == str(player.user.pk)


@pytest.mark.django_db
class TestAbuse:
    def test_too_many_log_in_attempts_are_refused_even_with_the_right_password(
        self, client: Client, settings: Any
    ) -> None:
        settings.RATELIMIT_LOGIN = "2/m"
        PlayerFactory(user__username="cid")
        for _ in range(2):
            assert client.post(reverse("login"), {"username": "cid", "password": "guess"}).status_code == 200
        response = client.post(reverse("login"), {"username": "cid", "password": PASSWORD})
        assert response.status_code == 429
        assert "Too many attempts" in response.content.decode()
        assert _session_user(client) is None

    def test_the_limit_counts_per_username_across_addresses(self, settings: Any) -> None:
        settings.RATELIMIT_LOGIN = "2/m"
        PlayerFactory(user__username="cid")
        for address in ("10.0.0.1", "10.0.0.2"):
            Client(REMOTE_ADDR=address).post(reverse("login"), {"username": "cid", "password": "guess"})
        client = Client(REMOTE_ADDR="10.0.0.3")
        response = client.post(reverse("login"), {"username": "cid", "password": PASSWORD})
        assert response.status_code == 429
        assert _session_user(client) is None

    def test_log_in_needs_the_csrf_token(self) -> None:
        PlayerFactory(user__username="dee")
        client = Client(enforce_csrf_checks=True)
        response = client.post(reverse("login"), {"username": "dee", "password": PASSWORD})
        assert response.status_code == 403
        assert _session_user(client) is None

    def test_sign_up_needs_the_csrf_token(self) -> None:
        client = Client(enforce_csrf_checks=True)
        response = client.post(
            reverse("signup"),
            {"username": "eve", "password1": "a quiet harbour 42", "password2": "a quiet harbour 42"},
        )
        assert response.status_code == 403
        assert not User.objects.filter(username="eve").exists()
