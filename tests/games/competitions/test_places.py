"""A tournament's places (``max_entrants``): joins past them are refused with a reason, whoever asks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Competitor, Player
from games.services.competitions import tournament_join, tournament_leave
from games.services.errors import Conflict
from tests.games.competitions.conftest import open_tournament

pytestmark = pytest.mark.django_db


def test_the_places_fill_and_the_next_join_is_refused(bots: Callable[[int], list[Competitor]]) -> None:
    field = bots(5)
    cup = open_tournament(field=field[:3], max_entrants=4)
    tournament_join(tournament_pk=cup.pk, competitor=field[3])
    with pytest.raises(Conflict, match="test cup is full: all 4 places are taken"):
        tournament_join(tournament_pk=cup.pk, competitor=field[4])
    assert cup.entries.count() == 4
    # A place given back before the start is free again.
    tournament_leave(tournament_pk=cup.pk, competitor=field[0])
    tournament_join(tournament_pk=cup.pk, competitor=field[4])
    assert set(cup.entries.values_list("competitor", flat=True)) == {c.pk for c in field[1:]}


def test_the_api_takes_shows_and_enforces_the_places(
    players: list[Player], client_for: Callable[[Player], Any]
) -> None:
    organiser = client_for(players[0])
    made = organiser.post(
        "/api/tournaments/",
        {"name": "small", "game": "mulligan", "format": "swiss", "max_entrants": 2},
        format="json",
    )
    assert made.status_code == 201, made.content
    pk = made.json()["id"]
    assert made.json()["max_entrants"] == 2
    assert organiser.post(f"/api/tournaments/{pk}/open/").status_code == 200
    answers = [
        client_for(person).post(f"/api/tournaments/{pk}/join/", {}, format="json") for person in players
    ]
    assert [a.status_code for a in answers] == [201, 201, 409, 409]
    assert answers[2].json()["detail"] == "small is full: all 2 places are taken"
    assert organiser.get(f"/api/tournaments/{pk}/").json()["entry_count"] == 2


@pytest.mark.parametrize("places", [0, 1, 100_001, "many"])
def test_places_out_of_range_are_refused(
    players: list[Player], client_for: Callable[[Player], Any], places: Any
) -> None:
    answer = client_for(players[0]).post(
        "/api/tournaments/",
        {"name": "x", "game": "mulligan", "format": "swiss", "max_entrants": places},
        format="json",
    )
    assert answer.status_code == 400 and "max_entrants" in answer.json()["errors"], answer.content


def test_the_page_shows_the_places(players: list[Player], bots: Callable[[int], list[Competitor]]) -> None:
    cup = open_tournament(field=bots(3), max_entrants=8)
    browser = Client()
    browser.force_login(players[0].user)
    page = browser.get(reverse("tournament", kwargs={"pk": cup.pk})).content.decode()
    assert "Entrants (3 of 8 places)" in page
    form = browser.get(reverse("tournament-new")).content.decode()
    assert 'name="max_entrants"' in form
