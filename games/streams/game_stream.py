"""A game's events as one reader may see them.

Event ids are move numbers: ``move`` event n is move n; the ``game`` event (what a reader without
Last-Event-ID gets first) carries the game as ``GET /api/games/{id}/`` shows it (``view``), with the
id of its latest move; the ``end`` event has the id one past the last move (no move follows an end). A reader
that reconnects with Last-Event-ID n gets the moves after n, each with the observation of the
reader's own seat after it (a spectator's: :meth:`engine.State.observe` with no seat), then the end
if the game has ended. Nothing here is ever more than the reader's seat may see: other seats'
actions are redacted as the move history redacts them while the game runs.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from engine import State, get_game, replay
from games.models import GameStatus
from games.selectors.games import deal_refusal, game_read, game_view, record_open, seats_held_by, viewer_seat
from games.selectors.streams import stream_moves
from games.streams.notices import game_channel


class StreamNotFound(Exception):
    pass


class StreamRefused(Exception):
    """The reader may not follow this game now (its deal is still in play at another table)."""


class BadLastEventId(Exception):
    """``field``: the header or query parameter at fault, when the one who raises knows it."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class GameStream:
    def __init__(self, game_pk: int, user: AbstractBaseUser | AnonymousUser) -> None:
        self.pk = game_pk
        self.user = user
        self.channel = game_channel(game_pk)
        self.done = False
        self._last = 0
        self._mine: list[int] = []
        self._state: State | None = None
        self._in_play = False

    def open(self, last_event_id: int | None) -> list[dict[str, Any]]:
        """The events a reader gets first: the game as it is (``last_event_id`` None), or what it
        missed after that event. Raises :class:`StreamNotFound`, :class:`StreamRefused`,
        :class:`BadLastEventId`."""
        found = game_read(self.pk)
        if found is None:
            raise StreamNotFound(f"no game {self.pk}")
        game, seats, self._in_play = found
        refusal = deal_refusal(self.user, seats, self._in_play)
        if refusal is not None:
            raise StreamRefused(refusal)
        running = game.status == GameStatus.RUNNING
        last_id = game.version if running else game.version + 1
        if last_event_id is not None and last_event_id > last_id:
            raise BadLastEventId(
                f"Last-Event-ID {last_event_id}: game {self.pk} has no such event "
                f"(its events are numbered 0 to {last_id})"
            )
        self._mine = seats_held_by(seats, self.user)
        moves = stream_moves(self.pk, 0, game.version)
        events: list[dict[str, Any]] = []
        if last_event_id is None:
            history = [(seat, action) for _n, seat, action, _auto, _at in moves]
            self._state = replay(game.game_id, game.config, game.seed, history)
            self._last = game.version
            view = game_view(game, self.user, seats, history, self._in_play)
            events.append({"id": game.version, "type": "game", "game": self.pk, "view": view})
        else:
            done = min(last_event_id, game.version)
            earlier = [(seat, action) for _n, seat, action, _auto, _at in moves[:done]]
            self._state = replay(game.game_id, game.config, game.seed, earlier)
            self._last = done
            events += self._moves(game.game_id, moves[done:])
        if not running:
            self.done = True
            if last_event_id is None or last_event_id <= game.version:
                events.append(self._end(game, seats))
        return events

    def next(self) -> list[dict[str, Any]]:
        """What happened since the last read: moves, then the end once the game has ended."""
        if self.done:
            return []
        found = game_read(self.pk)
        if found is None:  # deleted meanwhile (the admin): nothing more will come
            self.done = True
            return []
        game, seats, self._in_play = found
        if deal_refusal(self.user, seats, self._in_play) is not None:
            # Another game of its deal was dealt since the stream opened: nothing more for this reader.
            self.done = True
            return []
        events = self._moves(game.game_id, stream_moves(self.pk, self._last, game.version))
        if game.status != GameStatus.RUNNING:
            self.done = True
            events.append(self._end(game, seats))
        return events

    def _moves(
        self, game_id: str, moves: list[tuple[int, int, dict[str, Any], bool, Any]]
    ) -> list[dict[str, Any]]:
        state = self._state
        assert state is not None
        engine_game = get_game(game_id)
        events = []
        for number, seat, action, auto, created_at in moves:
            state.apply(seat, action)
            self._last = number
            to_act = state.to_act()
            viewer = viewer_seat(self._mine, to_act)
            shown = action if seat in self._mine else engine_game.redact_action(seat, action, viewer)
            events.append(
                {
                    "id": number,
                    "type": "move",
                    "game": self.pk,
                    "number": number,
                    "seat": seat,
                    "action": shown,
                    "auto": auto,
                    "created_at": created_at,
                    "to_act": to_act,
                    "viewer_seat": viewer,
                    "observation": state.observe(viewer),
                    "legal_actions": state.legal_actions(viewer) if viewer in to_act else [],
                }
            )
        return events

    def _end(self, game: Any, seats: Any) -> dict[str, Any]:
        end = {
            "id": game.version + 1,
            "type": "end",
            "game": self.pk,
            "status": game.status,
            "move_count": game.version,
            "outcome": game.outcome,
            "seats": [row.summary for row in seats],
            "finished_at": game.finished_at,
        }
        # The seed, as the game's record, waits for every table of a shared deal to finish.
        if record_open(game, self.user, self._in_play):
            end["seed"] = game.seed
        return end
