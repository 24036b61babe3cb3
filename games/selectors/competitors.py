"""Reads of competitors (players and bots) for their profile pages."""

from __future__ import annotations

from typing import TypedDict

from django.db.models import QuerySet

from games.models import Competitor, Entry, Game, LeagueEntry


def competitor_or_none(pk: int) -> Competitor | None:
    return Competitor.objects.select_related("player__user", "bot").filter(pk=pk).first()


def competitor_recent_games(competitor: Competitor, limit: int = 20) -> QuerySet[Game]:
    return (
        Game.objects.filter(seats__competitor=competitor)
        .prefetch_related("seats__competitor")
        .order_by("-id")[:limit]
    )


class CompetitorCompetitions(TypedDict):
    tournaments: list[Entry]
    leagues: list[LeagueEntry]


def competitor_competitions(competitor: Competitor, limit: int = 20) -> CompetitorCompetitions:
    """The tournaments and leagues the competitor entered, newest first."""
    entries = Entry.objects.filter(competitor=competitor).select_related("tournament").order_by("-id")[:limit]
    league_entries = (
        LeagueEntry.objects.filter(competitor=competitor).select_related("league").order_by("-id")[:limit]
    )
    return {"tournaments": list(entries), "leagues": list(league_entries)}
