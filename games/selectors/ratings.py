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


def ladder_rows(game_id: str) -> QuerySet[Rating, Any]:
    """The ladder as plain rows, best first (the API's page): only the columns it shows, read along
    the ``rating_ladder`` index (game, rating descending, competitor)."""
    return (
        Rating.objects.filter(game_id=game_id)
        .order_by("-rating", "competitor_id")
        .values(
            "competitor_id",
            "competitor__name",
            "competitor__player__id",
            "competitor__bot__id",
            "game_id",
            "rating",
            "games_played",
        )
    )


def competitor_ratings(competitor: Competitor) -> dict[str, Any]:
    ratings = {
        game_id: {"rating": rating, "games_played": played}
        for game_id, rating, played in competitor.ratings.values_list("game_id", "rating", "games_played")
    }
    # Plain rows along the ``rating_change_history`` index: a long career is one read, no objects.
    changes = (
        RatingChange.objects.filter(competitor=competitor)
        .order_by("id")
        .values_list("game__game_id", "game_id", "rating_before", "rating_after", "created_at")
    )
    history = [
        {
            "game": game_id,
            "game_pk": game_pk,
            "rating_before": before,
            "rating_after": after,
            "delta": after - before,
            "at": at,
        }
        for game_id, game_pk, before, after, at in changes
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
