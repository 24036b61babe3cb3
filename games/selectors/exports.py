"""Finished games written out as ndjson: one JSON object per game and line, read in keyset chunks.

A line holds everything that rebuilds and explains the game (``python -m engine replay --verify``
replays it with the engine alone): id, game, config, seed, where it was played (tournament round
and table, or league season), its seats (competitor, person or bot and the bot's version, rank,
score, the ratings before and after), every move with its number, time and whether the clock played
it (``auto``), and the outcome. Only finished games are written: their seed and hands are no secret
any more, and a game is public to read (there are no private games; were there, this is where a
reader's games would be chosen).

The games are read ``EXPORT_CHUNK_GAMES`` at a time past the last id written (keyset), so memory stays flat
whatever the number of games, and each chunk costs a few queries, not a few per game. On
PostgreSQL the database builds each line itself (``row_to_json``): fetching and building
millions of moves in Python would cost several times what the database needs. Elsewhere (SQLite)
the same lines are built in Python from five queries per chunk; a test holds the two to the same
answers.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import connection, transaction

from games.models import Game, GameStatus, Move, Seat
from games.selectors.lists import fetch, model_fields


@dataclass(frozen=True)
class ExportFilter:
    """Which finished games, in which order, and how many at most (None: all)."""

    competitors: tuple[int, ...] = ()  # games where every one of these (people's or bots') sat
    game: str | None = None
    tournament: int | None = None
    league: int | None = None
    version_test: int | None = None  # both games of every deal of this version test
    rated: bool | None = None
    since: datetime | None = None  # created at or after
    until: datetime | None = None  # created before
    newest_first: bool = True
    max_games: int | None = None


def _conditions(chosen: ExportFilter) -> tuple[list[str], list[Any]]:
    """The WHERE terms (on ``g``, the game) and their parameters; the same SQL on every database."""
    # A finished game of a deal another table still plays (a duplicate round, a version test's pair)
    # waits for it: its seed and moves would tell that table its cards (games.selectors.games.deal_in_play).
    # The other game is running and this one finished, so it is never this one: with equalities alone
    # the join costs a tenth less of a chunk's time on PostgreSQL (12,000 games running).
    where = [
        "g.status = %s",
        "NOT EXISTS (SELECT 1 FROM games_game same_deal WHERE same_deal.game_id = g.game_id "
        "AND same_deal.seed = g.seed AND same_deal.status = %s)",
    ]
    params: list[Any] = [GameStatus.FINISHED.value, GameStatus.RUNNING.value]
    if chosen.game is not None:
        where.append("g.game_id = %s")
        params.append(chosen.game)
    if chosen.rated is not None:
        where.append("g.rated = %s")
        params.append(chosen.rated)
    for column_test, moment in (("g.created_at >= %s", chosen.since), ("g.created_at < %s", chosen.until)):
        if moment is not None:
            where.append(column_test)
            params.append(connection.ops.adapt_datetimefield_value(moment))
    for competitor in chosen.competitors:
        where.append("g.id IN (SELECT s.game_id FROM games_seat s WHERE s.competitor_id = %s)")
        params.append(competitor)
    if chosen.tournament is not None:
        where.append(
            "g.id IN (SELECT mg.game_id FROM games_matchgame mg JOIN games_match m ON m.id = mg.match_id "
            "JOIN games_round r ON r.id = m.round_id WHERE r.tournament_id = %s)"
        )
        params.append(chosen.tournament)
    if chosen.league is not None:
        where.append("g.id IN (SELECT lg.game_id FROM games_leaguegame lg WHERE lg.league_id = %s)")
        params.append(chosen.league)
    if chosen.version_test is not None:
        where.append(
            "g.id IN (SELECT d.first_game_id FROM games_versiontestdeal d WHERE d.test_id = %s "
            "UNION ALL SELECT d.second_game_id FROM games_versiontestdeal d WHERE d.test_id = %s)"
        )
        params.extend([chosen.version_test, chosen.version_test])
    return where, params


def export_count(chosen: ExportFilter) -> int:
    """How many games :func:`export_chunks` writes (for a progress bar)."""
    where, params = _conditions(chosen)
    (count,) = fetch(f"SELECT count(*) FROM games_game g WHERE {' AND '.join(where)}", params)[0]
    return min(int(count), chosen.max_games) if chosen.max_games is not None else int(count)


def export_chunks(chosen: ExportFilter, chunk: int | None = None) -> Iterator[tuple[int, bytes]]:
    """``(games, text)``: the ndjson lines of the chosen games, a chunk of games at a time
    (``EXPORT_CHUNK_GAMES`` unless given)."""
    chunk = chunk or settings.EXPORT_CHUNK_GAMES
    build = _chunk_postgresql if connection.vendor == "postgresql" else _chunk_portable
    where, params = _conditions(chosen)
    order, past = ("DESC", "<") if chosen.newest_first else ("ASC", ">")
    left = chosen.max_games
    last: int | None = None
    while left is None or left > 0:
        size = chunk if left is None else min(chunk, left)
        terms, values = list(where), list(params)
        if last is not None:
            terms.append(f"g.id {past} %s")
            values.append(last)
        last_id, lines = build(" AND ".join(terms), values, order, size)
        if not lines:
            return
        yield len(lines), "".join(lines).encode()
        if left is not None:
            left -= len(lines)
        if len(lines) < size:
            return
        last = last_id


def export_lines(chosen: ExportFilter) -> Iterator[bytes]:
    """The chunks' text alone (what a streaming answer sends)."""
    for _games, text in export_chunks(chosen):
        yield text


# -- PostgreSQL: the database writes each line -------------------------------------------------------

# Each part a subquery of named columns made JSON whole (row_to_json, array_to_json of rows): a
# quarter less of the database's CPU than json_build_object (33 against 43 µs a game, bench/export.py's
# data), which works out each argument's type again on every call.
# Not json_agg: it puts a newline between the elements, and a line must stay one line.
_SEATS_JSON = """
SELECT array_to_json(array_agg(seat ORDER BY seat."index")) FROM (
    SELECT s."index", s.competitor_id AS competitor, c.name,
           CASE WHEN b.id IS NULL THEN 'player' ELSE 'bot' END AS kind, p.id AS player, b.id AS bot,
           v.number AS bot_version, s.rank, s.score, rc.rating_before, rc.rating_after,
           lrc.rating_before AS league_rating_before, lrc.rating_after AS league_rating_after
    FROM games_seat s
    JOIN games_competitor c ON c.id = s.competitor_id
    LEFT JOIN games_player p ON p.competitor_id = c.id
    LEFT JOIN games_bot b ON b.competitor_id = c.id
    LEFT JOIN games_botversion v ON v.id = s.bot_version_id
    LEFT JOIN games_ratingchange rc ON rc.seat_id = s.id
    LEFT JOIN games_leagueratingchange lrc ON lrc.seat_id = s.id
    WHERE s.game_id = g.id
) seat
"""
_MOVES_JSON = """
SELECT coalesce(array_to_json(array_agg(move ORDER BY move.number)), '[]'::json) FROM (
    SELECT mv.number, mv.seat, mv.action, mv.created_at AS at, mv.auto FROM games_move mv WHERE mv.game_id = g.id
) move
"""
_TOURNAMENT_JSON = """
SELECT row_to_json(played) FROM (
    SELECT r.tournament_id AS id, r.number AS round, m."table", mg.number AS match_game
    FROM games_matchgame mg JOIN games_match m ON m.id = mg.match_id JOIN games_round r ON r.id = m.round_id
    WHERE mg.game_id = g.id
) played
"""
_LEAGUE_JSON = """
SELECT row_to_json(played) FROM (
    SELECT lg.league_id AS id, se.number AS season, lg.challenge
    FROM games_leaguegame lg JOIN games_season se ON se.id = lg.season_id WHERE lg.game_id = g.id
) played
"""
_LINE_COLUMNS = f"""
g.id, g.game_id AS game, g.config, g.seed, g.rated, g.created_at, g.finished_at,
({_TOURNAMENT_JSON}) AS tournament, ({_LEAGUE_JSON}) AS league,
({_SEATS_JSON}) AS seats, ({_MOVES_JSON}) AS moves, g.outcome
"""


def _chunk_postgresql(where: str, params: list[Any], order: str, size: int) -> tuple[int, list[str]]:
    sql = (
        f"SELECT line.id, row_to_json(line)::text FROM (SELECT {_LINE_COLUMNS} FROM games_game g "
        f"WHERE {where} ORDER BY g.id {order} LIMIT %s) line"
    )
    with transaction.atomic(), connection.cursor() as cursor:
        # The planner prices this scan of every finished game far above its LIMIT's worth, which
        # makes PostgreSQL compile it (JIT) on every chunk: ~20 ms of a 500 games' 65 ms.
        cursor.execute("SET LOCAL jit = off")
        # The session's time zone writes the times (Django keeps it UTC when USE_TZ is on).
        cursor.execute(sql, [*params, size])
        rows = cursor.fetchall()
    if not rows:
        return 0, []
    return rows[-1][0], [line + "\n" for _pk, line in rows]


# -- Any database: the same lines built here -------------------------------------------------------

_GAME_COLUMNS = ("id", "game_id", "config", "seed", "rated", "created_at", "finished_at", "outcome")
_GAME_FIELDS = model_fields(Game, *_GAME_COLUMNS)
_SEAT_ROWS = """
SELECT s.game_id, s."index", s.competitor_id, c.name, p.id, b.id, v.number, s.rank, s.score,
       rc.rating_before, rc.rating_after, lrc.rating_before, lrc.rating_after
FROM games_seat s
JOIN games_competitor c ON c.id = s.competitor_id
LEFT JOIN games_player p ON p.competitor_id = c.id
LEFT JOIN games_bot b ON b.competitor_id = c.id
LEFT JOIN games_botversion v ON v.id = s.bot_version_id
LEFT JOIN games_ratingchange rc ON rc.seat_id = s.id
LEFT JOIN games_leagueratingchange lrc ON lrc.seat_id = s.id
WHERE s.game_id IN ({ids}) ORDER BY s.game_id, s."index"
"""
_MOVE_ROWS = """
SELECT mv.game_id, mv.number, mv.seat, mv.action, mv.created_at, mv.auto FROM games_move mv
WHERE mv.game_id IN ({ids}) ORDER BY mv.game_id, mv.number
"""
_MOVE_FIELDS = (None, *model_fields(Move, "number", "seat", "action", "created_at", "auto"))
_SEAT_FIELDS = (None, None, None, None, None, None, None, *model_fields(Seat, "rank", "score"))
_TOURNAMENT_ROWS = """
SELECT mg.game_id, r.tournament_id, r.number, m."table", mg.number
FROM games_matchgame mg JOIN games_match m ON m.id = mg.match_id JOIN games_round r ON r.id = m.round_id
WHERE mg.game_id IN ({ids})
"""
_LEAGUE_ROWS = """
SELECT lg.game_id, lg.league_id, se.number, lg.challenge
FROM games_leaguegame lg JOIN games_season se ON se.id = lg.season_id WHERE lg.game_id IN ({ids})
"""


def _chunk_portable(where: str, params: list[Any], order: str, size: int) -> tuple[int, list[str]]:
    columns = ", ".join(f"g.{name}" for name in _GAME_COLUMNS)
    games = fetch(
        f"SELECT {columns} FROM games_game g WHERE {where} ORDER BY g.id {order} LIMIT %s",
        [*params, size],
        _GAME_FIELDS,
    )
    if not games:
        return 0, []
    pks = [row[0] for row in games]
    # IN (...) rather than PostgreSQL's = ANY(array): this road is the one SQLite takes.
    ids = ", ".join(["%s"] * len(pks))
    seats: dict[int, list[dict[str, Any]]] = {pk: [] for pk in pks}
    for pk, index, competitor, name, player, bot, version, rank, score, *ratings in fetch(
        _SEAT_ROWS.format(ids=ids), pks, _SEAT_FIELDS
    ):
        seats[pk].append(
            {
                "index": index,
                "competitor": competitor,
                "name": name,
                "kind": "player" if bot is None else "bot",
                "player": player,
                "bot": bot,
                "bot_version": version,
                "rank": rank,
                "score": score,
                "rating_before": ratings[0],
                "rating_after": ratings[1],
                "league_rating_before": ratings[2],
                "league_rating_after": ratings[3],
            }
        )
    moves: dict[int, list[dict[str, Any]]] = {pk: [] for pk in pks}
    for pk, number, seat, action, at, auto in fetch(_MOVE_ROWS.format(ids=ids), pks, _MOVE_FIELDS):
        moves[pk].append({"number": number, "seat": seat, "action": action, "at": at, "auto": auto})
    tournaments = {
        pk: {"id": tournament, "round": round_number, "table": table, "match_game": number}
        for pk, tournament, round_number, table, number in fetch(_TOURNAMENT_ROWS.format(ids=ids), pks)
    }
    leagues = {
        pk: {"id": league, "season": season, "challenge": bool(challenge)}
        for pk, league, season, challenge in fetch(_LEAGUE_ROWS.format(ids=ids), pks)
    }
    lines = []
    for pk, game_id, config, seed, rated, created_at, finished_at, outcome in games:
        line = {
            "id": pk,
            "game": game_id,
            "config": config,
            "seed": seed,
            "rated": rated,
            "created_at": created_at,
            "finished_at": finished_at,
            "tournament": tournaments.get(pk),
            "league": leagues.get(pk),
            "seats": seats[pk],
            "moves": moves[pk],
            "outcome": outcome,
        }
        lines.append(json.dumps(line, default=_iso, separators=(",", ":")) + "\n")
    return pks[-1], lines


def _iso(value: Any) -> str:
    if isinstance(value, datetime):
        return value.isoformat()
    raise TypeError(f"{type(value).__name__} is not JSON")
