"""A person plays a whole Mulligan game against two bots in Chromium, through the pages only, then
steps through its replay. Screenshots of the main pages are saved on the way (conftest.py)."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from games.models import Game, GameStatus, Move
from games.services.games import game_create
from games.services.players import builtin_bots_ensure, player_create

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a long browser password"
# The game is short so the run is (max_turns bounds Mulligan's deck-out end), but whole: it is
# played until the engine says it is over.
CONFIG = {"players": 3, "max_turns": 9}
MAX_CLICKS = 400


def _log_in(page: Any, base: str, username: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_login", username)
    page.fill("#id_password", PASSWORD)
    page.click("form [type=submit]")
    page.wait_for_load_state()


def _game_against_bots(username: str, seed: int) -> Game:
    person = player_create(username=username, password=PASSWORD)
    bots = {bot.engine_bot: bot for bot in builtin_bots_ensure() if bot.game_id == "mulligan"}
    # Committed (transactional test): the bots' first moves run on commit, eagerly.
    return game_create(
        game_id="mulligan",
        competitors=[bots["heuristic"].competitor, person.competitor, bots["random"].competitor],
        config=CONFIG,
        seed=seed,
    )


def _chosen_action(buttons: list[Any], rng: random.Random) -> Any:
    """Any legal action but folding, so the person plays to the end of the game."""
    staying = [b for b in buttons if b.get_attribute("data-action-type") != "fold"]
    return rng.choice(staying or buttons)


def test_a_person_plays_a_whole_game_against_bots_and_replays_it(
    live_server: Any, page: Any, screenshot: Any
) -> None:
    game = _game_against_bots("alice", seed=20261122)
    base = live_server.url
    _log_in(page, base, "alice")
    screenshot("home")
    page.click("[data-testid=your-turn]")
    assert re.search(rf"/games/{game.pk}/?$", page.url), page.url
    screenshot("game-your-turn")

    rng = random.Random(5)
    clicks = 0
    while True:
        buttons = page.query_selector_all("[data-testid=action]")
        if not buttons:
            break
        assert clicks < MAX_CLICKS, "the game did not end"
        chosen = _chosen_action(buttons, rng)
        played = json.loads(chosen.get_attribute("value"))
        chosen.click()
        page.wait_for_load_state()
        clicks += 1
        # The page confirms what was played, and the move is stored as the person's.
        assert "played" in page.inner_text("[data-testid=messages]").lower()
        last = Move.objects.filter(game=game, seat=1).order_by("-number").first()
        assert last is not None and last.action == played
        if clicks == 3:
            screenshot("game-after-a-move")

    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED, page.inner_text("[data-testid=game-status]")
    assert clicks >= 5, clicks
    assert Move.objects.filter(game=game, seat=1, auto=False).count() == clicks
    screenshot("game-finished")

    # The replay steps through the whole history, every hand revealed.
    page.goto(f"{base}/games/{game.pk}/replay/?step=0")
    total = game.version
    assert f"of {total}" in page.inner_text("[data-testid=replay-step]")
    for step in range(1, 4):
        page.click("[data-testid=replay-next]")
        page.wait_for_load_state()
        assert re.search(rf"\b{step}\b of {total}", page.inner_text("[data-testid=replay-step]"))
    screenshot("replay")
    page.click("[data-testid=replay-prev]")
    page.wait_for_load_state()
    assert re.search(rf"\b2\b of {total}", page.inner_text("[data-testid=replay-step]"))


def test_a_spectator_sees_no_hand_and_no_actions(live_server: Any, page: Any, screenshot: Any) -> None:
    game = _game_against_bots("bob", seed=7)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    assert page.query_selector_all("[data-testid=action]") == []
    assert page.query_selector("[data-testid=hand]") is None
    assert page.inner_text("[data-testid=game-status]")
    screenshot("game-spectator")
    # Posting a move as nobody does nothing but ask to log in.
    before = Move.objects.filter(game=game).count()
    response = page.request.post(
        f"{live_server.url}/games/{game.pk}/move/", form={"action": '{"type":"skip"}'}
    )
    assert response.status in {302, 403}
    assert Move.objects.filter(game=game).count() == before
