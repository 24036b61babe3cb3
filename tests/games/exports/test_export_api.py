"""``GET /api/games/export/``: every finished game the filters choose, one complete line each."""

from __future__ import annotations

import json
import random
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.utils import timezone
from rest_framework.test import APIClient

from games.models import Game, GameStatus, MatchGame, Move, RatingChange, Tournament
from games.selectors.exports import ExportFilter, export_chunks
from tests.games.exports.conftest import export
from tests.games.factories import BotFactory, PlayerFactory
from tests.games.helpers import create_game, play_to_end, postgres_only

pytestmark = pytest.mark.django_db


def test_a_tournaments_games_come_out_whole(finished_tournament: Tournament, api_client: APIClient) -> None:
    lines = export(api_client, tournament=finished_tournament.pk, sort="dateAsc")
    games = Game.objects.filter(match_game__match__round__tournament=finished_tournament).order_by("id")
    assert [line["id"] for line in lines] == [game.pk for game in games]
    assert games.count() >= 6
    for line, game in zip(lines, games, strict=True):
        assert (line["game"], line["config"], line["seed"], line["rated"]) == (
            game.game_id,
            game.config,
            game.seed,
            game.rated,
        )
        assert line["outcome"] == game.outcome
        stored = list(Move.objects.filter(game=game).order_by("number"))
        assert [(m["number"], m["seat"], m["action"], m["auto"]) for m in line["moves"]] == [
            (move.number, move.seat, move.action, move.auto) for move in stored
        ]
        assert [_moment(m["at"]) for m in line["moves"]] == [move.created_at for move in stored]
        match_game = MatchGame.objects.select_related("match__round").get(game=game)
        assert line["tournament"] == {
            "id": finished_tournament.pk,
            "round": match_game.match.round.number,
            "table": match_game.match.table,
            "match_game": match_game.number,
        }
        assert line["league"] is None
        for seat_line, seat in zip(line["seats"], game.seats.order_by("index"), strict=True):
            change = RatingChange.objects.filter(seat=seat).first()
            assert seat_line["index"] == seat.index
            assert seat_line["competitor"] == seat.competitor_id
            assert seat_line["kind"] == "bot" and seat_line["bot"] == seat.competitor.bot.pk
            assert (seat_line["rank"], seat_line["score"]) == (seat.rank, seat.score)
            assert (seat_line["rating_before"], seat_line["rating_after"]) == (
                (change.rating_before, change.rating_after) if change else (None, None)
            )


def _moment(text: str) -> Any:
    from datetime import datetime

    return datetime.fromisoformat(text)


def _finished_games(count: int, *, rated: bool = True, person: Any = None) -> list[Game]:
    person = person or PlayerFactory()
    bot = BotFactory(engine_bot="random")
    games = []
    rng = random.Random(7)
    for k in range(count):
        game = create_game([person.competitor, bot.competitor], seed=1000 + k, rated=rated)
        play_to_end(game, rng)
        games.append(game)
    return games


def test_only_finished_games_newest_first_and_at_most_max(api_client: APIClient, random_bot: Any) -> None:
    finished = _finished_games(3)
    running = create_game([PlayerFactory().competitor, random_bot.competitor], seed=5)
    assert Game.objects.get(pk=running.pk).status == GameStatus.RUNNING
    ids = [game.pk for game in finished]
    assert [line["id"] for line in export(api_client)] == ids[::-1]
    assert [line["id"] for line in export(api_client, sort="dateAsc")] == ids
    assert [line["id"] for line in export(api_client, max=2)] == ids[::-1][:2]
    assert [line["id"] for line in export(api_client, sort="dateAsc", max=1)] == ids[:1]


def test_filters_choose_what_the_orm_chooses(api_client: APIClient) -> None:
    rated = _finished_games(2)
    person = rated[0].seats.get(index=0).competitor.player
    unrated = _finished_games(2, rated=False, person=person)
    stranger = _finished_games(1)
    everyone = rated + unrated + stranger
    bot = rated[0].seats.get(index=1).competitor.bot
    Game.objects.filter(pk=everyone[1].pk).update(created_at=timezone.now() - timedelta(days=3))
    middle = timezone.now() - timedelta(days=1)
    cases: list[tuple[dict[str, Any], Any]] = [
        ({"player": person.pk}, Game.objects.filter(seats__competitor__player=person)),
        ({"bot": bot.pk}, Game.objects.filter(seats__competitor__bot=bot)),
        ({"rated": "true"}, Game.objects.filter(rated=True)),
        ({"rated": "false"}, Game.objects.filter(rated=False)),
        ({"game": "mulligan"}, Game.objects.filter(game_id="mulligan")),
        ({"game": "golf"}, Game.objects.filter(game_id="golf")),
        ({"until": middle.isoformat()}, Game.objects.filter(created_at__lt=middle)),
        ({"since": middle.isoformat()}, Game.objects.filter(created_at__gte=middle)),
        ({"since": str(int(middle.timestamp() * 1000))}, Game.objects.filter(created_at__gte=middle)),
        (
            {"player": person.pk, "bot": bot.pk, "rated": "false"},
            Game.objects.filter(seats__competitor__player=person, rated=False).filter(seats__competitor__bot=bot),
        ),
    ]
    for params, expected in cases:
        wanted = sorted(expected.filter(status=GameStatus.FINISHED).values_list("pk", flat=True).distinct())
        got = sorted(line["id"] for line in export(api_client, **params))
        assert got == wanted, params
        assert params.get("game") == "golf" or got, f"{params} should choose some games here"
    assert {line["id"] for line in export(api_client, until=middle.isoformat())} == {everyone[1].pk}


def test_a_chunk_costs_a_few_queries_whatever_its_games(
    api_client: APIClient, django_assert_max_num_queries: Any
) -> None:
    games = _finished_games(5)
    chosen = ExportFilter(newest_first=False)
    # Two games a chunk: three chunks (the last one short), each at most five queries on any database.
    with django_assert_max_num_queries(3 * 5):
        chunks = list(export_chunks(chosen, chunk=2))
    assert [count for count, _text in chunks] == [2, 2, 1]
    text = b"".join(part for _count, part in chunks).decode()
    assert [json.loads(line)["id"] for line in text.splitlines()] == [g.pk for g in games]


@postgres_only
def test_the_database_writes_the_lines_python_would(finished_tournament: Tournament) -> None:
    """On PostgreSQL the database builds each line; the same lines built in Python say the same."""
    from games.selectors import exports

    assert connection.vendor == "postgresql"
    where, params = exports._conditions(ExportFilter(tournament=finished_tournament.pk))
    by_database = exports._chunk_postgresql(" AND ".join(where), params, "ASC", 100)
    in_python = exports._chunk_portable(" AND ".join(where), params, "ASC", 100)
    assert by_database[0] == in_python[0]
    assert [_normal(line) for line in by_database[1]] == [_normal(line) for line in in_python[1]]


def _normal(line: str) -> Any:
    """A line with its times as moments (the database and Python write them differently) and its
    integral floats as floats (1500 and 1500.0)."""
    def walk(value: Any, key: str = "") -> Any:
        if isinstance(value, dict):
            return {k: walk(v, k) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v, key) for v in value]
        if key in ("at", "created_at", "finished_at") and isinstance(value, str):
            return _moment(value)
        return value

    return walk(json.loads(line))
