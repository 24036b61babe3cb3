"""The deadline-near sweep warns once; a round's start tells each person seated in it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings as django_settings
from django.core import mail

from games.models import Notification, NotificationKind, NotificationSettings, Round
from games.services.competitions import tournament_start
from games.services.deadlines import deadlines_expire
from games.services.notifications import deadline_warnings_send
from games.tasks import warn_deadlines
from tests.games.competitions.conftest import open_tournament
from tests.games.helpers import create_game
from tests.games.notifications.conftest import SEED

pytestmark = pytest.mark.django_db


def armed_people_game(players):
    game = create_game([p.competitor for p in players[:2]], seed=SEED)
    deadlines_expire()  # sets its deadline (no bot task runs for a game of people)
    game.refresh_from_db()
    return game


def test_the_sweep_warns_once_when_the_deadline_is_near(players, on_commit):
    game = armed_people_game(players)
    Notification.objects.all().delete()  # the turn notification of arming it
    limit = django_settings.DEFAULT_MOVE_TIME_LIMIT
    fraction = django_settings.NOTIFY_DEADLINE_WARNING
    with on_commit():
        assert warn_deadlines.delay().get() == 0  # just armed: plenty of time
        assert deadline_warnings_send(now=game.turn_deadline - limit * (fraction + 0.05)) == 0
        assert deadline_warnings_send(now=game.turn_deadline - limit * (fraction - 0.05)) == 1
        assert deadline_warnings_send(now=game.turn_deadline - limit * (fraction - 0.1)) == 0
        assert deadline_warnings_send(now=game.turn_deadline + timedelta(seconds=1)) == 0  # overdue: the
        # timeout policy's business, not a warning's
    [warning] = Notification.objects.all()
    assert warning.kind == NotificationKind.DEADLINE and warning.version == game.version
    assert warning.payload["game"]["deadline"] == game.turn_deadline.isoformat()
    [message] = mail.outbox
    assert "running out" in message.subject and f"/games/{game.pk}/" in message.body


def test_the_deadline_warning_can_be_turned_off(players, on_commit):
    game = armed_people_game(players)
    for player in players[:2]:
        NotificationSettings.objects.create(user=player.user, email_deadline=False)
    limit = django_settings.DEFAULT_MOVE_TIME_LIMIT
    assert deadline_warnings_send(now=game.turn_deadline - limit * 0.01) == 0
    assert not Notification.objects.filter(kind=NotificationKind.DEADLINE).exists()


def test_a_round_start_tells_every_seated_person_once(players, random_bot, on_commit):
    tournament = open_tournament(
        field=[p.competitor for p in players] + [random_bot.competitor], format="round_robin"
    )
    with on_commit():
        tournament_start(tournament_pk=tournament.pk)
    rnd = Round.objects.get(tournament=tournament, number=1)
    rows = Notification.objects.filter(kind=NotificationKind.ROUND)
    seated = {
        p.user_id for p in players if p.competitor.seats.filter(game__match_game__match__round=rnd).exists()
    }
    assert len(seated) >= 3  # five entrants at tables of two: one has a bye
    assert sorted(rows.values_list("user_id", flat=True)) == sorted(seated)
    for row in rows:
        assert row.payload["round"] == 1 and row.payload["tournament"]["name"] == tournament.name
        assert [g["url"].endswith(f"/games/{g['id']}/") for g in row.payload["games"]] == [True]
    subjects = [m.subject for m in mail.outbox if "Round 1" in m.subject]
    assert len(subjects) == len(seated)
