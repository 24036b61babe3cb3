"""A round dealt in duplicate (Three Card Mulligan: every table gets the same cards) keeps each
table's game private to the people seated there until every table of the round has finished: a
spectator, a stranger or an entrant at the other table would read the deal from the table ahead."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from django.test import Client
from rest_framework.test import APIClient

from games.models import Game, MatchGame, Player
from games.services.competitions import tournament_start
from tests.games.competitions.conftest import open_tournament
from tests.games.deal_privacy import (
    assert_pages_open,
    assert_read_as_running,
    assert_record_open,
    assert_refused,
    session_client,
)
from tests.games.factories import PlayerFactory
from tests.games.helpers import play_to_end

pytestmark = pytest.mark.django_db


def _round_one(people: list[Player]) -> tuple[Game, Game]:
    tournament = open_tournament(
        field=[person.competitor for person in people], game_id="three_card", rounds=1, config={"hands": 2}
    )
    tournament_start(tournament_pk=tournament.pk)
    games = MatchGame.objects.filter(match__round__tournament=tournament).select_related("game")
    first, second = (match_game.game for match_game in games.order_by("match__table"))
    assert first.seed == second.seed and first.status == second.status == "running"
    return first, second


def _seated(game: Game, people: list[Player]) -> dict[int, Player]:
    by_competitor = {person.competitor_id: person for person in people}
    return {seat.index: by_competitor[seat.competitor_id] for seat in game.seats.all()}


def test_a_duplicate_round_is_private_to_each_table_until_every_table_has_finished(
    client_for: Callable[[Player], APIClient],
) -> None:
    people = PlayerFactory.create_batch(4)
    stranger = PlayerFactory()
    staff = PlayerFactory(user__is_staff=True)
    first, second = _round_one(people)
    play_to_end(first, random.Random(1))
    first.refresh_from_db()
    assert first.is_finished

    at_first, at_second = _seated(first, people), _seated(second, people)
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
