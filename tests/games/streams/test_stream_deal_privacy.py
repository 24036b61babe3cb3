"""A game of a deal still in play (a duplicate round's tables) streams only to the people seated in
it, and its end event leaves the seed out until every table of the deal has finished."""

from __future__ import annotations

import random

import pytest
from django.contrib.auth.models import AnonymousUser

from games.models import Player
from games.streams.game_stream import GameStream, StreamRefused
from tests.games.deal_privacy import duplicate_round_one, seated_people
from tests.games.factories import PlayerFactory
from tests.games.helpers import play_to_end

pytestmark = pytest.mark.django_db


def test_a_shared_deal_streams_only_to_its_table_and_keeps_its_seed_until_every_table_is_done() -> None:
    people: list[Player] = PlayerFactory.create_batch(4)
    stranger = PlayerFactory()
    first, second = duplicate_round_one(people)
    play_to_end(first, random.Random(1))
    first.refresh_from_db()
    at_first, at_second = seated_people(first, people), seated_people(second, people)

    for reader in (AnonymousUser(), stranger.user, *(person.user for person in at_second.values())):
        with pytest.raises(StreamRefused, match="another table"):
            GameStream(first.pk, reader).open(None)
    seated = next(iter(at_first.values())).user
    events = GameStream(first.pk, seated).open(None)
    assert events[-1]["type"] == "end" and "seed" not in events[-1]
    assert "seed" not in events[0]["view"]

    play_to_end(second, random.Random(2))
    events = GameStream(first.pk, stranger.user).open(None)
    assert events[-1]["type"] == "end" and events[-1]["seed"] == first.seed
