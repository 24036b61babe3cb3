"""``GET /api/games/export/`` over a running uvicorn whose web process has one thread
(``WEB_THREADS=1``): two clients start exports larger than the socket's and the server's buffers
and read nothing yet, as slow clients do, and the server still answers everything else at once,
because a download holds a thread only while a chunk of games is read (``mulligan_league/asgi.py``
routes the export to the async view of ``games.api.export_views``). Each client then reads its
whole export, the same bytes as the WSGI application writes; one that leaves halfway costs
nothing after."""

from __future__ import annotations

import copy
import http.client
import json
import random
import socket
from pathlib import Path

import pytest
from django.db.models import Model
from django.db.models.base import ModelState
from rest_framework.test import APIClient

from games.models import Game, GameStatus, Move, Seat
from tests.games.factories import BotFactory, PlayerFactory
from tests.games.helpers import create_game, play_to_end
from tests.games.streams.live_asgi import EVENT_TIMEOUT, live_asgi

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("postgresql_required")]

GAMES = 2000
# Well past what a connection buffers before the server must wait for its client: the client's
# receive buffer (made small below), the server socket's send buffer and uvicorn's write buffer.
LARGER_THAN_BUFFERS = 8 << 20
SMALL_RECEIVE_BUFFER = 4096
CHUNK = 5


class SlowClient(http.client.HTTPConnection):
    """A client that asks and then reads nothing until told to, with a small receive buffer."""

    def connect(self) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, SMALL_RECEIVE_BUFFER)
        self.sock.settimeout(self.timeout)
        self.sock.connect((self.host, self.port))


def _copy_of(row: Model, **changes: object) -> Model:
    fresh = copy.copy(row)
    fresh.pk = None
    fresh._state = ModelState()
    for name, value in changes.items():
        setattr(fresh, name, value)
    return fresh


def _finished_games(count: int) -> list[int]:
    """One game played to its end by a random bot against a person, and ``count - 1`` copies of its
    rows (games are read as rows here, so copies export as well as games played)."""
    game = create_game([PlayerFactory().competitor, BotFactory(engine_bot="random").competitor], seed=11)
    play_to_end(game, random.Random(3))
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    seats, moves = list(game.seats.all()), list(game.moves.all())
    copies = Game.objects.bulk_create([_copy_of(game) for _ in range(count - 1)])
    Seat.objects.bulk_create([_copy_of(seat, game=other) for other in copies for seat in seats])
    Move.objects.bulk_create([_copy_of(move, game=other) for other in copies for move in moves])
    return sorted([game.pk, *(other.pk for other in copies)])


def test_clients_downloading_exports_hold_no_thread(tmp_path: Path) -> None:
    ids = _finished_games(GAMES)
    response = APIClient().get("/api/games/export/", {"sort": "dateAsc"})
    assert response.status_code == 200
    written = b"".join(response.streaming_content)  # by the WSGI application, in the test's thread
    assert len(written) > LARGER_THAN_BUFFERS, len(written)

    # A chunk of games each: a reader waits on the server's buffers after a few of them.
    with live_asgi(tmp_path, settings={"WEB_THREADS": "1", "EXPORT_CHUNK_GAMES": str(CHUNK)}) as server:
        readers = [SlowClient(server.host, server.port, timeout=EVENT_TIMEOUT) for _ in range(2)]
        try:
            for reader in readers:
                reader.request("GET", "/api/games/export/?sort=dateAsc")
            # One thread and two exports not read: a download holding it would leave none for this.
            # (A hung answer fails on the client's timeout, a bound and not a measure.)
            status, body = server.request("GET", "/api/catalog/")
            assert status == 200 and {game["id"] for game in body} >= {"mulligan"}, body
            status, body = server.request("GET", f"/api/games/{ids[0]}/")
            assert status == 200 and body["status"] == GameStatus.FINISHED, body

            for reader in readers:
                answer = reader.getresponse()
                assert answer.status == 200 and answer.getheader("Content-Type") == "application/x-ndjson"
                streamed = answer.read()
                assert streamed == written
                assert [json.loads(line)["id"] for line in streamed.splitlines()] == ids
        finally:
            for reader in readers:
                reader.close()
        # A client that leaves in the middle: the server stops, logs no error, and serves on.
        leaver = SlowClient(server.host, server.port, timeout=EVENT_TIMEOUT)
        leaver.request("GET", "/api/games/export/?sort=dateAsc")
        answer = leaver.getresponse()
        assert answer.status == 200 and answer.read(len(written) // 10)
        leaver.close()
        status, body = server.request("GET", f"/api/games/{ids[-1]}/")
        assert status == 200 and body["id"] == ids[-1], body
        # Its refusals are the API's, as under the WSGI server (test_export_refusals.py).
        status, body = server.request("GET", "/api/games/export/?max=0&colour=red")
        assert status == 400 and body["code"] == "invalid", body
        assert set(body["errors"]) == {"max", "colour"}, body
    assert "Traceback" not in server.log()  # read once the server has stopped: all it logged
