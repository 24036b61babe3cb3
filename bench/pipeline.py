"""Bot games through the whole service, as JSON: ``python bench/pipeline.py [--games N] [--concurrency C]``.

N seeded Mulligan games between built-in bots are created with ``game_create`` in one transaction,
as a scheduler creates a round, and handed to ``games_enqueue_bots`` (``play_bot_games``, a batch
of games per task, on commit); with ``--commit-each-game`` each game commits on its own and
enqueues its own ``play_bot_game``. Real Celery worker processes (``celery -A mulligan_league
worker``) play them against the database and broker. The service rate runs from the first
enqueue to the last ``finished_at``; beside it, the engine alone plays the same games (same seeds,
configs and bots, through ``engine.play.play_game``) in this one process. The goal: the service
keeps at least half the engine's rate. Progress goes to stderr, the result (JSON) to stdout.

Defaults: ``DJANGO_SETTINGS_MODULE=mulligan_league.settings.local`` (with ``DJANGO_DEBUG=false``,
as in production), ``DATABASE_URL=postgres://postgres@127.0.0.1:5432/mulligan_league_bench`` and
``CELERY_BROKER_URL=redis://127.0.0.1:6379/14``. The database is the bench's own: created and
migrated when missing, and its games, moves and ratings are emptied at the start (so its name must
contain "bench"); what a run leaves stays there to look at. A Redis broker gets a key prefix of
this run's (kombu's ``global_keyprefix``), deleted at the end; a filesystem broker a temporary
folder.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

_ROOT = Path(__file__).resolve().parent.parent

GOAL_RATIO = 0.5
GAME_ID = "mulligan"
DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/mulligan_league_bench"
DEFAULT_BROKER_URL = "redis://127.0.0.1:6379/14"
DEFAULT_SETTINGS = "mulligan_league.settings.local"


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def _sanitize(url: str) -> str:
    from kombu.utils.url import maybe_sanitize_url

    return str(maybe_sanitize_url(url))


# -- The database and the broker ------------------------------------------------------------------


def ensure_database(url: str) -> str:
    """Create the bench's PostgreSQL database when missing; returns its name (the file for SQLite)."""
    import environ

    config = environ.Env.db_url_config(url)
    name = str(config["NAME"])
    if "bench" not in name:
        raise SystemExit(
            f"bench/pipeline.py empties its database at the start; give it a dedicated one whose "
            f"name contains 'bench' (DATABASE_URL names {name!r})"
        )
    if "postgresql" in config["ENGINE"]:
        import psycopg
        from psycopg import sql

        server = {
            "host": config.get("HOST") or None,
            "port": config.get("PORT") or None,
            "user": config.get("USER") or None,
            "password": config.get("PASSWORD") or None,
        }
        with psycopg.connect(dbname="postgres", autocommit=True, connect_timeout=5, **server) as connection:
            exists = connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
            if not exists:
                log(f"creating database {name}")
                connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    return name


def reset_game_data() -> None:
    """Empty the tables a run writes (games, seats, moves, ratings); competitors and bots stay."""
    from django.db import connection

    from games.models import Game, Move, Rating, RatingChange, Seat

    models = [RatingChange, Rating, Move, Seat, Game]
    if connection.vendor == "postgresql":
        tables = ", ".join(connection.ops.quote_name(model._meta.db_table) for model in models)
        with connection.cursor() as cursor:
            cursor.execute(f"TRUNCATE {tables} CASCADE")
    else:
        for model in models:
            model.objects.all().delete()


@dataclass
class BrokerSetup:
    """How this run's worker and this process share the broker without touching anybody else's tasks."""

    url: str
    worker_config: list[str]
    key_prefix: str | None = None
    folder: str | None = None

    @classmethod
    def for_url(cls, url: str) -> BrokerSetup:
        if url.startswith(("redis://", "rediss://")):
            prefix = f"mulligan-bench-{uuid.uuid4().hex[:12]}:"
            options = json.dumps({"global_keyprefix": prefix})
            return cls(url, [f"broker.transport_options=(json){options}"], key_prefix=prefix)
        if url.startswith("filesystem://"):
            folder = tempfile.mkdtemp(prefix="mulligan-bench-celery-")
            os.environ["CELERY_FILESYSTEM_DIR"] = folder
            return cls(url, [], folder=folder)
        return cls(url, [])

    def configure_this_process(self) -> None:
        """After ``django.setup()``: this process's Celery app publishes as the workers consume."""
        if self.key_prefix is None:
            return
        from mulligan_league.celery import app

        app.conf.broker_transport_options = {"global_keyprefix": self.key_prefix}

    def warm_up(self) -> None:
        """Connect this process's producer before the clock starts, as a running web process is.

        The first publish of a cold process spends ~0.1 s connecting; that is start-up, not the
        cost of enqueueing a round of games.
        """
        from mulligan_league.celery import app

        with app.producer_or_acquire() as producer:
            producer.connection.ensure_connection(max_retries=3)

    def clean_up(self) -> None:
        if self.key_prefix is not None:
            import redis

            client = redis.Redis.from_url(self.url)
            keys = list(client.scan_iter(match=f"{self.key_prefix}*", count=1000))
            if keys:
                client.delete(*keys)
            client.close()
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)


# -- CPU accounting (Linux /proc; None elsewhere) -------------------------------------------------


def _clock_ticks() -> int:
    try:
        return os.sysconf("SC_CLK_TCK")
    except (AttributeError, ValueError, OSError):
        return 100


def _proc_stat(pid: int) -> tuple[int, float] | None:
    """(parent pid, CPU seconds used so far: user + system) of a live process."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2 :].split()
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / _clock_ticks()


def process_tree_cpu(root_pids: list[int]) -> float | None:
    """CPU seconds used by these processes and their live descendants (a worker and its pool)."""
    if not Path("/proc/self/stat").exists():
        return None
    parents: dict[int, int] = {}
    cpu: dict[int, float] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            stat = _proc_stat(int(entry.name))
            if stat is not None:
                parents[int(entry.name)], cpu[int(entry.name)] = stat
    wanted = set(root_pids)
    grew = True
    while grew:
        more = {pid for pid, parent in parents.items() if parent in wanted} - wanted
        grew = bool(more)
        wanted |= more
    return sum(cpu.get(pid, 0.0) for pid in wanted)


def database_backends() -> tuple[float | None, int]:
    """CPU seconds of the other PostgreSQL backends on this database (the workers' connections), and
    how many there are.

    Only meaningful with the server on this machine; backends that closed are not counted (Celery
    closes a worker's connection after every task unless CELERY_DB_REUSE_MAX is set, as the
    settings now do).
    """
    from django.db import connection

    if connection.vendor != "postgresql":
        return None, 0
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        pids = [row[0] for row in cursor.fetchall()]
    stats = [_proc_stat(pid) for pid in pids]
    if not Path("/proc/self/stat").exists() or any(stat is None for stat in stats):
        return None, len(pids)  # another machine's server, or a container we cannot see into
    return sum(stat[1] for stat in stats if stat is not None), len(pids)


def own_backend_cpu() -> float | None:
    from django.db import connection

    if connection.vendor != "postgresql":
        return None
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        stat = _proc_stat(cursor.fetchone()[0])
    return None if stat is None else stat[1]


# -- Workers --------------------------------------------------------------------------------------


@dataclass
class Worker:
    process: subprocess.Popen[bytes]
    log_path: Path

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")


def start_workers(
    count: int, pool: str, concurrency: int, worker_config: list[str], log_dir: Path
) -> list[Worker]:
    """Worker processes as deployed (``-l INFO``: its "ready" line is how we know one has started)."""
    workers = []
    for index in range(count):
        from mulligan_league.celery import worker_command

        command = worker_command(
            name=f"bench{index}-{uuid.uuid4().hex[:6]}@%h",
            pool=pool,
            concurrency=concurrency,
            quiet=True,
            config=worker_config,
        )
        log_path = log_dir / f"worker-{index}.log"
        with log_path.open("wb") as log_file:
            process = subprocess.Popen(
                command,
                cwd=_ROOT,
                env={**os.environ, "PYTHONUNBUFFERED": "1"},
                stdin=subprocess.DEVNULL,
                stdout=log_file,
                stderr=subprocess.STDOUT,
            )
        workers.append(Worker(process, log_path))
    return workers


def check_workers(workers: list[Worker]) -> None:
    for worker in workers:
        if worker.process.poll() is not None:
            raise SystemExit(f"a worker exited with status {worker.process.returncode}:\n{worker.log()}")


def wait_until_ready(workers: list[Worker], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not all(" ready." in worker.log() for worker in workers):
        check_workers(workers)
        if time.monotonic() > deadline:
            raise SystemExit("the workers did not start:\n" + "\n".join(w.log() for w in workers))
        time.sleep(0.2)


def stop_workers(workers: list[Worker]) -> None:
    for worker in workers:
        if worker.process.poll() is None:
            worker.process.terminate()
    for worker in workers:
        try:
            worker.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            worker.process.kill()
            worker.process.wait(timeout=30)


# -- The games ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlannedGame:
    seed: int
    bots: tuple[str, ...]


def plan_games(games: int, players: int, bot_names: list[str], seed: int) -> list[PlannedGame]:
    """Game ``i``: a 63-bit seed and a built-in bot per seat, all drawn from ``random.Random(seed)``."""
    rng = random.Random(seed)
    return [
        PlannedGame(rng.getrandbits(63), tuple(rng.choice(bot_names) for _ in range(players)))
        for _ in range(games)
    ]


def create_games(
    planned: list[PlannedGame],
    config: dict[str, Any],
    competitors: dict[str, Any],
    commit_each: bool,
    games_per_task: int | None = None,
) -> tuple[list[int], float, float]:
    """Create the games with ``game_create``; returns their ids and when the first and last were enqueued.

    By default in one transaction, as a scheduler creates a round: the games are handed to
    ``games_enqueue_bots`` (``games_per_task`` to a task), whose tasks are sent when it commits.
    ``commit_each``: a transaction per game, as separate requests would, each enqueueing its own
    game (this one process then paces the workers).
    """
    from django.db import transaction

    from games.services.after_commit import games_enqueue_bots
    from games.services.games import game_create

    marks: list[float] = []

    def mark() -> None:
        # Callbacks run in the order they were registered: this one just before the first enqueue
        # when registered first, just after the last when registered last.
        transaction.on_commit(lambda: marks.append(time.time()))

    def create(game: PlannedGame, enqueue_bots: bool = True) -> int:
        seats = [competitors[name] for name in game.bots]
        return game_create(
            game_id=GAME_ID, competitors=seats, config=config, seed=game.seed, enqueue_bots=enqueue_bots
        ).pk

    pks = []
    if commit_each:
        for index, game in enumerate(planned):
            with transaction.atomic():
                if index == 0:
                    mark()
                pks.append(create(game))
        marks.append(time.time())
    else:
        with transaction.atomic():
            mark()
            pks = [create(game, enqueue_bots=False) for game in planned]
            games_enqueue_bots(pks, batch_size=games_per_task)
            mark()
    return pks, marks[0], marks[-1]


def run_service(
    planned: list[PlannedGame],
    config: dict[str, Any],
    workers: list[Worker],
    timeout: float,
    commit_each: bool,
    games_per_task: int | None = None,
) -> dict[str, Any]:
    """Create (and so enqueue) every game, then wait for the workers to finish them all."""
    from django.db.models import Max, Sum

    from games.models import Game, GameStatus
    from games.services.players import builtin_bots_ensure

    competitors = {bot.engine_bot: bot.competitor for bot in builtin_bots_ensure() if bot.game_id == GAME_ID}
    missing = sorted({name for game in planned for name in game.bots} - set(competitors))
    if missing:
        raise SystemExit(f"no built-in {GAME_ID} bot(s) {missing}; there are {sorted(competitors)}")

    workers_cpu_before = process_tree_cpu([worker.process.pid for worker in workers])
    backends_cpu_before, _ = database_backends()
    own_backend_before = own_backend_cpu()
    producer_cpu_before = time.process_time()
    log(f"creating {len(planned)} games")
    pks, start, last_enqueue = create_games(planned, config, competitors, commit_each, games_per_task)
    enqueue_seconds = last_enqueue - start
    producer_cpu = time.process_time() - producer_cpu_before
    own_backend_after = own_backend_cpu()
    log(f"enqueued {len(pks)} games in {enqueue_seconds:.2f} s")

    games = Game.objects.filter(pk__in=pks)
    deadline = time.monotonic() + timeout
    reported = -1.0
    while True:
        finished = games.filter(status=GameStatus.FINISHED).count()
        elapsed = time.time() - start
        if finished == len(pks):
            break
        if elapsed - reported >= 1:
            log(f"finished {finished}/{len(pks)}  ({finished / elapsed:.1f} games/s so far)")
            reported = elapsed
        check_workers(workers)
        if time.monotonic() > deadline:
            raise SystemExit(f"gave up after {timeout:.0f} s with {finished}/{len(pks)} games finished")
        time.sleep(0.1)
    summary = games.aggregate(last=Max("finished_at"), moves=Sum("version"))
    seconds = summary["last"].timestamp() - start
    log(f"finished {len(pks)}/{len(pks)} in {seconds:.2f} s")

    def used(before: float | None, after: float | None) -> float | None:
        return None if before is None or after is None else (after - before) / len(pks) * 1000

    workers_cpu = used(workers_cpu_before, process_tree_cpu([worker.process.pid for worker in workers]))
    backends_cpu_after, backends_open = database_backends()
    backends_cpu = used(backends_cpu_before or 0.0, backends_cpu_after)
    return {
        "pks": pks,
        "seconds": seconds,
        "enqueue_seconds": enqueue_seconds,
        "moves": summary["moves"],
        "worker_database_connections_open": backends_open,
        # Where the machine's time went, per game, whatever else it was running meanwhile.
        "cpu_ms_per_game": {
            "workers": workers_cpu,
            "producer": producer_cpu / len(pks) * 1000,
            "database_for_producer": used(own_backend_before, own_backend_after),
            "database_for_workers": backends_cpu,
        },
    }


def run_engine(planned: list[PlannedGame], config: dict[str, Any], repeats: int) -> dict[str, Any]:
    """The same games through ``engine.play.play_game`` in this process, the fastest of ``repeats`` runs.

    Identical seeded runs: the fastest is the one least disturbed by whatever else the machine was
    doing (as ``timeit`` and ``bench/engine_speed.py`` do); the service gets one run, so this errs on
    the engine's side.
    """
    from engine.bots import make_bot
    from engine.play import play_game

    runs = []
    records: list[Any] = []
    for attempt in range(1, max(1, repeats) + 1):
        log(f"playing the same {len(planned)} games with the engine alone ({attempt}/{repeats})")
        start, cpu_start = time.perf_counter(), time.process_time()
        records = [
            play_game(GAME_ID, config, game.seed, [make_bot(GAME_ID, name) for name in game.bots])
            for game in planned
        ]
        runs.append((time.perf_counter() - start, time.process_time() - cpu_start))
    seconds, cpu = min(runs)
    return {
        "seconds": seconds,
        "all_seconds": [round(run[0], 3) for run in runs],
        "cpu_ms_per_game": cpu / len(planned) * 1000,
        "records": records,
    }


def mismatches(pks: list[int], records: list[Any]) -> list[int]:
    """Games whose stored length or outcome differ from the engine's run of them (should be none)."""
    from games.models import Game

    stored = {
        pk: (version, outcome)
        for pk, version, outcome in Game.objects.filter(pk__in=pks).values_list("pk", "version", "outcome")
    }
    wrong = []
    for pk, record in zip(pks, records, strict=True):
        expected = (len(record.actions), json.loads(json.dumps(record.outcome.to_json())))
        if stored[pk] != expected:
            wrong.append(pk)
    return wrong


def _rounded(values: dict[str, float | None]) -> dict[str, float | None]:
    rounded = {key: None if value is None else round(value, 3) for key, value in values.items()}
    known = [value for value in values.values() if value is not None]
    rounded["total"] = round(sum(known), 3) if len(known) == len(values) else None
    return rounded


def _load_average() -> list[float] | None:
    try:
        return [round(value, 2) for value in os.getloadavg()]
    except OSError:
        return None


# -- Main -----------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=500, help="bot games to play (default 500)")
    parser.add_argument("--players", type=int, default=4, help="seats per game (default 4)")
    parser.add_argument(
        "--bots",
        default="heuristic,random",
        help="built-in bots each seat is drawn from (default heuristic,random)",
    )
    parser.add_argument("--seed", type=int, default=1, help="seeds the games and their seating (default 1)")
    parser.add_argument(
        "--engine-repeats", type=int, default=3, help="engine-only runs of the games; the fastest counts"
    )
    parser.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument(
        "--concurrency",
        type=int,
        default=os.cpu_count() or 1,
        help="pool processes per worker (default: the CPU count; ignored with --pool solo)",
    )
    parser.add_argument(
        "--pool", default="prefork", choices=["prefork", "solo", "threads"], help="worker pool"
    )
    parser.add_argument(
        "--commit-each-game",
        action="store_true",
        help="create each game in its own transaction (default: all in one, so enqueueing starts at once)",
    )
    parser.add_argument(
        "--games-per-task",
        type=int,
        default=None,
        help="games per play_bot_games task (default: the BOT_GAMES_PER_TASK setting; not with --commit-each-game)",
    )
    parser.add_argument(
        "--timeout", type=float, default=900, help="seconds to wait for the games (default 900)"
    )
    parser.add_argument(
        "--database-url",
        default=os.environ.get("DATABASE_URL", DEFAULT_DATABASE_URL),
        help=f"the bench's own database (default: DATABASE_URL, else {DEFAULT_DATABASE_URL})",
    )
    parser.add_argument(
        "--broker-url",
        default=os.environ.get("CELERY_BROKER_URL", DEFAULT_BROKER_URL),
        help=f"the broker (default: CELERY_BROKER_URL, else {DEFAULT_BROKER_URL})",
    )
    parser.add_argument(
        "--keep-logs", action="store_true", help="keep the workers' logs (their folder is printed)"
    )
    parser.add_argument("--out", metavar="FILE", help="also write the JSON to FILE")
    args = parser.parse_args(argv)

    # Settings are read from the environment, by this process and by the workers it starts.
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", DEFAULT_SETTINGS)
    os.environ.setdefault("DJANGO_DEBUG", "false")
    os.environ["DATABASE_URL"] = args.database_url
    os.environ["CELERY_BROKER_URL"] = args.broker_url
    os.environ["CELERY_TASK_ALWAYS_EAGER"] = "false"
    database_name = ensure_database(os.environ["DATABASE_URL"])
    broker = BrokerSetup.for_url(os.environ["CELERY_BROKER_URL"])

    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    from engine import get_game

    broker.configure_this_process()
    broker.warm_up()
    call_command("migrate", verbosity=0)
    reset_game_data()
    config = get_game(GAME_ID).normalize_config({"players": args.players})
    planned = plan_games(args.games, args.players, [name.strip() for name in args.bots.split(",")], args.seed)

    concurrency = 1 if args.pool == "solo" else args.concurrency
    log_dir = Path(tempfile.mkdtemp(prefix="mulligan-bench-logs-"))
    workers = start_workers(args.workers, args.pool, concurrency, broker.worker_config, log_dir)
    try:
        wait_until_ready(workers)
        log(f"{args.workers} worker(s) x {concurrency} ({args.pool}) ready; logs in {log_dir}")
        service = run_service(
            planned, config, workers, args.timeout, args.commit_each_game, args.games_per_task
        )
    finally:
        stop_workers(workers)
        broker.clean_up()
    engine = run_engine(planned, config, args.engine_repeats)
    records = engine["records"]
    wrong = mismatches(service["pks"], records)

    service_rate = len(planned) / service["seconds"]
    engine_rate = len(planned) / engine["seconds"]
    ratio = service_rate / engine_rate
    result = {
        "games": len(planned),
        "moves": service["moves"],
        "service_games_per_s": round(service_rate, 1),
        "engine_games_per_s": round(engine_rate, 1),
        "ratio": round(ratio, 3),
        "goal_ratio": GOAL_RATIO,
        "met": ratio >= GOAL_RATIO,
        "worker_concurrency": args.workers * concurrency,
        "database": _sanitize(os.environ["DATABASE_URL"]),
        "broker": _sanitize(os.environ["CELERY_BROKER_URL"]),
        "details": {
            "service_seconds": round(service["seconds"], 3),
            "enqueue_seconds": round(service["enqueue_seconds"], 3),
            "engine_seconds": round(engine["seconds"], 3),
            "engine_runs_seconds": engine["all_seconds"],
            "engine_moves": sum(len(record.actions) for record in records),
            "games_differing_from_engine": wrong,
            "service_cpu_ms_per_game": _rounded(service["cpu_ms_per_game"]),
            "engine_cpu_ms_per_game": round(engine["cpu_ms_per_game"], 3),
            # 0: the workers' backends were gone by the end, so database_for_workers misses them.
            "worker_database_connections_open": service["worker_database_connections_open"],
            "load_average": _load_average(),
            "workers": args.workers,
            "pool": args.pool,
            "games_created": "a transaction each" if args.commit_each_game else "in one transaction",
            "games_per_task": 1
            if args.commit_each_game
            else args.games_per_task or settings.BOT_GAMES_PER_TASK,
            "players": args.players,
            "bots": args.bots,
            "seed": args.seed,
            "database_name": database_name,
            "settings": os.environ["DJANGO_SETTINGS_MODULE"],
            "debug": settings.DEBUG,
            "cpu_count": os.cpu_count(),
            "python": platform.python_version(),
            "worker_logs": str(log_dir) if args.keep_logs else None,
        },
    }
    if not args.keep_logs:
        shutil.rmtree(log_dir, ignore_errors=True)  # kept when the run fails part-way, for a look
    text = json.dumps(result, indent=2)
    print(text)
    if args.out:
        Path(args.out).write_text(text + "\n", encoding="utf-8")
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
