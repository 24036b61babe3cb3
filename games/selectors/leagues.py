"""Reads of leagues: lists with counts, ladders, games and seasons."""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet
from django.db.models.functions import Coalesce

from games.models import Game, League, LeagueEntry, Season
from games.selectors.lists import Key, SqlList, fetch, model_fields
from games.selectors.times import move_time_seconds


def leagues_with_counts() -> QuerySet[League]:
    """Leagues with their active entrants and finished games, as their tallies keep them
    (:mod:`games.services.league_tallies`: counting them on each read grew with the ladder, 10 ms
    for 100,000 entrants). A league without a tally (made outside the services) shows zeros."""
    return League.objects.select_related("organiser__competitor").annotate(
        entry_count=Coalesce("tally__entries", 0), games_played=Coalesce("tally__games_finished", 0)
    )


# The API's league: every column of the answer in one statement, with its tally, its organiser and
# its latest season's number (the ORM's compiling of the same read took four times its database time).
_LEAGUE_COLUMNS = (
    "id", "name", "game_id", "config", "seats_per_table", "rating_system", "entrants", "challenge_range",
    "ratings_per_season", "move_time_limit", "timeout_policy", "allow_vacations", "bot_move_time_ms",
    "bot_time_bank_ms", "bot_fault_policy", "bot_max_strikes", "state", "created_at", "started_at",
    "finished_at",
)  # fmt: skip
_LEAGUE_SELECT = f"""
SELECT {", ".join(f"games_league.{column}" for column in _LEAGUE_COLUMNS)},
       (SELECT MAX(games_season.number) FROM games_season WHERE games_season.league_id = games_league.id),
       games_player.id, games_competitor.name,
       COALESCE(games_leaguetally.entries, 0), COALESCE(games_leaguetally.games_finished, 0)
FROM games_league
LEFT JOIN games_player ON games_player.id = games_league.organiser_id
LEFT JOIN games_competitor ON games_competitor.id = games_player.competitor_id
LEFT JOIN games_leaguetally ON games_leaguetally.league_id = games_league.id
"""
_LEAGUE_FIELDS = model_fields(League, *_LEAGUE_COLUMNS)
_DISPLAYS = {
    name: dict(League._meta.get_field(name).flatchoices)  # type: ignore[union-attr]
    for name in ("rating_system", "entrants", "timeout_policy", "bot_fault_policy", "state")
}


def _league_row(values: tuple[Any, ...]) -> dict[str, Any]:
    """A league as the API answers it (``LeagueSerializer``'s fields, in its order)."""
    league = dict(zip(_LEAGUE_COLUMNS, values, strict=False))
    season, organiser, organiser_name, entries, games = values[len(_LEAGUE_COLUMNS) :]
    displays = {name: str(_DISPLAYS[name].get(league[name], league[name])) for name in _DISPLAYS}
    return {
        "id": league["id"],
        "name": league["name"],
        "game": league["game_id"],
        "config": league["config"],
        "seats_per_table": league["seats_per_table"],
        "rating_system": league["rating_system"],
        "rating_system_display": displays["rating_system"],
        "entrants": league["entrants"],
        "entrants_display": displays["entrants"],
        "challenge_range": league["challenge_range"],
        "ratings_per_season": league["ratings_per_season"],
        "move_time_limit": move_time_seconds(league["move_time_limit"]),
        "timeout_policy": league["timeout_policy"],
        "timeout_policy_display": displays["timeout_policy"],
        "allow_vacations": league["allow_vacations"],
        "bot_move_time_ms": league["bot_move_time_ms"],
        "bot_time_bank_ms": league["bot_time_bank_ms"],
        "bot_fault_policy": league["bot_fault_policy"],
        "bot_fault_policy_display": displays["bot_fault_policy"],
        "bot_max_strikes": league["bot_max_strikes"],
        "state": league["state"],
        "state_display": displays["state"],
        "season": season,
        "organiser": None if organiser is None else {"player": organiser, "name": organiser_name},
        "entry_count": entries,
        "games_played": games,
        "created_at": league["created_at"],
        "started_at": league["started_at"],
        "finished_at": league["finished_at"],
    }


def league_rows(*, game_id: str | None = None, state: str | None = None) -> SqlList:
    """The leagues as the API lists them, newest first, by hand-written SQL (see
    :mod:`games.selectors.lists`); only those of ``game_id`` and in ``state`` when given."""
    where, params = [], []
    for column, value in (("game_id", game_id), ("state", state)):
        if value is not None:
            where.append(f"games_league.{column} = %s")
            params.append(value)
    return SqlList(
        select=_LEAGUE_SELECT,
        count_from="FROM games_league",
        where=tuple(where),
        params=tuple(params),
        order=((Key("id", True), "games_league.id"),),
        row=_league_row,
        fields=_LEAGUE_FIELDS,
        prepared=True,  # the bound values pick among a handful of leagues: one plan suits them all
    )


def league_answer(pk: int) -> dict[str, Any] | None:
    """The league as the API answers it, or None when there is no such league."""
    found = fetch(f"{_LEAGUE_SELECT} WHERE games_league.id = %s", [pk], _LEAGUE_FIELDS, prepared=True)
    return _league_row(found[0]) if found else None


def league_found(pk: int) -> League | None:
    """The league without its counts, for reads that show only what is under it."""
    return League.objects.filter(pk=pk).first()


def ladder_entries(league: League) -> QuerySet[LeagueEntry]:
    """The ladder: active entries, best rating first (Elo, or OpenSkill's ordinal); ties by entry id."""
    return LeagueEntry.objects.filter(league=league, active=True).order_by("-rating", "id")


def league_rating_system(pk: int) -> str | None:
    """The league's rating system, or None when there is no such league (hand-written: a ladder page
    asks it on every read, and the ORM's compiling would cost more than the answer)."""
    found = fetch("SELECT rating_system FROM games_league WHERE id = %s", [pk], prepared=True)
    return str(found[0][0]) if found else None


def ladder_rows(league: League | int) -> SqlList:
    """The ladder as the API's rows (without their positions), read along the ``league_ladder``
    index by hand-written SQL (see :mod:`games.selectors.lists`); the order of :func:`ladder_entries`.
    ``league`` is the league or its id. Each row names the league's rating system, so a page that
    has rows needs no statement of its own to learn it."""
    return SqlList(
        select=_LADDER_SELECT,
        count_from="FROM games_leagueentry",
        where=("games_leagueentry.active", "games_leagueentry.league_id = %s"),
        params=(league if isinstance(league, int) else league.pk,),
        order=((Key("rating", True), "games_leagueentry.rating"), (Key("id", False), "games_leagueentry.id")),
        row=_ladder_row,
        fields=_LADDER_FIELDS,
        prepared=True,  # one plan for every league: the league_ladder index, whatever its size
    )


_LADDER_SELECT = """
SELECT games_leagueentry.id, games_leagueentry.competitor_id, games_competitor.name, games_bot.id,
       games_leagueentry.rating, games_leagueentry.mu, games_leagueentry.sigma,
       games_leagueentry.games_played, games_leagueentry.provisional, games_leagueentry.active,
       games_leagueentry.joined_at, games_league.rating_system
FROM games_leagueentry
JOIN games_competitor ON games_competitor.id = games_leagueentry.competitor_id
LEFT JOIN games_bot ON games_bot.competitor_id = games_competitor.id
JOIN games_league ON games_league.id = games_leagueentry.league_id
"""


_LADDER_FIELDS = (
    *(None,) * 8,
    *model_fields(LeagueEntry, "provisional", "active", "joined_at"),
    None,
)


def _ladder_row(values: tuple[Any, ...]) -> dict[str, Any]:
    (
        entry,
        competitor,
        name,
        bot,
        rating,
        mu,
        sigma,
        games_played,
        provisional,
        active,
        joined_at,
        system,
    ) = values
    return {
        "id": entry,
        "competitor": competitor,
        "name": name,
        "kind": "bot" if bot is not None else "person",
        "rating": rating,
        "mu": mu,
        "sigma": sigma,
        "games_played": games_played,
        "provisional": provisional,
        "active": active,
        "joined_at": joined_at,
        "rating_system": system,
    }


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
    return league.seasons.order_by("number")
