"""A newcomer signs up in Chromium, then visits the main pages a league player uses: their settings,
a tournament in progress, a league's ladder, a profile and the game ladder. Each page is
screenshotted (conftest.py) and checked for what it is for."""

from __future__ import annotations

from typing import Any

import pytest

from games.models import Player
from games.services.competitions import (
    tournament_create,
    tournament_join,
    tournament_open_registration,
    tournament_start,
)
from games.services.leagues import league_create, league_join, league_open_registration, league_start
from games.services.players import builtin_bots_ensure

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a long browser password"


def _sign_up(page: Any, base: str, username: str) -> Player:
    page.goto(f"{base}/accounts/signup/")
    page.fill("#id_username", username)
    page.fill("#id_email", f"{username}@example.org")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.click("form [type=submit]")
    page.wait_for_load_state()
    return Player.objects.get(user__username=username)


def test_sign_up_and_visit_the_main_pages(
    live_server: Any, page: Any, screenshot: Any, steady_bot: Any
) -> None:
    base = live_server.url
    carol = _sign_up(page, base, "carol")
    assert "Log out" in page.inner_text("body") and "carol" in page.inner_text("body")
    heuristic = next(
        b for b in builtin_bots_ensure() if b.game_id == "mulligan" and b.engine_bot == "heuristic"
    )
    bots = [heuristic.competitor, steady_bot.competitor]

    # A round robin of carol and two bots: the bots' game is played at once (eager Celery), carol's
    # wait for her. One bot never folds: carol's game against it can only end by her moves, so the
    # tournament waits for her whatever the deal (two bots that may fold at their first move could
    # end both her games before she plays, and the tournament with them).
    cup = tournament_create(
        name="Sunday cup", game_id="mulligan", format="round_robin", timeout_policy="default_action"
    )
    tournament_open_registration(tournament_pk=cup.pk)
    for competitor in [carol.competitor, *bots]:
        tournament_join(tournament_pk=cup.pk, competitor=competitor)
    tournament_start(tournament_pk=cup.pk)

    page.goto(f"{base}/")
    assert page.query_selector("[data-testid=your-turn]") is not None, "carol's tournament game is not listed"
    screenshot("home-your-turn")

    page.goto(f"{base}/tournaments/{cup.pk}/")
    assert "Sunday cup" in page.inner_text("h1")
    assert "default" in page.inner_text("body").lower(), "the timeout policy is not shown"
    assert page.query_selector("[data-testid=progress]") is not None
    screenshot("tournament")

    league = league_create(name="Weekday league", game_id="mulligan")
    league_open_registration(league_pk=league.pk)
    for competitor in [carol.competitor, *bots]:
        league_join(league_pk=league.pk, competitor=competitor)
    league_start(league_pk=league.pk)
    page.goto(f"{base}/leagues/{league.pk}/")
    assert "Weekday league" in page.inner_text("h1")
    screenshot("league")

    page.goto(f"{base}/players/{bots[0].pk}/")
    assert bots[0].name in page.inner_text("h1")
    screenshot("profile")

    page.goto(f"{base}/ladder/mulligan/")
    screenshot("ladder")

    # Settings: turn off the e-mail for "your turn"; the page says it was saved.
    page.goto(f"{base}/settings/")
    screenshot("settings")
    assert page.is_checked("#id_email_turn")
    page.uncheck("#id_email_turn")
    page.click("[data-testid=notification-form] [type=submit]")
    page.wait_for_load_state()
    assert "saved" in page.inner_text("[data-testid=messages]").lower()
    carol.user.refresh_from_db()
    assert carol.user.notification_settings.email_turn is False
