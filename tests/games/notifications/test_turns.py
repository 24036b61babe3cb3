"""Turn notifications: created once per turn, by the channels a person keeps on, never for bots."""

from __future__ import annotations

import json
import re

import pytest
from django.core import mail
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Game, Move, Notification, NotificationKind, NotificationSettings, NotificationStatus
from games.selectors.games import game_state
from games.services.game_flow import deadlines_set
from games.services.moves import move_submit
from games.services.notifications import notify_turn
from tests.games.factories import PlayerFactory
from tests.games.helpers import create_game

pytestmark = pytest.mark.django_db

CARD = re.compile(r"(?<![0-9A-Za-z])[2-9TJQKA][shcd](?![0-9A-Za-z])")


def acting_seats(game: Game) -> list:
    to_act = game_state(game).to_act()
    return [seat for seat in game.seats.select_related("competitor") if seat.index in to_act]


def test_turn_notification_is_mailed_once_with_the_link_and_nothing_hidden(players, person_vs_bot, on_commit):
    game = person_vs_bot
    rows = Notification.objects.filter(kind=NotificationKind.TURN)
    assert [(n.user_id, n.channel, n.status, n.seat, n.version) for n in rows] == [
        (players[0].user_id, "email", NotificationStatus.SENT, 0, game.version)
    ]
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == [players[0].user.email]
    assert f"/games/{game.pk}/" in message.body
    stored = json.dumps(rows[0].payload)
    for text in (message.subject, message.body, stored):
        assert not CARD.findall(text), "no card in a notification"
        assert str(game.seed) not in text
    assert "hand" not in stored and "deck" not in stored
    # The hook runs again for the same turn (a retried task, the sweep): nothing more is sent.
    with on_commit():
        deadlines_set([(game, acting_seats(game))], turn_started=game.created_at)
        assert notify_turn([(game, acting_seats(game))]) == 0
    assert Notification.objects.count() == 1 and len(mail.outbox) == 1


def test_each_kind_and_channel_can_be_turned_off(players, random_bot, on_commit, receiver):
    NotificationSettings.objects.create(user=players[0].user, email_turn=False, webhook_url=receiver.url)
    NotificationSettings.objects.create(user=players[1].user, webhook_url=receiver.url, webhook_turn=False)
    with on_commit():
        first = create_game([players[0].competitor, random_bot.competitor], seed=3)
        second = create_game([players[1].competitor, random_bot.competitor], seed=3)
    sent = set(Notification.objects.values_list("game_id", "user_id", "channel"))
    assert sent == {(first.pk, players[0].user_id, "webhook"), (second.pk, players[1].user_id, "email")}
    assert [r.json["game"]["id"] for r in receiver.received] == [first.pk]
    assert [m.to for m in mail.outbox] == [[players[1].user.email]]


def test_no_notification_for_bots_or_without_an_address(random_bot, heuristic_bot, on_commit):
    nameless = PlayerFactory(user__email="")
    with on_commit():
        create_game([random_bot.competitor, heuristic_bot.competitor], seed=5)
        create_game([nameless.competitor, random_bot.competitor], seed=3)
    assert not Notification.objects.exists() and not mail.outbox


def test_a_batch_of_games_costs_the_same_queries_as_two(players):
    def people_games(count: int) -> list[tuple[Game, list]]:
        games = [create_game([p.competitor for p in players[:2]], seed=seed) for seed in range(count)]
        return [(game, acting_seats(game)) for game in games]

    small, large = people_games(2), people_games(8)
    with CaptureQueriesContext(connection) as few:
        assert notify_turn(small) == 2
    with CaptureQueriesContext(connection) as many:
        assert notify_turn(large) == 8
    assert len(many) == len(few)


def test_a_seat_is_not_told_again_while_its_turn_goes_on(players):
    game = create_game([p.competitor for p in players[:2]], seed=1)
    seat = acting_seats(game)[0]
    assert notify_turn([(game, [seat])]) == 1
    # Another seat moves (a simultaneous phase): the seat is still to act and was told already.
    Move.objects.create(game=game, number=1, seat=1 - seat.index, action={"type": "say", "text": "hi"})
    game.version = 1
    assert notify_turn([(game, [seat])]) == 0
    # The seat moves and must act again at once: it is at the table, no news.
    Move.objects.create(game=game, number=2, seat=seat.index, action={"type": "skip"})
    game.version = 2
    assert notify_turn([(game, [seat])]) == 0
    # Once it has moved and another seat moved after it, its turn is news again.
    Move.objects.create(game=game, number=3, seat=1 - seat.index, action={"type": "skip"})
    game.version = 3
    assert notify_turn([(game, [seat])]) == 1
    assert list(Notification.objects.order_by("pk").values_list("version", flat=True)) == [0, 3]


def test_a_move_tells_the_next_person_and_not_the_mover(players, on_commit):
    game = create_game([p.competitor for p in players[:2]], seed=11)
    state = game_state(game)
    mover = state.to_act()[0]
    with on_commit():
        move_submit(
            game_pk=game.pk, user=players[mover].user, action=state.legal_actions(mover)[0], expected_move=0
        )
    game.refresh_from_db()
    after = game_state(game).to_act()
    told = set(
        Notification.objects.filter(kind=NotificationKind.TURN, version=1).values_list("seat", "user_id")
    )
    assert told == {(seat, players[seat].user_id) for seat in after if seat != mover}
    assert told, "the move handed the turn to someone"
    assert [m.to for m in mail.outbox] == [[players[seat].user.email] for seat, _ in told]
