"""Playing many bot games in one task: ``game_play_bots_batch``, ``play_bot_games``, ``games_enqueue_bots``.

A batch must end every game exactly as ``engine.play.play_game`` would, and rate them exactly as
playing them one by one in the batch's order would. The bulk writes have two paths (one SQL
statement over a JSON document on PostgreSQL, the ORM elsewhere); the ``write_path`` fixture runs
the tests on each path the database allows.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest
from django.db import connection

from engine import EngineError, get_game
from engine.bots import make_bot
from engine.play import BotRunner, play_game
from games import tasks
from games.models import Bot, Competitor, Game, GameStatus, Move, Player, Rating, RatingChange, Seat
from games.services import bulk as bulk_service
from games.services import games as games_service
from games.services.after_commit import games_enqueue_bots
from games.services.games import game_create, game_play_bots, game_play_bots_batch
from games.services.moves import move_submit
from games.services.ratings import ratings_recompute
from mulligan_league.celery import app as celery_app
from tests.conftest import require_postgresql
from tests.games.factories import BotFactory
from tests.games.helpers import postgres_only, race, stored_moves

MULLIGAN = "mulligan"

# (seed, config, the bot in each seat): two to eight players, every variant, and a bot that holds
# several seats of one game (its rating takes each seat's change in turn).
TABLES: list[tuple[int, dict[str, Any], list[str]]] = [
    (501, {}, ["heuristic", "random", "random", "random"]),
    (502, {}, ["random", "random", "heuristic", "heuristic"]),
    (503, {}, ["heuristic", "random"]),
    (504, {"secret_offers": True}, ["random", "heuristic", "random"]),
    (505, {"high_risk": True}, ["heuristic", "random", "heuristic", "random", "random", "random"]),
    (506, {"open_hands": True, "chips": 20}, ["random", "heuristic", "random", "heuristic", "random"]),
    (507, {}, ["heuristic"] * 8),
    (508, {"max_turns": 3}, ["random", "heuristic", "random", "heuristic"]),
]


@pytest.fixture(params=["postgresql_sql", "orm"])
def write_path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Which bulk-write path the services take: PostgreSQL's own statements, or the ORM's."""
    if request.param == "postgresql_sql":
        require_postgresql(connection.vendor, "runs PostgreSQL's own bulk statements")
    monkeypatch.setattr(bulk_service, "POSTGRESQL_BULK_SQL", request.param == "postgresql_sql")
    return str(request.param)


def _bots() -> dict[str, Competitor]:
    return {name: BotFactory(engine_bot=name).competitor for name in get_game(MULLIGAN).bot_names()}


def _create(
    competitors: Sequence[Competitor], seed: int, config: dict[str, Any] | None = None, rated: bool = True
) -> Game:
    # The batch is the caller's to enqueue: nothing runs on commit here.
    return game_create(
        game_id=MULLIGAN, competitors=competitors, config=config, seed=seed, rated=rated, enqueue_bots=False
    )


def _create_tables(
    bots: dict[str, Competitor], tables: Sequence[tuple[int, dict[str, Any], list[str]]]
) -> list[Game]:
    return [_create([bots[name] for name in names], seed, config) for seed, config, names in tables]


def _as_json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def assert_played_like_the_engine(game: Game) -> None:
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    seats = list(game.seats.select_related("competitor__bot").order_by("index"))
    numbers = list(game.moves.order_by("number").values_list("number", flat=True))
    assert numbers == list(range(1, game.version + 1))
    record = play_game(
        game.game_id, game.config, game.seed, [make_bot(MULLIGAN, s.competitor.bot.engine_bot) for s in seats]
    )
    assert record.outcome is not None
    assert _as_json(stored_moves(game)) == _as_json(record.actions)
    assert game.outcome == _as_json(record.outcome.to_json())
    assert game.finished_at is not None
    assert [seat.rank for seat in seats] == list(record.outcome.ranks)
    assert [seat.score for seat in seats] == list(record.outcome.scores)
    changes = RatingChange.objects.filter(game=game)
    if game.rated:
        assert sorted(changes.values_list("seat_id", flat=True)) == [seat.pk for seat in seats]
    else:
        assert not changes.exists()


def _snapshot(games: Sequence[Game]) -> tuple[list[Any], list[Any], list[Any]]:
    """Everything a batch writes, keyed so that two runs of the same games compare equal."""
    index = {game.pk: number for number, game in enumerate(games)}
    moves = [
        (index[g], n, s, a)
        for g, n, s, a in Move.objects.filter(game__in=games)
        .order_by("game_id", "number")
        .values_list("game_id", "number", "seat", "action")
    ]
    results = [
        (index[pk], status, version, outcome, rank, score)
        for pk, status, version, outcome, rank, score in Seat.objects.filter(game__in=games)
        .order_by("game_id", "index")
        .values_list("game_id", "game__status", "game__version", "game__outcome", "rank", "score")
    ]
    # In id order: the order ratings were applied in.
    changes = [
        (index[g], seat, competitor, before, after, k)
        for g, seat, competitor, before, after, k in RatingChange.objects.filter(game__in=games)
        .order_by("id")
        .values_list("game_id", "seat__index", "competitor_id", "rating_before", "rating_after", "k_factor")
    ]
    ratings = list(
        Rating.objects.order_by("competitor_id", "game_id").values_list(
            "competitor_id", "game_id", "rating", "games_played"
        )
    )
    return [moves, results], changes, ratings


def _start_over(games: Sequence[Game]) -> None:
    """Back to unplayed: no moves, ranks or ratings (the ids of the games and seats stay)."""
    RatingChange.objects.all().delete()
    Rating.objects.all().delete()
    Move.objects.filter(game__in=games).delete()
    Seat.objects.filter(game__in=games).update(rank=None, score=None)
    Game.objects.filter(pk__in=[g.pk for g in games]).update(
        status=GameStatus.RUNNING, version=0, outcome=None, finished_at=None
    )


# -- Results --------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_batch_ends_every_game_as_the_engine_does(write_path: str) -> None:
    games = _create_tables(_bots(), TABLES)
    played = game_play_bots_batch(game_pks=[game.pk for game in games])

    assert list(played) == [game.pk for game in games]
    for game in games:
        assert_played_like_the_engine(game)
        assert played[game.pk] == game.version > 0


@pytest.mark.django_db
def test_running_the_batch_again_changes_nothing(write_path: str) -> None:
    games = _create_tables(_bots(), TABLES[:4])
    pks = [game.pk for game in games]
    game_play_bots_batch(game_pks=pks)
    before = _snapshot(games)

    assert game_play_bots_batch(game_pks=pks) == dict.fromkeys(pks, 0)
    assert game_play_bots_batch(game_pks=list(reversed(pks))) == dict.fromkeys(reversed(pks), 0)
    assert _snapshot(games) == before


@pytest.mark.django_db
def test_a_batch_rates_as_playing_the_games_one_by_one_in_its_order(write_path: str) -> None:
    bots = _bots()
    rng = random.Random(7)
    # Many games between the same two bots (their ratings move with every game), one unrated.
    tables = TABLES + [
        (600 + i, {}, [rng.choice(["random", "heuristic"]) for _ in range(4)]) for i in range(12)
    ]
    games = _create_tables(bots, tables)
    Game.objects.filter(pk=games[3].pk).update(rated=False)
    order = [game.pk for game in games]
    rng.shuffle(order)  # not creation order: the batch's order is the order games finish in

    game_play_bots_batch(game_pks=order)
    batched = _snapshot(games)
    report = ratings_recompute()
    assert (report.changed_ratings, report.largest_difference) == (0, 0.0)
    assert _snapshot(games) == batched

    _start_over(games)
    for pk in order:
        game_play_bots(game_pk=pk)
    assert _snapshot(games) == batched  # bit for bit: moves, results, every rating change and rating

    played = Counter(
        seat.competitor_id for game in games if game.pk != games[3].pk for seat in game.seats.all()
    )
    assert dict(Rating.objects.values_list("competitor_id", "games_played")) == dict(played)


@pytest.mark.django_db
def test_games_longer_than_one_commit_continue_in_the_next(
    write_path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(games_service, "BOT_MOVES_PER_COMMIT", 7)
    games = _create_tables(_bots(), TABLES[:3])
    played = game_play_bots_batch(game_pks=[game.pk for game in games])
    for game in games:
        assert_played_like_the_engine(game)
        assert played[game.pk] == game.version > 7


@pytest.mark.django_db
def test_a_batch_skips_finished_and_missing_games_and_stops_where_a_person_must_act(
    write_path: str, players: list[Player]
) -> None:
    bots = _bots()
    done = _create([bots["random"], bots["heuristic"]] * 2, seed=701)
    game_play_bots(game_pk=done.pk)
    done_before = _snapshot([done])[:2]  # its moves, results and rating changes
    seats = [bots["heuristic"], players[0].competitor, bots["random"], players[1].competitor]
    with_people = _create(seats, seed=702, config={"first_auctioneer": 2})
    bots_only = _create([bots["heuristic"], bots["random"]], seed=703)

    played = game_play_bots_batch(game_pks=[done.pk, with_people.pk, 987_654_321, bots_only.pk])

    assert played == {
        done.pk: 0,
        with_people.pk: played[with_people.pk],
        987_654_321: 0,
        bots_only.pk: played[bots_only.pk],
    }
    assert _snapshot([done])[:2] == done_before
    assert_played_like_the_engine(bots_only)
    # The bots played up to a person's turn, and no further: as BotRunner alone plays them.
    runner = BotRunner(
        MULLIGAN,
        with_people.config,
        with_people.seed,
        [make_bot(MULLIGAN, "heuristic"), None, make_bot(MULLIGAN, "random"), None],
    )
    expected = runner.run()
    assert expected and runner.bot_to_act() is None and not runner.state.is_over
    with_people.refresh_from_db()
    assert (with_people.status, with_people.version, played[with_people.pk]) == (
        GameStatus.RUNNING,
        len(expected),
        len(expected),
    )
    assert _as_json(stored_moves(with_people)) == _as_json(expected)
    assert not with_people.rating_changes.exists()

    # The person moves; the next batch continues from the stored moves.
    seat = next(s for s in runner.state.to_act() if s in (1, 3))
    action = runner.state.legal_actions(seat)[0]
    person = players[0] if seat == 1 else players[1]
    move_submit(game_pk=with_people.pk, user=person.user, action=action, seat_index=seat)
    runner.state.apply(seat, action)
    expected_next = runner.run()
    assert game_play_bots_batch(game_pks=[with_people.pk]) == {with_people.pk: len(expected_next)}
    assert _as_json(stored_moves(with_people)) == _as_json([*expected, (seat, action), *expected_next])


@pytest.mark.django_db
def test_a_game_whose_bots_fail_is_left_alone_and_the_others_are_stored(write_path: str) -> None:
    bots = _bots()
    broken, good = (_create([bots["heuristic"], bots["random"]] * 2, seed=801 + i) for i in range(2))
    # A stored first move the heuristic bot would not have made: it cannot continue this history.
    state = BotRunner(MULLIGAN, broken.config, broken.seed, [None] * 4).state
    bot_move = BotRunner(
        MULLIGAN, broken.config, broken.seed, [make_bot(MULLIGAN, "heuristic"), None, None, None]
    ).run()[0]
    other = next(a for a in state.legal_actions(bot_move[0]) if a != bot_move[1])
    Move.objects.create(game=broken, number=1, seat=bot_move[0], action=other)
    Game.objects.filter(pk=broken.pk).update(version=1)

    with pytest.raises(EngineError, match="not deterministic"):
        game_play_bots_batch(game_pks=[broken.pk, good.pk])
    assert_played_like_the_engine(good)
    broken.refresh_from_db()
    assert (broken.status, broken.version, broken.moves.count()) == (GameStatus.RUNNING, 1, 1)


# -- The task and the enqueueing ------------------------------------------------------------------


def test_play_bot_games_is_routed_and_configured_like_play_bot_game() -> None:
    task = tasks.play_bot_games
    assert (task.acks_late, task.autoretry_for, task.max_retries) == (True, (tasks.DatabaseError,), 5)
    route = celery_app.amqp.router.route({}, "games.tasks.play_bot_games", args=([1, 2],), kwargs={})
    assert route["queue"].name == "bots"


@pytest.mark.django_db
def test_games_enqueue_bots_sends_batches_in_order_on_commit(
    django_capture_on_commit_callbacks: Any, monkeypatch: pytest.MonkeyPatch, settings: Any
) -> None:
    games = _create_tables(_bots(), TABLES[:5])
    pks = [game.pk for game in games]
    sent: list[list[int]] = []
    real_delay = tasks.play_bot_games.delay
    monkeypatch.setattr(tasks.play_bot_games, "delay", lambda ids: sent.append(list(ids)) or real_delay(ids))

    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        assert games_enqueue_bots(pks + pks[:1], batch_size=2) == 3
    assert sent == []  # nothing before the commit
    for callback in callbacks:
        callback()
    assert sent == [pks[0:2], pks[2:4], pks[4:5]]
    for game in games:
        assert_played_like_the_engine(game)

    settings.BOT_GAMES_PER_TASK = 4
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        assert games_enqueue_bots(pks) == 2


@pytest.mark.django_db
def test_play_bot_games_returns_the_moves_played(random_bot: Bot, heuristic_bot: Bot) -> None:
    games = _create_tables(
        {"random": random_bot.competitor, "heuristic": heuristic_bot.competitor}, TABLES[:3]
    )
    pks = [game.pk for game in games]
    total = tasks.play_bot_games.delay(pks).get()
    assert total == sum(Game.objects.get(pk=pk).version for pk in pks) > 0
    assert tasks.play_bot_games.apply(args=(pks,)).get() == 0


# -- Concurrency (PostgreSQL's row locks) ---------------------------------------------------------


@postgres_only
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("round_", range(3))
def test_batches_sharing_games_and_bots_race_without_deadlock_and_play_each_game_once(round_: int) -> None:
    bots = _bots()
    rng = random.Random(round_)
    tables = [
        (900 + 40 * round_ + i, {}, [rng.choice(["random", "heuristic"]) for _ in range(4)])
        for i in range(16)
    ]
    games = _create_tables(bots, tables)
    pks = [game.pk for game in games]
    # Every game between the same two bots, so every batch needs both of their rating rows; the
    # batches overlap and name their games in different orders.
    first, second, third = pks[:10], list(reversed(pks[6:])), pks[3:13:2]
    single = pks[8]

    results = race(
        lambda: game_play_bots_batch(game_pks=first),
        lambda: game_play_bots_batch(game_pks=second),
        lambda: game_play_bots_batch(game_pks=third),
        lambda: game_play_bots(game_pk=single),
    )
    assert not [r for r in results if isinstance(r, Exception)], results
    # Each game's moves were played by exactly one of the racers.
    moves_by_game: Counter[int] = Counter()
    for result in results[:3]:
        moves_by_game.update(result)
    moves_by_game[single] += results[3]
    for game in games:
        assert_played_like_the_engine(game)
        assert moves_by_game[game.pk] == game.version
    played = Counter(seat.competitor_id for game in games for seat in game.seats.all())
    assert dict(Rating.objects.values_list("competitor_id", "games_played")) == dict(played)
    assert RatingChange.objects.count() == sum(played.values())
    report = ratings_recompute()
    assert (report.changed_ratings, report.largest_difference) == (0, 0.0)
