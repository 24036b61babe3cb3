"""``manage.py demo``, which ``make run`` loads: users, bots, games, a league and a tournament with
games waiting for people; running it again adds games but no second league or tournament."""

from __future__ import annotations

from io import StringIO
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command

from games.models import League, Tournament
from games.selectors import games as game_selectors
from games.selectors.accounts import verified_primary_emails

pytestmark = pytest.mark.django_db


def test_the_demo_leaves_games_waiting_for_people_and_runs_twice(on_commit: Any) -> None:
    out = StringIO()
    with on_commit():
        call_command("demo", games=2, stdout=out)
    with on_commit():
        call_command("demo", games=1, stdout=out)
    assert League.objects.count() == 1 and Tournament.objects.count() == 1
    assert Tournament.objects.get().state == "running"
    alice = User.objects.get(username="alice")
    waiting = game_selectors.turns_waiting(alice)
    assert len(waiting) >= 2, "alice has her own game and at least one tournament game to play"
    assert "/accounts/login/" in out.getvalue()
    assert verified_primary_emails([alice.pk]) == {alice.pk: "alice@example.com"}, "her turn mails go out"
