"""A person's move keeps its game's engine state for the next move (games.services.move_states),
and reads with the seats whether the next people are away and can be told of their turn: each of
these shortcuts gives what the long way gives."""

from __future__ import annotations

import random
from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games import tasks
from games.models import Game, NotificationSettings, Player, Vacation
from games.selectors.accounts import verified_primary_emails
from games.selectors.deadlines import default_rules, seat_deadlines
from games.selectors.games import game_state, seat_holders
from games.services import move_states
from games.services.moves import move_submit
from games.services.notifications import CHANNELS
from tests.games.factories import PlayerFactory, VerifiedPlayerFactory
from tests.games.helpers import choose, create_game

pytestmark = pytest.mark.django_db

SEED = 314_159
HISTORY_READ = "FROM games_move WHERE game_id"

Commits = Callable[..., AbstractContextManager[Any]]


def cached(game: Game) -> Any:
    """The state kept for ``game`` at its stored version, left in place (None: none)."""
    game.refresh_from_db()
    with move_states._lock:
        return move_states._states.get((game.pk, game.created_at, game.version))


def play_one(game: Game, people: list[Player], rng: random.Random) -> None:
    submit(game, people, rng)()


def submit(game: Game, people: list[Player], rng: random.Random) -> Callable[[], Any]:
    """The next move of ``game``, chosen now (from a replay of the history) and sent when called."""
    game.refresh_from_db()
    state = game_state(game)
    seat = state.to_act()[0]
    action = choose(state.legal_actions(seat), rng)
    version = game.version
    return lambda: move_submit(game_pk=game.pk, user=people[seat].user, action=action, expected_move=version)


def test_a_kept_state_is_the_replayed_one_and_spares_the_history(
    django_capture_on_commit_callbacks: Commits,
) -> None:
    people = VerifiedPlayerFactory.create_batch(2)
    game = create_game([p.competitor for p in people], seed=SEED)
    rng = random.Random(SEED)
    played = 0
    while True:
        game.refresh_from_db()
        if game.status != "running":
            break
        send = submit(game, people, rng)
        with django_capture_on_commit_callbacks(execute=True), CaptureQueriesContext(connection) as queries:
            send()
        played += 1
        replayed_history = [q["sql"] for q in queries if HISTORY_READ in q["sql"]]
        # The first move of the game replays; every later one takes its predecessor's state.
        assert len(replayed_history) == (1 if played == 1 else 0), (played, replayed_history)
        kept = cached(game)
        if game.status == "running":
            assert kept is not None
            assert kept.to_json() == game_state(game).to_json()
        else:
            assert kept is None, "an ended game's state is not kept"
    assert played > 5


def test_a_rolled_back_move_leaves_no_state_behind(django_capture_on_commit_callbacks: Commits) -> None:
    people = VerifiedPlayerFactory.create_batch(2)
    game = create_game([p.competitor for p in people], seed=SEED)
    rng = random.Random(SEED)
    with django_capture_on_commit_callbacks(execute=True):
        play_one(game, people, rng)
    assert cached(game) is not None
    version = game.version

    class Undone(Exception):
        pass

    with pytest.raises(Undone), django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        play_one(game, people, rng)
        raise Undone
    game.refresh_from_db()
    assert game.version == version
    # The state was taken for the move and not put back: neither the old version's nor the new one's.
    with move_states._lock:
        assert not [key for key in move_states._states if key[0] == game.pk]
    # The next move replays the history and keeps the right state again.
    with django_capture_on_commit_callbacks(execute=True):
        play_one(game, people, rng)
    kept = cached(game)
    assert kept is not None and kept.to_json() == game_state(game).to_json()


def test_a_refused_move_keeps_the_state_only_when_nothing_was_played(
    django_capture_on_commit_callbacks: Commits,
) -> None:
    people = VerifiedPlayerFactory.create_batch(2)
    game = create_game([p.competitor for p in people], seed=SEED)
    rng = random.Random(SEED)
    with django_capture_on_commit_callbacks(execute=True):
        play_one(game, people, rng)
    game.refresh_from_db()
    waiting = next(seat for seat in range(2) if seat not in game_state(game).to_act())
    with pytest.raises(Exception, match="not your turn"):
        move_submit(game_pk=game.pk, user=people[waiting].user, action={"type": "skip"})
    assert cached(game) is not None, "a move refused before the engine saw it leaves the state"
    acting = game_state(game).to_act()[0]
    with pytest.raises(Exception, match="unknown action type"):
        move_submit(game_pk=game.pk, user=people[acting].user, action={"type": "nonsense"})
    assert cached(game) is None, "a move the engine refused drops the state: the next move replays"


def test_a_switched_off_cache_keeps_nothing(
    settings: Any, django_capture_on_commit_callbacks: Commits
) -> None:
    settings.MOVE_STATE_CACHE_GAMES = 0
    people = VerifiedPlayerFactory.create_batch(2)
    game = create_game([p.competitor for p in people], seed=SEED)
    with django_capture_on_commit_callbacks(execute=True):
        play_one(game, people, random.Random(SEED))
    assert cached(game) is None


def test_the_cache_forgets_the_least_recently_moved_games(
    settings: Any, django_capture_on_commit_callbacks: Commits
) -> None:
    settings.MOVE_STATE_CACHE_GAMES = 2
    people = VerifiedPlayerFactory.create_batch(2)
    games = [create_game([p.competitor for p in people], seed=SEED + n) for n in range(3)]
    rng = random.Random(SEED)
    for game in games:
        with django_capture_on_commit_callbacks(execute=True):
            play_one(game, people, rng)
    assert [cached(game) is not None for game in games] == [False, True, True]


def _person(verified: bool, settings: dict[str, Any] | None, away_in_days: int | None) -> Player:
    player: Player = (VerifiedPlayerFactory if verified else PlayerFactory)()
    if settings is not None:
        NotificationSettings.objects.create(user=player.user, **settings)
    if away_in_days is not None:
        now = timezone.now()
        Vacation.objects.create(
            player=player,
            starts_at=now + timedelta(days=away_in_days),
            ends_at=now + timedelta(days=away_in_days + 1),
        )
    return player


PEOPLE = [
    (True, None, None),
    (False, None, 2),
    (True, {"email_turn": False}, -5),  # a vacation that is over
    (False, {"webhook_url": "https://example.org/hook"}, None),
    (False, {"webhook_url": "https://example.org/hook", "webhook_turn": False}, None),
    (True, {"email_turn": False, "webhook_url": "https://example.org/hook"}, 0),  # away now
    (False, {"email_turn": True, "webhook_url": ""}, None),
    (True, {"email_turn": False, "webhook_turn": True, "webhook_url": ""}, 30),
]


def test_the_seats_read_says_who_is_away_and_who_can_be_told_as_the_long_way_does(monkeypatch: Any) -> None:
    people = [_person(*spec) for spec in PEOPLE]
    game = create_game([p.competitor for p in people], seed=SEED, config={"players": len(people)})
    now = timezone.now()
    holders = seat_holders(game, at=now)
    assert [h.seat.competitor_id for h in holders] == [p.competitor_id for p in people]
    emails = verified_primary_emails([p.user_id for p in people])
    for holder, person in zip(holders, people, strict=True):
        stored = NotificationSettings.objects.filter(user=person.user).first()
        wants = stored or NotificationSettings(user_id=person.user_id)
        # notifications._rows_for: a channel the person wants, and mail only to a verified address.
        channels = [
            c for c in CHANNELS if wants.wants("turn", c) and (c != "email" or emails.get(person.user_id))
        ]
        assert holder.reachable is bool(channels), (person, channels)
        assert holder.away is Vacation.objects.filter(player=person, ends_at__gt=now).exists()
    seats = [h.seat for h in holders]
    away = {h.seat.competitor_id for h in holders if h.away}
    assert away, "some of them are away: the test compares the deadlines of both kinds"
    assert seat_deadlines(seats, now, default_rules(), away) == seat_deadlines(seats, now, default_rules())
    assert seat_holders(game) == [type(h)(h.seat, h.user_id, h.bot_kind) for h in holders]


def test_no_task_when_nobody_to_act_can_be_told(
    monkeypatch: Any, django_capture_on_commit_callbacks: Commits
) -> None:
    people = PlayerFactory.create_batch(2)  # unverified addresses, no webhook
    game = create_game([p.competitor for p in people], seed=SEED)
    enqueued: list[Any] = []
    monkeypatch.setattr(tasks.notify_turns, "delay", enqueued.append)
    with django_capture_on_commit_callbacks(execute=True):
        play_one(game, people, random.Random(SEED))
    game.refresh_from_db()
    assert game.version == 1 and game.turn_deadline is not None
    assert enqueued == []


def test_the_move_of_an_idempotency_key_is_read_as_the_orm_reads_it() -> None:
    from games.models import Move
    from games.selectors.games import move_by_idempotency_key

    people = VerifiedPlayerFactory.create_batch(2)
    game = create_game([p.competitor for p in people], seed=SEED)
    state = game_state(game)
    seat = state.to_act()[0]
    move_submit(
        game_pk=game.pk, user=people[seat].user, action=state.legal_actions(seat)[0], idempotency_key="k1"
    )
    game.refresh_from_db()
    found = move_by_idempotency_key(game, "k1")
    stored = Move.objects.get(game=game, idempotency_key="k1")
    assert found is not None
    assert {f.attname: getattr(found, f.attname) for f in Move._meta.concrete_fields} == {
        f.attname: getattr(stored, f.attname) for f in Move._meta.concrete_fields
    }
    assert move_by_idempotency_key(game, "k2") is None
