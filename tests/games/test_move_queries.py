"""``POST /api/games/{id}/moves/`` costs a fixed number of queries: whatever the game's length, its
number of seats, its competition (deadline rules) and the people's notification settings."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.conf import settings
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.test import APIClient

from games import tasks
from games.models import (
    Game,
    League,
    LeagueGame,
    Match,
    MatchGame,
    Move,
    NotificationSettings,
    Player,
    Season,
    Tournament,
    Vacation,
)
from games.selectors.deadlines import deadline_rules_for
from games.selectors.games import game_locked, game_state
from games.services.game_flow import CompetitionsKnown
from games.services.league_ratings import leagues_of_games
from games.services.moves import move_submit
from tests.games.factories import VerifiedPlayerFactory
from tests.games.helpers import choose, create_game

pytestmark = pytest.mark.django_db

SEED = 271_828
# Token, savepoint, the game row (locked) with its competition's deadline rules, its seats and who
# holds them (with whether each person is away and can be told of a turn), the idempotency key, the
# history (none when the process kept the game's state from its last move: not here, where nothing
# commits), the new move, the next person's vacations (they have some), the seats' marks and the
# game row written in one statement, the savepoint released. The turn notifications are a task
# after the commit: none of these.
MAX_QUERIES_PER_MOVE = 10
TOURNAMENT_LIMIT = timedelta(hours=2)
LEAGUE_LIMIT = timedelta(hours=7)


def in_competition(game: Game, kind: str) -> timedelta:
    """Put ``game`` in a tournament or a league (or neither); its move time limit."""
    if kind == "tournament":
        tournament = Tournament.objects.create(
            name="cup",
            game_id="mulligan",
            format="swiss",
            seed=1,
            move_time_limit=TOURNAMENT_LIMIT,
            timeout_policy="default_action",
        )
        match = Match.objects.create(round=tournament.round_set.create(number=1), table=1, entries=[])
        MatchGame.objects.create(match=match, number=1, game=game)
        return TOURNAMENT_LIMIT
    if kind == "league":
        league = League.objects.create(name="ladder", game_id="mulligan", move_time_limit=LEAGUE_LIMIT)
        season = Season.objects.create(league=league, number=1)
        LeagueGame.objects.create(league=league, season=season, game=game)
        return LEAGUE_LIMIT
    return settings.DEFAULT_MOVE_TIME_LIMIT


def long_play(state: Any, seat: int, rng: random.Random) -> dict[str, Any]:
    """A legal action that keeps the game going (no fold, no skip where there is a choice)."""
    legal = state.legal_actions(seat)
    going = [action for action in legal if action["type"] not in ("fold", "skip")]
    return rng.choice(going or legal)


def play_until(game: Game, people: list[Player], version: int, rng: random.Random) -> None:
    while game.version < version:
        state = game_state(game)
        seat = state.to_act()[0]
        move_submit(game_pk=game.pk, user=people[seat].user, action=long_play(state, seat, rng))
        game.refresh_from_db()
    assert game.status == "running", "the game must still run to measure a move in it"


@pytest.mark.parametrize("kind", ["plain", "tournament", "league"])
@pytest.mark.parametrize("seats", [2, 4])
def test_a_move_costs_the_same_queries_after_2_moves_and_after_40(
    kind: str,
    seats: int,
    client_for: Callable[[Player], APIClient],
    django_assert_max_num_queries: Any,
) -> None:
    people = VerifiedPlayerFactory.create_batch(seats)
    # Every kind of setting a move used to read inline: webhooks, switches, vacations.
    NotificationSettings.objects.create(user=people[0].user, webhook_url="https://example.org/hook")
    NotificationSettings.objects.create(user=people[1].user, email_turn=False)
    now = timezone.now()
    for person in people:
        Vacation.objects.create(
            player=person, starts_at=now + timedelta(days=30), ends_at=now + timedelta(days=31)
        )
    game = create_game([p.competitor for p in people], seed=SEED, config={"players": seats})
    limit = in_competition(game, kind)
    clients = {seat: client_for(person) for seat, person in enumerate(people)}
    for client in clients.values():
        # A token's use is recorded at most once an hour, on its first request: not a move's cost.
        assert client.get("/api/me/").status_code == 200
    rng = random.Random(SEED)

    counts = []
    for depth in (2, 40):
        play_until(game, people, depth, rng)
        state = game_state(game)
        seat = state.to_act()[0]
        body = {"action": long_play(state, seat, rng), "expected_move": depth, "idempotency_key": f"m{depth}"}
        with django_assert_max_num_queries(MAX_QUERIES_PER_MOVE) as captured:
            response = clients[seat].post(f"/api/games/{game.pk}/moves/", body, format="json")
        assert response.status_code == 201, response.content
        assert response.json()["number"] == depth + 1
        counts.append(len(captured))
        game.refresh_from_db()
        move = Move.objects.get(game=game, number=depth + 1)
        # The deadline comes from the game's competition (the vacations are long after it).
        assert game.turn_deadline == move.created_at + limit
        assert game.deadline_version == depth + 1
    assert counts[0] == counts[1], "a longer game must not cost more queries"


@pytest.mark.parametrize("kind", ["plain", "own", "tournament", "league"])
def test_the_locked_row_brings_its_rules(
    kind: str, players: list[Player], django_assert_num_queries: Any
) -> None:
    game = create_game([p.competitor for p in players[:2]], seed=SEED)
    if kind == "own":  # a challenge's time per move
        Game.objects.filter(pk=game.pk).update(move_time_limit=timedelta(minutes=30))
    else:
        in_competition(game, kind)
    with transaction.atomic(), django_assert_num_queries(1):
        locked = game_locked(game.pk)
    assert locked is not None
    row, rules = locked.game, locked.rules
    assert row == game and row.version == game.version
    assert rules == deadline_rules_for([game.pk])[game.pk]
    assert (
        rules.move_time_limit
        == {
            "plain": settings.DEFAULT_MOVE_TIME_LIMIT,
            "own": timedelta(minutes=30),
            "tournament": TOURNAMENT_LIMIT,
            "league": LEAGUE_LIMIT,
        }[kind]
    )
    with transaction.atomic():
        assert game_locked(game.pk + 1000) is None


@pytest.mark.parametrize("kind", ["tournament", "league"])
def test_an_organisers_edit_reaches_the_next_move(kind: str, players: list[Player]) -> None:
    game = create_game([p.competitor for p in players[:2]], seed=SEED)
    limit = in_competition(game, kind)
    rng = random.Random(SEED)
    for expected in (limit, timedelta(hours=3)):
        state = game_state(game)
        seat = state.to_act()[0]
        person = Player.objects.get(competitor__seats__game=game, competitor__seats__index=seat)
        move, _ = move_submit(game_pk=game.pk, user=person.user, action=long_play(state, seat, rng))
        game.refresh_from_db()
        assert game.turn_deadline == move.created_at + expected
        # Edited as the admin edits it, between two moves.
        Tournament.objects.update(move_time_limit=timedelta(hours=3))
        League.objects.update(move_time_limit=timedelta(hours=3))


def test_the_competitions_read_with_the_rows_are_those_a_games_end_would_ask_for(
    players: list[Player],
) -> None:
    games = {
        kind: create_game([p.competitor for p in players[:2]], seed=SEED)
        for kind in ("plain", "tournament", "league")
    }
    for kind, game in games.items():
        in_competition(game, kind)
    pks = [game.pk for game in games.values()]
    with transaction.atomic():
        known = CompetitionsKnown.of(locked for pk in pks if (locked := game_locked(pk)) is not None)
    assert known.in_matches == set(
        MatchGame.objects.filter(game_id__in=pks).values_list("game_id", flat=True)
    )
    assert known.in_matches == {games["tournament"].pk}
    assert known.leagues_of == leagues_of_games(pks)
    assert list(known.leagues_of) == [games["league"].pk]


@pytest.mark.parametrize("kind", ["plain", "tournament", "league"])
def test_the_move_that_ends_a_game_asks_nothing_more_of_its_competitions(
    kind: str, players: list[Player], monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    game = create_game([p.competitor for p in players[:2]], seed=SEED)
    in_competition(game, kind)
    advanced: list[list[int]] = []
    monkeypatch.setattr(tasks.advance_competitions, "delay", advanced.append)
    rng = random.Random(SEED)
    while game.status == "running":
        state = game_state(game)
        seat = state.to_act()[0]
        person = Player.objects.get(competitor__seats__game=game, competitor__seats__index=seat)
        with django_capture_on_commit_callbacks(execute=True), CaptureQueriesContext(connection) as last_move:
            move_submit(game_pk=game.pk, user=person.user, action=choose(state.legal_actions(seat), rng))
        game.refresh_from_db()
    # Which of the ended games are a match's or a league's: read with the locked row, not asked again.
    asked = [
        q["sql"]
        for q in last_move.captured_queries
        if '"games_matchgame"."game_id" IN' in q["sql"] or '"games_leaguegame"."game_id" IN' in q["sql"]
    ]
    assert asked == []
    assert any(
        "FOR UPDATE" in q["sql"] and "games_leaguegame" in q["sql"] for q in last_move.captured_queries
    )
    assert advanced == ([[game.pk]] if kind == "tournament" else [])
