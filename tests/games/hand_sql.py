"""The hand-written reads (games.selectors.lists and its users) against the ORM, on any database.

Not a test module: ``test_hand_written_reads.py`` runs :func:`check_hand_written_reads` on the
suite's PostgreSQL and, in a process of its own, on SQLite (the embedded default of ``make run``),
where raw rows come back as text, integers and 0/1 and only the ORM's converters make them
datetimes, JSON and booleans. Every read is compared with what the ORM gives for the same rows.
"""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.db.models import Prefetch

from engine import replay
from games.models import ApiToken, Bot, BotVersion, Game, LeagueEntry, Move, Rating, RatingChange, Seat
from games.selectors import bots as bot_selectors
from games.selectors import games as game_selectors
from games.selectors import leagues as league_selectors
from games.selectors import ratings as rating_selectors
from games.selectors.lists import OrderedRows, QuerySetRows
from games.services.leagues import league_create, league_join, league_open_registration, league_start
from games.services.tokens import token_authenticate, token_create
from tests.games.factories import BotFactory, PlayerFactory, RatingFactory
from tests.games.helpers import create_game, play_to_end

GAME = "mulligan"


def _seed_rows() -> dict[str, Any]:
    players = [PlayerFactory() for _ in range(4)]
    bot = BotFactory()
    # Ties on the rating, so the second sort key decides and a cursor falls between equal ratings.
    for player, rating in zip(players[2:], (1500.0, 1500.0), strict=True):
        RatingFactory(competitor=player.competitor, game_id=GAME, rating=rating, games_played=3)
    finished = create_game([players[0].competitor, players[1].competitor, bot.competitor], seed=11)
    play_to_end(finished, random.Random(11))
    running = create_game([players[1].competitor, players[0].competitor], seed=12)
    create_game([players[2].competitor, bot.competitor], seed=13)
    # Deals of two games: one still in play (the finished game's seed, dealt again and running),
    # one whose games have both finished.
    create_game([players[3].competitor, bot.competitor], seed=11)
    for pair in ([players[2], players[3]], [players[3], players[2]]):
        play_to_end(create_game([player.competitor for player in pair], seed=14), random.Random(14))
    league = league_create(name="hand SQL", game_id=GAME)
    league_open_registration(league_pk=league.pk)
    for player in players:
        league_join(league_pk=league.pk, competitor=player.competitor)
    league_join(league_pk=league.pk, competitor=bot.competitor)
    league_start(league_pk=league.pk)
    return {"players": players, "bot": bot, "finished": finished, "running": running, "league": league}


def _same_rows(name: str, hand: OrderedRows, orm: OrderedRows, as_orm: Any) -> None:
    """Every read of a list, by hand and by the ORM: windows, ties and ranges past each row."""
    everything = orm.window(0, 1000)
    assert [as_orm(row) for row in hand.window(0, 1000)] == everything, name
    assert hand.count(None) == orm.count(None) == len(everything), name
    assert hand.count(1) == orm.count(1) == min(2, len(everything)), name
    assert [as_orm(row) for row in hand.window(1, 2)] == orm.window(1, 2), name
    keys = [key.field for key in orm.keys]
    for row in everything:
        values = [row[key] for key in keys]
        for forward in (True, False):
            if len(keys) == 2:
                hand_ties = [as_orm(r) for r in hand.ties(values, forward, 10)]
                assert hand_ties == orm.ties(values, forward, 10), (name, values, forward)
            hand_beyond = [as_orm(r) for r in hand.beyond(values[0], forward, 10)]
            assert hand_beyond == orm.beyond(values[0], forward, 10), (name, values, forward)
            for limit in (1, 2, 10):  # cut inside the ties, at their end, past them
                hand_after = [as_orm(r) for r in hand.after(values, forward, limit)]
                assert hand_after == orm.after(values, forward, limit), (name, values, forward, limit)


def _check_ladders(league: Any) -> None:
    orm_ladder = QuerySetRows(
        Rating.objects.filter(game_id=GAME)
        .order_by("-rating", "competitor_id")
        .values("competitor_id", "competitor__name", "rating", "games_played")
    )

    def ladder_as_orm(row: dict[str, Any]) -> dict[str, Any]:
        assert isinstance(row["provisional"], bool) and row["kind"] in ("bot", "player"), row
        return {
            "competitor_id": row["competitor"],
            "competitor__name": row["name"],
            "rating": row["rating"],
            "games_played": row["games_played"],
        }

    _same_rows("ladder", rating_selectors.ladder_rows(GAME), orm_ladder, ladder_as_orm)

    entry_fields = (
        "id",
        "competitor_id",
        "rating",
        "mu",
        "sigma",
        "games_played",
        "provisional",
        "active",
        "joined_at",
    )
    orm_league = QuerySetRows(league_selectors.ladder_entries(league).values(*entry_fields))

    def entry_as_orm(row: dict[str, Any]) -> dict[str, Any]:
        entry = LeagueEntry.objects.select_related("competitor").get(pk=row["id"])
        assert row["name"] == entry.competitor.name, row
        assert row["kind"] == ("bot" if hasattr(entry.competitor, "bot") else "person"), row
        return {field: row["competitor" if field == "competitor_id" else field] for field in entry_fields}

    _same_rows("league ladder", league_selectors.ladder_rows(league), orm_league, entry_as_orm)


def _check_games(seeded: dict[str, Any]) -> None:
    orm_games = QuerySetRows(
        Game.objects.order_by("-id").values("id", "game_id", "status", "version", "created_at")
    )

    def game_as_orm(row: dict[str, Any]) -> dict[str, Any]:
        # Each page's rows bring their seats (read in the page's own statement).
        seats = game_selectors.games_with_seats().get(pk=row["id"]).seats.all()
        assert row["seats"] == [game_selectors.seat_summary(seat) for seat in seats], row
        return {
            "id": row["id"],
            "game_id": row["game"],
            "status": row["status"],
            "version": row["move_count"],
            "created_at": row["created_at"],
        }

    _same_rows("games", game_selectors.game_list(), orm_games, game_as_orm)
    _same_rows(
        "running games",
        game_selectors.game_list(GAME, "running"),
        QuerySetRows(
            Game.objects.filter(game_id=GAME, status="running")
            .order_by("-id")
            .values("id", "game_id", "status", "version", "created_at")
        ),
        game_as_orm,
    )
    listed = game_selectors.game_list().window(0, 100)
    viewers = [AnonymousUser(), *(player.user for player in seeded["players"])]
    for row in listed:
        game = game_selectors.games_with_seats().get(pk=row["id"])
        assert row["seats"] == [game_selectors.seat_summary(seat) for seat in game.seats.all()], row
        read = game_selectors.game_read(game.pk)
        assert read is not None
        sql_game, seats, in_play = read
        assert in_play is game_selectors.deal_in_play(game)
        assert seats == game_selectors.seat_rows(game)
        assert {f.attname: getattr(sql_game, f.attname) for f in Game._meta.concrete_fields} == {
            f.attname: getattr(game, f.attname) for f in Game._meta.concrete_fields
        }
        assert isinstance(sql_game.rated, bool) and isinstance(sql_game.config, dict)
        moves = [(seat, action) for _n, seat, action, _at in game_selectors.move_rows(game.pk)]
        assert game_selectors.move_rows(game.pk) == [
            tuple(values)
            for values in Move.objects.filter(game=game)
            .order_by("number")
            .values_list("number", "seat", "action", "created_at")
        ]
        orm_moves = list(game.moves.order_by("number").values_list("seat", "action"))
        assert moves == orm_moves
        assert (
            game_selectors.game_state(game).to_json()
            == replay(game.game_id, game.config, game.seed, orm_moves).to_json()
        )
        assert [
            (
                {f.attname: getattr(h.seat, f.attname) for f in Seat._meta.concrete_fields},
                h.user_id,
                h.bot_kind,
            )
            for h in game_selectors.seat_holders(game)
        ] == [
            (
                {f.attname: getattr(seat, f.attname) for f in Seat._meta.concrete_fields},
                getattr(getattr(seat.competitor, "player", None), "user_id", None),
                getattr(getattr(seat.competitor, "bot", None), "kind", None),
            )
            for seat in game.seats.all()
        ]
        for user in viewers:
            assert game_selectors.game_view(
                sql_game, user, seats, moves, in_play
            ) == game_selectors.game_view(game, user), user
            assert game_selectors.game_history(
                sql_game, user, seats=seats, in_play=in_play
            ) == game_selectors.game_history(game, user)
    assert game_selectors.game_read(max(row["id"] for row in listed) + 1) is None
    games = list(Game.objects.all())
    in_play = {
        game.pk
        for game in games
        for other in games
        if (other.game_id, other.seed) == (game.game_id, game.seed)
        and other.pk != game.pk
        and "running" in (game.status, other.status)
    }
    assert len(in_play) == 2  # the finished game of seed 11, and its running second table
    for game in games:
        read = game_selectors.game_read(game.pk)
        assert read is not None and read.in_play is (game.pk in in_play), game


def _check_players_and_turns(seeded: dict[str, Any]) -> None:
    for player in seeded["players"]:
        profile = rating_selectors.player_profile(player.pk)
        assert profile is not None
        assert profile["name"] == player.competitor.name and profile["competitor"] == player.competitor_id
        assert profile["ratings"] == {
            rating.game_id: {"rating": rating.rating, "games_played": rating.games_played}
            for rating in Rating.objects.filter(competitor=player.competitor)
        }
        changes = (
            RatingChange.objects.filter(competitor=player.competitor).select_related("game").order_by("id")
        )
        assert [(c["game_pk"], c["rating_after"], c["at"]) for c in profile["rating_history"]] == [
            (change.game_id, change.rating_after, change.created_at) for change in changes
        ]
        waiting = game_selectors.turns_waiting(player.user)
        assert game_selectors.turns_signature(waiting) == game_selectors.turn_signature(player.user)
        for entry in waiting:
            game = Game.objects.get(pk=entry["game"].pk)
            assert (entry["game"].game_id, entry["game"].created_at, entry["deadline"]) == (
                game.game_id,
                game.created_at,
                game.turn_deadline,
            )
    assert any(
        (rating_selectors.player_profile(p.pk) or {}).get("rating_history") for p in seeded["players"][:2]
    )
    assert any(game_selectors.turns_waiting(p.user) for p in seeded["players"][:2])


def _check_tokens(seeded: dict[str, Any]) -> None:
    user = seeded["players"][0].user
    made, key = token_create(user=user, name="hand SQL")
    token = token_authenticate(key)
    assert token is not None and token_authenticate(key + "x") is None
    stored = ApiToken.objects.select_related("user").get(pk=made.pk)
    assert {f.attname: getattr(token, f.attname) for f in ApiToken._meta.concrete_fields} == {
        f.attname: getattr(stored, f.attname) for f in ApiToken._meta.concrete_fields
    }
    assert {f.attname: getattr(token.user, f.attname) for f in type(user)._meta.concrete_fields} == {
        f.attname: getattr(stored.user, f.attname) for f in type(user)._meta.concrete_fields
    }
    assert isinstance(token.user.is_active, bool) and token.user.is_authenticated


def _bot_game_as_orm(game: Game, bot: Bot) -> dict[str, Any]:
    """What the API answered for one of a bot's games when it read them with the ORM."""
    seats = list(game.seats.all())
    return {
        "id": game.pk,
        "game": game.game_id,
        "status": game.status,
        "rated": game.rated,
        "created_at": game.created_at,
        "finished_at": game.finished_at,
        "seats": [
            game_selectors.seat_summary(seat)
            | {"version": None if seat.bot_version is None else seat.bot_version.number}
            for seat in seats
        ],
        "bot_seats": [
            {
                "index": seat.index,
                "version": None if seat.bot_version is None else seat.bot_version.number,
                "rank": seat.rank,
            }
            for seat in seats
            if seat.competitor_id == bot.competitor_id
        ],
    }


def _check_bot_games(seeded: dict[str, Any]) -> None:
    bot = seeded["bot"]
    # Seated twice in one game, each seat with the version it played, as a version test seats a
    # bot: listed once, with both of its seats.
    players = seeded["players"]
    twice = create_game([bot.competitor, players[0].competitor, bot.competitor], seed=15)
    versions = [BotVersion.objects.create(bot=bot, number=n) for n in (1, 2)]
    for seat, version in zip(
        twice.seats.filter(competitor=bot.competitor).order_by("index"), versions, strict=True
    ):
        Seat.objects.filter(pk=seat.pk).update(bot_version=version)
    orm = QuerySetRows(
        Game.objects.filter(seats__competitor_id=bot.competitor_id).distinct().order_by("-id").values("id")
    )
    seats = Seat.objects.select_related("competitor__player", "competitor__bot", "bot_version")
    shown = {
        game.pk: game
        for game in Game.objects.filter(seats__competitor_id=bot.competitor_id).prefetch_related(
            Prefetch("seats", queryset=seats.order_by("index"))
        )
    }

    def as_orm(row: dict[str, Any]) -> dict[str, Any]:
        assert row == _bot_game_as_orm(shown[row["id"]], bot), row
        return {"id": row["id"]}

    _same_rows("bot games", bot_selectors.bot_game_rows(bot.competitor_id), orm, as_orm)
    rows = bot_selectors.bot_game_rows(bot.competitor_id).window(0, 100)
    assert [len(row["bot_seats"]) for row in rows if row["id"] == twice.pk] == [2]
    assert isinstance(rows[0]["rated"], bool)
    assert [game.pk for game in bot_selectors.bot_games(bot, 3)] == [row["id"] for row in rows[:3]]


def _check_leagues(seeded: dict[str, Any]) -> None:
    from games.api.league_serializers import LeagueSerializer
    from games.api.renderers import JSONRenderer

    render = JSONRenderer().render
    draft = league_create(name="hand SQL draft", game_id=GAME, move_time_limit=timedelta(seconds=90.5))
    orm = league_selectors.leagues_with_counts().prefetch_related("seasons").order_by("-id")
    expected = [render(LeagueSerializer(league).data) for league in orm]
    assert [render(row) for row in league_selectors.league_rows().window(0, 100)] == expected
    assert [render(league_selectors.league_answer(league.pk)) for league in orm] == expected
    assert [row["id"] for row in league_selectors.league_rows(state="draft").window(0, 100)] == [draft.pk]
    assert league_selectors.league_answer(seeded["league"].pk)["entry_count"] == 5  # type: ignore[index]


def _check_bot_list(seeded: dict[str, Any]) -> None:
    from games.api.bot_serializers import bot_summary
    from games.models import BotKind, Competitor

    owner = seeded["players"][0]
    for n, (game_id, versions, active) in enumerate(
        [("mulligan", 0, None), ("golf", 2, 1), ("mulligan", 3, 3)]
    ):
        bot = Bot.objects.create(
            competitor=Competitor.objects.create(name=f"submitted {n}"),
            owner=owner if n != 1 else None,
            game_id=game_id,
            kind=BotKind.PROGRAM,
            engine_bot="",
        )
        made = [
            BotVersion.objects.create(
                bot=bot, number=k, validation_status=("passed", "failed", "pending")[k % 3]
            )
            for k in range(1, versions + 1)
        ]
        if active is not None:
            Bot.objects.filter(pk=bot.pk).update(active_version=made[active - 1])
    BotFactory(engine_bot="heuristic")
    BotFactory(game_id="golf", engine_bot="random")
    for game_id in (None, "mulligan", "golf", "chess"):
        listed = list(bot_selectors.bots_listed(game_id))
        statuses = bot_selectors.latest_statuses(listed)
        expected = [bot_summary(bot, validation_status=statuses.get(bot.pk)) for bot in listed]
        rows = bot_selectors.bot_rows(game_id)
        assert rows.window(0, 1000) == expected, game_id
        assert rows.count(None) == len(expected)
        for offset in range(len(expected) + 1):
            assert rows.window(offset, 2) == expected[offset : offset + 2], (game_id, offset)
    assert {row["validation_status"] for row in bot_selectors.bot_rows().window(0, 1000)} >= {
        "pending",
        "passed",
        None,
    }


def check_hand_written_reads() -> None:
    """Seed a few players, bots, ratings, games and a league, and compare every hand-written read
    with the ORM's answer for the same rows (raises AssertionError on the first difference)."""
    seeded = _seed_rows()
    _check_ladders(seeded["league"])
    _check_games(seeded)
    _check_players_and_turns(seeded)
    _check_tokens(seeded)
    _check_bot_games(seeded)
    _check_leagues(seeded)
    _check_bot_list(seeded)
