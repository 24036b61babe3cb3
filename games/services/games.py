"""Creating games and letting their built-in bots play them (through the one game flow,
:mod:`games.services.game_flow`)."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from engine import ConfigError, EngineError, State, UnknownGame, get_game, replay
from engine.bots import make_bot
from engine.play import BotRunner
from games.models import Bot, Competitor, Game, GameStatus, Move, Seat
from games.services.after_commit import bots_play_on_commit
from games.services.errors import InvalidInput, NotFound
from games.services.game_flow import NewMove, ending_played, games_end, moves_append, turns_begin
from games.services.seeds import new_seed

logger = logging.getLogger(__name__)

# Bot moves are committed in chunks: a worker killed mid-game loses at most one chunk, and the
# next run continues from the stored moves.
BOT_MOVES_PER_COMMIT = 200


@transaction.atomic
def game_create(
    *,
    game_id: str,
    competitors: Sequence[Competitor],
    config: Mapping[str, Any] | None = None,
    seed: int | None = None,
    rated: bool = True,
    enqueue_bots: bool = True,
    move_time_limit: timedelta | None = None,
) -> Game:
    """Create a game with one competitor per seat, in seat order; bots start on commit.

    ``move_time_limit`` is the game's own time per move (a challenge's); ``None``: its competition's
    or the site's default. ``enqueue_bots=False`` leaves the enqueueing to the caller: one that creates many games at
    once hands them to :func:`games.services.after_commit.games_enqueue_bots` together.
    """
    try:
        engine_game = get_game(game_id)
    except UnknownGame as exc:
        raise InvalidInput(str(exc), field="game") from None
    config = dict(config or {})
    if "players" in engine_game.normalize_config({}) or "players" in config:
        config.setdefault("players", len(competitors))
    try:
        normalized = engine_game.normalize_config(config)
    except ConfigError as exc:
        raise InvalidInput(f"invalid config: {exc}", field="config") from None
    players = normalized.get("players", len(competitors))
    if players != len(competitors):
        raise InvalidInput(
            f"the config is for {players} players but {len(competitors)} seats were given", field="seats"
        )
    if not engine_game.min_players <= len(competitors) <= engine_game.max_players_for(normalized):
        raise InvalidInput(
            f"{engine_game.name} takes {engine_game.min_players} to "
            f"{engine_game.max_players_for(normalized)} players, not {len(competitors)}",
            field="seats",
        )
    for competitor in competitors:
        bot = getattr(competitor, "bot", None)
        if bot is not None and bot.game_id != game_id:
            raise InvalidInput(f"bot {competitor.name!r} plays {bot.game_id}, not {game_id}", field="seats")
    if seed is None:
        seed = new_seed()
    game = Game.objects.create(
        game_id=game_id, config=normalized, seed=seed, rated=rated, move_time_limit=move_time_limit
    )
    first_to_act = set(replay(game_id, normalized, seed, []).to_act())
    Seat.objects.bulk_create(
        [
            Seat(game=game, index=index, competitor=competitor, to_act=index in first_to_act)
            for index, competitor in enumerate(competitors)
        ]
    )
    if enqueue_bots:
        bots_play_on_commit(game.pk)
    return game


def game_play_bots(*, game_pk: int, max_moves: int | None = None) -> int:
    """Play the bot seats until a person must act or the game ends; returns the moves played.

    Idempotent: a finished game is left alone, and a second worker on the same game waits for the
    row lock and then finds nothing to do. ``max_moves`` bounds one run (tests use it to stand in
    for a worker killed part-way). A missing game raises :class:`NotFound`.
    """
    if not Game.objects.filter(pk=game_pk).exists():
        raise NotFound(f"no game {game_pk}")
    played = 0
    failures: dict[int, Exception] = {}
    while max_moves is None or played < max_moves:
        chunk = BOT_MOVES_PER_COMMIT if max_moves is None else min(BOT_MOVES_PER_COMMIT, max_moves - played)
        moved, waiting = _play_bot_batch_chunk([game_pk], chunk, failures).get(game_pk, (0, True))
        if failures:
            raise failures[game_pk]
        played += moved
        if waiting:
            break
    return played


# -- Playing many bot games at once ---------------------------------------------------------------


@dataclass
class _BatchGame:
    """One game of a batch while it is played in memory."""

    game: Game
    seats: list[Seat]
    moves: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    waiting: bool = True
    to_act: list[int] = field(default_factory=list)


def game_play_bots_batch(*, game_pks: Sequence[int]) -> dict[int, int]:
    """:func:`game_play_bots` for several games at once; returns the moves played in each game.

    Each game is rebuilt from its stored moves and played in memory as :func:`game_play_bots`
    would play it, until it ends or a person must act; then one transaction stores all their
    moves with one insert, updates their games and seats, and applies the ratings of the games
    that ended, game by game in the order given (:func:`rating_apply_for_games`: every rating row
    locked once for the batch). So a batch ends exactly as the same games played one by one in
    that order, for the price of one transaction.

    Idempotent like :func:`game_play_bots`: the game rows are locked (in id order, so batches that
    share games cannot deadlock) and games that are no longer running or missing are skipped. A
    game whose bots fail (an engine error) is left as it was and the others are stored; the error
    is raised afterwards. Games still going after ``BOT_MOVES_PER_COMMIT`` moves are continued in
    another transaction, as a single game is.
    """
    played = dict.fromkeys(game_pks, 0)  # in order, each game once
    failures: dict[int, Exception] = {}
    pending = list(played)
    while pending:
        moved = _play_bot_batch_chunk(pending, BOT_MOVES_PER_COMMIT, failures)
        for pk, (count, _) in moved.items():
            played[pk] += count
        pending = [pk for pk, (_, waiting) in moved.items() if not waiting]
    if failures:
        error = next(iter(failures.values()))
        error.add_note(f"bots failed in games {sorted(failures)}; the other games of the batch were stored")
        raise error
    return played


@transaction.atomic
def _play_bot_batch_chunk(
    game_pks: Sequence[int], limit: int, failures: dict[int, Exception]
) -> dict[int, tuple[int, bool]]:
    """Up to ``limit`` bot moves in each game, all in one transaction; per game: (moves, bots must wait)."""
    locked = {
        game.pk: game for game in Game.objects.select_for_update().filter(pk__in=game_pks).order_by("pk")
    }
    missing = [pk for pk in game_pks if pk not in locked]
    if missing:
        logger.warning("bot games %s do not exist; skipped", missing)
    batch = {
        pk: _BatchGame(locked[pk], [])
        for pk in game_pks
        if pk in locked and locked[pk].status == GameStatus.RUNNING
    }
    if not batch:
        return {}
    for seat in Seat.objects.filter(game_id__in=batch).order_by("game_id", "index"):
        batch[seat.game_id].seats.append(seat)
    # Which seats are bots, without a Competitor and a Bot object per seat (select_related).
    engine_bots = dict(
        Bot.objects.filter(
            competitor_id__in={seat.competitor_id for e in batch.values() for seat in e.seats}
        ).values_list("competitor_id", "engine_bot")
    )
    histories: dict[int, list[tuple[int, dict[str, Any]]]] = {}
    started = [pk for pk, entry in batch.items() if entry.game.version]
    if started:
        for game_pk, seat_index, action in (
            Move.objects.filter(game_id__in=started)
            .order_by("game_id", "number")
            .values_list("game_id", "seat", "action")
        ):
            histories.setdefault(game_pk, []).append((seat_index, action))

    finished: list[tuple[Game, State]] = []
    for pk, entry in list(batch.items()):
        game = entry.game
        try:
            bots = [
                None
                if seat.competitor_id not in engine_bots
                else make_bot(game.game_id, engine_bots[seat.competitor_id])
                for seat in entry.seats
            ]
            runner = BotRunner(game.game_id, game.config, game.seed, bots)
            runner.replay(histories.get(pk, []))
            entry.moves = runner.run(max_moves=limit)
        except EngineError as exc:  # one game's broken bot must not hold the others back
            logger.exception("bots failed in game %s", pk)
            failures[pk] = exc
            del batch[pk]
            continue
        entry.waiting = runner.state.is_over or runner.bot_to_act() is None
        entry.to_act = [] if runner.state.is_over else list(runner.state.to_act())
        if runner.state.is_over:
            finished.append((game, runner.state))

    now = timezone.now()
    moves_append(
        [(entry.game, [NewMove(seat, action) for seat, action in entry.moves]) for entry in batch.values()],
        now=now,
    )
    ended = {game.pk for game, _ in finished}
    games_end([(game, batch[game.pk].seats, ending_played(state)) for game, state in finished], now=now)
    # The games left waiting for people get their move deadline; the others (bots still to move) none.
    turns_begin(
        [(e.game, e.seats, e.to_act) for pk, e in batch.items() if pk not in ended],
        bot_competitors=set(engine_bots),
        now=now,
        bots_moving={pk for pk, e in batch.items() if not e.waiting},
    )
    return {pk: (len(entry.moves), entry.waiting) for pk, entry in batch.items()}
