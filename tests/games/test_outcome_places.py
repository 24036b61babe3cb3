"""Seats the rules tie share a place in the service (``Outcome.places``), and a seat alone against
the house (one-seat Three Card Mulligan) finishes a rated game without a rating to change."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Outcome
from games.models import GameStatus, RatingChange
from games.services.game_flow import game_finish
from games.services.games import game_create
from tests.games.factories import BotFactory

pytestmark = pytest.mark.django_db


class _Tied:
    """A finished state whose outcome ties its two seats (as equal net chips do)."""

    is_over = True

    def outcome(self) -> Outcome:
        return Outcome(ranking=(1, 0), scores=(3.0, 3.0), details={"places": [1, 1]})


def test_tied_seats_share_a_place_and_draw_in_the_ratings() -> None:
    b = BotFactory(engine_bot="strategy", game_id="three_card")
    a = BotFactory(engine_bot="random", game_id="three_card")
    game = game_create(
        game_id="three_card", competitors=[a.competitor, b.competitor], seed=1, enqueue_bots=False
    )
    game_finish(game=game, state=_Tied())  # type: ignore[arg-type]
    assert [seat.rank for seat in game.seats.order_by("index")] == [1, 1]
    changes = list(RatingChange.objects.filter(game=game))
    assert len(changes) == 2 and all(change.delta == 0 for change in changes), "equal ratings that draw stay"


def test_a_rated_one_seat_game_finishes_without_ratings(on_commit: Any) -> None:
    bot = BotFactory(engine_bot="strategy", game_id="three_card")
    with on_commit():
        game = game_create(game_id="three_card", competitors=[bot.competitor], seed=4, config={"hands": 3})
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED and game.rated
    assert game.seats.get().rank == 1
    assert not RatingChange.objects.filter(game=game).exists()
