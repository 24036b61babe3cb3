"""Creating games, letting their bots play, and finishing them."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone

from engine import ConfigError, State, UnknownGame, get_game
from engine.bots import Bot as EngineBot
from engine.bots import make_bot
from engine.play import BotRunner
from games.models import Bot, Competitor, Game, GameStatus, Move, Seat
from games.services.errors import InvalidInput, NotFound
from games.services.ratings import rating_apply_for_game

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
) -> Game:
    """Create a game with one competitor per seat, in seat order; bots start on commit."""
    try:
        engine_game = get_game(game_id)
    except UnknownGame as exc:
        raise InvalidInput(str(exc)) from None
    config = dict(config or {})
    if "players" in engine_game.normalize_config({}) or "players" in config:
        config.setdefault("players", len(competitors))
    try:
        normalized = engine_game.normalize_config(config)
    except ConfigError as exc:
        raise InvalidInput(f"invalid config: {exc}") from None
    players = normalized.get("players", len(competitors))
    if players != len(competitors):
        raise InvalidInput(f"the config is for {players} players but {len(competitors)} seats were given")
    if not engine_game.min_players <= len(competitors) <= engine_game.max_players_for(normalized):
        raise InvalidInput(
            f"{engine_game.name} takes {engine_game.min_players} to "
            f"{engine_game.max_players_for(normalized)} players, not {len(competitors)}"
        )
    for competitor in competitors:
        bot = getattr(competitor, "bot", None)
        if bot is not None and bot.game_id != game_id:
            raise InvalidInput(f"bot {competitor.name!r} plays {bot.game_id}, not {game_id}")
    if seed is None:
        seed = secrets.randbits(63)
    game = Game.objects.create(game_id=game_id, config=normalized, seed=seed, rated=rated)
    Seat.objects.bulk_create(
        [Seat(game=game, index=index, competitor=competitor) for index, competitor in enumerate(competitors)]
    )
    _enqueue_bots_on_commit(game.pk)
    return game


def _enqueue_bots_on_commit(game_pk: int) -> None:
    from games.tasks import play_bot_game

    transaction.on_commit(lambda: play_bot_game.delay(game_pk))


def _seat_bots(game: Game, seats: Sequence[Seat]) -> list[EngineBot | None]:
    bots: list[EngineBot | None] = []
    for seat in seats:
        bot: Bot | None = getattr(seat.competitor, "bot", None)
        bots.append(None if bot is None else make_bot(game.game_id, bot.engine_bot))
    return bots


def game_state(game: Game) -> State:
    """The engine state, rebuilt from the stored history (the history is the only truth)."""
    from engine import replay

    moves = list(game.moves.order_by("number").values_list("seat", "action"))
    return replay(game.game_id, game.config, game.seed, moves)


def game_play_bots(*, game_pk: int, max_moves: int | None = None) -> int:
    """Play the bot seats until a person must act or the game ends; returns the moves played.

    Idempotent: a finished game is left alone, and a second worker on the same game waits for the
    row lock and then finds nothing to do. ``max_moves`` bounds one run (tests use it to stand in
    for a worker killed part-way).
    """
    played = 0
    while max_moves is None or played < max_moves:
        chunk = BOT_MOVES_PER_COMMIT if max_moves is None else min(BOT_MOVES_PER_COMMIT, max_moves - played)
        moved, waiting = _play_bot_chunk(game_pk, chunk)
        played += moved
        if waiting:
            break
    return played


@transaction.atomic
def _play_bot_chunk(game_pk: int, limit: int) -> tuple[int, bool]:
    """Up to ``limit`` bot moves in one transaction; also says whether bots must now wait."""
    try:
        game = Game.objects.select_for_update().get(pk=game_pk)
    except Game.DoesNotExist:
        raise NotFound(f"no game {game_pk}") from None
    if game.status != GameStatus.RUNNING:
        return 0, True
    seats = list(game.seats.select_related("competitor__bot").order_by("index"))
    runner = BotRunner(game.game_id, game.config, game.seed, _seat_bots(game, seats))
    runner.replay(list(game.moves.order_by("number").values_list("seat", "action")))
    moves = runner.run(max_moves=limit)
    now = timezone.now()
    Move.objects.bulk_create(
        [
            Move(game=game, number=game.version + i, seat=seat, action=action, created_at=now)
            for i, (seat, action) in enumerate(moves, start=1)
        ]
    )
    game.version += len(moves)
    if runner.state.is_over:
        game_finish(game=game, state=runner.state, seats=seats)
    else:
        game.save(update_fields=["version"])
    return len(moves), runner.state.is_over or runner.bot_to_act() is None


def game_finish(*, game: Game, state: State, seats: Sequence[Seat] | None = None) -> None:
    """Store the outcome and ranks, reveal the game, and apply ratings; inside the caller's transaction."""
    outcome = state.outcome()
    if seats is None:
        seats = list(game.seats.order_by("index"))
    for seat in seats:
        seat.rank = outcome.ranks[seat.index]
        seat.score = outcome.scores[seat.index]
    Seat.objects.bulk_update(seats, ["rank", "score"])
    game.status = GameStatus.FINISHED
    game.outcome = outcome.to_json()
    game.finished_at = timezone.now()
    game.save(update_fields=["status", "outcome", "finished_at", "version"])
    if game.rated:
        rating_apply_for_game(game=game, seats=seats)
