"""Webhooks: signed so a receiver can verify them, retried on 5xx, given up on 4xx, never in a move."""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import socket

import pytest
from django.core import mail

from games.models import Notification, NotificationKind, NotificationStatus
from games.selectors.games import game_state
from games.services.moves import move_submit
from games.tasks import deliver_notification
from tests.games.helpers import create_game
from tests.games.notifications.conftest import SEED, with_webhook

pytestmark = pytest.mark.django_db

CARD = re.compile(r"(?<![0-9A-Za-z])[2-9TJQKA][shcd](?![0-9A-Za-z])")


def receiver_verifies(secret: str, headers: dict[str, str], body: bytes) -> bool:
    """What a receiver does: recompute the HMAC over "<timestamp>.<raw body>" and compare."""
    timestamp = headers["X-Mulligan-Timestamp"]
    expected = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(headers["X-Mulligan-Signature"], f"sha256={expected}")


def start_game(players, random_bot, on_commit):
    with on_commit():
        game = create_game([players[0].competitor, random_bot.competitor], seed=SEED)
    game.refresh_from_db()
    return game


def webhook_row() -> Notification:
    return Notification.objects.get(kind=NotificationKind.TURN, channel="webhook")


def test_the_signature_verifies_and_the_payload_shows_nothing_hidden(
    players, random_bot, on_commit, receiver
):
    found = with_webhook(players[0], receiver.url, email_turn=False)
    game = start_game(players, random_bot, on_commit)
    [request] = receiver.received
    assert request.headers["X-Mulligan-Event"] == "turn"
    assert receiver_verifies(found.webhook_secret, request.headers, request.body)
    assert not receiver_verifies("another secret", request.headers, request.body)
    tampered = request.body.replace(b'"turn"', b'"round"')
    assert not receiver_verifies(found.webhook_secret, request.headers, tampered)
    payload = request.json
    assert payload["event"] == "turn" and payload["your_seat"] == 0
    assert payload["game"]["id"] == game.pk and payload["game"]["url"].endswith(f"/games/{game.pk}/")
    assert [s["index"] for s in payload["game"]["seats"]] == [0, 1]
    assert payload["game"]["deadline"] == game.turn_deadline.isoformat()
    assert not CARD.findall(request.body.decode()) and str(SEED) not in request.body.decode()
    assert webhook_row().status == NotificationStatus.SENT and not mail.outbox


def test_5xx_answers_are_retried_until_sent(players, random_bot, on_commit, receiver):
    with_webhook(players[0], receiver.url, email_turn=False)
    receiver.answers = [503, 500]
    start_game(players, random_bot, on_commit)
    row = webhook_row()
    assert (row.status, row.attempts, row.last_error) == (NotificationStatus.SENT, 3, "")
    assert len(receiver.received) == 3
    # Delivery is idempotent: a sent notification is not sent again.
    assert deliver_notification.delay(row.pk).get() == "skipped"
    assert len(receiver.received) == 3


def test_retries_stop_after_the_last_attempt(players, random_bot, on_commit, receiver, settings):
    settings.NOTIFY_MAX_ATTEMPTS = 3
    with_webhook(players[0], receiver.url, email_turn=False)
    receiver.answers = [502] * 10
    start_game(players, random_bot, on_commit)
    row = webhook_row()
    assert (row.status, row.attempts) == (NotificationStatus.FAILED, 3)
    assert "502" in row.last_error and len(receiver.received) == 3


def test_a_4xx_is_a_permanent_failure_without_retry(players, random_bot, on_commit, receiver):
    with_webhook(players[0], receiver.url, email_turn=False)
    receiver.answers = [410]
    start_game(players, random_bot, on_commit)
    row = webhook_row()
    assert (row.status, row.attempts) == (NotificationStatus.FAILED, 1)
    assert row.last_error == "webhook answered 410 Gone"
    assert len(receiver.received) == 1


def test_private_addresses_are_refused_unless_allowed(players, random_bot, on_commit, receiver, settings):
    settings.NOTIFY_WEBHOOK_ALLOW_PRIVATE = False
    with_webhook(players[0], receiver.url, email_turn=False)
    start_game(players, random_bot, on_commit)
    row = webhook_row()
    assert row.status == NotificationStatus.FAILED and "private address" in row.last_error
    assert "NOTIFY_WEBHOOK_ALLOW_PRIVATE" in row.last_error, "the refusal names the setting that allows it"
    assert receiver.received == []


def test_a_failing_webhook_never_touches_the_move(players, on_commit, receiver, settings):
    settings.NOTIFY_MAX_ATTEMPTS = 2
    with socket.socket() as unused:  # a port nobody listens on: connection refused
        unused.bind(("127.0.0.1", 0))
        dead_url = f"http://127.0.0.1:{unused.getsockname()[1]}/hook"
    for player in players[:2]:
        with_webhook(player, dead_url, email_turn=False)
    game = create_game([p.competitor for p in players[:2]], seed=SEED)
    state = game_state(game)
    seat = state.to_act()[0]
    mover = players[seat]
    with on_commit() as callbacks:
        move, created = move_submit(
            game_pk=game.pk, user=mover.user, action=state.legal_actions(seat)[0], expected_move=0
        )
        # Inside the move's transaction nothing was sent, nor even decided: one task after the
        # commit works out who is told and queues the deliveries.
        assert not Notification.objects.exists()
    assert created and move.number == 1 and callbacks
    game.refresh_from_db()
    assert game.version == 1
    rows = list(Notification.objects.all())
    assert rows and all(r.status == NotificationStatus.FAILED and r.attempts == 2 for r in rows)
    assert all("unreachable" in r.last_error for r in rows)


def test_an_email_failure_is_retried(players, random_bot, on_commit, monkeypatch):
    calls = []

    def flaky(*args, **kwargs):
        calls.append(args)
        if len(calls) == 1:
            raise ConnectionRefusedError("mail server down")
        return 1

    monkeypatch.setattr("games.services.notifications.send_mail", flaky)
    start_game(players, random_bot, on_commit)
    row = Notification.objects.get(channel="email")
    assert (row.status, row.attempts, len(calls)) == (NotificationStatus.SENT, 2, 2)
    assert json.dumps(row.payload)
