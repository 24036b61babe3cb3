"""Fixtures for the tournament tests: many bots, and a way to run a tournament step by step.

Only one built-in bot per engine bot may exist (a constraint on ``Bot``), and Mulligan has two,
so a field of bots is made of *clones*: ``Bot`` rows of another ``kind`` that run the same engine
bots. The bot runner only reads ``engine_bot``, so they play exactly like the built-ins.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from typing import Any

import pytest

from games.models import Bot, Competitor, Tournament
from games.services.competitions import (
    tournament_create,
    tournament_join,
    tournament_open_registration,
)

CLONE_KIND = "clone"


def make_bots(count: int, *, game_id: str = "mulligan") -> list[Bot]:
    bots = []
    for k in range(count):
        engine_bot = "heuristic" if k % 2 else "random"
        competitor = Competitor.objects.create(name=f"{engine_bot} clone {k}")
        bots.append(
            Bot.objects.create(competitor=competitor, game_id=game_id, kind=CLONE_KIND, engine_bot=engine_bot)
        )
    return bots


def open_tournament(*, field: Iterable[Competitor] = (), **options: Any) -> Tournament:
    options.setdefault("name", "test cup")
    options.setdefault("game_id", "mulligan")
    options.setdefault("format", "swiss")
    tournament = tournament_create(**options)
    tournament_open_registration(tournament_pk=tournament.pk)
    for competitor in field:
        tournament_join(tournament_pk=tournament.pk, competitor=competitor)
    tournament.refresh_from_db()
    return tournament


@pytest.fixture
def bots(db: None) -> Callable[[int], list[Competitor]]:
    def make(count: int) -> list[Competitor]:
        return [bot.competitor for bot in make_bots(count)]

    return make


@pytest.fixture
def stepper(
    django_capture_on_commit_callbacks: Callable[..., AbstractContextManager[Any]],
) -> Callable[..., None]:
    """``stepper(action, until=...)``: run ``action`` and then its on-commit tasks, one generation of
    tasks at a time (a round's bot games, then the advance they trigger, ...), stopping before the
    next generation as soon as ``until()`` holds. Eager Celery runs each task in-process.
    """

    def run(action: Callable[[], Any], until: Callable[[], bool] = lambda: False) -> list[Callable[[], Any]]:
        with django_capture_on_commit_callbacks(execute=False) as pending:
            action()
        pending = list(pending)
        while pending and not until():
            with django_capture_on_commit_callbacks(execute=False) as new:
                for callback in pending:
                    callback()
            pending = list(new)
        return pending

    return run
