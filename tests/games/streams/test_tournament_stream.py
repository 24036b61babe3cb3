"""``GET /api/tournaments/{id}/stream/`` over a running uvicorn: a person and a bot play a one-round
round robin while the stream is read; it tells of the round's start, the game's end, the standings
and the end, in order, and a reconnect with Last-Event-ID gets exactly the rest."""

from __future__ import annotations

import random

import pytest

from games.models import Game, Tournament
from games.selectors.games import game_state
from games.services.competitions import (
    tournament_create,
    tournament_join,
    tournament_open_registration,
    tournament_start,
)
from games.services.moves import move_submit
from tests.games.factories import BotFactory, PlayerFactory
from tests.games.streams.live_asgi import LiveAsgi

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("postgresql_required")]

NDJSON = "application/x-ndjson"
SSE = "text/event-stream"


def test_a_tournament_stream_tells_round_start_game_end_standings_and_the_end(server: LiveAsgi) -> None:
    person, bot = PlayerFactory(), BotFactory(engine_bot="random")
    tournament = tournament_create(name="stream cup", game_id="mulligan", format="round_robin")
    tournament_open_registration(tournament_pk=tournament.pk)
    for competitor in (person.competitor, bot.competitor):
        tournament_join(tournament_pk=tournament.pk, competitor=competitor)
    path = f"/api/tournaments/{tournament.pk}/stream/"

    reader = server.open(path, accept=SSE)
    assert reader.status == 200
    tournament_start(tournament_pk=tournament.pk)
    (started,) = reader.events(1)
    game = Game.objects.get(match_game__match__round__tournament=tournament)
    assert started["id"] == 1 and started["type"] == "round_start" and started["round"] == 1
    assert [table["game"] for table in started["tables"]] == [game.pk]
    assert {seat["name"] for seat in started["tables"][0]["seats"]} == {
        person.competitor.name,
        bot.competitor.name,
    }

    rng = random.Random(5)
    for _ in range(2000):  # the person's moves; the bot answers in this process (eager Celery)
        game.refresh_from_db()
        state = game_state(game)
        if state.is_over:
            break
        seat = next(s for s in state.to_act())
        move_submit(
            game_pk=game.pk, user=person.user, action=rng.choice(state.legal_actions(seat)), seat_index=seat
        )
    rest = reader.events(3)
    assert reader.next_event() is None  # the tournament is over: so is its stream

    tournament.refresh_from_db()
    game.refresh_from_db()
    assert [(event["id"], event["type"]) for event in rest] == [
        (2, "game_end"),
        (3, "standings"),
        (4, "finished"),
    ]
    ended, standings, finished = rest
    assert (ended["game"], ended["round"], ended["outcome"]) == (game.pk, 1, game.outcome)
    assert [seat["rank"] for seat in ended["seats"]] == list(
        game.seats.order_by("index").values_list("rank", flat=True)
    )
    assert standings["round"] == 1 and standings["standings"] == tournament.round_set.get(number=1).standings
    assert finished["standings"] == tournament.standings and tournament.state == "finished"

    again = server.open(path, accept=NDJSON, last_event_id=2)
    assert [(event["id"], event["type"]) for event in again.events(2)] == [(3, "standings"), (4, "finished")]
    assert again.next_event() is None
    beyond = server.open(path, accept=NDJSON, last_event_id=5)
    assert beyond.status == 400 and "no such event" in beyond.body()["detail"]
    assert Tournament.objects.get(pk=tournament.pk).event_count == 4
