"""``manage.py demo``, which ``make run`` loads: users, bots, games, a league and a tournament with
games waiting for people. Running it again adds nothing; each run lists the games waiting for each
user; the tournament does not wait forever on bob, whom nobody plays."""

from __future__ import annotations

import re
from datetime import timedelta
from io import StringIO
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.core.management import call_command
from django.utils import timezone

from games.models import Game, GameStatus, League, MatchGame, Tournament
from games.selectors import games as game_selectors
from games.selectors.accounts import verified_primary_emails
from games.services.deadlines import deadlines_expire

pytestmark = pytest.mark.django_db


def row_counts() -> dict[str, int]:
    """Rows of every model of the service and of the users: a second demo must add none."""
    models = [*apps.get_app_config("games").get_models(), User]
    return {model.__name__: model.objects.count() for model in models}


def run_demo(on_commit: Any, **options: Any) -> str:
    out = StringIO()
    with on_commit():
        call_command("demo", stdout=out, **options)
    return out.getvalue()


def waiting_ids(username: str) -> list[int]:
    return [entry["game"].pk for entry in game_selectors.turns_waiting(User.objects.get(username=username))]


def test_the_demo_leaves_games_waiting_for_people(on_commit: Any) -> None:
    run_demo(on_commit, games=2)
    assert League.objects.count() == 1 and Tournament.objects.count() == 1
    assert Tournament.objects.get().state == "running"
    people = waiting_ids("alice") + waiting_ids("bob")
    in_cup = MatchGame.objects.filter(game_id__in=people).count()
    assert len(people) - in_cup >= 1, "alice has her own game to play"
    assert in_cup >= 1, "the tournament waits for a move of alice or bob"
    alice = User.objects.get(username="alice")
    assert verified_primary_emails([alice.pk]) == {alice.pk: "alice@example.com"}, "her turn mails go out"


def test_a_second_demo_adds_nothing(on_commit: Any) -> None:
    run_demo(on_commit, games=2)
    after_first = row_counts()
    assert after_first["Game"] > 2 and after_first["Move"] > 0
    second = run_demo(on_commit, games=2)
    assert row_counts() == after_first
    assert "nothing added" in second


def printed_turns(out: str, username: str) -> tuple[list[int], list[int], str | None]:
    """The games a demo's output lists for a user: waiting now, waiting once the bots have moved,
    and the link it gives."""
    line = next(line for line in out.splitlines() if line.startswith(f"{username}: "))
    if line.endswith("no game waits for you"):
        return [], [], None

    def ids(text: str | None) -> list[int]:
        return [int(number) for number in text.split(", ")] if text else []

    now = re.match(
        rf"{username}: your turn in games ([\d, ]+) — (\S+)(?: \(soon also games ([\d, ]+),)?", line
    )
    if now:
        return ids(now.group(1)), ids(now.group(3)), now.group(2)
    soon = re.match(
        rf"{username}: your turn soon in games ([\d, ]+), once the bots have moved — (\S+)$", line
    )
    assert soon, line
    return [], ids(soon.group(1)), soon.group(2)


def test_the_demo_prints_the_games_waiting_for_each_user(on_commit: Any, settings: Any) -> None:
    # The first run prints before the bots' first moves are played (here: when its on_commit
    # callbacks run; under `make run`, when the worker starts), so it lists those games as "soon".
    first = run_demo(on_commit, games=1)
    second = run_demo(on_commit, games=1)
    for username in ("alice", "bob", "carol"):
        now, soon, link = printed_turns(first, username)
        assert set(waiting_ids(username)) <= set(now + soon), f"{username}: a waiting game was not listed"
        if now or soon:
            assert link == f"{settings.SITE_URL}/games/{(now + soon)[0]}/"
        now, soon, link = printed_turns(second, username)
        assert (now, soon) == (waiting_ids(username), []), (
            "the bots have moved: the second run lists the turns"
        )
        if now:
            assert link == f"{settings.SITE_URL}/games/{now[0]}/"
    assert printed_turns(first, "alice")[0], "alice's own game waits for her at once"
    assert "/accounts/login/" in first and "/accounts/login/" in second


def test_the_cup_does_not_wait_on_people_past_its_move_time(on_commit: Any) -> None:
    run_demo(on_commit, games=0)
    cup = Tournament.objects.get()
    # Whoever the pairing seats first (alice or bob, as the deal falls), every cup game with a
    # person in it waits for a person once the bots have moved.
    in_cup = set(MatchGame.objects.values_list("game_id", flat=True))
    waiting = {pk for name in ("alice", "bob") for pk in waiting_ids(name) if pk in in_cup}
    moves_before = {pk: Game.objects.get(pk=pk).moves.count() for pk in waiting}
    assert moves_before, "people have tournament games waiting"
    alices_own = [pk for pk in waiting_ids("alice") if not MatchGame.objects.filter(game_id=pk).exists()]
    assert alices_own, "alice has a game outside the tournament"
    later = timezone.now() + cup.move_time_limit + timedelta(seconds=1)
    with on_commit():
        deadlines_expire(now=later)
    for pk, count in moves_before.items():
        game = Game.objects.get(pk=pk)
        assert game.status != GameStatus.RUNNING or game.moves.count() > count, (
            f"game {pk} still waits on a person"
        )
    assert set(alices_own) <= set(waiting_ids("alice")), "alice's own game keeps the default time per move"
