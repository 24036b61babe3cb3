"""Reads for the pages of people: profiles (bounded, so a bot with thousands of games stays cheap)."""

from __future__ import annotations

from django.db.models import QuerySet

from games.models import Competitor, Entry, Game, LeagueEntry, Rating, RatingChange

MAX_PK = 2**63 - 1  # a larger id would reach the database as an error, not a miss


def competitor_or_none(pk: int) -> Competitor | None:
    if not 1 <= pk <= MAX_PK:
        return None
    return Competitor.objects.select_related("player__user", "bot").filter(pk=pk).first()


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


def competitor_recent_games(competitor: Competitor, limit: int = 20) -> QuerySet[Game]:
    return (
        Game.objects.filter(seats__competitor=competitor)
        .prefetch_related("seats__competitor")
        .order_by("-id")[:limit]
    )


def competitor_competitions(competitor: Competitor, limit: int = 20) -> dict[str, list]:
    """The tournaments and leagues the competitor entered, newest first."""
    entries = Entry.objects.filter(competitor=competitor).select_related("tournament").order_by("-id")[:limit]
    league_entries = (
        LeagueEntry.objects.filter(competitor=competitor).select_related("league").order_by("-id")[:limit]
    )
    return {"tournaments": list(entries), "leagues": list(league_entries)}
