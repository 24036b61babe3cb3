"""A league's counts (:class:`games.models.LeagueTally`), kept where they change.

Joining or coming back adds an entrant, leaving or withdrawing takes one away (under the league's
lock, :mod:`games.services.leagues`); a league game's end adds a finished game (under the game's
lock, :func:`games.services.game_flow.games_end`). Each change is one ``UPDATE`` that adds to the
row, so concurrent changes queue on it and none is lost.
:func:`league_tallies_recount` counts them again from the rows (after a bulk import, and in
``manage.py verify``).

A season's count of its games (:attr:`games.models.Season.game_count`) is kept as its games are
created, under the league's lock; :func:`season_counts_recount` counts it again under that lock too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping

from django.db import connection
from django.db.models import Count, F, OuterRef, Q, Subquery
from django.db.models.functions import Coalesce

from games.models import GameStatus, League, LeagueGame, LeagueTally, Season

_ADD = (
    "UPDATE games_leaguetally SET entries = entries + %s, games_finished = games_finished + %s "
    "WHERE league_id = %s"
)


def _add(changes: Mapping[int, tuple[int, int]]) -> None:
    """Add (entrants, finished games) to each league's tally, one statement per league in league id
    order (the order two transactions ending games of the same leagues lock the rows in). A league
    without a tally (made outside the services) gets one counted from its rows, this change included."""
    missing = []
    with connection.cursor() as cursor:
        for league, (entries, games) in sorted(changes.items()):
            if entries or games:
                cursor.execute(_ADD, [entries, games, league])
                if cursor.rowcount == 0:
                    missing.append(league)
    if missing:
        league_tallies_recount(missing)


def tally_entrant_joined(league_id: int) -> None:
    _add({league_id: (1, 0)})


def tally_entrant_left(league_id: int) -> None:
    _add({league_id: (-1, 0)})


def tally_games_finished(leagues_of: Mapping[int, int]) -> None:
    """``leagues_of``: each finished league game's league, by game id."""
    _add({league: (0, games) for league, games in Counter(leagues_of.values()).items()})


def tally_season_games(season_id: int, games: int) -> None:
    """``games`` league games were created in this season (the caller holds its league's lock)."""
    Season.objects.filter(pk=season_id).update(game_count=F("game_count") + games)


def _counted_season_games() -> Coalesce:
    games = LeagueGame.objects.filter(season=OuterRef("pk")).order_by().values("season")
    return Coalesce(Subquery(games.annotate(n=Count("pk")).values("n")), 0)


def season_counts_recount(league_id: int) -> None:
    """Set the league's seasons' game counts to what their rows count (the caller holds its lock)."""
    Season.objects.filter(league_id=league_id).update(game_count=_counted_season_games())


def counted_tallies(league_ids: Collection[int] | None = None) -> dict[int, tuple[int, int]]:
    """(active entrants, finished games) of these leagues (every league when None), counted."""
    leagues = League.objects.all() if league_ids is None else League.objects.filter(pk__in=league_ids)
    rows = leagues.annotate(
        entries=Count("league_entries", filter=Q(league_entries__active=True), distinct=True),
    ).values_list("pk", "entries")
    finished = dict(
        leagues.filter(league_games__game__status=GameStatus.FINISHED)
        .annotate(games=Count("league_games"))
        .values_list("pk", "games")
    )
    return {pk: (entries, finished.get(pk, 0)) for pk, entries in rows}


def league_tallies_recount(league_ids: Collection[int] | None = None) -> None:
    """Set these leagues' tallies (every league's when None) to what their rows count, in the
    caller's transaction.

    The tallies are locked before counting: a game's end that added to one already is waited for
    and then counted, and one that has not is held back until this commits, then adds its game."""
    tallies = LeagueTally.objects.select_for_update()
    if league_ids is not None:
        tallies = tallies.filter(league_id__in=league_ids)
    list(tallies.order_by("pk").values_list("pk", flat=True))
    counted = counted_tallies(league_ids)
    LeagueTally.objects.bulk_create(
        [LeagueTally(league_id=pk, entries=e, games_finished=g) for pk, (e, g) in counted.items()],
        update_conflicts=True,
        unique_fields=["league"],
        update_fields=["entries", "games_finished"],
    )


def tally_differences() -> list[str]:
    """Each league whose tally differs from what its rows count, in words (``manage.py verify``)."""
    kept = dict(
        (pk, (entries or 0, games or 0))
        for pk, entries, games in League.objects.values_list("pk", "tally__entries", "tally__games_finished")
    )
    return [
        f"league {pk}: its tally says {kept[pk][0]} active entrants and {kept[pk][1]} finished games, "
        f"its rows count {entries} and {games}"
        for pk, (entries, games) in sorted(counted_tallies().items())
        if kept[pk] != (entries, games)
    ] + [
        f"league {league} season {number}: it says {kept_games} games, its rows count {counted}"
        for league, number, kept_games, counted in Season.objects.annotate(counted=_counted_season_games())
        .exclude(game_count=F("counted"))
        .order_by("league_id", "number")
        .values_list("league_id", "number", "game_count", "counted")
    ]
