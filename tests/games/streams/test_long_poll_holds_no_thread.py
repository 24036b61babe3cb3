"""``GET /api/me/turns/wait/`` over a running uvicorn whose web process has two threads
(``WEB_THREADS=2``): twice as many bots wait for their turns as there are threads, and the server
still answers everything else at once, because a waiting client holds no thread
(``mulligan_league/asgi.py`` routes the long poll to the async view of ``games.api.me_views``).
Each waiting client then gets its own turn when its opponent moves, and only then, the last to ask
first (a poll that waited in asgiref's one shared thread held up every poll behind it): woken by the
move's announcement on Redis (the server's own looks are a minute apart here), or, without Redis,
by looking every ``LONG_POLL_INTERVAL``."""

from __future__ import annotations

import http.client
import json
import select
import time
from pathlib import Path
from typing import Any

import pytest

from games.models import Game, Player
from games.services.moves import move_submit
from games.services.tokens import token_create
from tests.e2e.conftest import broker_url
from tests.games.factories import PlayerFactory
from tests.games.helpers import create_game
from tests.games.streams.live_asgi import EVENT_TIMEOUT, live_asgi

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("postgresql_required")]

SEED = 8_675_309  # Mulligan heads-up: seat 0 acts first, and a skip hands the turn to seat 1
THREADS = 2
WAITERS = 2 * THREADS
# Longer than the bound on waiting for an answer (EVENT_TIMEOUT): no poll is answered by its timeout.
WAIT_SECONDS = 60


class Waiting:
    """A long poll sent and not yet read."""

    def __init__(self, host: str, port: int, token: str, cursor: str) -> None:
        # A bound on waiting for an answer, well under the poll's own timeout.
        self.connection = http.client.HTTPConnection(host, port, timeout=EVENT_TIMEOUT)
        self.connection.request(
            "GET",
            f"/api/me/turns/wait/?timeout={WAIT_SECONDS}&cursor={cursor}",
            headers={"Accept": "application/json", "Authorization": f"Token {token}"},
        )

    def answered(self) -> bool:
        """Whether any of the answer has come (looked at without waiting)."""
        sock = self.connection.sock
        assert sock is not None
        return bool(select.select([sock], [], [], 0)[0])

    def answer(self) -> tuple[int, Any]:
        response = self.connection.getresponse()
        return response.status, json.loads(response.read())

    def close(self) -> None:
        self.connection.close()


def _duels(host: Player, guests: list[Player]) -> list[Game]:
    return [create_game([host.competitor, guest.competitor], seed=SEED) for guest in guests]


@pytest.mark.parametrize("redis", [True, False], ids=["announced", "looked-for"])
def test_clients_waiting_for_their_turns_hold_no_thread(tmp_path: Path, settings: Any, redis: bool) -> None:
    # This process's commits are announced where the server listens (or, without Redis, not at all).
    settings.STREAMS_REDIS_URL = broker_url() if redis else ""
    host, *guests = [PlayerFactory() for _ in range(WAITERS + 1)]
    games = _duels(host, guests)
    tokens = [token_create(user=guest.user)[1] for guest in guests]
    # With Redis a look comes only with an announcement: LONG_POLL_INTERVAL is only the fallback's.
    server_settings = {"WEB_THREADS": str(THREADS), "LONG_POLL_INTERVAL": str(WAIT_SECONDS if redis else 0.1)}
    with live_asgi(tmp_path, redis=redis, settings=server_settings) as server:
        cursors = []
        for token in tokens:  # nothing waits for a guest yet: an empty list, and its cursor
            status, body = server.request("GET", "/api/me/turns/", token=token)
            assert status == 200 and body["turns"] == [], body
            cursors.append(body["cursor"])
        waiting = [Waiting(server.host, server.port, t, c) for t, c in zip(tokens, cursors, strict=True)]
        try:
            # A bound, not a measure: the polls reach the server and start waiting, as a bot's do.
            time.sleep(1.0)
            # Two threads, four clients waiting for a minute: a thread each would leave none for this.
            status, body = server.request("GET", f"/api/games/{games[0].pk}/", token=tokens[0])
            assert status == 200 and body["move_count"] == 0, body
            status, body = server.request("GET", "/api/me/turns/", token=tokens[1])
            assert status == 200 and body["turns"] == [], body
            assert not any(poll.answered() for poll in waiting), "a long poll answered before its turn"

            # The last to ask gets its turn first: the polls wait side by side, not one after another.
            for k in reversed(range(WAITERS)):
                move_submit(game_pk=games[k].pk, user=host.user, action={"type": "skip"}, expected_move=0)
                status, body = waiting[k].answer()
                assert status == 200, body
                assert body["timed_out"] is False and body["cursor"] != cursors[k]
                assert [(turn["game"], turn["seats"], turn["move_count"]) for turn in body["turns"]] == [
                    (games[k].pk, [1], 1)
                ]
                # The others still wait: their games have not moved.
                assert not any(other.answered() for other in waiting[:k])
        finally:
            for poll in waiting:
                poll.close()


def test_the_async_long_poll_refuses_as_the_api_does(tmp_path: Path) -> None:
    """Served by the ASGI handler, the long poll's refusals and its answer at once are DRF's, as
    under the WSGI server (tests/games/api_me/test_long_poll.py)."""
    host, guest = PlayerFactory(), PlayerFactory()
    (game,) = _duels(host, [guest])
    token = token_create(user=host.user)[1]
    with live_asgi(tmp_path, settings={"WEB_THREADS": "1"}) as server:
        status, body = server.request("GET", "/api/me/turns/wait/?timeout=0")
        assert status == 401 and body["code"] == "not_authenticated", body
        status, body = server.request("GET", "/api/me/turns/wait/?timeout=nan", token=token)
        assert status == 400 and body["code"] == "invalid" and "timeout" in body["errors"], body
        status, body = server.request("POST", "/api/me/turns/wait/", token=token)
        assert status == 405 and body["code"] == "method_not_allowed", body
        status, body = server.request("GET", "/api/me/turns/wait/?timeout=5", token=token)
        assert status == 200 and body["timed_out"] is False, body
        assert [(turn["game"], turn["seats"]) for turn in body["turns"]] == [(game.pk, [0])]
        status, again = server.request(
            "GET", f"/api/me/turns/wait/?timeout=0.2&cursor={body['cursor']}", token=token
        )
        assert status == 200 and again["timed_out"] is True and again["cursor"] == body["cursor"], again
        assert [turn["game"] for turn in again["turns"]] == [game.pk]  # still waiting, said again


def test_pages_waiting_for_a_game_hold_no_thread(tmp_path: Path, settings: Any) -> None:
    """The game page's long poll (``/games/<id>/wait/``, which the page used before its event
    stream), open three times on a server of one thread: anyone may hold it open, so it must hold
    no thread either. Each answers when the game moves, woken by the move's announcement."""
    settings.STREAMS_REDIS_URL = broker_url()
    host, guest = PlayerFactory(), PlayerFactory()
    (game,) = _duels(host, [guest])
    server_settings = {
        "WEB_THREADS": "1",
        "GAME_PAGE_WAIT_SECONDS": str(WAIT_SECONDS),
        "LONG_POLL_INTERVAL": "60",
    }
    with live_asgi(tmp_path, settings=server_settings) as server:
        pages = []
        for _ in range(3):
            connection = http.client.HTTPConnection(server.host, server.port, timeout=EVENT_TIMEOUT)
            connection.request(
                "GET", f"/games/{game.pk}/wait/?after=0", headers={"Accept": "application/json"}
            )
            pages.append(connection)
        try:
            time.sleep(1.0)  # a bound, not a measure: the polls reach the server and start waiting
            status, body = server.request("GET", "/api/catalog/")
            assert status == 200, body
            move_submit(game_pk=game.pk, user=host.user, action={"type": "skip"}, expected_move=0)
            for connection in pages:
                response = connection.getresponse()
                assert response.status == 200
                assert json.loads(response.read()) == {"move_count": 1, "status": "running", "changed": True}
        finally:
            for connection in pages:
                connection.close()
