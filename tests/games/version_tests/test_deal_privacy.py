"""A version test's pair (the candidate's game and the baseline's, dealt from one seed) stays private
until both games have finished: the author's HTTP bot, or anyone, would otherwise read the deal of
the game still running from the one that ended first."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.test import Client
from rest_framework.test import APIClient

from games.models import Bot, Game, Player
from games.services.games import game_play_bots
from games.services.version_tests import VersionTestRequest, version_test_start
from tests.games.deal_privacy import assert_pages_open, assert_record_open, assert_refused, session_client
from tests.games.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def test_a_version_tests_pair_is_private_until_both_games_have_finished(
    author: Player,
    stranger: Player,
    heuristic: Bot,
    random_builtin: Bot,
    unplayed: list[list[int]],
    client_for: Callable[[Player], APIClient],
) -> None:
    test = version_test_start(
        bot_pk=heuristic.pk,
        user=author.user,
        request=VersionTestRequest(baseline_bot=random_builtin.pk, config={"players": 2}),
    )
    deal = test.deals.order_by("number").first()
    assert deal is not None
    first, second = Game.objects.get(pk=deal.first_game_id), Game.objects.get(pk=deal.second_game_id)
    assert first.seed == second.seed
    game_play_bots(game_pk=first.pk)
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.is_finished and second.status == "running"

    # Bots hold every seat: nobody reads either game, the author no more than a stranger.
    people = [author, stranger]
    for game in (first, second):
        assert_refused(
            game,
            [APIClient(), *(client_for(person) for person in people)],
            [Client(), *(session_client(person) for person in people)],
        )
    staff = PlayerFactory(user__is_staff=True)
    assert_record_open(first, client_for(staff))

    game_play_bots(game_pk=second.pk)
    for game in (first, second):
        game.refresh_from_db()
        assert game.is_finished
        assert_record_open(game, APIClient())
        assert_record_open(game, client_for(stranger))
        assert_pages_open(game, Client())
