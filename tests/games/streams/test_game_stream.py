"""``GET /api/games/{id}/stream/`` over a running uvicorn, read as it comes: each reader gets its own
seat's view of every move (a spectator the spectator's), a reconnect with Last-Event-ID gets
exactly what it missed, and bad requests get a clear 4xx.

The games are Mulligan heads-up with Secret Offers, whose offers are face down to the other seats,
so a leak would show. Each test pins its deal and scripts its people's moves."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest
import redis

from engine import get_game, replay
from games.models import Game, Player
from games.selectors.games import game_state
from games.services.moves import move_submit
from games.services.tokens import token_create
from games.streams.notices import game_channel
from tests.e2e.conftest import broker_url
from tests.games.factories import PlayerFactory
from tests.games.helpers import create_game, stored_moves
from tests.games.streams.live_asgi import EVENT_TIMEOUT, HEARTBEAT, LiveAsgi

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("postgresql_required")]

NDJSON = "application/x-ndjson"
SSE = "text/event-stream"
CONFIG = {"players": 2, "secret_offers": True}


def _people() -> tuple[list[Player], list[str]]:
    players = [PlayerFactory(), PlayerFactory()]
    return players, [token_create(user=player.user)[1] for player in players]


def _play(game: Game, players: list[Player], moves: int, rng: random.Random) -> None:
    """``moves`` moves of whoever must act, never a fold or a skip where another move is legal (so
    the game goes on), drawn by ``rng``."""
    for _ in range(moves):
        game.refresh_from_db()
        state = game_state(game)
        assert not state.is_over, "the scripted game ended early"
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        choices = [action for action in legal if action["type"] not in ("fold", "skip")] or legal
        move_submit(game_pk=game.pk, user=players[seat].user, action=rng.choice(choices), seat_index=seat)


def _play_to_end(game: Game, players: list[Player], rng: random.Random) -> None:
    for _ in range(2000):
        game.refresh_from_db()
        state = game_state(game)
        if state.is_over:
            return
        seat = state.to_act()[0]
        move_submit(
            game_pk=game.pk,
            user=players[seat].user,
            action=rng.choice(state.legal_actions(seat)),
            seat_index=seat,
        )
    raise AssertionError("the game did not end")


def _json(data: Any) -> Any:
    return json.loads(json.dumps(data))


def _expected_move(game: Game, number: int, mine: list[int]) -> dict[str, Any]:
    """What a holder of ``mine`` may see of move ``number``, from the stored history and the engine."""
    history = stored_moves(game)
    state = replay(game.game_id, game.config, game.seed, history[:number])
    to_act = state.to_act()
    acting = [seat for seat in mine if seat in to_act]
    viewer = acting[0] if acting else (mine[0] if mine else None)
    seat, action = history[number - 1]
    shown = action if seat in mine else get_game(game.game_id).redact_action(seat, action, viewer)
    return {
        "id": number,
        "type": "move",
        "number": number,
        "seat": seat,
        "action": _json(shown),
        "to_act": to_act,
        "viewer_seat": viewer,
        "observation": _json(state.observe(viewer)),
        "legal_actions": _json(state.legal_actions(viewer)) if viewer in to_act else [],
    }


def _shown(event: dict[str, Any]) -> dict[str, Any]:
    return {
        key: event[key]
        for key in (
            "id",
            "type",
            "number",
            "seat",
            "action",
            "to_act",
            "viewer_seat",
            "observation",
            "legal_actions",
        )
    }


def test_a_reader_that_reconnects_mid_game_gets_exactly_the_moves_it_missed(server: LiveAsgi) -> None:
    players, tokens = _people()
    game = create_game([p.competitor for p in players], seed=1901, config=CONFIG)
    rng = random.Random(19)
    path = f"/api/games/{game.pk}/stream/"

    reader = server.open(path, accept=NDJSON, token=tokens[0])
    assert reader.status == 200 and reader.content_type == NDJSON
    opening = reader.next_event()
    assert opening is not None and opening["type"] == "game" and opening["id"] == 0
    assert opening["view"]["your_seats"] == [0]
    assert opening["view"]["observation"] == _json(game_state(game).observe(0))

    _play(game, players, 3, rng)
    seen = reader.events(3)
    reader.close()
    _play(game, players, 4, rng)  # while nobody reads

    again = server.open(path, accept=NDJSON, token=tokens[0], last_event_id=seen[-1]["id"])
    assert again.status == 200
    missed = again.events(4)
    _play(game, players, 1, rng)
    live = again.events(1)
    again.close()

    game.refresh_from_db()
    assert (
        [event["id"] for event in seen + missed + live]
        == list(range(1, 9))
        == list(range(1, game.version + 1))
    )
    assert [_shown(event) for event in seen + missed + live] == [
        _expected_move(game, n, [0]) for n in range(1, 9)
    ]
    # Seat 1's face-down offers reached seat 0 redacted, as the rules hide them (secret offers).
    assert any(
        event["action"] != _json(action)
        for event, (_, action) in zip(seen + missed + live, stored_moves(game), strict=True)
    )


def test_a_spectator_sees_the_spectator_view_only_and_the_end(server: LiveAsgi) -> None:
    players, _ = _people()
    game = create_game([p.competitor for p in players], seed=1902, config=CONFIG)
    _play(game, players, 2, random.Random(2))

    reader = server.open(f"/api/games/{game.pk}/stream/", accept=SSE, last_event_id=0)
    assert reader.status == 200 and reader.sse
    _play_to_end(game, players, random.Random(3))
    game.refresh_from_db()
    events = reader.events(game.version + 1)
    assert reader.next_event() is None  # the stream ends with the game

    moves, end = events[:-1], events[-1]
    assert [_shown(event) for event in moves] == [
        _expected_move(game, n, []) for n in range(1, game.version + 1)
    ]
    for event in moves:
        assert event["viewer_seat"] is None and event["legal_actions"] == []
        assert "hand" not in event["observation"]
    assert end == {
        "id": game.version + 1,
        "type": "end",
        "game": game.pk,
        "status": "finished",
        "move_count": game.version,
        "outcome": game.outcome,
        "seats": end["seats"],
        "seed": game.seed,
        "finished_at": end["finished_at"],
    }
    assert [seat["rank"] for seat in end["seats"]] == list(
        game.seats.order_by("index").values_list("rank", flat=True)
    )


def test_an_idle_stream_sends_heartbeats_in_both_formats(server: LiveAsgi) -> None:
    players, _ = _people()
    game = create_game([p.competitor for p in players], seed=1903, config=CONFIG)
    for accept in (NDJSON, SSE):
        reader = server.open(f"/api/games/{game.pk}/stream/", accept=accept)
        assert reader.next_item() != HEARTBEAT  # the game as it is
        assert reader.next_item() == HEARTBEAT
        reader.close()


def test_without_redis_the_stream_reads_the_database(server_without_redis: LiveAsgi) -> None:
    players, tokens = _people()
    game = create_game([p.competitor for p in players], seed=1904, config=CONFIG)
    reader = server_without_redis.open(
        f"/api/games/{game.pk}/stream/", accept=NDJSON, token=tokens[1], last_event_id=0
    )
    _play(game, players, 2, random.Random(4))
    events = reader.events(2)
    reader.close()
    game.refresh_from_db()
    assert [_shown(event) for event in events] == [_expected_move(game, n, [1]) for n in (1, 2)]


def test_bad_requests_get_a_clear_4xx(server: LiveAsgi) -> None:
    players, _ = _people()
    game = create_game([p.competitor for p in players], seed=1905, config=CONFIG)
    path = f"/api/games/{game.pk}/stream/"

    for last_event_id, words in (
        ("abc", "a whole number"),
        ("-1", "a whole number"),
        ("", "a whole number"),
        ("99", "no such event"),
    ):
        reader = server.open(path, accept=NDJSON, last_event_id=last_event_id)
        body = reader.body()
        assert (reader.status, body["code"]) == (400, "invalid") and words in body["detail"], body
        assert list(body["errors"]) == ["Last-Event-ID"]
    status, body = server.request("GET", f"{path}?last_event_id=1.5", accept=NDJSON)
    assert (status, body["code"], list(body["errors"])) == (400, "invalid", ["last_event_id"])
    # Checked even when the header, which wins, is there too.
    reader = server.open(f"{path}?last_event_id=10000000000", accept=NDJSON, last_event_id=0)
    assert (reader.status, list(reader.body()["errors"])) == (400, ["last_event_id"])

    status, body = server.request("GET", "/api/games/987654321/stream/", accept=NDJSON)
    assert (status, body) == (404, {"detail": "no game 987654321", "code": "not_found"})
    status, body = server.request("GET", "/api/tournaments/987654321/stream/", accept=SSE)
    assert (status, body["code"]) == (404, "not_found")
    status, body = server.request("GET", path, accept="application/json")
    assert (status, body["code"]) == (406, "not_acceptable") and NDJSON in body["detail"]
    status, body = server.request("GET", path, accept=NDJSON, token="not-a-token")
    assert (status, body["code"]) == (401, "authentication_failed")
    status, body = server.request("POST", path, accept=NDJSON)
    assert (status, body["code"]) == (405, "method_not_allowed")
    assert "Traceback" not in server.log()


def test_a_finished_game_streams_as_it_ended_and_closes(server: LiveAsgi) -> None:
    players, tokens = _people()
    game = create_game([p.competitor for p in players], seed=1906, config=CONFIG)
    _play_to_end(game, players, random.Random(6))
    game.refresh_from_db()

    reader = server.open(f"/api/games/{game.pk}/stream/", accept=NDJSON, token=tokens[1])
    opening, end = reader.events(2)
    assert reader.next_event() is None
    assert (opening["type"], opening["id"], opening["view"]["seed"]) == ("game", game.version, game.seed)
    assert (end["type"], end["id"]) == ("end", game.version + 1)

    resumed = server.open(f"/api/games/{game.pk}/stream/", accept=SSE, last_event_id=game.version - 1)
    last, end_again = resumed.events(2)
    assert resumed.next_event() is None
    assert _shown(last) == _expected_move(game, game.version, [])
    assert end_again == end
    caught_up = server.open(f"/api/games/{game.pk}/stream/", accept=NDJSON, last_event_id=game.version + 1)
    assert caught_up.status == 200 and caught_up.next_event() is None


def test_a_reader_that_goes_away_lets_go_of_its_subscription(server: LiveAsgi) -> None:
    players, _ = _people()
    game = create_game([p.competitor for p in players], seed=1907, config=CONFIG)
    channel = game_channel(game.pk)
    announcements = redis.Redis.from_url(broker_url())

    def subscribers() -> int:
        return int(dict(announcements.pubsub_numsub(channel))[channel.encode()])

    reader = server.open(f"/api/games/{game.pk}/stream/", accept=NDJSON)
    assert reader.next_event() is not None  # subscribed before its first read
    assert subscribers() == 1
    reader.close()
    give_up_at = time.monotonic() + EVENT_TIMEOUT  # a bound on waiting, not a measure
    while subscribers() and time.monotonic() < give_up_at:
        time.sleep(0.1)
    assert subscribers() == 0
