"""A version test's events as one reader may see them (``GET /api/bots/{id}/tests/{tid}/stream/``).

Event ids are pair counts: the ``test`` event (what a reader without Last-Event-ID gets first)
carries the test as ``GET /api/bots/{id}/tests/{tid}/`` shows it (``view``), with the number of
pairs counted as its id; ``figures`` event n carries the figures after the n-th pair; the ``end``
event has the id one past the last pair (no pair is counted after an end) and the final figures.

Figures are cumulative (the counts, the LLR and the Elo estimates after n pairs say all that the
pairs before said), so a reader that reconnects with Last-Event-ID n gets one ``figures`` event,
the latest, if more than n pairs are counted, and the end if the test has finished; the pairs in
between are not kept one by one. The same visibility as the detail: the author's test, or a
published one; another's private test is not found, and a test made private while a stranger
follows it ends that stranger's stream.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from games.api.version_test_serializers import VersionTestSerializer, version_test_data
from games.models import VersionTest
from games.selectors import bots as bot_selectors
from games.selectors import version_tests as test_selectors
from games.streams.game_stream import BadLastEventId, StreamNotFound
from games.streams.notices import version_test_channel

# What changes as pairs are counted: the detail's figures and state, not its settings.
FIGURES = (
    "state",
    "finished_at",
    "deals_started",
    "pairs",
    "games",
    "wins",
    "draws",
    "losses",
    "pentanomial",
    "paired_values",
    "elo0",
    "elo1",
    "model",
    "llr",
    "elo",
    "nelo",
)


class VersionTestStream:
    def __init__(self, bot_pk: int, test_pk: int, user: AbstractBaseUser | AnonymousUser) -> None:
        self.bot_pk = bot_pk
        self.pk = test_pk
        self.user = user
        self.channel = version_test_channel(test_pk)
        self.done = False
        self._last = 0

    def open(self, last_event_id: int | None) -> list[dict[str, Any]]:
        """The events a reader gets first: the test as it is (``last_event_id`` None), or the latest
        figures if pairs were counted after that event, and the end if it has finished. Raises
        :class:`StreamNotFound`, :class:`BadLastEventId`."""
        test = self._read()
        if test is None:
            raise StreamNotFound(f"bot {self.bot_pk} has no version test {self.pk} you may see")
        last_id = test.pairs if test.is_running else test.pairs + 1
        if last_event_id is not None and last_event_id > last_id:
            raise BadLastEventId(
                f"Last-Event-ID {last_event_id}: version test {self.pk} has no such event "
                f"(its events are numbered 0 to {last_id})"
            )
        data = _shown(test)
        if last_event_id is None:
            self._last = test.pairs
            events = [{"id": test.pairs, "type": "test", "test": self.pk, "view": data}]
        else:
            self._last = min(last_event_id, test.pairs)
            events = self._figures(data)
        if not test.is_running:
            self.done = True
            if last_event_id is None or last_event_id <= test.pairs:
                events.append(self._end(data))
        return events

    def next(self) -> list[dict[str, Any]]:
        """What changed since the last read: the latest figures, then the end once it has finished."""
        if self.done:
            return []
        test = self._read()
        if test is None:  # deleted, or made private while a stranger follows it
            self.done = True
            return []
        data = _shown(test)
        events = self._figures(data)
        if not test.is_running:
            self.done = True
            events.append(self._end(data))
        return events

    def _read(self) -> VersionTest | None:
        bot = bot_selectors.bot_or_none(self.bot_pk)
        return None if bot is None else test_selectors.version_test_visible(bot, self.pk, self.user)

    def _figures(self, data: dict[str, Any]) -> list[dict[str, Any]]:
        if data["pairs"] <= self._last:
            return []
        self._last = data["pairs"]
        return [{"id": data["pairs"], "type": "figures", "test": self.pk, **_figures_of(data)}]

    def _end(self, data: dict[str, Any]) -> dict[str, Any]:
        return {"id": data["pairs"] + 1, "type": "end", "test": self.pk, **_figures_of(data)}


def _shown(test: VersionTest) -> dict[str, Any]:
    """The test as the detail shows it, to the letter (its times as DRF writes them)."""
    return dict(VersionTestSerializer(version_test_data(test)).data)


def _figures_of(data: dict[str, Any]) -> dict[str, Any]:
    return {key: data[key] for key in FIGURES}
