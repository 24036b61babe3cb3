"""Three Card Mulligan in a tournament, through the registry alone: duplicate deals (every table of
a round gets the same cards), matches scored by net chips, a finished tournament reproducible from
its games."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from games.models import Bot, Competitor, MatchGame, Tournament
from games.services.competitions import tournament_start
from tests.games.competitions.checks import assert_finished_and_reproducible
from tests.games.competitions.conftest import CLONE_KIND, open_tournament

pytestmark = pytest.mark.django_db


def test_a_three_card_swiss_deals_in_duplicate_and_finishes(stepper: Callable[..., Any]) -> None:
    field = []
    for k in range(6):
        engine_bot = "strategy" if k % 2 else "random"
        competitor = Competitor.objects.create(name=f"{engine_bot} clone {k}")
        Bot.objects.create(
            competitor=competitor, game_id="three_card", kind=CLONE_KIND, engine_bot=engine_bot
        )
        field.append(competitor)
    tournament = open_tournament(
        field=field, game_id="three_card", format="swiss", rounds=2, config={"hands": 4}
    )
    stepper(lambda: tournament_start(tournament_pk=tournament.pk))
    tournament.refresh_from_db()
    assert tournament.state == "finished"
    assert_finished_and_reproducible(tournament)
    for number in (1, 2):
        games = [
            mg.game
            for mg in MatchGame.objects.filter(
                match__round__tournament=tournament, match__round__number=number
            )
        ]
        assert len(games) == 3
        assert len({game.seed for game in games}) == 1, "every table of a round is dealt the same cards"
        assert all(game.status == "finished" for game in games)
    assert Tournament.objects.get(pk=tournament.pk).game_id == "three_card"
