"""``manage.py verify``: a clean database verifies with no difference; a changed move, a changed
rating, a changed match result or standing is each found, printed and makes the command fail.

The data: a Swiss of bots played to its end and a game waiting for a person (every path a deal can
take is covered by what the command checks; the corruptions below make a difference whatever the
deal).
"""

from __future__ import annotations

import io
from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import timedelta
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db.models import F
from django.utils import timezone

from games.models import CompetitionState, Game, GameStatus, Match, Move, Rating, Round, Seat, Tournament
from games.services.competitions import tournament_start
from games.services.deadlines import deadlines_expire
from games.services.games import game_create
from tests.games.competitions.conftest import make_bots, open_tournament
from tests.games.factories import PlayerFactory

OnCommit = Callable[[], AbstractContextManager[Any]]


@pytest.fixture
def played(db: None, on_commit: OnCommit) -> Tournament:
    """A finished Swiss of six bots (two-seat, best of one) and a running game waiting for a person."""
    field = [bot.competitor for bot in make_bots(6)]
    tournament = open_tournament(field=field, rounds=3)
    with on_commit():  # the eager tasks play every round and move the tournament on
        tournament_start(tournament_pk=tournament.pk)
    tournament.refresh_from_db()
    assert tournament.state == CompetitionState.FINISHED
    with on_commit():
        # Nobody ever moved in this one before the person's time ran out: aborted.
        game_create(game_id="mulligan", competitors=[PlayerFactory().competitor, field[1]], seed=42)
        deadlines_expire(now=timezone.now() + timedelta(days=30))
        game_create(game_id="mulligan", competitors=[PlayerFactory().competitor, field[0]], seed=41)
    assert Game.objects.filter(status=GameStatus.ABORTED).count() == 1
    return tournament


def verify() -> tuple[str, CommandError | None]:
    out = io.StringIO()
    try:
        call_command("verify", "--no-progress", stdout=out)
    except CommandError as exc:
        return out.getvalue(), exc
    return out.getvalue(), None


def a_finished_game(tournament: Tournament) -> Game:
    return Game.objects.filter(
        match_game__match__round__tournament=tournament, status=GameStatus.FINISHED
    ).order_by("pk")[0]


def test_a_clean_database_verifies(played: Tournament) -> None:
    out, error = verify()
    assert error is None, out
    games = Game.objects.count()
    assert f"verified {games} games" in out and "no difference" in out
    assert out.count("\n") == 1  # the summary alone


def test_a_changed_move_is_found(played: Tournament) -> None:
    game = a_finished_game(played)
    # The first move's seat changed: the seat that acted first is the only one that may.
    Move.objects.filter(game=game, number=1).update(seat=(F("seat") + 1) % game.seats.count())

    out, error = verify()

    assert error is not None and "1 differences" in str(error)
    assert f"game {game.pk} (mulligan): move 1 " in out and "is not legal there" in out


def test_a_changed_rating_is_found(played: Tournament) -> None:
    rating = Rating.objects.order_by("pk").first()
    assert rating is not None
    Rating.objects.filter(pk=rating.pk).update(rating=F("rating") + 7)

    out, error = verify()

    assert error is not None and "1 differences" in str(error)
    assert f"rating of competitor {rating.competitor_id} in mulligan: stored {rating.rating + 7!r}" in out


def test_a_changed_standing_is_found(played: Tournament) -> None:
    rnd = Round.objects.get(tournament=played, number=2)
    standings = rnd.standings
    standings[0]["match_points"] += 3
    Round.objects.filter(pk=rnd.pk).update(standings=standings)

    out, error = verify()

    assert error is not None and "1 differences" in str(error)
    assert (
        f"tournament {played.pk}: round 2's standings: entry {standings[0]['entry']} stored/recomputed" in out
    )


def test_a_changed_match_result_and_the_final_standings_are_found(played: Tournament) -> None:
    match = Match.objects.filter(round__tournament=played, round__number=1, bye=False).order_by("table")[0]
    Match.objects.filter(pk=match.pk).update(result={**match.result, "wins": [9, 9]})
    final = played.standings
    final[-1]["match_points"] = 99
    Tournament.objects.filter(pk=played.pk).update(standings=final)

    out, error = verify()

    assert error is not None and "2 differences" in str(error), out
    assert f"tournament {played.pk}: round 1, table {match.table}: the match result is stored as" in out
    assert f"tournament {played.pk}: the final standings: entry {final[-1]['entry']}" in out


def test_a_changed_rank_and_a_wrong_turn_mark_are_found(played: Tournament) -> None:
    game = a_finished_game(played)
    seat = game.seats.get(index=0)
    Seat.objects.filter(pk=seat.pk).update(score=F("score") + 1)
    waiting = Game.objects.filter(status=GameStatus.RUNNING).order_by("pk")[0]
    Seat.objects.filter(game=waiting).update(to_act=~F("to_act"))

    out, error = verify()

    assert error is not None
    assert (
        f"game {game.pk} (mulligan): seat 0 is stored with rank {seat.rank} and score {seat.score + 1}" in out
    )
    assert f"game {waiting.pk} (mulligan): seats " in out and "are marked to act, but the moves say" in out
