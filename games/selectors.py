"""Reads for the views and the API. Everything about a running game goes through ``observe``."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import QuerySet

from engine import get_game
from games.models import Bot, Competitor, Game, Rating, RatingChange, Seat
from games.services.games import game_state


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
    return {
        "index": seat.index,
        "competitor": competitor.pk,
        "name": competitor.name,
        "kind": "bot" if bot is not None else "player",
        "player": None if player is None else player.pk,
        "bot": None if bot is None else bot.pk,
        "rank": seat.rank,
        "score": seat.score,
    }


def games_with_seats() -> QuerySet[Game]:
    return Game.objects.prefetch_related("seats__competitor__player", "seats__competitor__bot")


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


def game_history(game: Game, user: AbstractBaseUser | AnonymousUser) -> dict[str, Any]:
    """The move list as the requester may see it; everything, seed and final state included, once over."""
    moves = list(game.moves.order_by("number"))
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
        history["final_state"] = game_state(game).to_json()
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


def ladder(game_id: str) -> QuerySet[Rating]:
    return (
        Rating.objects.filter(game_id=game_id)
        .select_related("competitor__player", "competitor__bot")
        .order_by("-rating", "competitor_id")
    )


def competitor_ratings(competitor: Competitor) -> dict[str, Any]:
    ratings = {
        rating.game_id: {"rating": rating.rating, "games_played": rating.games_played}
        for rating in competitor.ratings.all()
    }
    history = [
        {
            "game": change.game.game_id,
            "game_pk": change.game_id,
            "rating_before": change.rating_before,
            "rating_after": change.rating_after,
            "delta": change.delta,
            "at": change.created_at,
        }
        for change in RatingChange.objects.filter(competitor=competitor).select_related("game").order_by("id")
    ]
    return {"ratings": ratings, "rating_history": history}


def bots_for(game_id: str | None) -> QuerySet[Bot]:
    bots = Bot.objects.select_related("competitor").order_by("game_id", "engine_bot", "id")
    return bots.filter(game_id=game_id) if game_id else bots
