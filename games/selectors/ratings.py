"""Reads of ratings: a game's ladder and a competitor's ratings and their history."""

from __future__ import annotations

import functools
from typing import Any

from django.conf import settings
from django.db.models import QuerySet

from games.models import Competitor, Rating, RatingChange
from games.selectors.lists import Key, SqlList, fetch, model_fields, sql_literal


def ladder(game_id: str) -> QuerySet[Rating]:
    return (
        Rating.objects.filter(game_id=game_id)
        .select_related("competitor__player", "competitor__bot")
        .order_by("-rating", "competitor_id")
    )


def ladder_rows(game_id: str) -> SqlList:
    """The ladder as the API's rows, best first, read along the ``rating_ladder`` index (game, rating
    descending, competitor) by hand-written SQL (see :mod:`games.selectors.lists`)."""
    return SqlList(
        select=_LADDER_SELECT,
        count_from="FROM games_rating",
        # A game's ladder is its own statement (ladders' sizes differ), prepared: see lists.fetch.
        where=(f"games_rating.game_id = {sql_literal(game_id)}",),
        params=(),
        order=((Key("rating", True), "games_rating.rating"), (Key("competitor", False), "games_rating.competitor_id")),
        row=functools.partial(_ladder_row, provisional_below=settings.ELO_PROVISIONAL_GAMES),
        prepared=True,
    )


_LADDER_SELECT = """
SELECT games_rating.competitor_id, games_competitor.name, games_player.id, games_bot.id,
       games_rating.game_id, games_rating.rating, games_rating.games_played
FROM games_rating
JOIN games_competitor ON games_competitor.id = games_rating.competitor_id
LEFT JOIN games_player ON games_player.competitor_id = games_competitor.id
LEFT JOIN games_bot ON games_bot.competitor_id = games_competitor.id
"""


def _ladder_row(values: tuple[Any, ...], provisional_below: int) -> dict[str, Any]:
    competitor, name, player, bot, game_id, rating, games_played = values
    return {
        "competitor": competitor,
        "name": name,
        "kind": "bot" if bot is not None else "player",
        "player": player,
        "game_id": game_id,
        "rating": rating,
        "games_played": games_played,
        "provisional": games_played < provisional_below,
    }


_PLAYER_READ = """
SELECT games_player.id, games_competitor.id, games_competitor.name,
       games_rating.game_id, games_rating.rating, games_rating.games_played
FROM games_player
JOIN games_competitor ON games_competitor.id = games_player.competitor_id
LEFT JOIN games_rating ON games_rating.competitor_id = games_competitor.id
WHERE games_player.id = %s ORDER BY games_rating.game_id
"""
# Along the ``rating_change_history`` index: a long career is one read, no objects.
_CHANGES_READ = """
SELECT games_game.game_id, games_ratingchange.game_id, games_ratingchange.rating_before,
       games_ratingchange.rating_after, games_ratingchange.created_at
FROM games_ratingchange JOIN games_game ON games_game.id = games_ratingchange.game_id
WHERE games_ratingchange.competitor_id = %s ORDER BY games_ratingchange.id
"""
_CHANGES_FIELDS = (None, None, None, None, *model_fields(RatingChange, "created_at"))


def player_profile(pk: int) -> dict[str, Any] | None:
    """A player's public record (name, ratings by game, rating history) by hand-written SQL, two
    queries; None when there is no such player."""
    rows = fetch(_PLAYER_READ, [pk], prepared=True)
    if not rows:
        return None
    player, competitor, name = rows[0][:3]
    ratings = {
        game_id: {"rating": rating, "games_played": played}
        for *_, game_id, rating, played in rows
        if game_id is not None
    }
    history = [
        {
            "game": game_id,
            "game_pk": game_pk,
            "rating_before": before,
            "rating_after": after,
            "delta": after - before,
            "at": at,
        }
        for game_id, game_pk, before, after, at in fetch(_CHANGES_READ, [competitor], _CHANGES_FIELDS, prepared=True)
    ]
    return {
        "id": player,
        "name": name,
        "competitor": competitor,
        "ratings": ratings,
        "rating_history": history,
    }


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
