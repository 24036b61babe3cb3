"""Every registered game can be started from ``/games/new/`` and played to its end through the
pages: a person picks the game from the "New game" link, keeps its defaults or takes a short preset,
seats the game's built-in bots, and clicks the legal actions the game page offers until the finished
game shows its result. axe-core checks the new-game and the finished page of each; one screenshot
per game (conftest.py)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import get_game, registered_games
from games.models import Game, GameStatus
from games.services.players import player_create
from tests.browser.new_game_flow import fill_options, open_new_game_form, play_to_the_end, seat_bots, start

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a long browser password"
MAX_CLICKS = 600
# Short sessions, where a game has a length to set: a whole game, ended by its own rules. Golf's
# one-hole game is a preset of its own, chosen through the preset form.
PRESETS = {"golf": "practice"}
SHORT = {"max_turns": 6, "hands": 3, "turn_cap": 8}


@pytest.mark.parametrize("game_id", [game.id for game in registered_games()])
def test_a_person_starts_a_game_from_the_new_game_page_and_plays_it_out(
    game_id: str, live_server: Any, page: Any, screenshot: Any, accessibility: Any
) -> None:
    engine_game = get_game(game_id)
    person = player_create(username=f"player-{game_id}", password=PASSWORD)
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_login", person.user.username)
    page.fill("#id_password", PASSWORD)
    with page.expect_navigation():
        page.click("form [type=submit]")

    open_new_game_form(page, game_id, PRESETS.get(game_id))
    fill_options(page, SHORT)
    seats = max(2, engine_game.min_players)
    seat_bots(page, seats)
    accessibility(f"the new-game page of {game_id}")
    game_pk = start(page, game_id)

    game = Game.objects.get(pk=game_pk)
    assert game.game_id == game_id
    assert game.seats.count() == seats
    assert game.seats.get(index=0).competitor_id == person.competitor.pk
    chosen = {**chosen_preset(engine_game, game_id), **short_options(engine_game)}
    assert {key: game.config.get(key) for key in chosen} == chosen, "the form's options reached the game"

    rng = random.Random(3)

    def staying_at_random(buttons: list[Any]) -> Any:
        staying = [b for b in buttons if b.get_attribute("data-action-type") != "fold"] or buttons
        return rng.choice(staying)

    clicks = play_to_the_end(page, game_id, staying_at_random, MAX_CLICKS)

    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED, page.inner_text("[data-testid=game-status]")
    assert page.get_attribute("[data-testid=game-status]", "data-game-status") == "finished"
    assert "Finished:" in page.inner_text("[data-testid=game-status]")
    assert page.locator("[data-testid=actions]").count() == 0
    assert clicks >= 1
    accessibility(f"the finished {game_id} game page")
    screenshot(f"game-{game_id}-finished")


def chosen_preset(engine_game: Any, game_id: str) -> dict[str, Any]:
    name = PRESETS.get(game_id)
    return next((dict(p.config) for p in engine_game.config_presets() if p.name == name), {})


def short_options(engine_game: Any) -> dict[str, Any]:
    names = {spec.name for spec in engine_game.config_fields()}
    return {key: value for key, value in SHORT.items() if key in names}
