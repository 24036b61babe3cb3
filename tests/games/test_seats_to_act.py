"""``Seat.to_act``, the stored answer to "whose turn is it", always agrees with the engine.

The turns list, its long poll and the navigation's count read only that column (one indexed
query), so the game flow must keep it right on every move of every game, for people and bots, and
clear it whenever a game stops, however it stops.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.utils import timezone

from games.models import Game, GameStatus, Player, Seat
from games.selectors.games import game_state, turns_waiting, turns_waiting_count
from games.services.game_flow import games_cancel
from games.services.games import game_create, game_play_bots
from games.services.moves import move_submit
from tests.games.factories import BotFactory, PlayerFactory
from tests.games.helpers import choose, human_seats

SEED = 20261125


def marked(game: Game) -> set[int]:
    return set(Seat.objects.filter(game=game, to_act=True).values_list("index", flat=True))


def engine_to_act(game: Game) -> set[int]:
    game.refresh_from_db()
    if game.status != GameStatus.RUNNING:
        return set()
    state = game_state(game)
    return set() if state.is_over else set(state.to_act())


def play_checking_marks(game: Game, rng: random.Random, max_steps: int = 3000) -> int:
    """Play the game to its end by random legal moves, checking the marks after every step."""
    people = human_seats(game)
    has_bots = len(people) < game.seats.count()
    steps = 0
    for steps in range(max_steps):
        if has_bots:
            game_play_bots(game_pk=game.pk)
        assert marked(game) == engine_to_act(game), f"after {game.version} moves"
        if game.status != GameStatus.RUNNING:
            return steps
        state = game_state(game)
        seat = next(s for s in state.to_act() if s in people)
        move_submit(
            game_pk=game.pk,
            user=people[seat].user,
            action=choose(state.legal_actions(seat), rng),
            expected_move=game.version,
            seat_index=seat,
        )
    raise AssertionError(f"game {game.pk} did not end in {max_steps} steps")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("game_id", "config", "bots"),
    [
        ("mulligan", {"players": 3}, 0),
        ("mulligan", {"players": 4}, 2),
        ("three_card", {"players": 2, "hands": 3}, 0),
        ("opening_hand", {"players": 2}, 1),
        ("golf", {"players": 2, "holes": 9}, 1),
    ],
)
def test_the_marks_follow_the_engine_on_every_move(game_id: str, config: dict[str, Any], bots: int) -> None:
    people = [PlayerFactory().competitor for _ in range(config["players"] - bots)]
    seated = people + [BotFactory(game_id=game_id, engine_bot="random").competitor for _ in range(bots)]
    game = game_create(game_id=game_id, competitors=seated, config=config, seed=SEED)
    assert marked(game) == engine_to_act(game)  # from the first state on
    play_checking_marks(game, random.Random(SEED))
    assert marked(game) == set()


@pytest.mark.django_db
def test_turns_are_the_marked_seats_of_running_games(players: list[Player]) -> None:
    a, b = players[0], players[1]
    mine = game_create(game_id="mulligan", competitors=[a.competitor, b.competitor], seed=SEED)
    theirs = game_create(game_id="mulligan", competitors=[b.competitor, a.competitor], seed=SEED)
    waiting_for_a = {entry["game"].pk: entry["seats"] for entry in turns_waiting(a.user)}
    expected = {
        game.pk: [seat.index for seat in game.seats.all() if seat.competitor_id == a.competitor_id]
        for game in (mine, theirs)
        if engine_to_act(game) & {s.index for s in game.seats.all() if s.competitor_id == a.competitor_id}
    }
    assert waiting_for_a == expected
    assert turns_waiting_count(a.user) == len(expected)


@pytest.mark.django_db
def test_a_cancelled_competition_leaves_nobody_to_act(players: list[Player]) -> None:
    game = game_create(game_id="mulligan", competitors=[p.competitor for p in players[:2]], seed=SEED)
    assert marked(game)
    games_cancel([game.pk], now=timezone.now())
    game.refresh_from_db()
    assert game.status == GameStatus.ABORTED
    assert marked(game) == set()
    assert turns_waiting(players[0].user) == [] and turns_waiting(players[1].user) == []
