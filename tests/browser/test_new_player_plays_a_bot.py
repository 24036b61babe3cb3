"""A new person, from nothing: signs up with an e-mail address, verifies it from the mail, finds it
verified on the settings page, starts a Mulligan game against a built-in bot from the "New game"
link and its form, and plays it to the end by clicking the buttons the game page offers. The deal is
pinned per test (tests/conftest.py); whoever ends the game (a bot may fold), the page shows it
finished with a result. Screenshots of each step; axe-core on the new-game and the finished page."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

import pytest
from django.core import mail

from games.models import Game, GameStatus
from tests.browser.new_game_flow import first_staying, open_new_game_form, play_to_the_end, seat_bots, start

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a long browser password"
LINK = re.compile(r"https?://\S+")
MAX_CLICKS = 400


def test_a_new_player_signs_up_verifies_and_plays_mulligan_against_a_bot(
    live_server: Any, page: Any, screenshot: Any, accessibility: Any
) -> None:
    base = live_server.url
    page.goto(f"{base}/accounts/signup/")
    page.fill("#id_username", "ottoline")
    page.fill("#id_email", "ottoline@example.org")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    with page.expect_navigation():
        page.click("form[data-testid=signup-form] [type=submit]")
    assert "Log out" in page.inner_text("header")
    screenshot("newplayer-1-signed-up")

    [message] = mail.outbox
    assert message.to == ["ottoline@example.org"]
    [link] = LINK.findall(message.body)
    assert urlsplit(link).path.startswith("/accounts/confirm-email/")
    page.goto(base + urlsplit(link).path)
    screenshot("newplayer-2-confirm")
    with page.expect_navigation():
        page.click("form[data-testid=confirm-email-form] [type=submit]")

    with page.expect_navigation():
        page.click("header a:text-is('Settings')")
    row = page.locator("[data-testid=account-addresses] tr", has_text="ottoline@example.org")
    assert re.search(r"\bverified, primary\b", row.inner_text()), row.inner_text()
    assert "not verified" not in row.inner_text()
    screenshot("newplayer-3-settings-verified")

    open_new_game_form(page, "mulligan")
    seat_bots(page, seats=2, bot="heuristic")
    accessibility("the new-game page for Mulligan")
    screenshot("newplayer-4-new-game")
    game_pk = start(page, "mulligan")
    game = Game.objects.get(pk=game_pk)
    assert game.game_id == "mulligan"
    seated = list(game.seats.order_by("index").select_related("competitor"))
    assert [seat.competitor.name for seat in seated][:1] == ["ottoline"]
    assert len(seated) == 2 and seated[1].competitor.is_bot
    assert seated[1].competitor.bot.engine_bot == "heuristic"
    screenshot("newplayer-5-game-started")

    clicks = play_to_the_end(page, "mulligan", first_staying, MAX_CLICKS, screenshot=screenshot)

    status = page.locator("[data-testid=game-status]")
    assert status.get_attribute("data-game-status") == "finished"
    assert re.search(r"Finished: .+ won\.", status.inner_text()), status.inner_text()
    assert page.locator("[data-testid=actions]").count() == 0
    assert "The game ended because" in page.inner_text("[data-testid=game-live]")
    ranks = page.locator("[data-testid=game-live] table tr td:nth-child(3)").all_inner_texts()
    assert sorted(ranks)[0] == "1", ranks
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    winners = [seat.competitor.name for seat in game.seats.all() if seat.rank == 1]
    assert all(name in status.inner_text() for name in winners)
    assert clicks >= 1  # the person sits first and auctions first: the game waits for them
    accessibility("the finished Mulligan game page")
    screenshot("newplayer-6-finished")
