"""``/settings/``: the notification form, the webhook secret, and booking and removing vacations."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games.models import NotificationSettings, Vacation
from games.services.deadlines import vacation_set

pytestmark = pytest.mark.django_db

FORMAT = "%Y-%m-%dT%H:%M"


@pytest.fixture
def browser(players) -> Client:
    client = Client()
    client.force_login(players[0].user)
    return client


def switches(**changes: object) -> dict[str, object]:
    """The form as a browser posts it: a checkbox that is off is simply missing."""
    form = {f"{c}_{k}": "on" for c in ("email", "webhook") for k in ("turn", "deadline", "round")}
    form["webhook_url"] = ""
    form.update(changes)
    return {k: v for k, v in form.items() if v is not None}


def test_the_page_needs_a_login(db):
    for path in ["/settings/", "/settings/webhook-secret/", "/settings/vacations/"]:
        response = Client().post(path) if path != "/settings/" else Client().get(path)
        assert response.status_code == 302 and "login" in response["Location"]


def test_the_page_shows_the_switches_and_the_secret(browser, players):
    response = browser.get("/settings/")
    assert response.status_code == 200
    secret = NotificationSettings.objects.get(user=players[0].user).webhook_secret
    page = response.content.decode()
    assert secret in page and 'name="email_turn"' in page and "Book vacation" in page


def test_saving_switches_and_a_webhook(browser, players):
    response = browser.post("/settings/", switches(email_round=None, webhook_url="https://example.com/h"))
    assert response.status_code == 302
    stored = NotificationSettings.objects.get(user=players[0].user)
    assert (stored.email_round, stored.email_turn, stored.webhook_url) == (
        False,
        True,
        "https://example.com/h",
    )


def test_a_bad_webhook_url_is_refused_with_its_message(browser, players):
    browser.get("/settings/")
    response = browser.post("/settings/", switches(email_turn=None, webhook_url="ftp://example.com/h"))
    assert response.status_code == 400
    assert "give an http:// or https:// URL" in response.content.decode()
    stored = NotificationSettings.objects.get(user=players[0].user)
    assert (stored.email_turn, stored.webhook_url) == (True, "")


def test_the_forms_are_csrf_protected(players):
    client = Client(enforce_csrf_checks=True)
    client.force_login(players[0].user)
    secret = (
        client.get("/settings/") and NotificationSettings.objects.get(user=players[0].user).webhook_secret
    )
    assert client.post("/settings/webhook-secret/").status_code == 403
    assert client.post("/settings/", switches(email_turn=None)).status_code == 403
    stored = NotificationSettings.objects.get(user=players[0].user)
    assert (stored.webhook_secret, stored.email_turn) == (secret, True)


def test_rotating_the_secret(browser, players):
    browser.get("/settings/")
    old = NotificationSettings.objects.get(user=players[0].user).webhook_secret
    response = browser.post("/settings/webhook-secret/", follow=True)
    new = NotificationSettings.objects.get(user=players[0].user).webhook_secret
    assert new != old and new in response.content.decode()


def test_booking_and_removing_a_vacation(browser, players):
    start = timezone.now().replace(second=0, microsecond=0) + timedelta(days=2)
    response = browser.post(
        "/settings/vacations/",
        {"starts_at": start.strftime(FORMAT), "ends_at": (start + timedelta(days=3)).strftime(FORMAT)},
        follow=True,
    )
    assert response.status_code == 200 and "Vacation booked." in response.content.decode()
    [vacation] = Vacation.objects.filter(player=players[0])
    assert (vacation.starts_at, vacation.ends_at) == (start, start + timedelta(days=3))
    response = browser.post(f"/settings/vacations/{vacation.pk}/remove/", follow=True)
    assert "Vacation removed." in response.content.decode()
    assert not Vacation.objects.exists()


@pytest.mark.parametrize(
    ("starts", "ends", "message"),
    [
        (timedelta(days=3), timedelta(days=2), "a vacation must end after it starts"),
        (timedelta(days=-3), timedelta(days=-2), "this vacation is already over"),
        (timedelta(days=4), timedelta(days=6), "this vacation overlaps another of yours"),
        # Far enough that a deadline pushed by it would not fit a datetime: refused, like the API.
        (timedelta(days=400), timedelta(days=2_900_000), "a vacation must end within 365 days"),
    ],
)
def test_a_refused_vacation_shows_why_and_books_nothing(browser, players, starts, ends, message):
    now = timezone.now()
    vacation_set(player=players[0], starts_at=now + timedelta(days=5), ends_at=now + timedelta(days=7))
    response = browser.post(
        "/settings/vacations/",
        {"starts_at": (now + starts).strftime(FORMAT), "ends_at": (now + ends).strftime(FORMAT)},
    )
    assert response.status_code == 400 and message in response.content.decode()
    assert Vacation.objects.count() == 1


def test_a_malformed_date_is_a_form_error(browser):
    response = browser.post("/settings/vacations/", {"starts_at": "soon", "ends_at": ""})
    page = response.content.decode()
    assert (
        response.status_code == 400
        and "Enter a valid date/time." in page
        and "This field is required." in page
    )
    assert not Vacation.objects.exists()


def test_another_players_vacation_cannot_be_removed(browser, players):
    theirs = vacation_set(
        player=players[1],
        starts_at=timezone.now() + timedelta(days=1),
        ends_at=timezone.now() + timedelta(days=2),
    )
    response = browser.post(f"/settings/vacations/{theirs.pk}/remove/", follow=True)
    assert f"you have no vacation {theirs.pk}" in response.content.decode()
    assert Vacation.objects.filter(pk=theirs.pk).exists()
