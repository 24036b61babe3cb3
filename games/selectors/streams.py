"""Reads of the event streams (:mod:`games.streams`): a game's moves past the last one a reader
got, and a tournament's events past the last one it got, each along its (parent, number) index."""

from __future__ import annotations

from typing import Any

from games.models import CompetitionState, Move, Tournament, TournamentEvent
from games.selectors.lists import fetch, model_fields

_MOVES_READ = (
    "SELECT number, seat, action, auto, created_at FROM games_move "
    "WHERE game_id = %s AND number > %s AND number <= %s ORDER BY number"
)
_MOVES_FIELDS = model_fields(Move, "number", "seat", "action", "auto", "created_at")


def stream_moves(game_pk: int, after: int, upto: int) -> list[tuple[int, int, dict[str, Any], bool, Any]]:
    """``(number, seat, action, auto, created_at)`` of the moves numbered after ``after`` up to
    ``upto`` (the game's version as read: its moves are committed with it), in order."""
    return fetch(_MOVES_READ, [game_pk, after, upto], _MOVES_FIELDS, prepared=True)


ENDED_STATES = frozenset({CompetitionState.FINISHED, CompetitionState.CANCELLED})


def tournament_stream_head(tournament_pk: int) -> tuple[str, int] | None:
    """``(state, number of the latest event)`` of a tournament; None when there is none."""
    return Tournament.objects.filter(pk=tournament_pk).values_list("state", "event_count").first()


def tournament_events(tournament_pk: int, after: int, upto: int) -> list[dict[str, Any]]:
    """The events numbered after ``after`` up to ``upto``, as the stream sends them."""
    rows = TournamentEvent.objects.filter(
        tournament_id=tournament_pk, number__gt=after, number__lte=upto
    ).values_list("number", "kind", "data", "created_at")
    return [
        {"id": number, "type": kind, "tournament": tournament_pk, "created_at": created_at, **data}
        for number, kind, data, created_at in rows.order_by("number")
    ]
