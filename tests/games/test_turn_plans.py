"""A person's turns are read from their own seats only, however many seats the site has to act.

``/api/me/turns/``, its long poll and the navigation's count on every page read the seats marked to
act (``seat_to_act``, a partial index on the competitor). On a real site the planner's statistics
say no seat is to act: ANALYZE samples some 30,000 of millions of seats and the few thousand to act
are rarely among them. The database then believed that walking every to-act seat of the site and
matching each against the person was cheap, and did it on every request (2,000 seats, 2.5 ms, on
the bench's data). These tests make those statistics, then ask PostgreSQL how it ran each read.
"""

from __future__ import annotations

import pytest
from django.db import connection

from games.models import Competitor, Game, GameStatus, Player, Seat
from games.selectors.games import turn_signature, turns_waiting, turns_waiting_count
from tests.games.factories import PlayerFactory
from tests.games.helpers import postgres_only
from tests.games.plans import analyze, rows_read

pytestmark = [pytest.mark.django_db, postgres_only]

OTHERS = 40
GAMES_EACH = 10  # each of the others' running games, every one with them to act
READER_TURNS = 2


@pytest.fixture
def site() -> Player:
    """Many seats, all of them analysed while none was to act, then a few hundred marked to act:
    the reader's two and every other person's ten."""
    reader = PlayerFactory()
    others = [PlayerFactory() for _ in range(OTHERS)]
    opponent = Competitor.objects.create(name="opponent")
    finished = Game.objects.bulk_create(
        Game(game_id="mulligan", seed=n, status=GameStatus.FINISHED) for n in range(600)
    )
    running = Game.objects.bulk_create(
        Game(game_id="mulligan", seed=1000 + n, status=GameStatus.RUNNING)
        for n in range((OTHERS + 1) * GAMES_EACH)
    )
    people = [reader, *others]
    seats = []
    for n, game in enumerate([*finished, *running]):
        person = people[n % len(people)]
        seats += [
            Seat(game=game, index=0, competitor=person.competitor),
            Seat(game=game, index=1, competitor=opponent),
        ]
    Seat.objects.bulk_create(seats)
    analyze("games_seat", "games_player", "games_game")
    running_ids = {game.pk for game in running}
    to_act = Seat.objects.filter(game_id__in=running_ids, index=0)
    reader_turns = to_act.filter(competitor=reader.competitor).values_list("pk", flat=True)[:READER_TURNS]
    to_act.exclude(competitor=reader.competitor).update(to_act=True)
    Seat.objects.filter(pk__in=list(reader_turns)).update(to_act=True)
    return reader


def test_the_statistics_say_no_seat_is_to_act(site: Player) -> None:
    # The condition the other tests are about: the planner expects (almost) no seat to act.
    with connection.cursor() as cursor:
        cursor.execute("EXPLAIN (FORMAT JSON) SELECT 1 FROM games_seat WHERE to_act")
        (document,) = cursor.fetchone()
    assert document[0]["Plan"]["Plan Rows"] <= 5
    assert Seat.objects.filter(to_act=True).count() == OTHERS * GAMES_EACH + READER_TURNS


def test_the_turns_list_reads_only_the_readers_seats(site: Player) -> None:
    turns = turns_waiting(site.user)
    assert sum(len(turn["seats"]) for turn in turns) == READER_TURNS
    assert rows_read(lambda: turns_waiting(site.user), "games_seat") == READER_TURNS


def test_the_long_polls_signature_reads_only_the_readers_seats(site: Player) -> None:
    assert len(turn_signature(site.user)) == READER_TURNS
    assert rows_read(lambda: turn_signature(site.user), "games_seat") == READER_TURNS


def test_the_navigations_count_reads_only_the_readers_seats(site: Player) -> None:
    assert turns_waiting_count(site.user) == READER_TURNS
    assert rows_read(lambda: turns_waiting_count(site.user), "games_seat") == READER_TURNS


def test_a_person_without_turns_reads_no_seat(site: Player) -> None:
    idle = PlayerFactory()
    assert turns_waiting(idle.user) == []
    assert rows_read(lambda: turns_waiting(idle.user), "games_seat") == 0
