"""Reads of games: what a viewer may see of a game, its history, and whose turn it is."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.cache import cache
from django.db import router
from django.db.models import Prefetch, QuerySet, prefetch_related_objects

from engine import State, get_game, replay
from games.models import BotKind, Game, GameStatus, Seat


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
    return _summary(
        seat.index,
        competitor.pk,
        competitor.name,
        None if player is None else player.pk,
        None if bot is None else bot.pk,
        seat.rank,
        seat.score,
    )


def _summary(
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


SEAT_ROW = (
    "game_id",
    "index",
    "competitor_id",
    "competitor__name",
    "competitor__player__id",
    "competitor__bot__id",
    "rank",
    "score",
)


def seat_summaries(game_pks: Sequence[int]) -> dict[int, list[dict[str, Any]]]:
    """:func:`seat_summary` of every seat of these games, by game, from one query of plain rows
    (a list page shows 50 games: no Seat, Competitor, Player or Bot object for each)."""
    by_game: dict[int, list[dict[str, Any]]] = {pk: [] for pk in game_pks}
    rows = Seat.objects.filter(game_id__in=game_pks).order_by("game_id", "index").values_list(*SEAT_ROW)
    for game_pk, *seat in rows:
        by_game[game_pk].append(_summary(*seat))
    return by_game


def game_list(game_id: str | None = None, status: str | None = None) -> QuerySet[Game]:
    """The games list's rows, newest first (only the columns it shows; seats: :func:`seat_summaries`)."""
    games = Game.objects.order_by("-id").only("id", "game_id", "status", "version", "created_at")
    if game_id:
        games = games.filter(game_id=game_id)
    if status:
        games = games.filter(status=status)
    return games


def games_with_seats() -> QuerySet[Game]:
    """Games with their seats and who sits there: two queries for any number of games."""
    return Game.objects.prefetch_related(_seats_prefetch())


def _seats_prefetch() -> Prefetch[Any]:
    seats = Seat.objects.select_related("competitor__player", "competitor__bot").order_by("index")
    return Prefetch("seats", queryset=seats)


def game_view(game: Game, user: AbstractBaseUser | AnonymousUser) -> dict[str, Any]:
    """The game as the requester may see it: their seat's observation, or a spectator's."""
    state = game_state(game)
    mine = user_seat_indexes(game, user)
    to_act = state.to_act()
    acting = [seat for seat in mine if seat in to_act]
    viewer = acting[0] if acting else (mine[0] if mine else None)
    view: dict[str, Any] = {
        "id": game.pk,
        "game": game.game_id,
        "config": game.config,
        "status": game.status,
        "rated": game.rated,
        "move_count": game.version,
        "seats": [seat_summary(seat) for seat in game.seats.all()],
        "your_seats": mine,
        "viewer_seat": viewer,
        "to_act": to_act,
        "observation": state.observe(viewer),
        "legal_actions": state.legal_actions(viewer) if viewer in to_act else [],
        "created_at": game.created_at,
        "finished_at": game.finished_at,
        "outcome": game.outcome,
    }
    if game.is_finished:
        view["seed"] = game.seed
    return view


def game_history(
    game: Game, user: AbstractBaseUser | AnonymousUser, *, after: int = 0, limit: int | None = None
) -> dict[str, Any]:
    """The move list as the requester may see it; everything, seed and final state included, once over.

    ``after``/``limit`` give a part of it: the moves numbered after ``after``, at most ``limit``
    of them (a running game's part is read along the (game, number) index, so its last part costs
    what its first does; a finished game's whole history is read for its final state)."""
    # game_id too: the related manager ties each move to `game`, reading a deferred key per move.
    wanted = game.moves.order_by("number").only("game_id", "number", "seat", "action", "created_at")
    if game.is_finished:
        # Its final state needs the whole history anyway: one read, and the part cut from it.
        history_moves = list(wanted)
        moves = [move for move in history_moves if move.number > after][:limit]
    else:
        if after > 0:
            wanted = wanted.filter(number__gt=after)
        moves = list(wanted if limit is None else wanted[:limit])
    history: dict[str, Any] = {
        "id": game.pk,
        "game": game.game_id,
        "status": game.status,
        "move_count": game.version,
    }
    if game.is_finished:
        history["seed"] = game.seed
        history["config"] = game.config
        history["moves"] = [_move_json(move, move.action) for move in moves]
        final = replay(game.game_id, game.config, game.seed, [(m.seat, m.action) for m in history_moves])
        history["final_state"] = final.to_json()
        history["outcome"] = game.outcome
        return history
    engine_game = get_game(game.game_id)
    mine = user_seat_indexes(game, user)
    viewer = mine[0] if mine else None
    history["moves"] = [
        _move_json(
            move,
            move.action if move.seat in mine else engine_game.redact_action(move.seat, move.action, viewer),
        )
        for move in moves
    ]
    return history


def _move_json(move: Any, action: dict[str, Any]) -> dict[str, Any]:
    return {"number": move.number, "seat": move.seat, "action": action, "created_at": move.created_at}


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
    """The user's seats that must act now in running games, read along the ``seat_to_act`` index."""
    return Seat.objects.filter(
        to_act=True, game__status=GameStatus.RUNNING, competitor__player__user_id=user.pk or 0
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


def turns_waiting(user: AbstractBaseUser | AnonymousUser) -> list[dict[str, Any]]:
    """The games waiting for a move of this user, the nearest deadline first (one query).

    Each entry: ``game`` (the row, without its seats: :func:`games_seats_prefetch` adds them),
    ``seats`` (the user's seat indexes that must act), ``deadline`` (the game's turn deadline, or
    None)."""
    if not user.is_authenticated:
        return []
    by_game: dict[int, dict[str, Any]] = {}
    for seat in (
        _acting_seats(user)
        .select_related("game")
        .only(
            "index",
            "game__id",
            "game__game_id",
            "game__version",
            "game__status",
            "game__turn_deadline",
            "game__created_at",
        )
    ):
        entry = by_game.setdefault(
            seat.game_id, {"game": seat.game, "seats": [], "deadline": seat.game.turn_deadline}
        )
        entry["seats"].append(seat.index)
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


def game_progress_after(pk: int, after: int, timeout: float, interval: float) -> tuple[int, str] | None:
    """Wait up to ``timeout`` seconds for game ``pk`` to have other than ``after`` moves (more, as a
    rule) or to stop running, reading :func:`game_progress` every ``interval`` seconds; the last reading (None: no such
    game). Like the turns' long poll, it holds no transaction between readings."""
    give_up_at = time.monotonic() + timeout
    while True:
        progress = game_progress(pk)
        if progress is None or progress[0] != after or progress[1] != GameStatus.RUNNING:
            return progress
        remaining = give_up_at - time.monotonic()
        if remaining <= 0:
            return progress
        time.sleep(min(interval, remaining))


def game_state(game: Game) -> State:
    """The engine state, rebuilt from the stored history (the history is the only truth)."""
    moves = list(game.moves.order_by("number").values_list("seat", "action"))
    return replay(game.game_id, game.config, game.seed, moves)


SUBMITTED_KINDS = (BotKind.PROGRAM, BotKind.HTTP)


@dataclass(frozen=True)
class SeatHolder:
    """A seat and who holds it: a person's user id, or a bot's kind."""

    seat: Seat
    user_id: int | None
    bot_kind: str | None


# Every column, in the model's order (what Model.from_db expects): the Seat objects are complete.
_SEAT_FIELDS = tuple(field.attname for field in Seat._meta.concrete_fields)


def seat_holders(game: Game) -> list[SeatHolder]:
    """The game's seats in index order with who holds each, in one query and without a
    Competitor, Player or Bot object per seat (a move reads them on every request)."""
    # Asking here whether each person is away (an EXISTS on vacations) would spare the vacation
    # query of the next turn, but compiling it costs more CPU than that query does.
    rows = (
        Seat.objects.filter(game=game)
        .order_by("index")
        .values_list(*_SEAT_FIELDS, "competitor__player__user_id", "competitor__bot__kind")
    )
    db = router.db_for_read(Seat)
    holders = []
    for *fields, user_id, bot_kind in rows:
        seat = Seat.from_db(db, _SEAT_FIELDS, fields)
        seat.game = game
        holders.append(SeatHolder(seat, user_id, bot_kind))
    return holders


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
