"""Fixtures of the page tests: a clean rate-limit cache, and a game of a person against a bot."""

from __future__ import annotations

import itertools
import re
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from types import SimpleNamespace
from typing import Any

import allauth.core.internal.ratelimit
import django_ratelimit.core
import pytest
from django.core.cache import cache
from django.test import Client

from engine.cards import CARD_INDEX
from games.models import Bot, Game, Player
from tests.games.helpers import create_game

SEED = 20261122
RATE_LIMIT_CLOCK = 1_800_000_000.0
CARD_ATTRIBUTE = re.compile(r'data-card="([^"]+)"')


@pytest.fixture(autouse=True)
def _fresh_rate_limits(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    # django-ratelimit counts in the cache, which outlives a test in the same process.
    cache.clear()
    # Its windows end on the clock ("2/m": at a second of each minute fixed by the key), so a test
    # whose requests straddle that second would find its count reset. The test's clock stands still.
    monkeypatch.setattr(django_ratelimit.core, "time", SimpleNamespace(time=lambda: RATE_LIMIT_CLOCK))
    # allauth's limits (the account pages) slide over the last period and tell hits apart by their
    # time (a successful log-in takes its own hit back): a clock a millisecond further at each look,
    # so a test's hits stay well inside one period. Its cache lock waits on the real clock.
    ticks = itertools.count()
    monkeypatch.setattr(
        allauth.core.internal.ratelimit,
        "time",
        SimpleNamespace(
            time=lambda: RATE_LIMIT_CLOCK + next(ticks) / 1000, monotonic=time.monotonic, sleep=time.sleep
        ),
    )
    yield
    cache.clear()


def cards_on_page(html: str) -> set[str]:
    """Every card drawn on a page (each card element names its card in ``data-card``)."""
    return set(CARD_ATTRIBUTE.findall(html))


def cards_in(value: Any) -> set[str]:
    """Every card named anywhere in a JSON-able value (an observation, a move list)."""
    if isinstance(value, str):
        return {value} if value in CARD_INDEX else set()
    if isinstance(value, dict):
        return set().union(set(), *(cards_in(item) for item in value.values()))
    if isinstance(value, list | tuple):
        return set().union(set(), *(cards_in(item) for item in value))
    return set()


@pytest.fixture
def player(players: list[Player]) -> Player:
    return players[0]


@pytest.fixture
def vs_bot(player: Player, random_bot: Bot, on_commit: Callable[[], AbstractContextManager[Any]]) -> Game:
    """The player (seat 0, the first auctioneer) against the random bot, whose moves run eagerly."""
    with on_commit():
        game = create_game([player.competitor, random_bot.competitor], seed=SEED)
    game.refresh_from_db()
    return game


@pytest.fixture
def player_client(player: Player) -> Client:
    client = Client()
    client.force_login(player.user)
    return client
