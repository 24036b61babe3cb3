"""Shared helpers of the games tests (not a test module): playing games through the services."""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest
from django.db import connection

from engine import State
from games.models import Competitor, Game, Player
from games.selectors.games import game_state
from games.services.games import game_create, game_play_bots
from games.services.moves import move_submit

# Weights by action type for the people in these tests: mostly trading, so games run long enough
# to go through every phase, with the odd skip and fold so they also end in every way.
TRADER_WEIGHTS = {"skip": 0.15, "fold": 0.08, "auction": 1.0, "offer": 1.0, "swap": 1.0, "mulligan": 0.5}


def normalized(data: Any) -> Any:
    """``data`` as it comes back from a JSON column (tuples become lists, keys strings)."""
    return json.loads(json.dumps(data))


def choose(legal: Sequence[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """One of ``legal`` drawn with :data:`TRADER_WEIGHTS`."""
    weights = [TRADER_WEIGHTS.get(action["type"], 1.0) for action in legal]
    return rng.choices(list(legal), weights=weights)[0]


def stored_moves(game: Game) -> list[tuple[int, dict[str, Any]]]:
    return [(seat, action) for seat, action in game.moves.order_by("number").values_list("seat", "action")]


def create_game(
    competitors: Sequence[Competitor],
    *,
    seed: int,
    config: Mapping[str, Any] | None = None,
    rated: bool = True,
) -> Game:
    return game_create(game_id="mulligan", competitors=competitors, config=config, seed=seed, rated=rated)


def human_seats(game: Game) -> dict[int, Player]:
    return {
        seat.index: seat.competitor.player
        for seat in game.seats.select_related("competitor__player")
        if hasattr(seat.competitor, "player")
    }


def play_to_end(game: Game, rng: random.Random, max_steps: int = 2000) -> State:
    """Play every seat to the end: bots through ``game_play_bots``, people through ``move_submit``."""
    people = human_seats(game)
    has_bots = len(people) < game.seats.count()
    for _ in range(max_steps):
        if has_bots:
            game_play_bots(game_pk=game.pk)
        game.refresh_from_db()
        state = game_state(game)
        if state.is_over:
            return state
        seat = next(s for s in state.to_act() if s in people)
        move_submit(
            game_pk=game.pk,
            user=people[seat].user,
            action=choose(state.legal_actions(seat), rng),
            expected_move=game.version,
            seat_index=seat,
        )
    raise AssertionError(f"game {game.pk} did not end in {max_steps} steps")


# Row locks (select_for_update) are what the concurrency tests exercise; SQLite has none, so on
# SQLite these tests fail and say so rather than pass by skipping.
postgres_only = pytest.mark.usefixtures("postgresql_required")


def race(*submissions: Callable[[], Any]) -> list[Any]:
    """Run the submissions in threads released together by a barrier; each result is a value or the exception.

    Django opens one database connection per thread, so each submission runs in its own session
    (use it in ``django_db(transaction=True)`` tests: the data must be committed to be seen), and
    each thread closes its connection when done.
    """
    barrier = threading.Barrier(len(submissions))
    results: list[Any] = [None] * len(submissions)

    def run(index: int, submit: Callable[[], Any]) -> None:
        try:
            barrier.wait(timeout=10)
            results[index] = submit()
        except Exception as exc:
            results[index] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, s)) for i, s in enumerate(submissions)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads)
    return results
