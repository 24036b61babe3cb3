"""Reads of leagues: lists with counts, ladders, games and seasons."""

from __future__ import annotations

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


def league_games(league: League) -> QuerySet[Game]:
    return (
        Game.objects.filter(league_game__league=league)
        .select_related("league_game__season")
        .prefetch_related("seats__competitor")
        .order_by("-id")
    )


def league_seasons(league: League) -> QuerySet[Season]:
    return league.seasons.annotate(game_count=Count("league_games")).order_by("number")
