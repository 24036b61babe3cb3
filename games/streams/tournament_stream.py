"""A tournament's events (:mod:`games.services.tournament_events` writes them): round start, game
end, standings after each round, and its end (finished or cancelled), numbered 1, 2, ... A reader
without Last-Event-ID gets every event from the first; with Last-Event-ID n, the events after n."""

from __future__ import annotations

from typing import Any

from games.selectors.streams import ENDED_STATES, tournament_events, tournament_stream_head
from games.streams.game_stream import BadLastEventId, StreamNotFound
from games.streams.notices import tournament_channel


class TournamentStream:
    def __init__(self, tournament_pk: int) -> None:
        self.pk = tournament_pk
        self.channel = tournament_channel(tournament_pk)
        self.done = False
        self._last = 0

    def open(self, last_event_id: int | None) -> list[dict[str, Any]]:
        head = tournament_stream_head(self.pk)
        if head is None:
            raise StreamNotFound(f"no tournament {self.pk}")
        _state, count = head
        if last_event_id is not None and last_event_id > count:
            raise BadLastEventId(
                f"Last-Event-ID {last_event_id}: tournament {self.pk} has no such event "
                f"(its events are numbered 1 to {count})"
            )
        self._last = last_event_id or 0
        return self.next()

    def next(self) -> list[dict[str, Any]]:
        head = tournament_stream_head(self.pk)
        if head is None:
            self.done = True
            return []
        state, count = head
        events = tournament_events(self.pk, self._last, count)
        self._last = count
        # Its end is written with its last event, in one transaction: once ended, nothing follows.
        self.done = state in ENDED_STATES
        return events
