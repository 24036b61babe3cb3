"""Submitting a person's move: validated by the engine, stored once, safe under concurrency."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import IntegrityError, transaction
from django.utils import timezone

from engine import IllegalAction
from games.models import GameStatus, Move, Seat
from games.selectors.games import (
    SUBMITTED_KINDS,
    game_locked,
    game_state,
    move_by_idempotency_key,
    seat_holders,
)
from games.services.after_commit import bots_play_on_commit
from games.services.errors import Conflict, IllegalMove, InvalidInput, NotAllowed, NotFound, ServiceError
from games.services.game_flow import (
    CompetitionsKnown,
    NewMove,
    PeopleKnown,
    ending_played,
    games_end,
    moves_append,
    turns_begin,
)
from games.services.move_states import move_state_keep_on_commit, move_state_return, move_state_take

MAX_IDEMPOTENCY_KEY = 100


def move_submit(
    *,
    game_pk: int,
    user: AbstractBaseUser | AnonymousUser,
    action: Any,
    expected_move: int | None = None,
    idempotency_key: str | None = None,
    seat_index: int | None = None,
) -> tuple[Move, bool]:
    """Play ``action`` for the user's seat; returns the move and whether it is new.

    The game row is locked for the whole check-and-write, so of two submissions for the same turn
    exactly one is stored; the other then finds the version moved on and gets a conflict. A retry
    with the same ``idempotency_key`` returns the stored move instead of playing it again.
    """
    if idempotency_key is not None and not (0 < len(idempotency_key) <= MAX_IDEMPOTENCY_KEY):
        raise InvalidInput(f"an idempotency key is 1 to {MAX_IDEMPOTENCY_KEY} characters")
    try:
        with transaction.atomic():
            move, created, bots_next = _move_submit_locked(
                game_pk, user, action, expected_move, idempotency_key, seat_index
            )
    except IntegrityError:
        # Only reachable where row locks are not enforced (SQLite): the unique (game, number)
        # constraint is the last guard against two moves for one turn.
        raise Conflict("another move was stored for this turn first; reload the game") from None
    if bots_next is not None:
        bots_play_on_commit(game_pk, submitted=bots_next)
    return move, created


def _move_submit_locked(
    game_pk: int,
    user: AbstractBaseUser | AnonymousUser,
    action: Any,
    expected_move: int | None,
    idempotency_key: str | None,
    seat_index: int | None,
) -> tuple[Move, bool, bool | None]:
    """The move, whether it is new, and whether bots must act next: None for no, else whether one
    of them is a submitted bot.

    A constant number of queries whatever the game: the game row (locked), its seats with who
    holds them (and whether each person is away or can be told of a turn), its history unless the
    process kept the game's state from its last move (:mod:`games.services.move_states`), the new
    move, the vacations of whoever must act next if they have any, and the game row written; its
    deadline rules come with the locked row; the notifications are one task after the commit,
    none when nobody to tell can be told anything.
    """
    locked = game_locked(game_pk)
    if locked is None:
        raise NotFound(f"no game {game_pk}")
    game, rules = locked.game, locked.rules
    now = timezone.now()
    holders = seat_holders(game, at=now)
    all_seats = [holder.seat for holder in holders]
    seats = [
        h.seat for h in holders if user.is_authenticated and h.user_id is not None and h.user_id == user.pk
    ]
    if not seats:
        raise NotAllowed("you hold no seat in this game")
    if idempotency_key is not None:
        earlier = move_by_idempotency_key(game, idempotency_key)
        if earlier is not None:
            if earlier.seat not in {seat.index for seat in seats} or earlier.action != action:
                raise Conflict("this idempotency key was already used for a different move")
            return earlier, False, None
    if game.status != GameStatus.RUNNING:
        raise Conflict(f"the game is {game.status}")
    if expected_move is not None and expected_move != game.version:
        raise Conflict(
            f"stale move: you expected move {expected_move} but the game is at move {game.version}; reload the game"
        )
    state = move_state_take(game) or game_state(game)
    try:
        seat = _acting_seat(seats, state.to_act(), action, seat_index)
    except ServiceError:
        move_state_return(game, state)  # not played: still the state at this version
        raise
    try:
        state.apply(seat.index, action)
    except IllegalAction as exc:
        # The engine changes nothing on a refusal, but a state is only kept where nothing could
        # have touched it: this one is dropped and the next move replays.
        raise IllegalMove(str(exc), field="action") from None
    (move,) = moves_append([(game, [NewMove(seat.index, action, idempotency_key=idempotency_key)])], now=now)
    if state.is_over:
        games_end(
            [(game, all_seats, ending_played(state))],
            now=now,
            competitions=CompetitionsKnown.of([locked]),
        )
        return move, True, None
    move_state_keep_on_commit(game, state)
    bots = {h.seat.competitor_id: h.bot_kind for h in holders if h.bot_kind is not None}
    to_act = state.to_act()
    turns_begin(
        [(game, all_seats, to_act)],
        bot_competitors=set(bots),
        now=now,
        rules={game.pk: rules},
        people=PeopleKnown(
            away=frozenset(h.seat.competitor_id for h in holders if h.away),
            reachable=frozenset(h.seat.competitor_id for h in holders if h.reachable),
        ),
    )
    if not any(s.competitor_id in bots for s in all_seats if s.index in to_act):
        return move, True, None
    return move, True, any(kind in SUBMITTED_KINDS for kind in bots.values())


def _acting_seat(seats: list[Seat], to_act: list[int], action: Any, seat_index: int | None) -> Seat:
    if seat_index is not None:
        chosen = [seat for seat in seats if seat.index == seat_index]
        if not chosen:
            raise NotAllowed(f"seat {seat_index} is not yours")
        seats = chosen
    is_talk = isinstance(action, dict) and action.get("type") == "say"
    if is_talk:
        return seats[0]
    acting = [seat for seat in seats if seat.index in to_act]
    if not acting:
        whose = ", ".join(map(str, to_act)) or "nobody"
        raise Conflict(f"it is not your turn (seat {whose} must act)")
    if len(acting) > 1:
        raise InvalidInput("you hold several seats that must act: say which with 'seat'")
    return acting[0]
