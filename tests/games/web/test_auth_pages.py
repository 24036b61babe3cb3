"""Sign up, log in, log out (django-allauth's pages); the log-in rate limit and CSRF. The e-mail
side of accounts (verification, addresses, password reset) is in test_accounts.py."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from games.models import Player
from mulligan_league.account_rates import account_rate_limits
from tests.games.factories import PlayerFactory

PASSWORD = "correct horse battery staple"
SIGN_UP = {
    "username": "ada",
    "email": "ada@example.org",
    "password1": "a quiet harbour 42",
    "password2": "a quiet harbour 42",
}


def _session_user(client: Client) -> Any:
    return client.session.get("_auth_user_id")


@pytest.mark.django_db
class TestSignUp:
    def test_the_form_asks_for_a_username_an_address_and_the_password_twice(self, client: Client) -> None:
        html = client.get("/accounts/signup/").content.decode()
        for field in ("id_username", "id_email", "id_password1", "id_password2"):
            assert f'id="{field}"' in html
            assert f'for="{field}"' in html, "each field has its label"

    def test_signing_up_creates_a_player_and_logs_in(self, client: Client) -> None:
        response = client.post(reverse("signup"), SIGN_UP)
        assert response.status_code == 302
        assert response["Location"] == "/"
        user = User.objects.get(username="ada")
        assert user.email == "ada@example.org"
        player = Player.objects.get(user=user)
        assert player.competitor.name == "ada"
        assert str(_session_user(client)) == str(user.pk)
        home = client.get("/").content.decode()
        assert f'href="/players/{player.competitor_id}/"' in home

    def test_a_bad_sign_up_says_why_and_creates_nothing(self, client: Client) -> None:
        response = client.post(reverse("signup"), {**SIGN_UP, "password2": "different 42"})
        assert response.status_code == 400
        assert "You must type the same password each time." in response.content.decode()
        assert not User.objects.filter(username="ada").exists()

    def test_a_taken_username_is_refused(self, client: Client) -> None:
        PlayerFactory(user__username="ada")
        response = client.post(reverse("signup"), SIGN_UP)
        assert response.status_code == 400
        assert "A user with that username already exists." in response.content.decode()
        assert User.objects.filter(username="ada").count() == 1


@pytest.mark.django_db
class TestLogInAndOut:
    def test_the_form_asks_for_the_username_and_password(self, client: Client) -> None:
        html = client.get("/accounts/login/").content.decode()
        assert 'id="id_login"' in html and 'for="id_login">Username' in html
        assert 'id="id_password"' in html

    def test_log_in_then_log_out(self, client: Client) -> None:
        player = PlayerFactory(user__username="bea")
        response = client.post(reverse("login"), {"login": "bea", "password": PASSWORD})
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
        response = client.post(reverse("login"), {"login": "bea", "password": "wrong"})
        assert response.status_code == 200
        assert "The username and/or password you specified are not correct." in response.content.decode()
        assert _session_user(client) is None

    def test_log_in_by_e_mail_address_is_not_offered(self, client: Client) -> None:
        PlayerFactory(user__username="bea", user__email="bea@example.org")
        response = client.post(reverse("login"), {"login": "bea@example.org", "password": PASSWORD})
        assert response.status_code == 200 and _session_user(client) is None

    def test_log_out_asks_on_get_and_logs_out_on_post_only(self, client: Client) -> None:
        player = PlayerFactory()
        client.force_login(player.user)
        response = client.get(reverse("logout"))
        assert response.status_code == 200
        assert 'data-testid="logout-form"' in response.content.decode()
        assert str(_session_user(client)) == str(player.user.pk)


@pytest.mark.django_db
class TestAbuse:
    def test_too_many_log_in_attempts_are_refused_even_with_the_right_password(
        self, client: Client, settings: Any
    ) -> None:
        settings.ACCOUNT_RATE_LIMITS = account_rate_limits("2/m")
        PlayerFactory(user__username="cid")
        for _ in range(2):
            assert client.post(reverse("login"), {"login": "cid", "password": "guess"}).status_code == 200
        response = client.post(reverse("login"), {"login": "cid", "password": PASSWORD})
        assert response.status_code == 429
        assert "Too many attempts in a short time. Nothing was done" in response.content.decode()
        assert _session_user(client) is None

    def test_the_limit_counts_per_username_across_addresses(self, settings: Any) -> None:
        settings.ACCOUNT_RATE_LIMITS = account_rate_limits("2/m")
        PlayerFactory(user__username="cid")
        for address in ("10.0.0.1", "10.0.0.2"):
            response = Client(REMOTE_ADDR=address).post(
                reverse("login"), {"login": "cid", "password": "guess"}
            )
            assert response.status_code == 200
        client = Client(REMOTE_ADDR="10.0.0.3")
        response = client.post(reverse("login"), {"login": "cid", "password": PASSWORD})
        assert response.status_code == 429
        assert "Too many attempts" in response.content.decode()
        assert _session_user(client) is None
        # Another username from that address is not held back by cid's failures.
        PlayerFactory(user__username="dot")
        assert client.post(reverse("login"), {"login": "dot", "password": PASSWORD}).status_code == 302

    def test_the_settings_rate_is_the_default_of_every_account_limit(self, settings: Any) -> None:
        limits = account_rate_limits(settings.RATELIMIT_LOGIN)
        assert limits == settings.ACCOUNT_RATE_LIMITS
        for action in ("login", "login_failed", "signup", "reset_password", "confirm_email"):
            assert f"{settings.RATELIMIT_LOGIN}/ip" in limits[action]

    def test_log_in_needs_the_csrf_token(self) -> None:
        PlayerFactory(user__username="dee")
        client = Client(enforce_csrf_checks=True)
        response = client.post(reverse("login"), {"login": "dee", "password": PASSWORD})
        assert response.status_code == 403
        assert _session_user(client) is None

    def test_sign_up_needs_the_csrf_token(self) -> None:
        client = Client(enforce_csrf_checks=True)
        response = client.post(reverse("signup"), {**SIGN_UP, "username": "eve"})
        assert response.status_code == 403
        assert not User.objects.filter(username="eve").exists()
