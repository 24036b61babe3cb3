"""A tournament's event stream, written as the tournament moves: round start, game end, standings,
its end. Each event is stored (numbered per tournament, so a reader that reconnects with
Last-Event-ID gets what it missed) and announced once the transaction commits.

Every function here runs where the tournament's row is locked (its progress, its start, its
cancellation), which is what numbers the events without a gap or a clash.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.models import (
    CompetitionState,
    Competitor,
    Game,
    GameStatus,
    Round,
    Tournament,
    TournamentEvent,
    TournamentEventKind,
)
from games.selectors.games import games_with_seats, seat_summary
from games.services.after_commit import streams_announce_on_commit


def tournament_events_add(
    tournament: Tournament, events: Sequence[tuple[str, dict[str, Any], int | None]]
) -> None:
    """Store ``(kind, data, game id or None)`` as the tournament's next events (its row locked by
    the caller, ``tournament`` read under that lock) and announce them after the commit."""
    if not events:
        return
    first = tournament.event_count + 1
    TournamentEvent.objects.bulk_create(
        TournamentEvent(tournament=tournament, number=first + offset, kind=kind, data=data, game_id=game_pk)
        for offset, (kind, data, game_pk) in enumerate(events)
    )
    tournament.event_count = first + len(events) - 1
    Tournament.objects.filter(pk=tournament.pk).update(event_count=tournament.event_count)
    streams_announce_on_commit(tournaments=[tournament.pk])


def _competitor(competitor: Competitor) -> dict[str, Any]:
    return {"competitor": competitor.pk, "name": competitor.name}


def round_started(
    tournament: Tournament,
    rnd: Round,
    tables: Sequence[tuple[int, Sequence[int], Game]],
    byes: Sequence[int],
    competitors: dict[int, Competitor],
) -> None:
    """Round ``rnd`` is paired: its tables as ``(table, entry ids in seat order, first game)``."""
    data = {
        "round": rnd.number,
        "tables": [
            {
                "table": table,
                "game": game.pk,
                "seats": [{"entry": entry, **_competitor(competitors[entry])} for entry in entries],
            }
            for table, entries, game in tables
        ],
        "byes": [{"entry": entry, **_competitor(competitors[entry])} for entry in byes],
    }
    tournament_events_add(tournament, [(TournamentEventKind.ROUND_START, data, None)])


def games_ended(tournament: Tournament, rnd: Round) -> None:
    """Tell of the games of round ``rnd`` that have ended and were not told of yet, in the order
    they ended (run whenever the tournament moves on, so each is told once, soon after its end)."""
    told = TournamentEvent.objects.filter(tournament=tournament, game__isnull=False).values("game_id")
    ended = (
        games_with_seats()
        .filter(match_game__match__round=rnd)
        .exclude(status=GameStatus.RUNNING)
        .exclude(pk__in=told)
        .select_related("match_game__match")
        .order_by("finished_at", "pk")
    )
    events = []
    for game in ended:
        match_game = game.match_game
        data = {
            "round": rnd.number,
            "table": match_game.match.table,
            "match_game": match_game.number,
            "game": game.pk,
            "status": game.status,
            "outcome": game.outcome,
            "seats": [seat_summary(seat) for seat in game.seats.all()],
            "finished_at": game.finished_at,
        }
        events.append((TournamentEventKind.GAME_END, data, game.pk))
    tournament_events_add(tournament, events)


def standings_after_round(tournament: Tournament, rnd: Round) -> None:
    tournament_events_add(
        tournament,
        [(TournamentEventKind.STANDINGS, {"round": rnd.number, "standings": rnd.standings}, None)],
    )


def tournament_ended(tournament: Tournament) -> None:
    """The tournament finished (with its final standings) or was cancelled: the stream's last event."""
    if tournament.state == CompetitionState.FINISHED:
        event = (TournamentEventKind.FINISHED, {"standings": tournament.standings}, None)
    else:
        event = (TournamentEventKind.CANCELLED, {}, None)
    tournament_events_add(tournament, [event])
