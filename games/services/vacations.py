"""Booking a vacation within bounds, and cancelling one.

:func:`vacation_book` is :func:`games.services.deadlines.vacation_set` with limits a request must
not get past: a vacation ends at most ``MAX_VACATION_AHEAD`` from now (a deadline pushed past the
year 9999 would not fit a datetime, and a game must not stall for years), and a player has at most
``MAX_OPEN_VACATIONS`` that are not over (each is read whenever their deadlines are worked out).

A vacation that has begun already extended deadlines, so it is not erased: an upcoming one is
deleted, an ongoing one ends now, one that is over stays on record (409). Either way the player's
running games are marked for the deadline sweep to work their deadlines out again, as a stored
deadline may have counted the time that is no longer away.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from games.models import Game, GameStatus, Player, Vacation
from games.services.deadlines import vacation_set
from games.services.errors import Conflict, InvalidInput, NotFound

MAX_VACATION_AHEAD = timedelta(days=365)
MAX_OPEN_VACATIONS = 20


@transaction.atomic
def vacation_book(
    *, player: Player, starts_at: datetime, ends_at: datetime, now: datetime | None = None
) -> Vacation:
    now = now or timezone.now()
    if ends_at > now + MAX_VACATION_AHEAD:
        raise InvalidInput(
            f"a vacation must end within {MAX_VACATION_AHEAD.days} days from now", field="ends_at"
        )
    Player.objects.select_for_update().filter(pk=player.pk).first()  # one booking at a time per player
    if Vacation.objects.filter(player=player, ends_at__gt=now).count() >= MAX_OPEN_VACATIONS:
        raise InvalidInput(f"you have {MAX_OPEN_VACATIONS} vacations booked already; cancel one first")
    vacation = vacation_set(player=player, starts_at=starts_at, ends_at=ends_at, now=now)
    # The sweep would extend an overdue seat's deadline anyway; re-arming now also corrects the
    # time left that pages and /api/me/turns/ show.
    _rearm_deadlines(player)
    return vacation


@transaction.atomic
def vacation_cancel(*, player: Player, vacation_pk: int, now: datetime | None = None) -> Vacation | None:
    """Cancel one of the player's vacations: None when it was deleted, the vacation when it was cut
    short. Another player's vacation is reported missing, so its existence is not revealed."""
    now = now or timezone.now()
    vacation = Vacation.objects.select_for_update().filter(pk=vacation_pk, player=player).first()
    if vacation is None:
        raise NotFound(f"you have no vacation {vacation_pk}")
    if vacation.ends_at <= now:
        raise Conflict("this vacation is over; it stays on record because it extended your deadlines")
    _rearm_deadlines(player)
    if vacation.starts_at >= now:
        vacation.delete()
        return None
    vacation.ends_at = now
    vacation.save(update_fields=["ends_at"])
    return vacation


def _rearm_deadlines(player: Player) -> None:
    """A deadline version behind the game's makes the sweep (``deadlines_expire``) recompute it."""
    running = Game.objects.filter(status=GameStatus.RUNNING, seats__competitor__player=player).values("pk")
    Game.objects.filter(pk__in=running).update(deadline_version=None)
