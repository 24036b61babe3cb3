"""A bot author, in Chromium: starts a version test from the bot's page, watches its figures change
as pairs are counted (the page's event stream, no reload; here served by ``live_server``, a WSGI
server, where the stream runs in a request's thread), stops it and publishes it; a visitor then
sees it on the bot's page. Screenshots: ``version-test-running``, ``version-test-stopped``.

The test's games are not handed to a worker here: the script ends them through the game flow (a
seat forfeits), so the page's figures follow a known course whatever the deals.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db import transaction
from django.utils import timezone

from games.models import Bot, Game, VersionTest
from games.services.game_flow import ending_forfeit, games_end
from games.services.players import builtin_bots_ensure, player_create

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a long browser password"


def _candidate_wins(game_pk: int, candidate_seat: int) -> None:
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_pk)
        seats = list(game.seats.order_by("index"))
        late = [seat.index for seat in seats if seat.index != candidate_seat]
        games_end([(game, seats, ending_forfeit([s.index for s in seats], late))], now=timezone.now())


def test_an_author_starts_watches_stops_and_publishes_a_version_test(
    live_server: Any,
    page: Any,
    another_browser: Any,
    screenshot: Any,
    accessibility: Any,
    monkeypatch: Any,
    settings: Any,
) -> None:
    monkeypatch.setattr(
        "games.services.version_tests.version_test_games_play_on_commit", lambda *a, **k: None
    )
    settings.STREAM_POLL_SECONDS = 0.2  # when no Redis announces the pairs, the stream reads this often
    author = player_create(username="vera", password=PASSWORD)
    builtin_bots_ensure()
    heuristic = Bot.objects.get(kind="builtin", game_id="mulligan", engine_bot="heuristic")
    Bot.objects.filter(pk=heuristic.pk).update(owner=author)
    random_bot = Bot.objects.get(kind="builtin", game_id="mulligan", engine_bot="random")
    base = live_server.url

    page.goto(f"{base}/accounts/login/")
    page.fill("#id_login", "vera")
    page.fill("#id_password", PASSWORD)
    page.click("form [type=submit]")
    page.wait_for_load_state()

    page.goto(f"{base}/bots/{heuristic.pk}/")
    form = page.locator("[data-testid=version-test-form]")
    form.locator("#id_baseline_bot").fill(str(random_bot.pk))
    form.locator("#id_config").fill('{"players": 2}')
    form.locator("#id_elo1").fill("30")
    form.locator("[type=submit]").click()
    page.wait_for_load_state()
    test = VersionTest.objects.get()
    assert page.url == f"{base}/bots/{heuristic.pk}/tests/{test.pk}/"
    assert "Running after 0 pairs" in page.inner_text("[data-testid=test-status]")

    # Two pairs won by the candidate in both seats: the page shows them without a reload.
    for deal in test.deals.order_by("number")[:2]:
        _candidate_wins(deal.first_game_id, 0)
        _candidate_wins(deal.second_game_id, 1)
    page.locator("[data-testid=test-status][data-pairs='2']").wait_for()
    assert page.inner_text("[data-testid=pentanomial]") == "0 0 0 0 2"
    assert page.inner_text("[data-testid=llr]") != "—"
    screenshot("version-test-running")
    accessibility("a running version test's page")

    page.click("[data-testid=stop-form] [type=submit]")
    page.wait_for_load_state()
    assert "Stopped after 2 pairs" in page.inner_text("[data-testid=test-status]")
    page.click("[data-testid=publish-form] [type=submit]")
    page.wait_for_load_state()
    screenshot("version-test-stopped")

    visitor = another_browser()
    visitor.goto(f"{base}/bots/{heuristic.pk}/")
    row = visitor.locator(f"[data-testid=version-tests] [data-test='{test.pk}']")
    assert "stopped" in row.inner_text()
    row.locator("a").click()
    visitor.wait_for_load_state()
    assert "0 0 0 0 2" in visitor.inner_text("[data-testid=pentanomial]")
    assert visitor.locator("[data-testid=stop-form]").count() == 0
