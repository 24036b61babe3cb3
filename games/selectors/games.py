"""Reads of games: what a viewer may see of a game, its history, and whose turn it is."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple

from allauth.account.models import EmailAddress
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.cache import cache
from django.db import connection, router
from django.db.models import Prefetch, QuerySet, Subquery, prefetch_related_objects

from engine import State, get_game, replay
from engine.core import registered_games
from games.models import (
    BotKind,
    Game,
    GameStatus,
    League,
    LeagueGame,
    Match,
    MatchGame,
    Move,
    NotificationSettings,
    Player,
    Round,
    Seat,
    Tournament,
    Vacation,
)
from games.selectors.deadlines import DeadlineRules, rules_of
from games.selectors.lists import Around, Key, SqlList, fetch, model_fields, sql_literal
from games.selectors.replays import replay_shown


def user_seat_indexes(game: Game, user: AbstractBaseUser | AnonymousUser) -> list[int]:
    if not user.is_authenticated:
        return []
    return [
        seat.index
        for seat in game.seats.all()
        if getattr(seat.competitor, "player", None) is not None and seat.competitor.player.user_id == user.pk
    ]


def seat_summary(seat: Seat) -> dict[str, Any]:
    competitor = seat.competitor
    bot = getattr(competitor, "bot", None)
    player = getattr(competitor, "player", None)
    return seat_summary_from(
        seat.index,
        competitor.pk,
        competitor.name,
        None if player is None else player.pk,
        None if bot is None else bot.pk,
        seat.rank,
        seat.score,
    )


def seat_summary_from(
    index: int,
    competitor: int,
    name: str,
    player: int | None,
    bot: int | None,
    rank: int | None,
    score: float | None,
) -> dict[str, Any]:
    """What a list or a game shows of a seat, whether read as objects or as plain rows."""
    return {
        "index": index,
        "competitor": competitor,
        "name": name,
        "kind": "bot" if bot is not None else "player",
        "player": player,
        "bot": bot,
        "rank": rank,
        "score": score,
    }


_GAME_IDS = frozenset(game.id for game in registered_games())


def game_list(game_id: str | None = None, status: str | None = None) -> SqlList:
    """The games list's rows with their seats, newest first, by hand-written SQL (see
    :mod:`games.selectors.lists`): a page and its seats in one statement."""
    where, params = [], []
    # Known filters are written into the statement, which is then prepared; any other value (the
    # list is empty) is bound to a statement planned for it alone.
    known = (not game_id or game_id in _GAME_IDS) and (not status or status in GameStatus.values)
    for column, value in (("game_id", game_id), ("status", status)):
        if value and known:
            where.append(f"{column} = {sql_literal(value)}")
        elif value:
            where.append(f"{column} = %s")
            params.append(value)
    return SqlList(
        select="SELECT id, game_id, status, version, created_at FROM games_game",
        count_from="FROM games_game",
        where=tuple(where),
        params=tuple(params),
        order=((Key("id", True), "id"),),
        row=_listed_game,
        fields=(None, None, None, None, *model_fields(Game, "created_at")),
        around=_LISTED_SEATS,
        prepared=known,
    )


def _listed_game(values: tuple[Any, ...]) -> dict[str, Any]:
    pk, game_id, status, version, created_at = values
    return {
        "id": pk,
        "game": game_id,
        "status": status,
        "move_count": version,
        "seats": [],
        "created_at": created_at,
    }


def _listed_games_with_seats(rows: list[tuple[Any, ...]]) -> list[dict[str, Any]]:
    """Listed games from a page joined with its seats: a row per seat, a game's rows together."""
    games: list[dict[str, Any]] = []
    for row in rows:
        if not games or games[-1]["id"] != row[0]:
            games.append(_listed_game(row[:5]))
        if row[5] is not None:  # a seatless game (none is made so) is kept by the LEFT JOIN
            games[-1]["seats"].append(seat_summary_from(*row[5:]))
    return games


_LISTED_SEATS = Around(
    select="""SELECT page.*, games_seat."index", games_seat.competitor_id, games_competitor.name,
       games_player.id, games_bot.id, games_seat.rank, games_seat.score""",
    joins="""LEFT JOIN games_seat ON games_seat.game_id = page.id
LEFT JOIN games_competitor ON games_competitor.id = games_seat.competitor_id
LEFT JOIN games_player ON games_player.competitor_id = games_competitor.id
LEFT JOIN games_bot ON games_bot.competitor_id = games_competitor.id""",
    order='games_seat."index"',
    gather=_listed_games_with_seats,
)


def games_with_seats() -> QuerySet[Game]:
    """Games with their seats and who sits there: two queries for any number of games."""
    return Game.objects.prefetch_related(_seats_prefetch())


def _seats_prefetch() -> Prefetch[Any]:
    seats = Seat.objects.select_related("competitor__player", "competitor__bot").order_by("index")
    return Prefetch("seats", queryset=seats)


@dataclass(frozen=True)
class SeatRow:
    """What a game's reads need of a seat: its summary and the user who holds it (a person's)."""

    summary: dict[str, Any]
    user_id: int | None


def seat_rows(game: Game) -> list[SeatRow]:
    """:class:`SeatRow` of a game read with its seats (:func:`games_with_seats`)."""
    rows = []
    for seat in game.seats.all():
        player = getattr(seat.competitor, "player", None)
        rows.append(SeatRow(seat_summary(seat), None if player is None else player.user_id))
    return rows


def seats_held_by(seats: Sequence[SeatRow], user: AbstractBaseUser | AnonymousUser) -> list[int]:
    """The indexes of the seats ``user`` holds in a game (none for a spectator)."""
    if not user.is_authenticated:
        return []
    return [row.summary["index"] for row in seats if row.user_id is not None and row.user_id == user.pk]


def viewer_seat(mine: Sequence[int], to_act: Sequence[int]) -> int | None:
    """The seat whose observation a viewer holding ``mine`` sees: one that must act now, else their
    first; None for a spectator."""
    acting = [seat for seat in mine if seat in to_act]
    return acting[0] if acting else (mine[0] if mine else None)


DEAL_IN_PLAY = "this deal is still being played at another table; it opens when every table has finished"


def _is_staff(user: AbstractBaseUser | AnonymousUser) -> bool:
    return bool(getattr(user, "is_staff", False))


def deal_in_play(game: Game) -> bool:
    """Whether another game was dealt from this one's seed (the same game and seed: a duplicate
    round's other tables, a version test's other game) while it or this game still runs
    (:func:`deal_refusal`): one probe of the game_deal index. The API's reads have it from
    :func:`game_read` instead, the same question in SQL (:data:`_DEAL_IN_PLAY`)."""
    others = Game.objects.filter(game_id=game.game_id, seed=game.seed).exclude(pk=game.pk)
    if game.status != GameStatus.RUNNING:
        others = others.filter(status=GameStatus.RUNNING)
    return others.exists()


def deal_refusal(
    user: AbstractBaseUser | AnonymousUser, seats: Sequence[SeatRow], in_play: bool
) -> str | None:
    """Why this viewer may not read the game at all now, or None when they may.

    Several games can be dealt from one seed; while any of them runs, a game of that deal would
    tell its cards to the players (and bots) of the others, so only the people seated in it (and
    staff) read it until every table has finished. Lists show only its summary, as of any game."""
    if not in_play or _is_staff(user) or seats_held_by(seats, user):
        return None
    return DEAL_IN_PLAY


def record_open(game: Game, user: AbstractBaseUser | AnonymousUser, in_play: bool) -> bool:
    """Whether this viewer gets the finished game's record (its seed, every move as played, its final
    state): not while another table still plays the deal, not even its own players (staff do)."""
    return game.is_finished and (not in_play or _is_staff(user))


def game_view(
    game: Game,
    user: AbstractBaseUser | AnonymousUser,
    seats: Sequence[SeatRow] | None = None,
    moves: Sequence[tuple[int, dict[str, Any]]]
    | Callable[[], Sequence[tuple[int, dict[str, Any]]]]
    | None = None,
    in_play: bool | None = None,
) -> dict[str, Any]:
    """The game as the requester may see it: their seat's observation, or a spectator's.

    ``seats`` and ``moves`` (``(seat, action)`` in order, or a function reading them) as read by
    :func:`game_read`; without them they come from the game's prefetched seats and a query of its
    moves. The engine's part is kept per process (:mod:`games.selectors.replays`): the moves are
    read and replayed only when this game at this version was not shown to these seats lately.
    ``in_play``: whether its deal is still in play (:func:`game_read` says; without it,
    :func:`deal_in_play` asks). A caller refuses a viewer :func:`deal_refusal` names before it
    shows them this."""
    seats = seat_rows(game) if seats is None else seats
    mine = seats_held_by(seats, user)

    def shown() -> EngineView:
        history = moves() if callable(moves) else moves
        if history is None:  # the moves up to the row's version: what is kept is kept under it
            history = [(seat, action) for _n, seat, action, _at in move_rows(game.pk, 0, game.version)]
        state = replay(game.game_id, game.config, game.seed, history)
        to_act = state.to_act()
        viewer = viewer_seat(mine, to_act)
        legal = state.legal_actions(viewer) if viewer in to_act else []
        return EngineView(to_act, viewer, state.observe(viewer), legal)

    engine = replay_shown(game, ("view", tuple(mine)), shown)
    view: dict[str, Any] = {
        "id": game.pk,
        "game": game.game_id,
        "config": game.config,
        "status": game.status,
        "rated": game.rated,
        "move_count": game.version,
        "seats": [row.summary for row in seats],
        "your_seats": mine,
        "viewer_seat": engine.viewer,
        "to_act": engine.to_act,
        "observation": engine.observation,
        "legal_actions": engine.legal_actions,
        "created_at": game.created_at,
        "finished_at": game.finished_at,
        "outcome": game.outcome,
    }
    if record_open(game, user, deal_in_play(game) if in_play is None else in_play):
        view["seed"] = game.seed
    return view


class EngineView(NamedTuple):
    """What the engine shows one viewer of a game at one version (kept: read it, never change it)."""

    to_act: list[int]
    viewer: int | None
    observation: Any
    legal_actions: list[dict[str, Any]]


# Every column of a game, in the model's order (what Model.from_db expects).
_GAME_FIELDS = tuple(field.attname for field in Game._meta.concrete_fields)
# Another game of the same deal while it or this game runs (:func:`deal_refusal`): a probe of the
# game_deal index, asked in the game's own read rather than in a query of its own.
_DEAL_IN_PLAY = f"""EXISTS (
    SELECT 1 FROM games_game AS same_deal
    WHERE same_deal.game_id = games_game.game_id AND same_deal.seed = games_game.seed
      AND same_deal.id <> games_game.id
      AND (same_deal.status = '{GameStatus.RUNNING.value}' OR games_game.status = '{GameStatus.RUNNING.value}'))"""
_GAME_READ = f"""
SELECT {", ".join(f"games_game.{name}" for name in _GAME_FIELDS)}, {_DEAL_IN_PLAY},
       games_seat."index", games_seat.competitor_id, games_competitor.name, games_player.id, games_bot.id,
       games_seat.rank, games_seat.score, games_player.user_id
FROM games_game
LEFT JOIN games_seat ON games_seat.game_id = games_game.id
LEFT JOIN games_competitor ON games_competitor.id = games_seat.competitor_id
LEFT JOIN games_player ON games_player.competitor_id = games_competitor.id
LEFT JOIN games_bot ON games_bot.competitor_id = games_competitor.id
WHERE games_game.id = %s ORDER BY games_seat."index"
"""
_GAME_READ_FIELDS = (*Game._meta.concrete_fields, *(None,) * 9)


class GameRead(NamedTuple):
    game: Game
    seats: list[SeatRow]
    in_play: bool  # its deal is still in play (:func:`deal_refusal`)


def game_read(pk: int) -> GameRead | None:
    """A game, its seats and whether its deal is still in play, in one query of hand-written SQL (no
    Seat, Competitor, Player or Bot object: the API reads a game all day); None when there is no
    such game."""
    rows = fetch(_GAME_READ, [pk], _GAME_READ_FIELDS, prepared=True)
    if not rows:
        return None
    width = len(_GAME_FIELDS)
    game = Game.from_db(router.db_for_read(Game), _GAME_FIELDS, rows[0][:width])
    seats = []
    for row in rows:
        *summary, user_id = row[width + 1 :]
        if summary[0] is not None:  # a game has seats; the LEFT JOIN only keeps a seatless one found
            seats.append(SeatRow(seat_summary_from(*summary), user_id))
    return GameRead(game, seats, bool(rows[0][width]))  # SQLite answers EXISTS with 0 or 1


_MOVE_ROW_FIELDS = model_fields(Move, "number", "seat", "action", "created_at")


def move_rows(
    pk: int, after: int = 0, limit: int | None = None
) -> list[tuple[int, int, dict[str, Any], Any]]:
    """``(number, seat, action, created_at)`` of a game's moves numbered after ``after``, in order
    (at most ``limit``), read along the (game, number) index."""
    sql = "SELECT number, seat, action, created_at FROM games_move WHERE game_id = %s AND number > %s ORDER BY number"
    params: list[Any] = [pk, after]
    if limit is not None:
        sql += f" LIMIT {int(limit)}"
    return fetch(sql, params, _MOVE_ROW_FIELDS, prepared=True)


def game_history(
    game: Game,
    user: AbstractBaseUser | AnonymousUser,
    *,
    after: int = 0,
    limit: int | None = None,
    seats: Sequence[SeatRow] | None = None,
    in_play: bool | None = None,
) -> dict[str, Any]:
    """The move list as the requester may see it; everything, seed and final state included, once
    over and once every game of its deal is (:func:`record_open`; till then, as while it runs).

    ``after``/``limit`` give a part of it: the moves numbered after ``after``, at most ``limit``
    of them (a running game's part is read along the (game, number) index, so its last part costs
    what its first does; a finished game's whole history is read for its final state). ``in_play``
    as :func:`game_view` takes it."""
    whole = record_open(game, user, deal_in_play(game) if in_play is None else in_play)
    history: dict[str, Any] = {
        "id": game.pk,
        "game": game.game_id,
        "status": game.status,
        "move_count": game.version,
    }
    if whole:
        history["seed"] = game.seed
        history["config"] = game.config
        # A finished game's record no longer changes: kept per process as a replay is
        # (games.selectors.replays), so reading it again reads no moves.
        record, final = replay_shown(game, ("record", after, limit), lambda: _record(game, after, limit))
        history["moves"] = record
        history["final_state"] = final
        history["outcome"] = game.outcome
        return history
    moves = move_rows(game.pk, after, limit)
    engine_game = get_game(game.game_id)
    mine = seats_held_by(seat_rows(game) if seats is None else seats, user)
    viewer = mine[0] if mine else None
    history["moves"] = [
        _move_json(
            number, seat, action if seat in mine else engine_game.redact_action(seat, action, viewer), at
        )
        for number, seat, action, at in moves
    ]
    return history


def _record(game: Game, after: int, limit: int | None) -> tuple[list[dict[str, Any]], Any]:
    """A finished game's moves numbered after ``after`` (at most ``limit``) and its final state,
    from one read of its whole history (the final state needs it all)."""
    history = move_rows(game.pk)
    part = [move for move in history if move[0] > after][:limit]
    final = replay(
        game.game_id, game.config, game.seed, [(seat, action) for _n, seat, action, _at in history]
    )
    return [_move_json(number, seat, action, at) for number, seat, action, at in part], final.to_json()


def _move_json(number: int, seat: int, action: dict[str, Any], created_at: Any) -> dict[str, Any]:
    return {"number": number, "seat": seat, "action": action, "created_at": created_at}


# Whose turn it is depends only on (game, version): cached under that key, a page or a long poll
# replays a game's history once per move, not once per request.
TO_ACT_CACHE_SECONDS = 24 * 3600


def _to_act_key(pk: int, created_at: datetime, version: int) -> str:
    # The creation time too: a database that reuses ids (a restore, SQLite's rolled-back tests)
    # must not be answered with another game's turn from a shared cache.
    return f"to_act:{pk}:{created_at.timestamp()}:{version}"


def game_to_act(game: Game) -> list[int]:
    """The seats that must act now in this game (none once it is over)."""
    if game.status != GameStatus.RUNNING:
        return []
    key = _to_act_key(game.pk, game.created_at, game.version)
    to_act = cache.get(key)
    if to_act is None:
        to_act = game_state(game).to_act()
        cache.set(key, to_act, TO_ACT_CACHE_SECONDS)
    return list(to_act)


def user_running_games(user: AbstractBaseUser | AnonymousUser) -> QuerySet[Game]:
    """The running games in which the user holds a seat, oldest first."""
    if not user.is_authenticated:
        return Game.objects.none()
    return (
        games_with_seats()
        .filter(status=GameStatus.RUNNING, seats__competitor__player__user_id=user.pk)
        .distinct()
        .order_by("pk")
    )


def _acting_seats(user: AbstractBaseUser | AnonymousUser) -> QuerySet[Seat]:
    """The user's seats that must act now in running games, searched in the ``seat_to_act`` index
    by the person's competitor.

    The competitor is a scalar subquery, not a join to the person: a join leaves the planner free to
    walk every seat of the partial index and match each against the person, which it does whenever
    its statistics say hardly any seat is to act (ANALYZE's sample of millions of seats rarely holds
    one of the few that are): every to-act seat of the site read on each request.
    """
    competitor = Player.objects.filter(user_id=user.pk or 0).values("competitor_id")
    return Seat.objects.filter(
        to_act=True, game__status=GameStatus.RUNNING, competitor_id=Subquery(competitor)
    ).order_by("game_id", "index")


def turn_signature(user: AbstractBaseUser | AnonymousUser) -> list[tuple[int, int]]:
    """``(game, version)`` of each game waiting for the user, by game: it changes whenever their
    turns do. A long poll compares this cheap read between checks and only reads the turns when it
    changed; :func:`turns_signature` gives the same from turns already read."""
    if not user.is_authenticated:
        return []
    return sorted(set(_acting_seats(user).values_list("game_id", "game__version")))


def turns_signature(turns: Sequence[dict[str, Any]]) -> list[tuple[int, int]]:
    """:func:`turn_signature` of these turns (from :func:`turns_waiting`), without a query."""
    return sorted((entry["game"].pk, entry["game"].version) for entry in turns)


# In the model's order: Model.from_db takes a subset of the columns in that order.
_TURN_GAME_FIELDS = ("id", "game_id", "status", "version", "created_at", "turn_deadline")
# The user's seats that must act now, searched in the ``seat_to_act`` index by the person's
# competitor, a scalar subquery for the reason :func:`_acting_seats` gives.
_TURNS_READ = f"""
SELECT games_seat."index", {", ".join(f"games_game.{name}" for name in _TURN_GAME_FIELDS)}
FROM games_seat
JOIN games_game ON games_game.id = games_seat.game_id
WHERE games_seat.to_act AND games_game.status = {sql_literal(GameStatus.RUNNING.value)}
  AND games_seat.competitor_id = (SELECT competitor_id FROM games_player WHERE user_id = %s)
ORDER BY games_seat.game_id, games_seat."index"
"""
_TURNS_FIELDS = (None, *model_fields(Game, *_TURN_GAME_FIELDS))


def turns_waiting(user: AbstractBaseUser | AnonymousUser) -> list[dict[str, Any]]:
    """The games waiting for a move of this user, the nearest deadline first (one query).

    Each entry: ``game`` (the row's shown columns, without its seats: :func:`games_seats_prefetch`
    adds them), ``seats`` (the user's seat indexes that must act), ``deadline`` (the game's turn
    deadline, or None)."""
    if not user.is_authenticated:
        return []
    db = router.db_for_read(Game)
    by_game: dict[int, dict[str, Any]] = {}
    for index, *game_values in fetch(_TURNS_READ, [user.pk], _TURNS_FIELDS, prepared=True):
        entry = by_game.get(game_values[0])
        if entry is None:
            game = Game.from_db(db, _TURN_GAME_FIELDS, game_values)
            entry = by_game[game.pk] = {"game": game, "seats": [], "deadline": game.turn_deadline}
        entry["seats"].append(index)
    far_future = (1, 0.0)
    return sorted(
        by_game.values(),
        key=lambda entry: (0, entry["deadline"].timestamp()) if entry["deadline"] is not None else far_future,
    )


def turns_waiting_count(user: AbstractBaseUser | AnonymousUser) -> int:
    """How many games wait for a move of this user (the navigation's count on every page)."""
    if not user.is_authenticated:
        return 0
    return _acting_seats(user).values("game_id").distinct().count()


def games_seats_prefetch(games: Sequence[Game]) -> None:
    """Load the seats (and who sits there) of games read without them, in one query."""
    prefetch_related_objects(list(games), _seats_prefetch())


def game_progress(pk: int) -> tuple[int, str] | None:
    """``(move count, status)`` of a game, or None when there is no such game: all a page that waits
    for the game to move on needs to know (it shows nothing of the game)."""
    return Game.objects.filter(pk=pk).values_list("version", "status").first()


_HISTORY_READ = "SELECT seat, action FROM games_move WHERE game_id = %s ORDER BY number"
_HISTORY_FIELDS = model_fields(Move, "seat", "action")


def game_state(game: Game) -> State:
    """The engine state, rebuilt from the stored history (the history is the only truth); the
    history read by hand-written SQL, as every move and every turn reads it."""
    return replay(
        game.game_id, game.config, game.seed, fetch(_HISTORY_READ, [game.pk], _HISTORY_FIELDS, prepared=True)
    )


SUBMITTED_KINDS = (BotKind.PROGRAM, BotKind.HTTP)


@dataclass(frozen=True)
class SeatHolder:
    """A seat and who holds it: a person's user id, or a bot's kind. Read by :func:`seat_holders`
    with a time ``at``, also whether the person has a vacation ending after it (``away``: only
    their deadline then needs their vacations) and whether a turn notification can reach them
    (``reachable``: a verified primary address they let us mail, or a webhook they let us post to).
    Without ``at`` both are None: not known."""

    seat: Seat
    user_id: int | None
    bot_kind: str | None
    away: bool | None = None
    reachable: bool | None = None


# Every column, in the model's order (what Model.from_db expects): the Seat objects are complete.
_SEAT_FIELDS = tuple(field.attname for field in Seat._meta.concrete_fields)
_HOLDERS_SELECT = f"""
SELECT {", ".join(f'games_seat."{name}"' for name in _SEAT_FIELDS)}, games_player.user_id, games_bot.kind"""
_HOLDERS_FROM = """
FROM games_seat
LEFT JOIN games_player ON games_player.competitor_id = games_seat.competitor_id
LEFT JOIN games_bot ON games_bot.competitor_id = games_seat.competitor_id"""
_HOLDERS_WHERE = """
WHERE games_seat.game_id = %s ORDER BY games_seat."index"
"""
_HOLDERS_READ = _HOLDERS_SELECT + _HOLDERS_FROM + _HOLDERS_WHERE
_HOLDERS_FIELDS = (*Seat._meta.concrete_fields, None, None)
# The same rule as games.services.notifications decides by (NotificationSettings.wants and a
# verified primary address; no settings row: the defaults, mail on and no webhook), asked in the
# seats' read so a move whose next person cannot be told anything enqueues no task at all.
# tests/games/test_move_state_cache.py holds it to that rule.
_HOLDERS_AT_READ = (
    _HOLDERS_SELECT
    + f""",
       EXISTS (SELECT 1 FROM {Vacation._meta.db_table} AS vacation
               WHERE vacation.player_id = games_player.id AND vacation.ends_at > %s),
       (COALESCE(notify.email_turn, TRUE) AND EXISTS (
            SELECT 1 FROM {EmailAddress._meta.db_table} AS address
            WHERE address.user_id = games_player.user_id AND address."primary" AND address.verified))
       OR COALESCE(notify.webhook_turn AND notify.webhook_url <> '', FALSE)"""
    + _HOLDERS_FROM
    + f"""
LEFT JOIN {NotificationSettings._meta.db_table} AS notify ON notify.user_id = games_player.user_id"""
    + _HOLDERS_WHERE
)


def seat_holders(game: Game, at: datetime | None = None) -> list[SeatHolder]:
    """The game's seats in index order with who holds each, in one query and without a
    Competitor, Player or Bot object per seat (a move reads them on every request); with ``at``,
    also whether each person is away after it and can be told of a turn (:class:`SeatHolder`)."""
    db = router.db_for_read(Seat)
    holders = []
    if at is None:
        for *fields, user_id, bot_kind in fetch(_HOLDERS_READ, [game.pk], _HOLDERS_FIELDS, prepared=True):
            seat = Seat.from_db(db, _SEAT_FIELDS, fields)
            seat.game = game
            holders.append(SeatHolder(seat, user_id, bot_kind))
        return holders
    params = [connection.ops.adapt_datetimefield_value(at), game.pk]
    for *fields, user_id, bot_kind, away, reachable in fetch(
        _HOLDERS_AT_READ, params, _HOLDERS_FIELDS, prepared=True
    ):
        seat = Seat.from_db(db, _SEAT_FIELDS, fields)
        seat.game = game
        # SQLite answers a truth value with 0 or 1, and NULL where nobody holds the seat's player.
        holders.append(SeatHolder(seat, user_id, bot_kind, bool(away), bool(reachable)))
    return holders


# The game row and its competition's deadline rules, which a move needs and which are a few
# primary-key joins away: read with the row it locks rather than in a query of their own (a game
# waits hours between two moves, so a cache of them kept per process mostly missed); and whether it
# is a tournament's or a league's game, which its end asks.
_RULE_FIELDS = (
    Tournament._meta.get_field("move_time_limit"),
    Tournament._meta.get_field("timeout_policy"),
    Tournament._meta.get_field("allow_vacations"),
    League._meta.get_field("move_time_limit"),
    League._meta.get_field("timeout_policy"),
    League._meta.get_field("allow_vacations"),
)
_LOCK_READ = """SELECT {game}, {rules}, match_game.match_id, league_game.league_id
FROM games_game
LEFT JOIN {match_game} AS match_game ON match_game.game_id = games_game.id
LEFT JOIN {match} AS match ON match.id = match_game.match_id
LEFT JOIN {round} AS round ON round.id = match.round_id
LEFT JOIN {tournament} AS tournament ON tournament.id = round.tournament_id
LEFT JOIN {league_game} AS league_game ON league_game.game_id = games_game.id
LEFT JOIN {league} AS league ON league.id = league_game.league_id
WHERE games_game.id = %s""".format(
    game=", ".join(f'games_game."{name}"' for name in _GAME_FIELDS),
    rules=", ".join(f'{field.model._meta.model_name}."{field.column}"' for field in _RULE_FIELDS),
    match_game=MatchGame._meta.db_table,
    match=Match._meta.db_table,
    round=Round._meta.db_table,
    tournament=Tournament._meta.db_table,
    league_game=LeagueGame._meta.db_table,
    league=League._meta.db_table,
)


class LockedGame(NamedTuple):
    """A game row locked by :func:`game_locked`, with its deadline rules and its competitions: its
    match's id in a tournament, its league's id (None where it is in none)."""

    game: Game
    rules: DeadlineRules
    match_id: int | None
    league_id: int | None


def game_locked(pk: int) -> LockedGame | None:
    """The game row, locked until the transaction ends (SELECT ... FOR UPDATE where the database
    has row locks; SQLite locks the whole database on the first write instead), with its deadline
    rules (:func:`games.selectors.deadlines.deadline_rules_for`'s) and its competitions, by
    hand-written SQL: the ORM's compiling of the same query cost a move more CPU than the query
    itself. None: no such game."""
    sql = _LOCK_READ + (" FOR UPDATE OF games_game" if connection.features.has_select_for_update else "")
    rows = fetch(sql, [pk], (*Game._meta.concrete_fields, *_RULE_FIELDS, None, None), prepared=True)
    if not rows:
        return None
    *row, match_id, league_id = rows[0]
    game = Game.from_db(router.db_for_read(Game), _GAME_FIELDS, row[: len(_GAME_FIELDS)])
    return LockedGame(game, rules_of(game.move_time_limit, *row[len(_GAME_FIELDS) :]), match_id, league_id)


_MOVE_FIELDS = tuple(field.attname for field in Move._meta.concrete_fields)
_MOVE_BY_KEY = "SELECT {} FROM games_move WHERE game_id = %s AND idempotency_key = %s".format(
    ", ".join(f'games_move."{name}"' for name in _MOVE_FIELDS)
)


def move_by_idempotency_key(game: Game, key: str) -> Move | None:
    """The game's move stored under this idempotency key (at most one: a unique index), by
    hand-written SQL as a move's other reads."""
    rows = fetch(_MOVE_BY_KEY, [game.pk, key], Move._meta.concrete_fields, prepared=True)
    if not rows:
        return None
    move = Move.from_db(router.db_for_read(Move), _MOVE_FIELDS, rows[0])
    move.game = game
    return move


def game_has_submitted_bots(game: Game | int) -> bool:
    """Whether a seat of this game is a submitted bot (played by ``play_remote_bots``)."""
    pk = game if isinstance(game, int) else game.pk
    return Seat.objects.filter(game_id=pk, competitor__bot__kind__in=SUBMITTED_KINDS).exists()


def games_with_submitted_bots(game_pks: Sequence[int]) -> set[int]:
    return set(
        Seat.objects.filter(game_id__in=game_pks, competitor__bot__kind__in=SUBMITTED_KINDS).values_list(
            "game_id", flat=True
        )
    )
