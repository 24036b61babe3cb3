"""Every registered game can be played to its end through the pages: a person clicks the legal
actions offered against the game's built-in bots, and the finished game shows its result. One
screenshot per game (conftest.py)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import get_game, registered_games
from games.models import GameStatus
from games.services.games import game_create
from games.services.players import builtin_bots_ensure, player_create

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a long browser password"
MAX_CLICKS = 600
# Short sessions, where a game has a length to set: a whole game, ended by its own rules.
SHORT = {"max_turns": 6, "hands": 3, "turn_cap": 8, "holes": 1}


@pytest.mark.parametrize("game_id", [game.id for game in registered_games()])
def test_a_person_plays_a_whole_game_in_the_browser(
    game_id: str, live_server: Any, page: Any, screenshot: Any
) -> None:
    engine_game = get_game(game_id)
    person = player_create(username=f"player-{game_id}", password=PASSWORD)
    bots = [bot for bot in builtin_bots_ensure() if bot.game_id == game_id]
    seats = max(2, engine_game.min_players)
    competitors = [person.competitor] + [bots[k % len(bots)].competitor for k in range(seats - 1)]
    defaults = engine_game.normalize_config({})
    config = {key: value for key, value in SHORT.items() if key in defaults}
    game = game_create(game_id=game_id, competitors=competitors, config=config, seed=17)

    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_login", person.user.username)
    page.fill("#id_password", PASSWORD)
    page.click("form [type=submit]")
    page.wait_for_load_state()
    page.goto(f"{live_server.url}/games/{game.pk}/")

    rng = random.Random(3)
    clicks = 0
    while buttons := page.query_selector_all("[data-testid=action]"):
        assert clicks < MAX_CLICKS, f"{game_id} did not end"
        staying = [b for b in buttons if b.get_attribute("data-action-type") != "fold"] or buttons
        rng.choice(staying).click()
        page.wait_for_load_state()
        assert "played" in page.inner_text("[data-testid=messages]").lower()
        clicks += 1
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED, page.inner_text("[data-testid=game-status]")
    assert clicks >= 1
    screenshot(f"game-{game_id}-finished")
