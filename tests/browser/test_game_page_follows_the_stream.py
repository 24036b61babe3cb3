"""The game page follows its game through the event stream (``static/js/game.js``: an EventSource on
``/api/games/{id}/stream/``), served as production serves it: uvicorn, PostgreSQL, Redis. A person
has the page open; the opponent moves (here, through the service, as their own page or a bot would);
the page shows the move and the person's buttons without a reload, and without a request to the
old long poll."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from games.services.moves import move_submit
from tests.e2e.conftest import broker_url
from tests.games.factories import PlayerFactory
from tests.games.helpers import create_game
from tests.games.streams.live_asgi import live_asgi

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("postgresql_required")]


def test_the_game_page_shows_the_opponents_move_from_the_stream(
    page: Any, screenshot: Any, accessibility: Any, console: Any, tmp_path: Path, settings: Any
) -> None:
    settings.STREAMS_REDIS_URL = broker_url()  # this process's commits are announced as the server's
    opponent, person = PlayerFactory(), PlayerFactory()
    game = create_game([opponent.competitor, person.competitor], seed=4242, config={"players": 2})
    session = Client()
    session.force_login(person.user)

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
            page.goto(f"{base}/games/{game.pk}/")
        assert opened.value.url == f"{base}/api/games/{game.pk}/stream/?last_event_id=0"
        status = "[data-testid=game-status]"
        assert page.get_attribute(status, "data-move-count") == "0"
        assert page.locator("[data-testid=action]").count() == 0  # the opponent acts first
        loads = len(navigations)

        move_submit(game_pk=game.pk, user=opponent.user, action={"type": "skip"}, seat_index=0)
        page.wait_for_selector(f"{status}[data-move-count='1']")
        page.wait_for_selector("[data-testid=action]")
        assert len(navigations) == loads, "the page reloaded instead of following the stream"
        assert not any("/wait/" in url for url in requested)
        screenshot("game-page-followed-the-stream")
        accessibility("a game page after a move came through the stream")
        console.check("the game page following its stream")
