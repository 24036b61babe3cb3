"""``POST /api/games/{id}/moves/`` under load: every request a legal move.

Each worker plays its own games from the pool (no two workers share a game, so no answer is a
conflict of the bench's making). It keeps the engine state of its game, rebuilt from the seed the
bench chose, and sends a legal action of the seat whose turn it is, with that seat's token and the
``expected_move`` it knows; a 201 moves its local state on, anything else is an error and the
worker leaves that game for a fresh one.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence
from typing import Any

from api_load import http_request
from api_seed import CONFIG, GAME_ID, PoolGame

from engine import State, new_state


class _Playing:
    def __init__(self, game: PoolGame) -> None:
        self.game = game
        self.state: State = new_state(GAME_ID, CONFIG, game.seed)
        self.choose = random.Random(game.seed).choice
        self.version = 0
        self.pending: tuple[int, dict[str, Any]] | None = None


class MoveTarget:
    name = "move_post"

    def __init__(self, host: str, pool: Sequence[PoolGame]) -> None:
        self.host = host
        self.fresh = deque(pool)
        self.playing: dict[int, _Playing] = {}
        self.moves_played = 0
        self.games_finished = 0

    def _game(self, worker: int) -> _Playing:
        playing = self.playing.get(worker)
        if playing is None or playing.state.is_over:
            if not self.fresh:
                raise RuntimeError("the pool of running games is used up: give a larger --pool")
            playing = self.playing[worker] = _Playing(self.fresh.popleft())
        return playing

    def request(self, worker: int) -> bytes:
        playing = self._game(worker)
        seat = playing.state.to_act()[0]
        action = playing.choose(playing.state.legal_actions(seat))
        playing.pending = (seat, action)
        return http_request(
            self.host,
            "POST",
            f"/api/games/{playing.game.pk}/moves/",
            playing.game.tokens[seat],
            {"action": action, "expected_move": playing.version},
        )

    def answered(self, worker: int, status: int, body: bytes) -> None:
        playing = self.playing[worker]
        if status == 201 and playing.pending is not None:
            playing.state.apply(*playing.pending)
            playing.version += 1
            self.moves_played += 1
            if playing.state.is_over:
                self.games_finished += 1
        else:
            # The server and this copy may disagree now: leave the game.
            del self.playing[worker]
        playing.pending = None
