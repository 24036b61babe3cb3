"""Move deadlines: set, refreshed and cleared; the timeout policies; aborts; vacations."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from games.models import (
    CompetitionState,
    Game,
    GameStatus,
    MatchGame,
    Player,
    RatingChange,
    TimeoutPolicy,
    Tournament,
    Vacation,
)
from games.selectors.games import game_state
from games.services.deadlines import deadlines_expire, vacation_set
from games.services.errors import InvalidInput
from games.services.moves import move_submit
from games.tasks import expire_deadlines
from tests.games.competitions.conftest import open_tournament
from tests.games.helpers import create_game, human_seats, play_to_end

pytestmark = pytest.mark.django_db

NOTHING = {"armed": 0, "aborted": 0, "forfeited": 0, "auto_moves": 0}


def snapshot(game: Game) -> tuple:
    game.refresh_from_db()
    return (
        game.status,
        game.version,
        game.turn_deadline,
        game.outcome,
        list(game.seats.values_list("rank", "score")),
        RatingChange.objects.count(),
    )


def to_act_person(game: Game) -> tuple[int, Player]:
    game.refresh_from_db()
    people = human_seats(game)
    seat = next(s for s in game_state(game).to_act() if s in people)
    return seat, people[seat]


def play_one(game: Game) -> None:
    seat, player = to_act_person(game)
    action = game_state(game).legal_actions(seat)[0]
    move_submit(game_pk=game.pk, user=player.user, action=action, expected_move=game.version, seat_index=seat)


def people_game(players: list[Player], seed: int = 7) -> Game:
    game = create_game([p.competitor for p in players[:2]], seed=seed)
    deadlines_expire()  # arms it (no bot task ran inside the test transaction)
    game.refresh_from_db()
    return game


def test_deadline_set_when_bots_stop_for_a_person(players, random_bot, on_commit) -> None:
    before = timezone.now()
    with on_commit():
        game = create_game([players[0].competitor, random_bot.competitor], seed=3)
    game.refresh_from_db()
    assert game.status == GameStatus.RUNNING
    limit = settings.DEFAULT_MOVE_TIME_LIMIT
    assert before + limit <= game.turn_deadline <= timezone.now() + limit
    assert game.deadline_version == game.version


def test_deadline_refreshed_after_each_move_and_cleared_at_the_end(players) -> None:
    game = people_game(players)
    first = game.turn_deadline
    assert first is not None
    play_one(game)
    game.refresh_from_db()
    assert game.turn_deadline is not None and game.turn_deadline >= first
    assert game.deadline_version == game.version
    play_to_end(game, random.Random(1))
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED and game.turn_deadline is None


def test_deadline_cleared_while_only_bots_act(random_bot, heuristic_bot) -> None:
    game = create_game([random_bot.competitor, heuristic_bot.competitor], seed=5)
    assert deadlines_expire() == NOTHING  # bot-only games are not the sweep's business
    game.refresh_from_db()
    assert game.turn_deadline is None


def test_forfeit_ends_the_game_with_the_late_seat_last_and_is_idempotent(players) -> None:
    game = people_game(players)
    play_one(game)  # somebody started
    late_seat, _ = to_act_person(game)
    game.refresh_from_db()
    now = game.turn_deadline + timedelta(seconds=1)
    assert deadlines_expire(now=game.turn_deadline - timedelta(seconds=1)) == NOTHING
    assert deadlines_expire(now=now)["forfeited"] == 1
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED and game.turn_deadline is None
    ranks = dict(game.seats.values_list("index", "rank"))
    assert ranks[late_seat] == 2 and ranks[1 - late_seat] == 1
    assert game.outcome["details"] == {"reason": "timeout", "timed_out": [late_seat]}
    assert RatingChange.objects.filter(game=game).count() == 2
    before = snapshot(game)
    assert deadlines_expire(now=now + timedelta(days=5)) == NOTHING
    assert snapshot(game) == before


def test_unstarted_game_is_aborted_without_ratings(players, random_bot, on_commit) -> None:
    with on_commit():
        game = create_game([players[0].competitor, random_bot.competitor], seed=3)
    game.refresh_from_db()
    now = game.turn_deadline + timedelta(minutes=1)
    assert expire_deadlines.delay().get() == NOTHING  # eager task, real clock: not yet due
    assert deadlines_expire(now=now)["aborted"] == 1
    game.refresh_from_db()
    assert game.status == GameStatus.ABORTED and game.turn_deadline is None
    assert not RatingChange.objects.filter(game=game).exists()
    assert set(game.seats.values_list("rank", flat=True)) == {None}
    before = snapshot(game)
    assert deadlines_expire(now=now) == NOTHING
    assert snapshot(game) == before


def two_player_tournament(players: list[Player], policy: str, **options) -> Tournament:
    tournament = open_tournament(field=[p.competitor for p in players[:2]], format="round_robin", **options)
    Tournament.objects.filter(pk=tournament.pk).update(timeout_policy=policy)
    from games.services.competitions import tournament_start

    tournament_start(tournament_pk=tournament.pk)
    return Tournament.objects.get(pk=tournament.pk)


def tournament_game(tournament: Tournament) -> Game:
    return MatchGame.objects.get(match__round__tournament=tournament).game


def test_default_action_plays_the_first_legal_action_as_an_auto_move(players, on_commit) -> None:
    tournament = two_player_tournament(
        players, TimeoutPolicy.DEFAULT_ACTION, move_time_limit=timedelta(hours=2)
    )
    game = tournament_game(tournament)
    assert deadlines_expire()["armed"] == 1  # people-only tournament games get armed by the sweep
    game.refresh_from_db()
    assert game.turn_deadline - game.created_at == timedelta(hours=2)
    play_one(game)
    late_seat, _ = to_act_person(game)
    game.refresh_from_db()
    expected = game_state(game).legal_actions(late_seat)[0]
    version = game.version
    now = game.turn_deadline + timedelta(seconds=1)
    with on_commit():
        assert deadlines_expire(now=now)["auto_moves"] == 1
    game.refresh_from_db()
    move = game.moves.get(number=version + 1)
    assert move.auto and move.seat == late_seat and move.action == expected
    assert not game.moves.filter(number__lte=version, auto=True).exists()
    if game.status == GameStatus.RUNNING:
        assert game.turn_deadline == now + timedelta(hours=2)
    before = snapshot(game)
    assert deadlines_expire(now=now) == NOTHING
    assert snapshot(game) == before


def test_a_forfeited_tournament_game_lets_the_tournament_advance(players, on_commit) -> None:
    tournament = two_player_tournament(players, TimeoutPolicy.FORFEIT)
    game = tournament_game(tournament)
    deadlines_expire()
    play_one(game)
    game.refresh_from_db()
    with on_commit():
        assert deadlines_expire(now=game.turn_deadline + timedelta(seconds=1))["forfeited"] == 1
    tournament.refresh_from_db()
    assert tournament.state == CompetitionState.FINISHED
    assert tournament.standings


def vacation_game(players: list[Player], allow: bool) -> tuple[Game, int, Player]:
    tournament = two_player_tournament(players, TimeoutPolicy.FORFEIT)
    Tournament.objects.filter(pk=tournament.pk).update(allow_vacations=allow)
    game = tournament_game(tournament)
    deadlines_expire()
    play_one(game)
    seat, player = to_act_person(game)
    game.refresh_from_db()
    return game, seat, player


@pytest.mark.parametrize("allow", [True, False])
def test_vacation_extends_deadlines_only_where_allowed(players, allow) -> None:
    game, _, player = vacation_game(players, allow)
    deadline = game.turn_deadline
    vacation_set(player=player, starts_at=deadline - timedelta(hours=6), ends_at=deadline + timedelta(days=2))
    now = deadline + timedelta(seconds=1)
    report = deadlines_expire(now=now)
    game.refresh_from_db()
    if allow:
        assert report == NOTHING and game.status == GameStatus.RUNNING
        assert game.turn_deadline == deadline + timedelta(days=2, hours=6)
        assert deadlines_expire(now=game.turn_deadline + timedelta(seconds=1))["forfeited"] == 1
    else:
        assert report["forfeited"] == 1 and game.status == GameStatus.FINISHED


def test_vacation_set_validates(players) -> None:
    now = timezone.now()
    player = players[0]
    with pytest.raises(InvalidInput):
        vacation_set(player=player, starts_at=now + timedelta(days=2), ends_at=now + timedelta(days=1))
    with pytest.raises(InvalidInput):
        vacation_set(player=player, starts_at=now - timedelta(days=3), ends_at=now - timedelta(days=1))
    vacation_set(player=player, starts_at=now + timedelta(days=1), ends_at=now + timedelta(days=3))
    with pytest.raises(InvalidInput):
        vacation_set(player=player, starts_at=now + timedelta(days=2), ends_at=now + timedelta(days=4))
    assert Vacation.objects.filter(player=player).count() == 1
