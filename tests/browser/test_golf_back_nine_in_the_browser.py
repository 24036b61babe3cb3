"""A person plays golf against a bot in Chromium with ``decide_after_nine``: the boards keep their
cards until the hole ends, and after the front nine the page offers the vote on the back nine."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.models import GameStatus, Move
from games.selectors.games import game_state
from games.services.games import game_create
from games.services.players import builtin_bots_ensure, player_create

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a long browser password"
CONFIG = {"players": 2, "holes": 18, "turn_cap": 2, "decide_after_nine": True}
MAX_CLICKS = 300


def _log_in(page: Any, base: str, username: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_login", username)
    page.fill("#id_password", PASSWORD)
    page.click("form [type=submit]")
    page.wait_for_load_state()


def _boards_on_the_page(page: Any) -> list[str]:
    return [cell.inner_text() for cell in page.query_selector_all("[data-testid=golf-board]")]


def test_a_person_sees_the_boards_and_votes_on_the_back_nine(
    live_server: Any, page: Any, screenshot: Any
) -> None:
    person = player_create(username="nina", password=PASSWORD)
    bot = next(b for b in builtin_bots_ensure() if b.game_id == "golf" and b.engine_bot == "heuristic")
    game = game_create(
        game_id="golf", competitors=[person.competitor, bot.competitor], config=CONFIG, seed=20261125
    )
    base = live_server.url
    _log_in(page, base, "nina")
    page.goto(f"{base}/games/{game.pk}/")
    rng = random.Random(3)
    for _ in range(MAX_CLICKS):
        game.refresh_from_db()
        state = game_state(game)
        # What the boards hold now is what the page shows, Shots and Actions, until the hole ends.
        for seat, cell in enumerate(_boards_on_the_page(page)):
            if state.board_actions[seat]:
                assert "Actions:" in cell
            if state.boards[seat]:
                assert "Shots:" in cell
        if state.phase == "back_nine":
            break
        buttons = page.query_selector_all("[data-testid=action]")
        assert buttons, page.inner_text("[data-testid=game-status]")
        rng.choice(buttons).click()
        page.wait_for_load_state()
    else:
        pytest.fail("the front nine did not end")

    assert "every player votes whether to play the back nine" in page.inner_text(".golf-table")
    votes = page.query_selector_all("[data-testid=action][data-action-type=back_nine]")
    assert len(votes) == 2 and "Vote to play the back nine" in votes[0].inner_text()
    screenshot("golf-back-nine-vote")
    voted = json.loads(votes[0].get_attribute("value") or "{}")
    votes[0].click()
    page.wait_for_load_state()
    last = Move.objects.filter(game=game, seat=0).order_by("-number").first()
    assert last is not None and last.action == voted == {"type": "back_nine", "play": True}
    game.refresh_from_db()
    state = game_state(game)
    decided = state.back_nine
    assert decided is not None, "the bot voted on commit"
    told = page.inner_text("[data-testid=golf-back-nine]")
    if decided:
        assert "played (the players voted to play on)" in told and game.status == GameStatus.RUNNING
    else:
        assert "not played" in told and game.status == GameStatus.FINISHED
