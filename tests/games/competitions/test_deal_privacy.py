"""A round dealt in duplicate (Three Card Mulligan: every table gets the same cards) keeps each
table's game private to the people seated there until every table of the round has finished: a
spectator, a stranger or an entrant at the other table would read the deal from the table ahead."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from django.test import Client
from rest_framework.test import APIClient

from games.models import Player
from tests.games.deal_privacy import (
    assert_pages_open,
    assert_read_as_running,
    assert_record_open,
    assert_refused,
    duplicate_round_one,
    seated_people,
    session_client,
)
from tests.games.factories import PlayerFactory
from tests.games.helpers import play_to_end

pytestmark = pytest.mark.django_db


def test_a_duplicate_round_is_private_to_each_table_until_every_table_has_finished(
    client_for: Callable[[Player], APIClient],
) -> None:
    people = PlayerFactory.create_batch(4)
    stranger = PlayerFactory()
    staff = PlayerFactory(user__is_staff=True)
    first, second = duplicate_round_one(people)
    play_to_end(first, random.Random(1))
    first.refresh_from_db()
    assert first.is_finished

    at_first, at_second = seated_people(first, people), seated_people(second, people)
    tokens = [client_for(stranger), *(client_for(person) for person in at_second.values())]
    browsers = [session_client(stranger), *(session_client(person) for person in at_second.values())]
    # Nobody but the first table's people reads its game: not a spectator, not a stranger, not
    # the entrants still playing the same cards at the second table (by token or session).
    assert_refused(first, [APIClient(), *tokens], [Client(), *browsers])
    # The running second table: only its own people, as any running game.
    assert_refused(second, [APIClient(), client_for(stranger)], [Client(), session_client(stranger)])
    for seat, person in at_first.items():
        assert_read_as_running(first, seat, client_for(person), session_client(person))
        assert_refused(second, [client_for(person)], [session_client(person)])
    for seat, person in at_second.items():
        view = client_for(person).get(f"/api/games/{second.pk}/").json()
        assert view["your_seats"] == [seat] and view["observation"]["seat"] == seat
    # Staff read everything, as of any game.
    assert_record_open(first, session_client(staff))

    play_to_end(second, random.Random(2))
    for game in (first, second):
        game.refresh_from_db()
        assert game.is_finished
        assert_record_open(game, APIClient())
        assert_record_open(game, client_for(stranger))
        assert_pages_open(game, Client())
