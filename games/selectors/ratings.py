"""Reads of ratings: a game's ladder and a competitor's ratings and their history."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from games.models import Competitor, Rating, RatingChange


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


def competitor_game_ratings(competitor: Competitor) -> QuerySet[Rating]:
    return Rating.objects.filter(competitor=competitor).order_by("game_id")


def competitor_rating_history(competitor: Competitor, limit: int = 300) -> list[RatingChange]:
    """The competitor's latest ``limit`` rating changes, oldest first (the order they were applied)."""
    latest = (
        RatingChange.objects.filter(competitor=competitor)
        .select_related("game")
        .only("id", "game_id", "game__game_id", "rating_before", "rating_after", "created_at")
        .order_by("-id")[:limit]
    )
    return list(reversed(latest))


def rated_games_count() -> int:
    """The games that moved ratings: what ``ratings_recompute`` replays (for its progress bar)."""
    return RatingChange.objects.values("game_id").distinct().count()
