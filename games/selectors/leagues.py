"""Reads of leagues: lists with counts, ladders, games and seasons."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Q, QuerySet

from games.models import Game, League, LeagueEntry, Season


def leagues_with_counts() -> QuerySet[League]:
    return League.objects.select_related("organiser__competitor").annotate(
        entry_count=Count("league_entries", filter=Q(league_entries__active=True), distinct=True),
        games_played=Count("league_games", filter=Q(league_games__game__status="finished"), distinct=True),
    )


def ladder_entries(league: League) -> QuerySet[LeagueEntry]:
    """The ladder: active entries, best rating first (Elo, or OpenSkill's ordinal); ties by entry id."""
    return LeagueEntry.objects.filter(league=league, active=True).order_by("-rating", "id")


def ladder_rows(league: League) -> QuerySet[LeagueEntry, Any]:
    """The ladder as plain rows (the API's page), read along the ``league_ladder`` index."""
    return ladder_entries(league).values(
        "id",
        "competitor_id",
        "competitor__name",
        "competitor__bot__id",
        "rating",
        "mu",
        "sigma",
        "games_played",
        "provisional",
        "active",
        "joined_at",
    )


def ladder_position(entry: LeagueEntry) -> int:
    """An active entry's place on its ladder (1 = top): the active entries ahead of it, plus one."""
    ahead = LeagueEntry.objects.filter(league_id=entry.league_id, active=True).filter(
        Q(rating__gt=entry.rating) | Q(rating=entry.rating, id__lt=entry.pk)
    )
    return ahead.count() + 1


def league_games(league: League) -> QuerySet[Game]:
    return (
        Game.objects.filter(league_game__league=league)
        .select_related("league_game__season")
        .prefetch_related("seats__competitor")
        .order_by("-id")
    )


def league_seasons(league: League) -> QuerySet[Season]:
    return league.seasons.annotate(game_count=Count("league_games")).order_by("number")
