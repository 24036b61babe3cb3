"""The golf table shows each alternate mode's own state (points, chips, wagers, the course's play)
on the game page, for a seat holder and a spectator alike."""

from __future__ import annotations

import pytest
from django.test import Client

from games.services.games import game_create
from tests.games.factories import PlayerFactory

pytestmark = pytest.mark.django_db

MODES = {"wolf": 3, "interesting": 2, "against_the_course": 2, "heavy_bag": 2, "handicap": 2, "best_ball": 4}


@pytest.mark.parametrize(("mode", "players"), MODES.items())
def test_every_mode_renders_its_state(mode: str, players: int) -> None:
    people = PlayerFactory.create_batch(players)
    game = game_create(
        game_id="golf",
        competitors=[p.competitor for p in people],
        config={"players": players, "mode": mode, "holes": 1},
        seed=5,
    )
    seated = Client()
    seated.force_login(people[0].user)
    for client in (seated, Client()):
        response = client.get(f"/games/{game.pk}/")
        assert response.status_code == 200
        page = response.content.decode()
        assert 'data-testid="golf-mode"' in page
    if mode == "interesting":
        assert "Chips:" in page
    if mode == "wolf":
        assert "Wolf points:" in page


def test_combined_modes_are_named_together_on_the_page() -> None:
    people = PlayerFactory.create_batch(2)
    game = game_create(
        game_id="golf",
        competitors=[p.competitor for p in people],
        config={"players": 2, "mode": ["heavy_bag", "handicap"], "holes": 1},
        seed=5,
    )
    page = Client().get(f"/games/{game.pk}/").content.decode()
    assert "Mode: Heavy bag + Handicap" in page
