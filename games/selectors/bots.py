"""Reads about bots for the API and the pages: versions, games, faults and ratings.

A version's content (the uploaded program) never leaves these functions' querysets: every version
queryset here defers it, and the API and pages show its hash and size only.
"""

from __future__ import annotations

import functools
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import OuterRef, Prefetch, QuerySet, Subquery

from games.models import Bot, BotFault, BotKind, BotVersion, Game, LeagueEntry, Player, Rating, Seat
from games.selectors.games import seat_summary_from
from games.selectors.lists import Around, Key, SqlList, fetch, model_fields, sql_literal


def bots_listed(game_id: str | None = None) -> QuerySet[Bot]:
    """Every bot (built-in and submitted), in the order the bot list always had."""
    bots = Bot.objects.select_related("competitor", "owner__competitor", "active_version").defer(
        "active_version__content"
    )
    bots = bots.order_by("game_id", "engine_bot", "id")
    return bots.filter(game_id=game_id) if game_id else bots


def bot_rows(game_id: str | None = None) -> SqlList:
    """The bots as the API lists them (:func:`bots_listed`'s order, each as ``bot_summary`` answers
    it), by hand-written SQL (see :mod:`games.selectors.lists`): each bot with its name, owner,
    active version and newest version's validation status in one statement. Page numbers only:
    its order has three keys."""
    return SqlList(
        select=_BOT_SELECT,
        count_from="FROM games_bot",
        where=("games_bot.game_id = %s",) if game_id else (),
        params=(game_id,) if game_id else (),
        order=(
            (Key("game_id", False), "games_bot.game_id"),
            (Key("engine_bot", False), "games_bot.engine_bot"),
            (Key("id", False), "games_bot.id"),
        ),
        row=_bot_row,
        prepared=True,
    )


_BOT_SELECT = f"""
SELECT games_bot.id, games_competitor.name, games_bot.competitor_id, games_bot.game_id, games_bot.kind,
       games_bot.engine_bot, games_player.id, owner_competitor.name, active.number,
       CASE WHEN games_bot.kind = {sql_literal(BotKind.BUILTIN)} THEN NULL ELSE (
           SELECT newest.validation_status FROM games_botversion newest
           WHERE newest.bot_id = games_bot.id ORDER BY newest.number DESC LIMIT 1
       ) END
FROM games_bot
JOIN games_competitor ON games_competitor.id = games_bot.competitor_id
LEFT JOIN games_player ON games_player.id = games_bot.owner_id
LEFT JOIN games_competitor owner_competitor ON owner_competitor.id = games_player.competitor_id
LEFT JOIN games_botversion active ON active.id = games_bot.active_version_id
"""


def _bot_row(values: tuple[Any, ...]) -> dict[str, Any]:
    pk, name, competitor, game_id, kind, engine_bot, owner, owner_name, active, status = values
    return {
        "id": pk,
        "name": name,
        "competitor": competitor,
        "game_id": game_id,
        "kind": kind,
        "engine_bot": engine_bot,
        "owner": None if owner is None else {"player": owner, "name": owner_name},
        "active_version": active,
        "validation_status": status,
    }


def bot_or_none(pk: int) -> Bot | None:
    return bots_listed().filter(pk=pk).first()


def is_owner(bot: Bot, user: AbstractBaseUser | AnonymousUser) -> bool:
    if not user.is_authenticated or bot.owner_id is None:
        return False
    return Player.objects.filter(pk=bot.owner_id, user_id=user.pk).exists()


def bot_versions(bot: Bot) -> QuerySet[BotVersion]:
    """The bot's versions, newest first, without their content."""
    return bot.versions.defer("content").order_by("-number")


def bot_version(bot: Bot, number: int) -> BotVersion | None:
    return bot.versions.defer("content").filter(number=number).first()


def latest_validation_status(bot: Bot) -> str | None:
    """The newest version's validation status (None for built-in bots and bots with no version)."""
    if bot.kind == BotKind.BUILTIN:
        return None
    status: str | None = bot.versions.order_by("-number").values_list("validation_status", flat=True).first()
    return status


def latest_statuses(bots: list[Bot]) -> dict[int, str]:
    """The newest version's validation status of each bot, in one query (any database)."""
    pks = [bot.pk for bot in bots if bot.kind != BotKind.BUILTIN]
    newest = (
        BotVersion.objects.filter(bot_id=OuterRef("pk")).order_by("-number").values("validation_status")[:1]
    )
    rows = Bot.objects.filter(pk__in=pks).annotate(status=Subquery(newest)).values_list("pk", "status")
    return {pk: status for pk, status in rows if status is not None}


def bot_competitor_id(pk: int) -> int | None:
    """The bot's competitor, or None when there is no such bot (hand-written: a read of the bot's
    games needs no more of it, and the ORM's compiling of the whole bot cost most of that read)."""
    found = fetch("SELECT competitor_id FROM games_bot WHERE id = %s", [pk], prepared=True)
    return int(found[0][0]) if found else None


def bot_game_rows(competitor: int) -> SqlList:
    """The games the bot sat in, newest first, as the API lists them, by hand-written
    SQL (see :mod:`games.selectors.lists`): each game with its seats, and the bot's own seats.

    The page is the bot's seats grouped by game (a bot seated twice, as a version test seats it, is
    one game) along the ``seat_competitor_games`` index, which gives them newest first: a page reads
    its own games however many the bot played. Its games and all their seats, with the version each
    bot seat played, come in the same statement. ``competitor`` is the bot's competitor id."""
    return SqlList(
        select="SELECT game_id FROM games_seat",
        count_from="FROM games_seat",
        where=("competitor_id = %s",),
        params=(competitor,),
        order=((Key("id", True), "game_id"),),
        row=lambda values: {"id": values[0]},
        group_by="game_id",
        around=Around(
            select="""SELECT page.game_id, games_game.game_id, games_game.status, games_game.rated,
       games_game.created_at, games_game.finished_at,
       games_seat."index", games_seat.competitor_id, games_competitor.name, games_player.id, games_bot.id,
       games_seat.rank, games_seat.score, games_botversion.number""",
            joins="""JOIN games_game ON games_game.id = page.game_id
JOIN games_seat ON games_seat.game_id = page.game_id
JOIN games_competitor ON games_competitor.id = games_seat.competitor_id
LEFT JOIN games_player ON games_player.competitor_id = games_competitor.id
LEFT JOIN games_bot ON games_bot.competitor_id = games_competitor.id
LEFT JOIN games_botversion ON games_botversion.id = games_seat.bot_version_id""",
            order='games_seat."index"',
            gather=functools.partial(_bot_games_with_seats, competitor=competitor),
            fields=(None, None, None, *model_fields(Game, "rated", "created_at", "finished_at")),
        ),
        prepared=True,
    )


def _bot_games_with_seats(rows: list[tuple[Any, ...]], competitor: int) -> list[dict[str, Any]]:
    """A page's games from its rows, a row per seat and a game's rows together."""
    games: list[dict[str, Any]] = []
    for pk, game_id, status, rated, created_at, finished_at, *seat, version in rows:
        if not games or games[-1]["id"] != pk:
            games.append(
                {
                    "id": pk,
                    "game": game_id,
                    "status": status,
                    "rated": rated,
                    "created_at": created_at,
                    "finished_at": finished_at,
                    "seats": [],
                    "bot_seats": [],
                }
            )
        summary = seat_summary_from(*seat)
        games[-1]["seats"].append(summary | {"version": version})
        if summary["competitor"] == competitor:
            games[-1]["bot_seats"].append(
                {"index": summary["index"], "version": version, "rank": summary["rank"]}
            )
    return games


def bot_games(bot: Bot, newest: int) -> list[Game]:
    """The ``newest`` games the bot sat in, newest first, each seat with the version it played, for
    the bot's page: their ids read along ``seat_competitor_games`` (however many the bot played),
    then those games as objects."""
    seated = Seat.objects.filter(competitor_id=bot.competitor_id).order_by("-game_id")
    pks = list(seated.values_list("game_id", flat=True).distinct()[:newest])
    seats = Seat.objects.select_related("competitor__player", "competitor__bot", "bot_version").defer(
        "bot_version__content"
    )
    return list(
        Game.objects.filter(pk__in=pks)
        .prefetch_related(Prefetch("seats", queryset=seats.order_by("index")))
        .order_by("-id")
    )


def bot_faults(bot: Bot) -> QuerySet[BotFault]:
    return bot.faults.select_related("version").defer("version__content").order_by("-created_at", "-id")


def bot_ratings(bot: Bot) -> dict[str, Any]:
    """The bot's global Elo rating(s) and its league ratings (OpenSkill ones with mu and sigma)."""
    ratings = Rating.objects.filter(competitor_id=bot.competitor_id).order_by("game_id")
    entries = (
        LeagueEntry.objects.filter(competitor_id=bot.competitor_id).select_related("league").order_by("-id")
    )
    return {
        "ratings": [
            {"game": rating.game_id, "rating": rating.rating, "games_played": rating.games_played}
            for rating in ratings
        ],
        "leagues": [
            {
                "league": entry.league_id,
                "name": entry.league.name,
                "rating_system": entry.league.rating_system,
                "rating": entry.rating,
                "mu": entry.mu,
                "sigma": entry.sigma,
                "games_played": entry.games_played,
                "provisional": entry.provisional,
                "active": entry.active,
            }
            for entry in entries
        ],
    }
