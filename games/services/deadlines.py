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
    (:mod:`games.scheduling.scoring`), so absent people cannot keep a tournament from ending;
  - policy ``forfeit``: the game finishes now; the seats that were on time share rank 1 (score 1),
    the overdue seats share the last rank (score 0); ratings and competitions go on as usual;
  - policy ``default_action``: each overdue seat plays its first legal action (in Mulligan a
    ``skip`` on its turn, the first card when it must offer one), stored as a move with
    ``auto=True``; the game then goes on (bots, or a new deadline for the next person).
"""

from __future__ import annotations

import logging
from datetime import datetime

from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from games.models import (
    Game,
    GameStatus,
    Move,
    Player,
    TimeoutPolicy,
    Vacation,
)
from games.selectors.deadlines import (
    bot_competitors,
    deadline_rules_for,
    people_to_act,
    seat_deadlines,
    turn_started,
)
from games.selectors.games import game_state
from games.services.after_commit import bots_play_on_commit
from games.services.errors import InvalidInput
from games.services.game_flow import (
    NewMove,
    ending_aborted,
    ending_forfeit,
    ending_played,
    games_end,
    moves_append,
    turns_begin,
)

logger = logging.getLogger(__name__)

EXPIRE_BATCH = 200


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
    state = game_state(game)
    seats = list(game.seats.all())
    to_act = [] if state.is_over else state.to_act()
    turns_begin([(game, seats, to_act)], bot_competitors=bot_competitors(seats), now=turn_started(game))
    return 1


@transaction.atomic
def _expire_one(game_pk: int, now: datetime) -> tuple[str, int] | None:
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
    bots = bot_competitors(seats)
    state = game_state(game)
    rules = deadline_rules_for([game.pk])[game.pk]
    acting = people_to_act(seats, state.to_act(), bots)
    deadlines = seat_deadlines(acting, turn_started(game), rules)
    late = sorted(index for index, deadline in deadlines.items() if deadline <= now)
    if not late:  # extended since (a vacation): look again at the new deadline
        game.turn_deadline = min(deadlines.values()) if deadlines else None
        game.save(update_fields=["turn_deadline"])
        return None
    people = {seat.index for seat in seats if seat.competitor_id not in bots}
    started = Move.objects.filter(game=game, seat__in=people, auto=False).exclude(action__type="say").exists()
    if not started:
        games_end([(game, seats, ending_aborted(late))], now=now)
        return "aborted", 1
    if rules.timeout_policy != TimeoutPolicy.DEFAULT_ACTION:
        games_end([(game, seats, ending_forfeit([seat.index for seat in seats], late))], now=now)
        return "forfeited", 1
    played: list[NewMove] = []
    for index in late:
        if state.is_over or index not in state.to_act():
            continue
        action = state.legal_actions(index)[0]
        state.apply(index, action)
        played.append(NewMove(index, action, auto=True))
    moves_append([(game, played)], now=now)
    if state.is_over:
        games_end([(game, seats, ending_played(state))], now=now)
    else:
        turns_begin([(game, seats, state.to_act())], bot_competitors=bots, now=now, rules={game.pk: rules})
        if any(seat.competitor_id in bots for seat in seats if seat.index in state.to_act()):
            bots_play_on_commit(game.pk)
    return "auto_moves", len(played)


# -- Vacations ------------------------------------------------------------------------------------


@transaction.atomic
def vacation_set(
    *, player: Player, starts_at: datetime, ends_at: datetime, now: datetime | None = None
) -> Vacation:
    """Book a vacation in advance: it must end after it starts, not be over already, and not
    overlap another of the player's vacations."""
    now = now or timezone.now()
    if timezone.is_naive(starts_at) or timezone.is_naive(ends_at):
        raise InvalidInput("give the vacation's start and end with a time zone", field="starts_at")
    if ends_at <= starts_at:
        raise InvalidInput("a vacation must end after it starts", field="ends_at")
    if ends_at <= now:
        raise InvalidInput("this vacation is already over", field="ends_at")
    Player.objects.select_for_update().filter(pk=player.pk).first()
    if Vacation.objects.filter(player=player, starts_at__lt=ends_at, ends_at__gt=starts_at).exists():
        raise InvalidInput("this vacation overlaps another of yours")
    return Vacation.objects.create(player=player, starts_at=starts_at, ends_at=ends_at)
