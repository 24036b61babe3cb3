"""A move only enqueues its turn notifications (one task: the game, the move, the seats to tell);
the task decides who is told how and sends the mail a person got before from the move itself."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail

from games import tasks
from games.models import Game, Notification, NotificationKind, NotificationStatus
from games.selectors.games import game_state
from games.services.moves import move_submit
from tests.games.helpers import create_game
from tests.games.notifications.conftest import SEED

pytestmark = pytest.mark.django_db


def first_move(game: Game, players: list[Any]) -> int:
    """Play the first move of ``game`` (its first legal action); the seat that made it."""
    state = game_state(game)
    mover = state.to_act()[0]
    move_submit(
        game_pk=game.pk, user=players[mover].user, action=state.legal_actions(mover)[0], expected_move=0
    )
    return mover


def test_a_move_enqueues_one_task_with_the_game_and_the_seats_to_tell(
    players, monkeypatch, django_capture_on_commit_callbacks
):
    game = create_game([p.competitor for p in players[:2]], seed=SEED)
    enqueued: list[Any] = []
    monkeypatch.setattr(tasks.notify_turns, "delay", enqueued.append)
    with django_capture_on_commit_callbacks(execute=True):
        first_move(game, players)
        # Inside the move's transaction nobody's settings were read and nothing was written.
        assert not Notification.objects.exists()
        assert enqueued == []
    game.refresh_from_db()
    assert enqueued == [[[game.pk, 1, game_state(game).to_act()]]]
    assert not Notification.objects.exists() and not mail.outbox


def test_the_task_mails_the_next_person_once(players, on_commit):
    game = create_game([p.competitor for p in players[:2]], seed=SEED)
    with on_commit():
        mover = first_move(game, players)
    game.refresh_from_db()
    told = [seat for seat in game_state(game).to_act() if seat != mover]
    assert len(told) == 1, "two seats: the turn passed to the other person"
    [seat] = told
    [message] = mail.outbox
    assert message.to == [players[seat].user.email]
    assert message.subject == f"Your turn in game {game.pk}"
    assert f"/games/{game.pk}/" in message.body
    assert f"You play seat {seat}." in message.body
    assert f"Move before {game.turn_deadline.isoformat()}." in message.body
    [row] = Notification.objects.all()
    assert (row.kind, row.channel, row.seat, row.version, row.status) == (
        NotificationKind.TURN,
        "email",
        seat,
        1,
        NotificationStatus.SENT,
    )
    # The task runs again (a redelivery): nothing more is sent.
    with on_commit():
        assert tasks.notify_turns.delay([[game.pk, 1, [seat]]]).get() == 0
    assert len(mail.outbox) == 1 and Notification.objects.count() == 1


def test_a_turn_the_game_has_moved_past_is_not_told(players, on_commit):
    game = create_game([p.competitor for p in players[:2]], seed=SEED)
    first_move(game, players)  # its task is never run: the test's transaction does not commit
    game.refresh_from_db()
    state = game_state(game)
    seat = state.to_act()[0]
    move_submit(
        game_pk=game.pk, user=players[seat].user, action=state.legal_actions(seat)[0], expected_move=1
    )
    with on_commit():
        # The task of move 1 arrives late: move 2 began another turn, whose own task tells it.
        assert tasks.notify_turns.delay([[game.pk, 1, [seat]]]).get() == 0
    assert not Notification.objects.exists() and not mail.outbox
