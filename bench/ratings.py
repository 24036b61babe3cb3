"""Ratings at scale, as JSON lines: ``python bench/ratings.py [--games N] [--database-url URL]``.

One JSON line per figure, each with its goal and, where there is one, the ratio to a reference
measured in the same run (CPU time, so the other work on the machine matters less):

- ``elo_replay``: the pure rating loop of ``recompute_ratings`` (``EloReplay`` over 4-seat games,
  keys as the recompute's) over ``--loop-games`` games (default 1,000,000); goal under 5 s. The
  reference: the loop as it was (one ``expected_score`` call per ordered pair, tuples per
  competitor) over the first 100,000 of the same games.
- ``openskill``: ``openskill_update`` against ``PlackettLuce().rate`` called directly on the same
  4-seat updates (rating objects made beforehand, as a caller keeping them would); goal 0.95x.
- ``recompute_*``: ``ratings_recompute`` over N (default 1,000,000) rated 4-seat games on
  PostgreSQL, in a child process (its peak resident memory, ``ru_maxrss``, is the recompute's,
  not the seeding's); goal under 60 s and 300 MB. Three runs: ``recompute_rewrite_all`` with
  ``ELO_INITIAL`` one point up (every change and rating differs and is written),
  ``recompute_restore`` back on the settings (every one written again), ``recompute_verify`` once
  more (nothing differs, nothing written).

The database (``--database-url``, default ``postgres://postgres@127.0.0.1:5432/mulligan_league_ratings_bench``,
its name must contain "bench") is created and migrated when missing; the games are seeded with
COPY (competitors, games, seats, rating changes and ratings, the numbers from the same replay)
and kept for the next run when they are already there. Progress goes to stderr.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from typing import Any

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/mulligan_league_ratings_bench"
DEFAULT_SETTINGS = "mulligan_league.settings.local"
GAME_ID = "mulligan"
SEATS = 4
GOAL_LOOP_SECONDS = 5.0
GOAL_OPENSKILL_RATIO = 0.95
GOAL_RECOMPUTE_SECONDS = 60.0
GOAL_RECOMPUTE_RSS_MB = 300.0
REFERENCE_LOOP_GAMES = 100_000


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def emit(figure: dict[str, Any]) -> None:
    print(json.dumps(figure), flush=True)


def competitors_for(games: int) -> int:
    """About 40 games each, as on a busy ladder: 100,000 competitors for a million games."""
    return max(SEATS * 2, games // 10)


def seated_games(games: int, competitors: int, seed: int) -> Iterator[tuple[list[int], list[int]]]:
    """(competitor numbers, ranks) per 4-seat game, the same for the same arguments; ties now and then."""
    rng = random.Random(seed)
    places = list(range(1, SEATS + 1))
    for _ in range(games):
        ranks = places[:]
        rng.shuffle(ranks)
        if rng.random() < 0.05:
            ranks[rng.randrange(SEATS)] = ranks[0]
        yield rng.sample(range(competitors), SEATS), ranks


# -- (a) the pure Elo loop --------------------------------------------------------------------------


def _reference_replay(games: Sequence[tuple[list[int], list[int]]]) -> None:
    """The recompute's loop as it was before this benchmark: the baseline of ``elo_replay``."""
    from games.ratings.elo import EloConfig, expected_score

    config = EloConfig()

    def multi_seat_update(ratings: list[float], ranks: list[int], k_factors: list[float]) -> list[float]:
        n = len(ratings)
        new = []
        for i in range(n):
            total = 0.0
            for j in range(n):
                if i == j:
                    continue
                actual = 1.0 if ranks[i] < ranks[j] else 0.5 if ranks[i] == ranks[j] else 0.0
                total += actual - expected_score(ratings[i], ratings[j])
            new.append(ratings[i] + k_factors[i] / (n - 1) * total)
        return new

    current: dict[int, tuple[float, int]] = {}
    for keys, ranks in games:
        before = [current.get(key, (config.initial, 0))[0] for key in keys]
        k_factors = [config.k_for(current.get(key, (config.initial, 0))[1]) for key in keys]
        after = multi_seat_update(before, ranks, k_factors)
        for key, old, new in zip(keys, before, after, strict=True):
            rating, played = current.get(key, (config.initial, 0))
            current[key] = (rating + (new - old), played + 1)


def bench_elo_replay(games: int) -> dict[str, Any]:
    from games.ratings.elo import EloConfig
    from games.ratings.replay import EloReplay

    competitors = competitors_for(games)
    keys_of = [number + 1 for number in range(competitors)]
    replay: EloReplay[int] = EloReplay(EloConfig())
    seconds = 0.0
    reference: list[tuple[list[int], list[int]]] = []
    chunk: list[tuple[list[int], list[int]]] = []
    # Built a chunk at a time, and only the play is timed: a million games' lists would not fit the
    # memory figure of anyone running this next to the database part.
    for seated, ranks in seated_games(games, competitors, seed=1):
        chunk.append(([keys_of[number] for number in seated], ranks))
        if len(chunk) == 100_000:
            seconds += _timed_replay(replay, chunk)
            reference.extend(chunk[: REFERENCE_LOOP_GAMES - len(reference)])
            chunk = []
    seconds += _timed_replay(replay, chunk)
    reference.extend(chunk[: REFERENCE_LOOP_GAMES - len(reference)])
    started = time.process_time()
    _reference_replay(reference)
    reference_seconds = time.process_time() - started
    rate, reference_rate = games / seconds, len(reference) / reference_seconds
    return {
        "figure": "elo_replay",
        "games": games,
        "seats": SEATS,
        "cpu_seconds": round(seconds, 3),
        "games_per_s": round(rate),
        "reference": "the loop before (expected_score per ordered pair), first 100,000 games",
        "reference_games_per_s": round(reference_rate),
        "ratio": round(rate / reference_rate, 3),
        "goal_seconds": GOAL_LOOP_SECONDS,
        "met": seconds < GOAL_LOOP_SECONDS,
    }


def _timed_replay(replay: Any, games: list[tuple[list[int], list[int]]]) -> float:
    play = replay.play
    started = time.process_time()
    for keys, ranks in games:
        play(keys, ranks)
    return time.process_time() - started


# -- (b) OpenSkill ---------------------------------------------------------------------------------


def bench_openskill(games: int) -> dict[str, Any]:
    from openskill.models import PlackettLuce

    from games.ratings.openskill import SkillRating, openskill_update

    rng = random.Random(2)
    seats = [
        ([(rng.uniform(15.0, 35.0), rng.uniform(1.0, 25.0 / 3)) for _ in range(SEATS)], ranks)
        for _, ranks in seated_games(games, SEATS * 2, seed=3)
    ]
    model = PlackettLuce()
    direct = [([[model.rating(mu=mu, sigma=sigma)] for mu, sigma in game], ranks) for game, ranks in seats]
    direct_ranks = [[float(rank) for rank in ranks] for _, ranks in seats]
    wrapped = [([SkillRating(mu, sigma) for mu, sigma in game], ranks) for game, ranks in seats]
    best_direct = best_wrapped = float("inf")
    for _ in range(3):  # alternated, best of three: a burst of other work hits both alike
        started = time.process_time()
        for (teams, _), ranks in zip(direct, direct_ranks, strict=True):
            model.rate(teams, ranks=ranks)
        best_direct = min(best_direct, time.process_time() - started)
        started = time.process_time()
        for ratings, ranks in wrapped:
            openskill_update(ratings, ranks)
        best_wrapped = min(best_wrapped, time.process_time() - started)
    updates = games * SEATS
    ratio = best_direct / best_wrapped
    return {
        "figure": "openskill",
        "games": games,
        "seats": SEATS,
        "updates_per_s": round(updates / best_wrapped),
        "reference": "PlackettLuce().rate called directly",
        "reference_updates_per_s": round(updates / best_direct),
        "ratio": round(ratio, 3),
        "goal_ratio": GOAL_OPENSKILL_RATIO,
        "met": ratio >= GOAL_OPENSKILL_RATIO,
    }


# -- (c) recompute_ratings on PostgreSQL -----------------------------------------------------------


def ensure_database(url: str) -> None:
    import environ
    import psycopg
    from psycopg import sql

    config = environ.Env.db_url_config(url)
    name = str(config["NAME"])
    if "bench" not in name or "postgresql" not in config["ENGINE"]:
        raise SystemExit(
            f"bench/ratings.py needs a PostgreSQL database of its own, named *bench* (not {name!r})"
        )
    server = {key.lower(): config.get(key) or None for key in ("HOST", "PORT", "USER", "PASSWORD")}
    with psycopg.connect(dbname="postgres", autocommit=True, connect_timeout=5, **server) as connection:
        if not connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            log(f"creating database {name}")
            connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))


def seed(games: int) -> bool:
    """N rated 4-seat games with their rating changes and ratings, unless they are there; True if seeded."""
    from django.db import connection, transaction

    from games.models import Competitor, Game, Rating, RatingChange, Seat
    from games.ratings.replay import EloReplay
    from games.services.ratings import elo_config

    tables = [model._meta.db_table for model in (RatingChange, Rating, Seat, Game, Competitor)]
    with connection.cursor() as cursor:
        counts = []
        for table in tables[:4]:
            cursor.execute(f"SELECT count(*) FROM {table}")
            counts.append(cursor.fetchone()[0])
    competitors = competitors_for(games)
    if counts == [games * SEATS, competitors, games * SEATS, games]:
        log(f"reusing the {games:,} games already seeded")
        return False
    log(f"seeding {games:,} games, {competitors:,} competitors (COPY)")
    started = time.perf_counter()
    at = datetime(2026, 1, 1, tzinfo=UTC)
    replay: EloReplay[int] = EloReplay(elo_config())
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"TRUNCATE {', '.join(tables)} CASCADE")
        # The foreign keys are deferred: checked at commit, one lookup per row, they took minutes
        # for rows made consistent here by construction. Triggers (those checks) are off for this
        # transaction, on the bench's own database (it needs a superuser, as the default is).
        cursor.execute("SET LOCAL session_replication_role = replica")
        with cursor.copy(f"COPY {tables[4]} (id, name, created_at) FROM STDIN") as copy:
            for number in range(1, competitors + 1):
                copy.write_row((number, f"bench {number}", at))
        game_columns = "id, game_id, config, seed, status, version, rated, created_at, finished_at"
        with cursor.copy(f"COPY {tables[3]} ({game_columns}) FROM STDIN") as copy:
            for pk in range(1, games + 1):
                copy.write_row((pk, GAME_ID, "{}", pk, "finished", 0, True, at, at))
        seat_columns = "id, game_id, index, competitor_id, rank"
        change_columns = (
            "id, game_id, seat_id, competitor_id, rating_before, rating_after, k_factor, created_at"
        )
        # Seats and changes share their ids (one change per seat), in the order ratings were applied;
        # a chunk of games at a time, as a connection runs one COPY at a time.
        pk = 0
        seat_rows: list[tuple[Any, ...]] = []
        change_rows: list[tuple[Any, ...]] = []
        for game, (seated, ranks) in enumerate(seated_games(games, competitors, seed=1), start=1):
            ids = [number + 1 for number in seated]
            before, after, k_factors = replay.play(ids, ranks)
            for index in range(SEATS):
                pk += 1
                seat_rows.append((pk, game, index, ids[index], ranks[index]))
                change_rows.append(
                    (pk, game, pk, ids[index], before[index], after[index], k_factors[index], at)
                )
            if game % 50_000 == 0 or game == games:
                _copy_rows(cursor, tables[2], seat_columns, seat_rows)
                _copy_rows(cursor, tables[0], change_columns, change_rows)
                seat_rows, change_rows = [], []
            if game % 200_000 == 0:
                log(f"  {game:,} games")
        with cursor.copy(
            f"COPY {tables[1]} (competitor_id, game_id, rating, games_played, updated_at) FROM STDIN"
        ) as copy:
            for competitor, (rating, played) in replay.items():
                copy.write_row((competitor, GAME_ID, rating, played, at))
        for table in tables:
            cursor.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT max(id) FROM {table}))"
            )
    with connection.cursor() as cursor:
        for table in tables:
            cursor.execute(f"VACUUM ANALYZE {table}")
    log(f"seeded in {time.perf_counter() - started:.1f} s")
    return True


def _copy_rows(cursor: Any, table: str, columns: str, rows: list[tuple[Any, ...]]) -> None:
    with cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
        for row in rows:
            copy.write_row(row)


def run_recompute_child(env: dict[str, str]) -> dict[str, Any]:
    """``ratings_recompute`` in a fresh process: its time, its CPU time and its peak resident memory."""
    result = subprocess.run(
        [sys.executable, __file__, "--recompute-child"],
        env=env,
        check=True,
        stdout=subprocess.PIPE,
        text=True,
    )
    return dict(json.loads(result.stdout.strip().splitlines()[-1]))


def recompute_child() -> None:
    import django

    django.setup()
    from games.services.ratings import ratings_recompute

    wall, cpu = time.perf_counter(), time.process_time()
    report = ratings_recompute()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    print(
        json.dumps(
            {
                "seconds": wall,
                "cpu_seconds": cpu,
                "max_rss_mb": peak,
                "games": report.games,
                "ratings": report.ratings,
                "changed_ratings": report.changed_ratings,
            }
        )
    )


def bench_recompute(games: int) -> list[dict[str, Any]]:
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    seed(games)
    figures = []
    runs = [
        ("recompute_rewrite_all", {"ELO_INITIAL": str(settings.ELO_INITIAL + 1.0)}),
        ("recompute_restore", {}),
        ("recompute_verify", {}),
    ]
    for figure, overrides in runs:
        log(f"{figure} ...")
        env = {**os.environ, "PYTHONUNBUFFERED": "1", **overrides}
        run = run_recompute_child(env)
        figures.append(
            {
                "figure": figure,
                "games": run["games"],
                "seconds": round(run["seconds"], 2),
                "cpu_seconds": round(run["cpu_seconds"], 2),
                "games_per_s": round(run["games"] / run["seconds"]),
                "max_rss_mb": round(run["max_rss_mb"], 1),
                "ratings": run["ratings"],
                "changed_ratings": run["changed_ratings"],
                "goal_seconds": GOAL_RECOMPUTE_SECONDS,
                "goal_max_rss_mb": GOAL_RECOMPUTE_RSS_MB,
                "met": run["seconds"] < GOAL_RECOMPUTE_SECONDS and run["max_rss_mb"] < GOAL_RECOMPUTE_RSS_MB,
                "settings": overrides or "as configured",
            }
        )
        emit(figures[-1])
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1_000_000, help="rated games for recompute_ratings")
    parser.add_argument("--loop-games", type=int, default=1_000_000, help="games for the pure Elo loop")
    parser.add_argument(
        "--openskill-games", type=int, default=20_000, help="4-seat updates, wrapper and direct"
    )
    parser.add_argument(
        "--database-url",
        default=os.environ.get("RATINGS_BENCH_DATABASE_URL", DEFAULT_DATABASE_URL),
        help="the bench's own PostgreSQL database (its name contains 'bench')",
    )
    parser.add_argument("--skip-database", action="store_true", help="only the pure figures")
    parser.add_argument("--recompute-child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", DEFAULT_SETTINGS)
    os.environ.setdefault("DJANGO_DEBUG", "false")
    if args.recompute_child:
        recompute_child()
        return
    os.environ["DATABASE_URL"] = args.database_url
    log(f"pure Elo loop over {args.loop_games:,} games ...")
    emit(bench_elo_replay(args.loop_games))
    log(f"openskill over {args.openskill_games:,} games ...")
    emit(bench_openskill(args.openskill_games))
    if not args.skip_database:
        ensure_database(args.database_url)
        bench_recompute(args.games)


if __name__ == "__main__":
    main()
