"""``/api/me/vacations/``: book, list and cancel your own vacations, and only yours."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from games.models import Player, Vacation
from games.services.deadlines import deadlines_expire
from tests.games.api_me.conftest import ClientFor
from tests.games.helpers import create_game

pytestmark = pytest.mark.django_db

URL = reverse("api-me-vacations")


def _iso(delta: timedelta) -> str:
    return (timezone.now() + delta).isoformat()


def _book(client: APIClient, start: timedelta, end: timedelta) -> dict:
    response = client.post(URL, {"starts_at": _iso(start), "ends_at": _iso(end)}, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def test_book_and_list(players: list[Player], client_for: ClientFor) -> None:
    client = client_for(players[0])
    later = _book(client, timedelta(days=10), timedelta(days=12))
    sooner = _book(client, timedelta(days=1), timedelta(days=3))
    assert later["state"] == sooner["state"] == "upcoming"
    listed = client.get(URL).json()["results"]
    assert [v["id"] for v in listed] == [sooner["id"], later["id"]]
    assert client_for(players[1]).get(URL).json()["results"] == []
    assert Vacation.objects.filter(player=players[0]).count() == 2


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"starts_at": "+1d", "ends_at": "+2d"}, "starts_at"),
        ({"ends_at": "2999-01-01T00:00:00Z"}, "starts_at"),
        ({"starts_at": timedelta(days=2), "ends_at": timedelta(days=1)}, "end after it starts"),
        ({"starts_at": "2000-01-01T00:00:00Z", "ends_at": "2000-01-02T00:00:00Z"}, "already over"),
    ],
)
def test_bad_input_is_refused_and_changes_nothing(
    players: list[Player], client_for: ClientFor, body: dict, words: str
) -> None:
    body = {key: _iso(value) if isinstance(value, timedelta) else value for key, value in body.items()}
    response = client_for(players[0]).post(URL, body, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid" and words in response.json()["detail"]
    assert not Vacation.objects.exists()


def test_overlapping_vacations_are_refused(players: list[Player], client_for: ClientFor) -> None:
    client = client_for(players[0])
    _book(client, timedelta(days=1), timedelta(days=3))
    response = client.post(URL, {"starts_at": _iso(timedelta(days=2)), "ends_at": _iso(timedelta(days=4))})
    assert response.status_code == 400 and "overlaps" in response.json()["detail"]
    assert Vacation.objects.count() == 1


def test_a_vacation_ending_more_than_a_year_ahead_is_refused(
    players: list[Player], client_for: ClientFor
) -> None:
    """A deadline pushed past the year 9999 would not fit a datetime and break the deadline sweep."""
    client = client_for(players[0])
    far = {"starts_at": _iso(timedelta(days=1)), "ends_at": "9999-12-31T23:59:59Z"}
    response = client.post(URL, far, format="json")
    assert response.status_code == 400 and "365 days" in response.json()["detail"]
    assert not Vacation.objects.exists()


def test_at_most_twenty_open_vacations(players: list[Player], client_for: ClientFor) -> None:
    client = client_for(players[0])
    for day in range(20):
        _book(client, timedelta(days=day + 1), timedelta(days=day + 1, hours=1))
    response = client.post(
        URL, {"starts_at": _iso(timedelta(days=30)), "ends_at": _iso(timedelta(days=31))}, format="json"
    )
    assert response.status_code == 400 and "cancel one first" in response.json()["detail"]
    assert Vacation.objects.count() == 20


def test_cancel_an_upcoming_vacation_deletes_it(players: list[Player], client_for: ClientFor) -> None:
    client = client_for(players[0])
    booked = _book(client, timedelta(days=1), timedelta(days=3))
    response = client.delete(reverse("api-me-vacation", kwargs={"pk": booked["id"]}))
    assert response.status_code == 204
    assert not Vacation.objects.exists()


def test_cancel_an_ongoing_vacation_ends_it_now_and_rearms_deadlines(
    players: list[Player], client_for: ClientFor
) -> None:
    game = create_game([players[0].competitor, players[1].competitor], seed=1)
    deadlines_expire()
    game.refresh_from_db()
    assert game.deadline_version == game.version
    now = timezone.now()
    vacation = Vacation.objects.create(
        player=players[0], starts_at=now - timedelta(days=1), ends_at=now + timedelta(days=1)
    )
    response = client_for(players[0]).delete(reverse("api-me-vacation", kwargs={"pk": vacation.pk}))
    assert response.status_code == 200, response.content
    assert response.json()["state"] == "over"
    vacation.refresh_from_db()
    assert now < vacation.ends_at <= timezone.now()
    game.refresh_from_db()
    assert game.deadline_version is None  # the sweep works the deadline out again


def test_a_vacation_that_is_over_stays_on_record(players: list[Player], client_for: ClientFor) -> None:
    now = timezone.now()
    vacation = Vacation.objects.create(
        player=players[0], starts_at=now - timedelta(days=3), ends_at=now - timedelta(days=1)
    )
    response = client_for(players[0]).delete(reverse("api-me-vacation", kwargs={"pk": vacation.pk}))
    assert response.status_code == 409 and response.json()["code"] == "conflict"
    assert Vacation.objects.filter(pk=vacation.pk).exists()


def test_another_players_vacation_is_not_found(players: list[Player], client_for: ClientFor) -> None:
    booked = _book(client_for(players[0]), timedelta(days=1), timedelta(days=3))
    url = reverse("api-me-vacation", kwargs={"pk": booked["id"]})
    response = client_for(players[1]).delete(url)
    assert response.status_code == 404 and response.json()["code"] == "not_found"
    assert Vacation.objects.filter(pk=booked["id"]).exists()
    huge = client_for(players[1]).delete(reverse("api-me-vacation", kwargs={"pk": 2**70}))
    assert huge.status_code == 404


def test_anonymous_callers_are_refused() -> None:
    assert APIClient().get(URL).status_code in (401, 403)
    response = APIClient().post(
        URL, {"starts_at": _iso(timedelta(days=1)), "ends_at": _iso(timedelta(days=2))}
    )
    assert response.status_code in (401, 403) and response.json()["code"]
    assert not Vacation.objects.exists()
