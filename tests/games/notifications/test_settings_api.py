"""``/api/me/notifications/``: one's own switches, URL and secret; clear 400s; nobody else's."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from games.models import Notification, NotificationSettings
from tests.games.factories import PlayerFactory

pytestmark = pytest.mark.django_db

URL = "/api/me/notifications/"


def test_defaults_are_created_on_first_read(players, client_for):
    data = client_for(players[0]).get(URL).json()
    assert {k: v for k, v in data.items() if k.startswith("email_")} == {
        "email_turn": True,
        "email_deadline": True,
        "email_round": True,
    }
    assert data["webhook_url"] == "" and len(data["webhook_secret"]) >= 40
    assert NotificationSettings.objects.get(user=players[0].user).webhook_secret == data["webhook_secret"]


def test_patch_changes_switches_and_url_but_never_the_secret(players, client_for):
    client = client_for(players[0])
    secret = client.get(URL).json()["webhook_secret"]
    response = client.patch(
        URL,
        {"email_turn": False, "webhook_url": "https://example.com/hook", "webhook_secret": "mine"},
        format="json",
    )
    assert response.status_code == 200, response.json()
    assert response.json()["email_turn"] is False and response.json()["webhook_secret"] == secret
    stored = NotificationSettings.objects.get(user=players[0].user)
    assert (stored.email_turn, stored.webhook_url, stored.webhook_secret) == (
        False,
        "https://example.com/hook",
        secret,
    )


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"webhook_url": "ftp://example.com/hook"}, "webhook_url: give an http:// or https:// URL"),
        ({"webhook_url": "javascript:alert(1)"}, "webhook_url: give an http:// or https:// URL"),
        ({"webhook_url": "x" * 600}, "webhook_url: Ensure this field has no more than 500 characters."),
        ({"email_turn": "perhaps"}, "email_turn: Must be a valid boolean."),
    ],
)
def test_bad_input_is_a_clear_400_that_changes_nothing(players, client_for, body, message):
    client = client_for(players[0])
    before = client.get(URL).json()
    response = client.patch(URL, body, format="json")
    assert response.status_code == 400
    assert response.json()["detail"] == message and response.json()["code"] == "invalid"
    assert client.get(URL).json() == before


def test_rotating_the_secret_replaces_it(players, client_for):
    client = client_for(players[0])
    old = client.get(URL).json()["webhook_secret"]
    response = client.post(f"{URL}rotate-secret/")
    assert response.status_code == 200
    new = response.json()["webhook_secret"]
    assert new != old and client.get(URL).json()["webhook_secret"] == new


def test_only_the_caller_settings_are_reachable(players, client_for):
    mine = client_for(players[0]).get(URL).json()
    theirs = client_for(players[1]).get(URL).json()
    assert mine["webhook_secret"] != theirs["webhook_secret"]
    client_for(players[1]).patch(URL, {"email_round": False}, format="json")
    assert NotificationSettings.objects.get(user=players[0].user).email_round is True
    anonymous = APIClient()
    for method, path in [
        ("get", URL),
        ("patch", URL),
        ("post", f"{URL}rotate-secret/"),
        ("post", f"{URL}test/"),
    ]:
        assert getattr(anonymous, method)(path).status_code in (401, 403)


def test_a_test_notification_goes_through_the_same_delivery(players, client_for, receiver, on_commit):
    client = client_for(players[0])
    client.patch(URL, {"webhook_url": receiver.url}, format="json")
    with on_commit():
        response = client.post(f"{URL}test/", {"channel": "webhook"}, format="json")
    assert response.status_code == 202
    assert [(n["kind"], n["channel"]) for n in response.json()] == [("test", "webhook")]
    [request] = receiver.received
    assert request.headers["X-Mulligan-Event"] == "test"
    assert Notification.objects.get(pk=response.json()[0]["id"]).status == "sent"


def test_a_test_needs_a_channel_that_is_set_up(client_for):
    nameless = PlayerFactory(user__email="")
    client = client_for(nameless)
    response = client.post(f"{URL}test/", {}, format="json")
    assert response.status_code == 400
    assert response.json()["detail"] == "nothing to test: set an e-mail address or a webhook URL first"
    response = client.post(f"{URL}test/", {"channel": "webhook"}, format="json")
    assert response.json()["detail"] == "cannot test webhook: no webhook URL is set"
    response = client.post(f"{URL}test/", {"channel": "pigeon"}, format="json")
    assert response.status_code == 400 and response.json()["detail"].startswith("channel:")
    assert not Notification.objects.exists()


def test_tests_are_limited_per_hour(players, client_for, settings):
    settings.NOTIFY_TESTS_PER_HOUR = 2
    client = client_for(players[0])
    assert [client.post(f"{URL}test/").status_code for _ in range(3)] == [202, 202, 429]
    response = client.post(f"{URL}test/")
    assert response.json() == {"detail": "at most 2 tests an hour; try again later", "code": "throttled"}
    assert Notification.objects.filter(kind="test").count() == 2
