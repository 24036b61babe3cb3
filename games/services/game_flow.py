"""The one game flow: every way a game moves on and every way it stops.

Whoever moves a game (a person's move, the deadline sweep's automatic moves, a batch of bot moves,
a submitted bot's step) holds the game rows' locks and then:

1. stores the moves with :func:`moves_append` (one code path for one move or thousands, on every
   database: :mod:`games.services.bulk`);
2. ends the games that are over with :func:`games_end`, for any reason: played to the end
   (:func:`ending_played`), forfeited by late or faulty seats (:func:`ending_forfeit`), or aborted
   because no person ever moved (:func:`ending_aborted`). Its consequences follow in a fixed order:
   the outcome and each seat's rank and score, then ratings (the global Elo, then the league's),
   the leagues' counts of finished games (:mod:`games.services.league_tallies`), then the match and
   round progress and the version tests' pairs (after the commit). Nobody is notified of a game's end (there is no such notification); the turn notifications stop because
   the game has no turn any more;
3. begins the next turn of the games that go on with :func:`turns_begin`: the move deadline of the
   people who must act now, and their "your turn" notifications (one task after the commit decides
   who is told and how: :func:`games.services.notifications.turn_notifications_send`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from itertools import chain
from typing import Any

from django.utils import timezone

from engine import State
from games.models import Game, GameStatus, Move, Seat
from games.scheduling.scoring import forfeit_places
from games.selectors.deadlines import DeadlineRules, deadline_rules_for, people_to_act, seat_deadlines
from games.selectors.games import LockedGame
from games.services.after_commit import (
    competitions_advance_on_commit,
    streams_announce_on_commit,
    turn_notifications_on_commit,
    turns_announce_on_commit,
    version_tests_advance_on_commit,
)
from games.services.bulk import insert_rows, update_rows, update_rows_together
from games.services.league_ratings import league_ratings_apply_for_games, leagues_of_games
from games.services.league_tallies import tally_games_finished
from games.services.ratings import rating_apply_for_games

# -- Moves ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class NewMove:
    """A move to store: ``auto`` when the service played it for a seat (a timeout, a bot's fault)."""

    seat: int
    action: dict[str, Any]
    auto: bool = False
    idempotency_key: str | None = None


def moves_append(batch: Sequence[tuple[Game, Sequence[NewMove]]], *, now: datetime) -> list[Move]:
    """Store each game's new moves after its last one and advance its ``version`` and ``moved_at``
    (in memory: the caller writes the game row, usually through :func:`games_end` or
    :func:`turns_begin`).

    The caller holds the games' row locks, so the numbers are free; where locks are not enforced
    (SQLite) the unique (game, number) constraint refuses a second move for one turn.
    """
    stored: list[Move] = []
    for game, moves in batch:
        if moves:
            game.moved_at = now
        for move in moves:
            game.version += 1
            stored.append(
                Move(
                    game=game,
                    number=game.version,
                    seat=move.seat,
                    action=move.action,
                    auto=move.auto,
                    idempotency_key=move.idempotency_key,
                    created_at=now,
                )
            )
    ids = insert_rows(
        Move,
        ["game_id", "number", "seat", "action", "auto", "idempotency_key"],
        [(m.game_id, m.number, m.seat, m.action, m.auto, m.idempotency_key) for m in stored],
        {"created_at": now},
        returning_ids=True,
    )
    for row, pk in zip(stored, ids, strict=True):
        row.pk = pk
    streams_announce_on_commit(games=[game.pk for game, moves in batch if moves])
    return stored


# -- The end of a game ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Ending:
    """How a game stops: its status, its stored outcome, and each seat's (rank, score) by index;
    ``places`` is None for a game that is not scored (aborted)."""

    status: str
    outcome: dict[str, Any]
    places: dict[int, tuple[int, float]] | None


def ending_played(state: State) -> Ending:
    """The rules ended the game: the engine's outcome (seats the rules tie share a place)."""
    outcome = state.outcome()
    places = outcome.places
    return Ending(
        GameStatus.FINISHED,
        outcome.to_json(),
        {index: (places[index], outcome.scores[index]) for index in range(len(places))},
    )


def ending_forfeit(
    seat_indexes: Sequence[int], late: Sequence[int], details: dict[str, Any] | None = None
) -> Ending:
    """The ``late`` seats forfeit (a person out of time, or a submitted bot's fault, with its own
    ``details``): they share the last place, the others the first."""
    places = forfeit_places(seat_indexes, late)
    return Ending(
        GameStatus.FINISHED,
        {
            "ranking": [index for index in seat_indexes if index not in late] + list(late),
            "ranks": [places[index][0] for index in seat_indexes],
            "scores": [places[index][1] for index in seat_indexes],
            "details": details if details is not None else {"reason": "timeout", "timed_out": list(late)},
        },
        places,
    )


def ending_aborted(late: Sequence[int]) -> Ending:
    """No person ever moved before the ``late`` seats' time ran out: not scored, not rated (a
    tournament match still counts it, see :mod:`games.scheduling.scoring`)."""
    return Ending(GameStatus.ABORTED, {"details": {"reason": "aborted", "timed_out": list(late)}}, None)


@dataclass(frozen=True)
class CompetitionsKnown:
    """What a caller read of some games' competitions with their rows (:func:`games.selectors.games.game_locked`):
    those that are a tournament match's games, and the league of each league game. Their end then
    asks for neither."""

    in_matches: frozenset[int]
    leagues_of: Mapping[int, int]

    @classmethod
    def of(cls, locked: Iterable[LockedGame]) -> CompetitionsKnown:
        locked = list(locked)
        return cls(
            frozenset(row.game.pk for row in locked if row.match_id is not None),
            {row.game.pk: row.league_id for row in locked if row.league_id is not None},
        )


def games_end(
    ended: Sequence[tuple[Game, Sequence[Seat], Ending]],
    *,
    now: datetime,
    competitions: CompetitionsKnown | None = None,
) -> None:
    """End these games (their rows locked by the caller; ``seats`` in index order) and apply what
    follows, in this order: outcome, ranks and scores; ratings, game after game in the order given
    (the order they are rated in); the tournaments' progress and the version tests' pairs once the
    transaction commits. ``competitions``: what the caller knows of these games' competitions, read
    with their rows (else asked here)."""
    if not ended:
        return
    for game, seats, ending in ended:
        game.status = ending.status
        game.outcome = ending.outcome
        game.finished_at = now
        game.turn_deadline = None
        if ending.places is not None:
            for seat in seats:
                seat.rank, seat.score = ending.places[seat.index]
    update_rows(
        Game,
        [game for game, _, _ in ended],
        ["version", "moved_at", "status", "outcome", "finished_at", "turn_deadline"],
    )
    seats_to_act_store([(seats, ()) for _, seats, _ in ended])
    scored = [(game, seats) for game, seats, ending in ended if ending.places is not None]
    update_rows(Seat, [seat for _, seats in scored for seat in seats], ["rank", "score"])
    rating_apply_for_games(finished=scored)
    if competitions is None:
        leagues_of = leagues_of_games([game.pk for game, _ in scored])
    else:
        leagues_of = {
            game.pk: competitions.leagues_of[game.pk]
            for game, _ in scored
            if game.pk in competitions.leagues_of
        }
    league_ratings_apply_for_games(finished=scored, leagues_of=leagues_of)
    tally_games_finished(leagues_of)  # last: nothing is locked after the tallies
    competitions_advance_on_commit(
        [game.pk for game, _, _ in ended],
        in_matches=None if competitions is None else competitions.in_matches,
    )
    version_tests_advance_on_commit([(game.pk, game.rated) for game, _, _ in ended])
    streams_announce_on_commit(games=[game.pk for game, _, _ in ended])


def games_cancel(pks: Sequence[int], *, now: datetime) -> None:
    """Abort these running games (rows locked by the caller) because their competition was
    cancelled or their version test has decided: no outcome, no ratings, no progress to make;
    nobody's turn any more."""
    Game.objects.filter(pk__in=pks).update(status=GameStatus.ABORTED, finished_at=now)
    acting = Seat.objects.filter(game_id__in=pks, to_act=True)
    turns_announce_on_commit(acting.values_list("competitor_id", flat=True))
    acting.update(to_act=False)
    streams_announce_on_commit(games=pks)


# -- The next turn --------------------------------------------------------------------------------


def seats_to_act_store(games: Iterable[tuple[Sequence[Seat], Iterable[int]]]) -> None:
    """Mark each game's seats that must act now (``Seat.to_act``, what a person's turns list reads),
    writing only the seats whose mark changed: one statement, none when the turn stayed put."""
    changed = _seats_to_act_marked(games)
    update_rows(Seat, changed, ["to_act"])
    turns_announce_on_commit(seat.competitor_id for seat in changed)


def _seats_to_act_marked(games: Iterable[tuple[Sequence[Seat], Iterable[int]]]) -> list[Seat]:
    """Mark the seats that must act now (in memory); the seats whose mark changed."""
    changed: list[Seat] = []
    for seats, to_act in games:
        acting = set(to_act)
        for seat in seats:
            if seat.to_act != (seat.index in acting):
                seat.to_act = seat.index in acting
                changed.append(seat)
    return changed


@dataclass(frozen=True)
class PeopleKnown:
    """What a caller read of the people seated with the seats (:func:`games.selectors.games.seat_holders`
    at the turn's start): the competitors with a vacation ending after it (``away``; only their
    vacations are read for the deadlines) and those a turn notification can reach (``reachable``;
    only their seats go into the notification task, and no task when none does)."""

    away: frozenset[int]
    reachable: frozenset[int]

    def tells(self, seat: Seat) -> bool:
        return seat.competitor_id in self.reachable


def deadlines_set(
    waiting: Sequence[tuple[Game, Sequence[Seat]]],
    *,
    turn_started: datetime,
    rules: dict[int, DeadlineRules] | None = None,
    people: PeopleKnown | None = None,
) -> None:
    """Set ``turn_deadline`` and ``deadline_version`` on these games (not saved: the caller writes
    them); each comes with the seats of the people who must act now (none: no deadline). Those
    people are told it is their turn once the caller's transaction commits: the request only
    enqueues (game, move, seats); their settings and addresses are the task's business, except
    that a caller who knows (``people``) leaves out those nobody can tell anything."""
    if rules is None:
        rules = deadline_rules_for([game.pk for game, _ in waiting])
    away = None if people is None else people.away
    for game, acting in waiting:
        deadlines = seat_deadlines(acting, turn_started, rules[game.pk], away) if acting else {}
        game.turn_deadline = min(deadlines.values()) if deadlines else None
        game.deadline_version = game.version
    turn_notifications_on_commit(
        [
            (game.pk, game.version, [seat.index for seat in acting if people is None or people.tells(seat)])
            for game, acting in waiting
        ]
    )


def turns_begin(
    going: Iterable[tuple[Game, Sequence[Seat], Sequence[int]]],
    *,
    bot_competitors: set[int],
    now: datetime,
    rules: dict[int, DeadlineRules] | None = None,
    bots_moving: Collection[int] = (),
    people: PeopleKnown | None = None,
) -> None:
    """After their moves, the games that go on: each with its seats and the seats to act now. Marks
    those seats, sets and writes the games' version and deadline, and tells the people to act.

    ``bots_moving``: the games whose bots are still playing (a long stretch of bot moves stored in
    parts). Their seats to act are marked all the same (a game whose bots must act and that stops
    moving is how the stall sweep finds a worker that died), but nobody's clock starts yet.
    """
    going = list(going)
    if not going:
        return
    marked = _seats_to_act_marked([(seats, to_act) for _, seats, to_act in going])
    # Whoever's turns changed: a turn that began or ended, or a game that moved on while they act.
    turns_announce_on_commit(
        seat.competitor_id
        for seat in chain(marked, (s for _, seats, to_act in going for s in seats if s.index in to_act))
        if seat.competitor_id not in bot_competitors
    )
    deadlines_set(
        [
            (game, [] if game.pk in bots_moving else people_to_act(seats, to_act, bot_competitors))
            for game, seats, to_act in going
        ],
        turn_started=now,
        rules=rules,
        people=people,
    )
    # The seats' marks and the games in one statement: a person's move writes both.
    update_rows_together(
        [
            (Seat, marked, ["to_act"]),
            (
                Game,
                [game for game, _, _ in going],
                ["version", "moved_at", "turn_deadline", "deadline_version"],
            ),
        ]
    )


def game_finish(*, game: Game, state: State, seats: Sequence[Seat] | None = None) -> None:
    """One game the rules ended (the caller holds its row lock): :func:`games_end` with its outcome."""
    if seats is None:
        seats = list(game.seats.order_by("index"))
    games_end([(game, seats, ending_played(state))], now=timezone.now())
