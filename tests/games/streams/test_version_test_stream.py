"""``GET /api/bots/{id}/tests/{tid}/stream/`` over a running uvicorn, read as it comes: the test's
author sees a ``figures`` event as each pair is counted and the ``end``, a reconnect with
Last-Event-ID gets the latest figures (one event, not one per pair missed), another's private test
is not found, and a bad Last-Event-ID is a 400 naming it.

No worker plays the test's games: the script ends them through the one game flow (a seat forfeits),
so each pair's result is known whatever the deal, and the pairs are counted as in production (the
game's end schedules the count after its commit; the count announces itself after its own)."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import transaction
from django.utils import timezone

from games.models import Bot, Game, Player, VersionTest, VersionTestDeal
from games.services.game_flow import ending_forfeit, games_end
from games.services.tokens import token_create
from games.services.version_tests import (
    VersionTestRequest,
    version_test_publish,
    version_test_start,
    version_test_stop,
)
from games.streams.version_test_stream import FIGURES
from tests.games.factories import BotFactory, PlayerFactory
from tests.games.streams.live_asgi import LiveAsgi
from tests.games.version_tests.conftest import owned_builtin

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("postgresql_required")]

NDJSON = "application/x-ndjson"
SSE = "text/event-stream"
WIN, LOSS = 1.0, 0.0


@pytest.fixture(autouse=True)
def _unplayed(monkeypatch: pytest.MonkeyPatch) -> None:
    """No worker plays the tests' games: each test ends them itself."""
    monkeypatch.setattr(
        "games.services.version_tests.version_test_games_play_on_commit", lambda *a, **k: None
    )


def _start(author: Player, *, max_deals: int) -> VersionTest:
    """A two-seat test of the author's heuristic bot against the random one, on the default bounds
    (normalized Elo [0, 2]), which the few pairs scripted here never decide: only the budget or a
    stop ends it."""
    candidate = owned_builtin(author, "heuristic")
    baseline: Bot = BotFactory(engine_bot="random")
    return version_test_start(
        bot_pk=candidate.pk,
        user=author.user,
        request=VersionTestRequest(
            baseline_bot=baseline.pk,
            config={"players": 2},
            max_deals=max_deals,
        ),
    )


def _end_game(game_pk: int, candidate_seat: int, score: float) -> None:
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_pk)
        seats = list(game.seats.order_by("index"))
        loser = [seat.index for seat in seats if (seat.index == candidate_seat) == (score == LOSS)]
        games_end([(game, seats, ending_forfeit([s.index for s in seats], loser))], now=timezone.now())


def _play_deal(deal: VersionTestDeal, first: float, second: float) -> None:
    """The candidate scores ``first`` in seat 0 of the deal's first game, ``second`` in seat 1 of
    its second; the pair is counted once both have ended."""
    _end_game(deal.first_game_id, 0, first)
    _end_game(deal.second_game_id, 1, second)


def _deal(test: VersionTest, number: int) -> VersionTestDeal:
    return test.deals.get(number=number)


def _path(test: VersionTest) -> str:
    return f"/api/bots/{test.bot_id}/tests/{test.pk}/stream/"


def _detail(server: LiveAsgi, test: VersionTest, token: str) -> dict[str, Any]:
    status, body = server.request("GET", f"/api/bots/{test.bot_id}/tests/{test.pk}/", token=token)
    assert status == 200, body
    return body  # type: ignore[no-any-return]


def _figures(detail: dict[str, Any]) -> dict[str, Any]:
    return {key: detail[key] for key in FIGURES}


def _author() -> tuple[Player, str]:
    author = PlayerFactory()
    return author, token_create(user=author.user)[1]


@pytest.mark.parametrize("accept", [NDJSON, SSE])
def test_the_author_sees_figures_as_pairs_are_counted_then_the_end(server: LiveAsgi, accept: str) -> None:
    author, token = _author()
    test = _start(author, max_deals=2)

    reader = server.open(_path(test), accept=accept, token=token)
    assert reader.status == 200 and reader.content_type.startswith(accept)
    opening = reader.next_event()
    assert opening == {"id": 0, "type": "test", "test": test.pk, "view": _detail(server, test, token)}
    assert opening["view"]["pairs"] == 0 and opening["view"]["state"] == "running"

    # Pair 1: the candidate wins its first game and loses its second (the pentanomial's middle cell).
    _play_deal(_deal(test, 1), WIN, LOSS)
    first = reader.next_event()
    assert first is not None and (first["id"], first["type"], first["test"]) == (1, "figures", test.pk)
    assert first["pairs"] == 1 and first["pentanomial"] == [0, 0, 1, 0, 0] and first["state"] == "running"
    assert {key: first[key] for key in FIGURES} == _figures(_detail(server, test, token))

    # Pair 2 (WW) spends the budget: its figures, then the end, one past the last pair.
    _play_deal(_deal(test, 2), WIN, WIN)
    second, end = reader.events(2)
    assert (second["id"], second["type"], second["pairs"]) == (2, "figures", 2)
    assert second["pentanomial"] == [0, 0, 1, 0, 1]
    detail = _detail(server, test, token)
    assert detail["state"] == "inconclusive"
    assert (end["id"], end["type"], end["test"]) == (3, "end", test.pk)
    assert {key: end[key] for key in FIGURES} == _figures(detail)
    assert reader.next_event() is None  # the stream ends with the test
    reader.close()


def test_a_reconnect_with_last_event_id_gets_the_latest_figures_once(server: LiveAsgi) -> None:
    author, token = _author()
    test = _start(author, max_deals=3)
    reader = server.open(_path(test), accept=NDJSON, token=token)
    assert reader.next_event()["type"] == "test"  # type: ignore[index]
    reader.close()

    _play_deal(_deal(test, 1), LOSS, LOSS)  # while nobody reads
    _play_deal(_deal(test, 2), WIN, LOSS)

    again = server.open(_path(test), accept=NDJSON, token=token, last_event_id=0)
    assert again.status == 200
    latest = again.next_event()
    # Figures are cumulative: one event with the latest stands for the two pairs missed.
    assert latest is not None and (latest["id"], latest["type"], latest["pairs"]) == (2, "figures", 2)
    assert latest["pentanomial"] == [1, 0, 1, 0, 0]
    assert {key: latest[key] for key in FIGURES} == _figures(_detail(server, test, token))

    version_test_stop(test_pk=test.pk, user=author.user)
    end = again.next_event()
    assert end is not None
    assert (end["id"], end["type"], end["state"], end["pairs"]) == (3, "end", "stopped", 2)
    assert again.next_event() is None
    again.close()

    # A reader that had the latest figures gets the end alone; one that had the end, nothing.
    caught_up = server.open(_path(test), accept=NDJSON, token=token, last_event_id=2)
    assert [event["type"] for event in caught_up.events(1)] == ["end"]
    assert caught_up.next_event() is None
    caught_up.close()
    done = server.open(_path(test), accept=NDJSON, token=token, last_event_id=3)
    assert (done.status, done.next_event()) == (200, None)
    done.close()


def test_another_authors_private_test_is_not_found_until_published(server: LiveAsgi) -> None:
    author, _token = _author()
    _stranger, stranger_token = _author()
    test = _start(author, max_deals=1)
    detail_path = f"/api/bots/{test.bot_id}/tests/{test.pk}/"

    for token in (stranger_token, None):
        reader = server.open(_path(test), accept=NDJSON, token=token)
        body = reader.body()
        reader.close()
        assert (reader.status, body["code"]) == (404, "not_found"), body
        assert server.request("GET", detail_path, token=token)[0] == 404  # as the detail answers

    version_test_publish(test_pk=test.pk, user=author.user)
    for token in (stranger_token, None):
        reader = server.open(_path(test), accept=NDJSON, token=token)
        assert reader.status == 200
        opening = reader.next_event()
        reader.close()
        assert opening is not None and opening["type"] == "test" and opening["view"]["published"] is True


def test_a_test_made_private_again_ends_a_strangers_stream(server: LiveAsgi) -> None:
    author, _token = _author()
    _stranger, stranger_token = _author()
    test = _start(author, max_deals=3)
    version_test_publish(test_pk=test.pk, user=author.user)
    reader = server.open(_path(test), accept=NDJSON, token=stranger_token)
    assert reader.next_event()["type"] == "test"  # type: ignore[index]

    version_test_publish(test_pk=test.pk, user=author.user, published=False)
    _play_deal(_deal(test, 1), WIN, WIN)
    assert reader.next_event() is None  # ended, and no figures of a test it may no longer see
    reader.close()


def test_a_bad_last_event_id_is_a_400_naming_it(server: LiveAsgi) -> None:
    author, token = _author()
    test = _start(author, max_deals=2)
    path = _path(test)
    for raw, words in (("soon", "a whole number"), ("-1", "a whole number"), ("1", "no such event")):
        reader = server.open(path, accept=NDJSON, token=token, last_event_id=raw)
        body = reader.body()
        reader.close()
        assert (reader.status, body["code"], list(body["errors"])) == (400, "invalid", ["Last-Event-ID"])
        assert words in body["detail"], body
    reader = server.open(f"{path}?last_event_id=2", accept=NDJSON, token=token)
    body = reader.body()
    reader.close()
    assert (reader.status, body["code"], list(body["errors"])) == (400, "invalid", ["last_event_id"])
    assert "0 to 0" in body["detail"]  # a running test with no pair counted has event 0 only
    reader = server.open(f"/api/bots/{test.bot_id}/tests/987654321/stream/", accept=NDJSON, token=token)
    body = reader.body()
    reader.close()
    assert (reader.status, body["code"]) == (404, "not_found")


def test_without_redis_the_stream_reads_the_database(server_without_redis: LiveAsgi) -> None:
    author, token = _author()
    test = _start(author, max_deals=1)
    reader = server_without_redis.open(_path(test), accept=SSE, token=token)
    assert reader.next_event()["type"] == "test"  # type: ignore[index]
    _play_deal(_deal(test, 1), LOSS, WIN)
    figures, end = reader.events(2)
    assert (figures["type"], figures["pentanomial"], end["type"], end["state"]) == (
        "figures",
        [0, 0, 1, 0, 0],
        "end",
        "inconclusive",
    )
    reader.close()
