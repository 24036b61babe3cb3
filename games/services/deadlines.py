"""Move deadlines: when a person must have moved, and what happens when they have not.

* A running game waiting for one or more people has a ``turn_deadline``: the time the turn began
  (the last stored move, or the game's creation) plus the per-move limit of its competition
  (``Tournament.move_time_limit`` through its ``MatchGame``, ``League.move_time_limit`` through its
  ``LeagueGame``, else ``settings.DEFAULT_MOVE_TIME_LIMIT``). With simultaneous moves it is the
  earliest deadline of the seats that must act. Only bots to act, or the game over: no deadline.
* A seat's own deadline is extended by the vacation time of its player that falls after the turn
  began (where the competition allows vacations), so a vacation set later still counts:
  ``turn_deadline`` is only when the sweep looks again; the seat's deadline is recomputed then.
* :func:`deadlines_expire` (the ``expire_deadlines`` beat task) handles overdue games, each under its
  row lock with the deadline and version checked again, so running it twice changes nothing:

  - a game in which no person has moved yet (only bot moves, or none) is **aborted**: not scored
    and not rated, its ``outcome`` only ``{"details": {"reason": "aborted", "timed_out": [...]}}``.
    A tournament match counts it as a forfeit by the ``timed_out`` seats (a draw when every seat
    was late) and is decided without more games after ``MAX_ABANDONED_GAMES`` games nobody played
    (:mod:`games.competition_selectors`), so absent people cannot keep a tournament from ending;
  - policy ``forfeit``: the game finishes now; the seats that were on time share rank 1 (score 1),
    the overdue seats share the last rank (score 0); ratings and competitions go on as usual;
  - policy ``default_action``: each overdue seat plays its first legal action (in Mulligan a
    ``skip`` on its turn, the first card when it must offer one), stored as a move with
    ``auto=True``; the game then goes on (bots, or a new deadline for the next person).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from engine import State
from games.competition_selectors import forfeit_places
from games.models import (
    Bot,
    Game,
    GameStatus,
    LeagueGame,
    MatchGame,
    Move,
    Player,
    Seat,
    TimeoutPolicy,
    Vacation,
)
from games.services.errors import InvalidInput
from games.services.notifications import notify_turn

logger = logging.getLogger(__name__)

EXPIRE_BATCH = 200


@dataclass(frozen=True)
class DeadlineRules:
    move_time_limit: timedelta
    timeout_policy: str
    allow_vacations: bool


def default_rules() -> DeadlineRules:
    return DeadlineRules(settings.DEFAULT_MOVE_TIME_LIMIT, TimeoutPolicy.FORFEIT, True)


def deadline_rules_for(game_pks: Sequence[int]) -> dict[int, DeadlineRules]:
    """The deadline rules of each game, from its tournament, its league, or the defaults."""
    rules = dict.fromkeys(game_pks, default_rules())
    for pk, limit, policy, vacations in MatchGame.objects.filter(game_id__in=game_pks).values_list(
        "game_id",
        "match__round__tournament__move_time_limit",
        "match__round__tournament__timeout_policy",
        "match__round__tournament__allow_vacations",
    ):
        rules[pk] = DeadlineRules(limit, policy, vacations)
    for pk, limit, policy, vacations in LeagueGame.objects.filter(game_id__in=game_pks).values_list(
        "game_id", "league__move_time_limit", "league__timeout_policy", "league__allow_vacations"
    ):
        rules[pk] = DeadlineRules(limit, policy, vacations)
    return rules


def extended_deadline(turn_started: datetime, limit: timedelta, vacations: Sequence[Vacation]) -> datetime:
    """``turn_started + limit``, pushed back by every vacation time after the turn began and before
    the (extended) deadline."""
    deadline = turn_started + limit
    for vacation in sorted(vacations, key=lambda v: v.starts_at):
        if vacation.starts_at < deadline and vacation.ends_at > turn_started:
            deadline += vacation.ends_at - max(vacation.starts_at, turn_started)
    return deadline


def seat_deadlines(
    seats: Sequence[Seat], turn_started: datetime, rules: DeadlineRules
) -> dict[int, datetime]:
    """Each of these (people's) seats' deadline, by seat index."""
    vacations: dict[int, list[Vacation]] = {}
    if rules.allow_vacations and seats:
        player_of = dict(
            Player.objects.filter(competitor_id__in={s.competitor_id for s in seats}).values_list(
                "competitor_id", "pk"
            )
        )
        for vacation in Vacation.objects.filter(player_id__in=player_of.values(), ends_at__gt=turn_started):
            for competitor_id, player_pk in player_of.items():
                if player_pk == vacation.player_id:
                    vacations.setdefault(competitor_id, []).append(vacation)
    return {
        seat.index: extended_deadline(
            turn_started, rules.move_time_limit, vacations.get(seat.competitor_id, [])
        )
        for seat in seats
    }


def people_to_act(seats: Sequence[Seat], to_act: Sequence[int], bot_competitors: set[int]) -> list[Seat]:
    acting = set(to_act)
    return [seat for seat in seats if seat.index in acting and seat.competitor_id not in bot_competitors]


def _bot_competitors(seats: Sequence[Seat]) -> set[int]:
    return set(
        Bot.objects.filter(competitor_id__in={s.competitor_id for s in seats}).values_list(
            "competitor_id", flat=True
        )
    )


def deadlines_set(
    waiting: Sequence[tuple[Game, Sequence[Seat]]],
    *,
    turn_started: datetime,
    rules: dict[int, DeadlineRules] | None = None,
) -> None:
    """Set ``turn_deadline`` and ``deadline_version`` on these games (not saved: the caller writes
    them); each comes with the seats of the people who must act now (none: no deadline). Those
    people are told it is their turn once the caller's transaction commits."""
    if rules is None:
        rules = deadline_rules_for([game.pk for game, _ in waiting])
    for game, acting in waiting:
        deadlines = seat_deadlines(acting, turn_started, rules[game.pk]) if acting else {}
        game.turn_deadline = min(deadlines.values()) if deadlines else None
        game.deadline_version = game.version
    notify_turn(waiting)


def game_deadline_refresh(*, game: Game, state: State, now: datetime | None = None) -> None:
    """After a stored move (the caller holds the row lock): the new turn's deadline, saved."""
    seats = list(game.seats.all())
    acting = [] if state.is_over else people_to_act(seats, state.to_act(), _bot_competitors(seats))
    deadlines_set([(game, acting)], turn_started=now or timezone.now())
    game.save(update_fields=["turn_deadline", "deadline_version"])


def _turn_started(game: Game) -> datetime:
    if not game.version:
        return game.created_at
    last = Move.objects.filter(game=game, number=game.version).values_list("created_at", flat=True).first()
    return last or game.created_at


# -- The sweep ------------------------------------------------------------------------------------


def deadlines_expire(*, now: datetime | None = None, limit: int = EXPIRE_BATCH) -> dict[str, int]:
    """Arm the games whose deadline is behind their moves, then handle the overdue ones.

    Returns counts: ``armed``, ``aborted``, ``forfeited``, ``auto_moves``.
    """
    now = now or timezone.now()
    report = {"armed": 0, "aborted": 0, "forfeited": 0, "auto_moves": 0}
    stale = list(
        Game.objects.filter(status=GameStatus.RUNNING, seats__competitor__player__isnull=False)
        .filter(Q(deadline_version__isnull=True) | ~Q(deadline_version=F("version")))
        .values_list("pk", flat=True)
        .distinct()
        .order_by("pk")[:limit]
    )
    for pk in stale:
        report["armed"] += _arm(pk)
    overdue = list(
        Game.objects.filter(status=GameStatus.RUNNING, turn_deadline__lte=now)
        .order_by("turn_deadline", "pk")
        .values_list("pk", flat=True)[:limit]
    )
    for pk in overdue:
        result = _expire_one(pk, now)
        if result:
            report[result[0]] += result[1]
    return report


@transaction.atomic
def _arm(game_pk: int) -> int:
    game = Game.objects.select_for_update().filter(pk=game_pk, status=GameStatus.RUNNING).first()
    if game is None or game.deadline_version == game.version:
        return 0
    from games.services.games import game_state

    state = game_state(game)
    seats = list(game.seats.all())
    acting = [] if state.is_over else people_to_act(seats, state.to_act(), _bot_competitors(seats))
    deadlines_set([(game, acting)], turn_started=_turn_started(game))
    game.save(update_fields=["turn_deadline", "deadline_version"])
    return 1


@transaction.atomic
def _expire_one(game_pk: int, now: datetime) -> tuple[str, int] | None:
    from games.services.games import (
        _advance_competitions_on_commit,
        _enqueue_bots_on_commit,
        game_finish,
        game_state,
    )

    game = Game.objects.select_for_update().filter(pk=game_pk).first()
    if (
        game is None
        or game.status != GameStatus.RUNNING
        or game.turn_deadline is None
        or game.turn_deadline > now
        or game.deadline_version != game.version
    ):
        return None  # handled already, moved on, or its deadline is not up to date (armed next run)
    seats = list(game.seats.order_by("index"))
    bots = _bot_competitors(seats)
    state = game_state(game)
    rules = deadline_rules_for([game.pk])[game.pk]
    acting = people_to_act(seats, state.to_act(), bots)
    deadlines = seat_deadlines(acting, _turn_started(game), rules)
    late = sorted(index for index, deadline in deadlines.items() if deadline <= now)
    if not late:  # extended since (a vacation): look again at the new deadline
        game.turn_deadline = min(deadlines.values()) if deadlines else None
        game.save(update_fields=["turn_deadline"])
        return None
    people = {seat.index for seat in seats if seat.competitor_id not in bots}
    started = Move.objects.filter(game=game, seat__in=people, auto=False).exclude(action__type="say").exists()
    if not started:
        game.status = GameStatus.ABORTED
        game.turn_deadline = None
        game.finished_at = now
        game.outcome = {"details": {"reason": "aborted", "timed_out": late}}
        game.save(update_fields=["status", "turn_deadline", "finished_at", "outcome"])
        _advance_competitions_on_commit([game.pk])
        return "aborted", 1
    if rules.timeout_policy == TimeoutPolicy.DEFAULT_ACTION:
        played = 0
        for index in late:
            if state.is_over or index not in state.to_act():
                continue
            action = state.legal_actions(index)[0]
            state.apply(index, action)
            game.version += 1
            Move.objects.create(game=game, number=game.version, seat=index, action=action, auto=True)
            played += 1
        if state.is_over:
            game.turn_deadline = None
            game_finish(game=game, state=state, seats=seats)
        else:
            acting = people_to_act(seats, state.to_act(), bots)
            deadlines_set([(game, acting)], turn_started=now, rules={game.pk: rules})
            game.save(update_fields=["version", "turn_deadline", "deadline_version"])
            if any(seat.competitor_id in bots for seat in seats if seat.index in state.to_act()):
                _enqueue_bots_on_commit(game.pk)
        return "auto_moves", played
    _forfeit(game, seats, late, now)
    return "forfeited", 1


def _forfeit(
    game: Game, seats: list[Seat], late: Sequence[int], now: datetime, *, details: dict | None = None
) -> None:
    """Finish ``game`` now with the ``late`` seats last (a late person, or a submitted bot's fault:
    games.services.remote_play passes its own ``details``); the caller holds the row lock."""
    from games.services.games import _advance_competitions_on_commit, _apply_league_ratings
    from games.services.ratings import rating_apply_for_game

    on_time = [seat.index for seat in seats if seat.index not in late]
    places = forfeit_places([seat.index for seat in seats], late)
    for seat in seats:
        seat.rank, seat.score = places[seat.index]
    game.status = GameStatus.FINISHED
    game.outcome = {
        "ranking": on_time + list(late),
        "ranks": [seat.rank for seat in seats],
        "scores": [seat.score for seat in seats],
        "details": details if details is not None else {"reason": "timeout", "timed_out": list(late)},
    }
    game.finished_at = now
    game.turn_deadline = None
    Seat.objects.bulk_update(seats, ["rank", "score"])
    game.save(update_fields=["status", "outcome", "finished_at", "turn_deadline"])
    if game.rated:
        rating_apply_for_game(game=game, seats=seats)
        _apply_league_ratings([(game, seats)])
    _advance_competitions_on_commit([game.pk])


# -- Vacations ------------------------------------------------------------------------------------


@transaction.atomic
def vacation_set(
    *, player: Player, starts_at: datetime, ends_at: datetime, now: datetime | None = None
) -> Vacation:
    """Book a vacation in advance: it must end after it starts, not be over already, and not
    overlap another of the player's vacations."""
    now = now or timezone.now()
    if timezone.is_naive(starts_at) or timezone.is_naive(ends_at):
        raise InvalidInput("give the vacation's start and end with a time zone")
    if ends_at <= starts_at:
        raise InvalidInput("a vacation must end after it starts")
    if ends_at <= now:
        raise InvalidInput("this vacation is already over")
    Player.objects.select_for_update().filter(pk=player.pk).first()
    if Vacation.objects.filter(player=player, starts_at__lt=ends_at, ends_at__gt=starts_at).exists():
        raise InvalidInput("this vacation overlaps another of yours")
    return Vacation.objects.create(player=player, starts_at=starts_at, ends_at=ends_at)
