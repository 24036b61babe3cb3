"""Bot games played by a real Celery worker process end as the engine alone would end them.

The worker (``tests/e2e/conftest.py``) runs ``celery -A mulligan_league worker`` on the test
database; these tests commit their data (``transaction=True``) and wait, with a generous bound,
for what the worker commits. Nothing here measures time.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from django.db import transaction

from engine import replay
from engine.bots import make_bot
from engine.play import play_game
from games.models import Bot, Competitor, Game, GameStatus, Rating, RatingChange
from games.services.games import game_create, game_play_bots
from games.services.players import builtin_bots_ensure
from games.services.ratings import ratings_recompute
from games.tasks import play_bot_game
from tests.e2e.conftest import REPO_ROOT, CeleryWorker

pytestmark = pytest.mark.django_db(transaction=True)

MULLIGAN = "mulligan"

# (seed, config, the built-in bot in each seat): every player count's edge, each variant once.
TABLES: list[tuple[int, dict[str, Any], list[str]]] = [
    (101, {}, ["heuristic", "random", "random", "random"]),
    (102, {}, ["random", "random", "random", "random"]),
    (103, {}, ["heuristic", "heuristic", "random", "random"]),
    (104, {}, ["heuristic", "random"]),
    (105, {"secret_offers": True}, ["random", "heuristic", "random"]),
    (106, {"high_risk": True}, ["heuristic", "random", "heuristic", "random", "random", "random"]),
    (107, {"open_hands": True, "chips": 20}, ["random", "heuristic", "random", "heuristic", "random"]),
    (108, {}, ["heuristic"] * 8),
]


def _mulligan_bots() -> dict[str, Bot]:
    return {bot.engine_bot: bot for bot in builtin_bots_ensure() if bot.game_id == MULLIGAN}


def _competitors(bots: Mapping[str, Bot], names: Sequence[str]) -> list[Competitor]:
    return [bots[name].competitor for name in names]


def _as_json(value: Any) -> Any:
    """What a JSONField gives back for ``value`` (tuples become lists, keys strings)."""
    return json.loads(json.dumps(value))


def assert_played_like_the_engine(game: Game) -> None:
    """Finished, contiguous history, ranks and one rating change per seat, and the engine agrees."""
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    seats = list(game.seats.select_related("competitor__bot").order_by("index"))
    history = list(game.moves.order_by("number").values_list("number", "seat", "action"))
    assert [number for number, _, _ in history] == list(range(1, len(history) + 1))
    assert game.version == len(history)
    actions = [(seat, action) for _, seat, action in history]

    replayed = replay(game.game_id, game.config, game.seed, actions)
    assert replayed.is_over
    assert _as_json(replayed.outcome().to_json()) == game.outcome

    engine_bots = [make_bot(game.game_id, seat.competitor.bot.engine_bot) for seat in seats]
    record = play_game(game.game_id, game.config, game.seed, engine_bots)
    assert record.outcome is not None
    assert _as_json(record.actions) == _as_json(actions), f"game {game.pk} went differently from play_game"
    assert _as_json(record.outcome.to_json()) == game.outcome

    assert [seat.rank for seat in seats] == game.outcome["ranks"]
    assert [seat.score for seat in seats] == game.outcome["scores"]
    changes = list(RatingChange.objects.filter(game=game))
    assert sorted(change.seat_id for change in changes) == [seat.pk for seat in seats]
    by_seat = {seat.pk: seat for seat in seats}
    assert all(change.competitor_id == by_seat[change.seat_id].competitor_id for change in changes)


def assert_ratings_consistent(games: Sequence[Game]) -> None:
    """Every seat counted once in its competitor's rating, and a full recompute changes nothing."""
    seats_held = Counter(
        competitor_id
        for game in games
        for competitor_id in game.seats.values_list("competitor_id", flat=True)
    )
    played = dict(Rating.objects.filter(game_id=MULLIGAN).values_list("competitor_id", "games_played"))
    assert played == dict(seats_held)
    assert RatingChange.objects.filter(game__in=games).count() == sum(seats_held.values())
    report = ratings_recompute()
    assert report.changed_ratings == 0, report


def test_the_worker_plays_created_games_to_the_engine_s_end(celery_worker: CeleryWorker) -> None:
    bots = _mulligan_bots()
    # Each game_create commits, and its on-commit callback enqueues the game for the worker.
    games = [
        game_create(game_id=MULLIGAN, competitors=_competitors(bots, names), config=config, seed=seed)
        for seed, config, names in TABLES
    ]
    celery_worker.wait_for_games(game.pk for game in games)

    for game in games:
        assert_played_like_the_engine(game)
    assert_ratings_consistent(games)


def test_a_game_whose_worker_died_ends_as_if_uninterrupted(celery_worker: CeleryWorker) -> None:
    bots = _mulligan_bots()
    names = ["heuristic", "random", "heuristic", "random"]
    # A worker that died after committing five moves: the game and those moves are committed
    # together, and the commit enqueues the game (as the broker redelivers an unacknowledged task).
    with transaction.atomic():
        game = game_create(game_id=MULLIGAN, competitors=_competitors(bots, names), seed=202)
        assert game_play_bots(game_pk=game.pk, max_moves=5) == 5
        game.refresh_from_db()
        assert (game.status, game.version, game.moves.count()) == (GameStatus.RUNNING, 5, 5)
    # And one more delivery of the same task: whichever runs second finds nothing to do.
    since = celery_worker.log_size()
    task = play_bot_game.delay(game.pk)
    celery_worker.wait_for_games([game.pk])
    celery_worker.wait_for_log(f"play_bot_game[{task.id}] succeeded", since=since)

    assert_played_like_the_engine(game)
    assert_ratings_consistent([game])


# The producer side of the embedded-default test: another process, configured only by its
# environment, creates the game; game_create's on-commit callback enqueues it on that broker.
_PRODUCER = """
import json, sys
import django

django.setup()
from mulligan_league.celery import app
from games.models import Competitor
from games.services.games import game_create

args = json.loads(sys.argv[1])
competitors = [Competitor.objects.get(pk=pk) for pk in args["competitors"]]
game = game_create(game_id="mulligan", competitors=competitors, seed=args["seed"])
print(json.dumps({"game": game.pk, "broker": app.conf.broker_url}))
"""


def test_the_embedded_filesystem_broker_carries_tasks_between_processes(
    start_celery_worker: Callable[[Mapping[str, str]], CeleryWorker], tmp_path: Path
) -> None:
    folder = tmp_path / "celery"
    worker = start_celery_worker({"CELERY_BROKER_URL": "filesystem://", "CELERY_FILESYSTEM_DIR": str(folder)})
    bots = _mulligan_bots()
    names = ["heuristic", "random", "random", "heuristic"]
    arguments = {"competitors": [competitor.pk for competitor in _competitors(bots, names)], "seed": 303}
    produced = subprocess.run(
        [sys.executable, "-c", _PRODUCER, json.dumps(arguments)],
        cwd=REPO_ROOT,
        env=worker.env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert produced.returncode == 0, f"the producer failed:\n{produced.stdout}\n{produced.stderr}"
    result = json.loads(produced.stdout.strip().splitlines()[-1])
    assert result["broker"] == "filesystem://"
    assert (folder / "queue").is_dir()

    worker.wait_for_games([result["game"]])
    game = Game.objects.get(pk=result["game"])
    assert_played_like_the_engine(game)
    assert_ratings_consistent([game])
