"""A version test's page follows its test through the event stream (``static/js/versiontest.js``: an
EventSource on ``/api/bots/{id}/tests/{tid}/stream/``), served as production serves it: uvicorn,
PostgreSQL, Redis. The author has the page open; pairs are counted (the script ends the test's games
through the game flow, as the bot runners would); the page shows each pair's figures and then the
test's end without a reload, and without a request to the old long poll."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.db import transaction
from django.test import Client
from django.utils import timezone

from games.models import Game, VersionTestDeal
from games.services.game_flow import ending_forfeit, games_end
from games.services.version_tests import VersionTestRequest, version_test_start
from tests.e2e.conftest import broker_url
from tests.games.factories import BotFactory, PlayerFactory
from tests.games.streams.live_asgi import live_asgi
from tests.games.version_tests.conftest import owned_builtin

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("postgresql_required")]


def _candidate_wins(game_pk: int, candidate_seat: int) -> None:
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_pk)
        seats = list(game.seats.order_by("index"))
        late = [seat.index for seat in seats if seat.index != candidate_seat]
        games_end([(game, seats, ending_forfeit([s.index for s in seats], late))], now=timezone.now())


def _candidate_wins_deal(deal: VersionTestDeal) -> None:
    _candidate_wins(deal.first_game_id, 0)
    _candidate_wins(deal.second_game_id, 1)


def test_the_version_test_page_shows_each_pair_and_the_end_from_the_stream(
    page: Any,
    screenshot: Any,
    accessibility: Any,
    console: Any,
    tmp_path: Path,
    settings: Any,
    monkeypatch: Any,
) -> None:
    settings.STREAMS_REDIS_URL = broker_url()  # this process's commits are announced as the server's
    # No worker plays the test's games: the script ends them, so the figures follow a known course.
    monkeypatch.setattr(
        "games.services.version_tests.version_test_games_play_on_commit", lambda *a, **k: None
    )
    author = PlayerFactory()
    candidate = owned_builtin(author, "heuristic")
    baseline = BotFactory(engine_bot="random")
    # Two deals, on bounds two pairs never decide: the budget ends the test (inconclusive).
    test = version_test_start(
        bot_pk=candidate.pk,
        user=author.user,
        request=VersionTestRequest(baseline_bot=baseline.pk, config={"players": 2}, max_deals=2),
    )
    deals = list(test.deals.order_by("number"))
    session = Client()
    session.force_login(author.user)

    with live_asgi(tmp_path) as server:
        base = f"http://{server.host}:{server.port}"
        page.context.add_cookies(
            [{"name": "sessionid", "value": session.cookies["sessionid"].value, "url": base}]
        )
        requested: list[str] = []
        page.on("request", lambda request: requested.append(request.url))
        navigations: list[str] = []
        page.on(
            "framenavigated",
            lambda frame: navigations.append(frame.url) if frame == page.main_frame else None,
        )

        with page.expect_request(lambda request: "/stream/" in request.url) as opened:
            page.goto(f"{base}/bots/{candidate.pk}/tests/{test.pk}/")
        assert opened.value.url == f"{base}/api/bots/{candidate.pk}/tests/{test.pk}/stream/?last_event_id=0"
        status = "[data-testid=test-status]"
        assert "Running after 0 pairs" in page.inner_text(status)
        loads = len(navigations)

        _candidate_wins_deal(deals[0])
        page.wait_for_selector(f"{status}[data-pairs='1']")
        assert page.inner_text("[data-testid=pentanomial]") == "0 0 0 0 1"
        assert page.inner_text("[data-testid=llr]") != "—"
        screenshot("version-test-followed-the-stream")
        accessibility("a version test's page after a pair came through the stream")

        _candidate_wins_deal(deals[1])
        page.wait_for_selector(f"{status}[data-pairs='2'][data-test-state='inconclusive']")
        assert page.inner_text("[data-testid=pentanomial]") == "0 0 0 0 2"
        # The end is said once to a screen reader (the live region), not at every pair.
        assert "Inconclusive after 2 pairs" in (page.text_content("[data-live-announce]") or "")
        assert len(navigations) == loads, "the page reloaded instead of following the stream"
        assert not any("/wait/" in url for url in requested)
        console.check("the version test page following its stream")
