"""Whose turns changed is announced after the commit (``turns_channel``, what the long poll of
``GET /api/me/turns/wait/`` waits on), in the same publish as the game's own announcement: one
round trip to Redis for a move. Nothing is announced for a transaction that rolled back."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import transaction

from games.models import GameStatus, Player
from games.services import after_commit
from games.services.game_flow import games_cancel
from games.services.moves import move_submit
from games.streams.notices import game_channel, turns_channel
from tests.games.factories import PlayerFactory
from tests.games.helpers import create_game

pytestmark = pytest.mark.django_db

SEED = 8_675_309  # Mulligan heads-up: seat 0 acts first, and a skip hands the turn to seat 1


@pytest.fixture
def published(settings: Any, monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """Each publish's channels, in order (no Redis needed)."""
    settings.STREAMS_REDIS_URL = "redis://announcements.invalid/0"
    calls: list[list[str]] = []
    monkeypatch.setattr(after_commit, "publish", lambda channels: calls.append(list(channels)))
    return calls


def _duel() -> tuple[list[Player], Any]:
    players = [PlayerFactory(), PlayerFactory()]
    return players, create_game([p.competitor for p in players], seed=SEED)


def test_a_move_announces_its_game_and_both_peoples_turns_in_one_publish(
    published: list[list[str]], django_capture_on_commit_callbacks: Any
) -> None:
    players, game = _duel()
    published.clear()
    with django_capture_on_commit_callbacks(execute=True):
        move_submit(game_pk=game.pk, user=players[0].user, action={"type": "skip"}, expected_move=0)
    # The mover's turn ended and the other's began: both people's long polls look again.
    assert len(published) == 1
    assert sorted(published[0]) == sorted(
        [
            game_channel(game.pk),
            turns_channel(players[0].competitor_id),
            turns_channel(players[1].competitor_id),
        ]
    )


def test_a_new_game_announces_the_turn_of_whoever_acts_first(
    published: list[list[str]], django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        players, _game = _duel()
    assert [turns_channel(players[0].competitor_id)] in [
        [channel for channel in channels if ":turns:" in channel] for channels in published
    ]
    assert all(turns_channel(players[1].competitor_id) not in channels for channels in published)


def test_a_cancelled_game_announces_the_turns_it_ended(
    published: list[list[str]], django_capture_on_commit_callbacks: Any
) -> None:
    players, game = _duel()
    published.clear()
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        games_cancel([game.pk], now=game.created_at)
    game.refresh_from_db()
    assert game.status == GameStatus.ABORTED
    assert published == [[turns_channel(players[0].competitor_id), game_channel(game.pk)]]


def test_a_rolled_back_transaction_announces_nothing_and_the_next_one_only_its_own(
    published: list[list[str]], django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        with pytest.raises(RuntimeError), transaction.atomic():
            after_commit.turns_announce_on_commit([1])
            raise RuntimeError("rolled back")
        with transaction.atomic():
            after_commit.turns_announce_on_commit([2])
            after_commit.streams_announce_on_commit(games=[3])
    assert len(callbacks) == 1
    assert published == [[turns_channel(2), game_channel(3)]]
