"""The per-move path, as JSON: ``python bench/move_path.py [--moves N] [--games G] [--depth D] [--queries] [--profile]``.

Submits legal moves with ``POST /api/games/{id}/moves/`` through Django's test ``Client`` (the
whole stack: middleware, token authentication, the move throttle, the view, the service, the
commit and its after-commit enqueues) into running two-person Mulligan games on PostgreSQL: plain
games, tournament games and league games (their deadline rules), people with verified addresses,
webhooks and vacations (their notification settings and deadlines). Beside it, in the same run and
process, a bare Django JSON view through the same ``Client``: the reference. One JSON line per
figure: requests per second (wall clock and this process's CPU time), p50 and p99 latency, the
queries of one request, and the ratio to the bare view. ``--queries`` prints the SQL of one POST
(a short game's and a long game's) to stderr; ``--profile`` the top of a cProfile of the POSTs
(sorted by ``BENCH_PROFILE_SORT``, and saved for pstats to ``BENCH_PROFILE_DUMP`` when it is set).

Environment: ``DATABASE_URL`` (required, PostgreSQL; migrated when needed; the bench adds rows and
leaves them), ``CELERY_BROKER_URL`` (default ``memory://``: the enqueues are published in-process
and nobody consumes them; a Redis URL publishes to Redis, whose database this run then empties).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import platform
import pstats
import random
import statistics
import sys
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

GAME_ID = "mulligan"
GOAL_RATIO = 0.3


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def _setup_django() -> None:
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        raise SystemExit("set DATABASE_URL to a PostgreSQL database of the bench's own")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mulligan_league.settings.local")
    os.environ.setdefault("DJANGO_DEBUG", "false")  # as in production: no query log kept
    os.environ.setdefault("CELERY_BROKER_URL", "memory://")
    os.environ.setdefault("API_MOVE_RATE", "100000000/min")  # counted, never refused
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    settings.ROOT_URLCONF = __name__  # the project's URLs and the bare view
    call_command("migrate", verbosity=0)


def bare_view(request: Any) -> Any:
    """The reference: a Django view that answers JSON and touches nothing."""
    from django.http import JsonResponse

    return JsonResponse({"ok": True})


def _urlpatterns() -> list[Any]:
    from django.urls import include, path

    return [path("bench/bare/", bare_view), path("", include("mulligan_league.urls"))]


def __getattr__(name: str) -> Any:
    # Django reads ROOT_URLCONF's ``urlpatterns`` after django.setup(): built lazily here.
    if name == "urlpatterns":
        return _urlpatterns()
    raise AttributeError(name)


# -- The world: people, competitions, games -------------------------------------------------------


@dataclass
class Person:
    user_id: int
    competitor_id: int
    token: str


@dataclass
class Table:
    """A running game and the engine state the bench keeps of it, to choose legal moves."""

    pk: int
    seats: list[Person]
    state: Any
    version: int = 0


class World:
    def __init__(self, run: str, seed: int) -> None:
        from games.models import League, Season, Tournament

        self.run = run
        self.rng = random.Random(seed)
        self.people: list[Person] = []
        self.tournament = Tournament.objects.create(
            name=f"bench {run}",
            game_id=GAME_ID,
            format="swiss",
            seed=seed,
            move_time_limit=timedelta(hours=2),
            timeout_policy="default_action",
            state="running",
        )
        self.league = League.objects.create(
            name=f"bench {run}", game_id=GAME_ID, move_time_limit=timedelta(hours=6), state="running"
        )
        self.season = Season.objects.create(league=self.league, number=1, state="running")
        self.round = self.tournament.round_set.create(number=1)
        self.tables = 0

    def person(self, index: int) -> Person:
        from allauth.account.models import EmailAddress
        from django.utils import timezone

        from games.models import NotificationSettings, Vacation
        from games.services.players import player_create
        from games.services.tokens import token_create

        name = f"bench-{self.run}-{index}"
        email = f"{name}@example.org"
        player = player_create(username=name, email=email)
        if index % 2 == 0:  # half verified (mails), half not
            EmailAddress.objects.create(user=player.user, email=email, verified=True, primary=True)
        if index % 3 == 0:  # a third with a webhook
            NotificationSettings.objects.create(user=player.user, webhook_url="https://example.org/hook")
        if index % 5 == 0:  # some away next week
            now = timezone.now()
            Vacation.objects.create(
                player=player, starts_at=now + timedelta(days=7), ends_at=now + timedelta(days=9)
            )
        _, key = token_create(user=player.user, name="bench")
        return Person(player.user_id, player.competitor_id, key)

    def new_table(self) -> Table:
        from engine import get_game
        from games.models import Competitor, LeagueGame, Match, MatchGame
        from games.services.games import game_create

        while len(self.people) < 2 * (self.tables + 1):
            self.people.append(self.person(len(self.people)))
        seats = self.people[2 * self.tables : 2 * self.tables + 2]
        competitors = list(Competitor.objects.filter(pk__in=[p.competitor_id for p in seats]).order_by("pk"))
        seed = self.rng.randrange(2**62)
        game = game_create(game_id=GAME_ID, competitors=competitors, seed=seed, enqueue_bots=False)
        kind = self.tables % 3
        if kind == 1:
            match = Match.objects.create(round=self.round, table=self.tables, entries=[])
            MatchGame.objects.create(match=match, number=1, game=game)
        elif kind == 2:
            LeagueGame.objects.create(league=self.league, season=self.season, game=game)
        self.tables += 1
        return Table(game.pk, seats, get_game(GAME_ID).new_state(game.config, game.seed))

    def next_move(self, table: Table) -> tuple[Person, dict[str, Any]]:
        """The acting seat's person and a legal action, folding rarely so games run long."""
        seat = table.state.to_act()[0]
        legal = table.state.legal_actions(seat)
        choices = [action for action in legal if action["type"] != "fold"] or legal
        return table.seats[seat], self.rng.choice(choices)


def post_move(client: Any, table: Table, person: Person, action: dict[str, Any]) -> Any:
    return client.post(
        f"/api/games/{table.pk}/moves/",
        data=json.dumps({"action": action, "expected_move": table.version}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {person.token}",
    )


def apply_locally(world: World, table: Table, person: Person, action: dict[str, Any]) -> Table:
    table.state.apply(table.seats.index(person), action)
    table.version += 1
    return world.new_table() if table.state.is_over else table


# -- Measuring -----------------------------------------------------------------------------------


@dataclass
class Figure:
    name: str
    wall: list[float]
    cpu: float
    queries: float
    elapsed: float | None = None  # concurrent clients: the run's wall time, not the sum of requests'

    def line(self, reference: Figure | None) -> dict[str, Any]:
        count = len(self.wall)
        wall_total = self.elapsed or sum(self.wall)
        ordered = sorted(self.wall)
        out: dict[str, Any] = {
            "figure": self.name,
            "requests": count,
            "req_per_s": round(count / wall_total, 1),
            "cpu_req_per_s": round(count / self.cpu, 1) if self.cpu else None,
            "p50_ms": round(statistics.median(ordered) * 1000, 3),
            "p99_ms": round(ordered[min(count - 1, int(count * 0.99))] * 1000, 3),
            "queries_per_request": None if self.queries != self.queries else round(self.queries, 2),
        }
        if reference is not None:
            base = reference.line(None)
            out["reference"] = reference.name
            out["ratio"] = round(out["req_per_s"] / base["req_per_s"], 3)
            out["cpu_ratio"] = round(out["cpu_req_per_s"] / base["cpu_req_per_s"], 3)
            out["goal_ratio"] = GOAL_RATIO
        return out


def timed(
    requests: int, prepare: Callable[[], Any], send: Callable[[Any], Any], done: Callable[[Any], None]
) -> tuple[list[float], float, float]:
    """Wall time of each ``send`` (``prepare`` and ``done`` are the bench's own work, not timed),
    this process's CPU time over the sends, and queries per send."""
    from django.db import connection

    walls: list[float] = []
    cpu = 0.0
    queries = 0
    sending = False

    def counted(execute: Any, sql: Any, params: Any, many: Any, context: Any) -> Any:
        nonlocal queries
        queries += sending
        return execute(sql, params, many, context)

    # Counted by an execute wrapper: force_debug_cursor would also compose every statement's text
    # with its values (psycopg's mogrify) for the query log, a tenth of a move's CPU.
    with connection.execute_wrapper(counted):
        for _ in range(requests):
            prepared = prepare()
            cpu_start = time.process_time()
            start = time.perf_counter()
            sending = True
            answer = send(prepared)
            sending = False
            walls.append(time.perf_counter() - start)
            cpu += time.process_time() - cpu_start
            done(answer)
    return walls, cpu, queries / max(1, requests)


def measure_moves(world: World, tables: list[Table], requests: int) -> Figure:
    """POST ``requests`` moves, round robin over ``tables`` (a game that ends is replaced, untimed)."""
    from django.test import Client

    client = Client()
    position = 0

    def prepare() -> tuple[int, Table, Person, dict[str, Any]]:
        nonlocal position
        index = position % len(tables)
        position += 1
        table = tables[index]
        return (index, table, *world.next_move(table))

    def send(prepared: tuple[int, Table, Person, dict[str, Any]]) -> Any:
        _, table, person, action = prepared
        return prepared, post_move(client, table, person, action)

    def done(answer: Any) -> None:
        (index, table, person, action), response = answer
        if response.status_code != 201:
            raise SystemExit(f"move refused: {response.status_code} {response.content[:300]!r}")
        tables[index] = apply_locally(world, table, person, action)

    walls, cpu, queries = timed(requests, prepare, send, done)
    return Figure("post_move", walls, cpu, queries)


def measure_bare(requests: int) -> Figure:
    from django.test import Client

    client = Client()
    walls, cpu, queries = timed(requests, lambda: None, lambda _: client.get("/bench/bare/"), lambda _: None)
    return Figure("bare_view", walls, cpu, queries)


def measure_concurrent(world: World, clients: int, requests: int, path: str = "move") -> Figure:
    """``clients`` threads (each its own ``Client``, database connection and games) send
    ``requests`` in all, as a threaded server's workers would; the bare view with ``path="bare"``."""
    import threading

    from django.db import connection
    from django.test import Client

    lock = threading.Lock()
    walls: list[float] = []
    per_client = max(1, requests // clients)
    with lock:
        own = [[world.new_table(), world.new_table()] for _ in range(clients)] if path == "move" else []

    def run(number: int) -> None:
        client = Client()
        mine: list[float] = []
        try:
            for step in range(per_client):
                if path == "bare":
                    start = time.perf_counter()
                    client.get("/bench/bare/")
                    mine.append(time.perf_counter() - start)
                    continue
                tables = own[number]
                table = tables[step % 2]
                with lock:
                    person, action = world.next_move(table)
                start = time.perf_counter()
                response = post_move(client, table, person, action)
                mine.append(time.perf_counter() - start)
                if response.status_code != 201:
                    raise SystemExit(f"move refused: {response.status_code} {response.content[:300]!r}")
                with lock:
                    tables[step % 2] = apply_locally(world, table, person, action)
        finally:
            connection.close()
            with lock:
                walls.extend(mine)

    threads = [threading.Thread(target=run, args=(number,)) for number in range(clients)]
    cpu_start, start = time.process_time(), time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - start
    name = f"{'post_move' if path == 'move' else 'bare_view'}_c{clients}"
    return Figure(name, walls, time.process_time() - cpu_start, float("nan"), elapsed)


def one_move_queries(world: World, table: Table) -> list[str]:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    person, action = world.next_move(table)
    with CaptureQueriesContext(connection) as captured:
        response = post_move(Client(), table, person, action)
    if response.status_code != 201:
        raise SystemExit(f"move refused: {response.status_code} {response.content[:300]!r}")
    apply_locally(world, table, person, action)
    return [query["sql"] for query in captured.captured_queries]


def long_table(world: World, moves: int) -> Table:
    """A table played ``moves`` moves deep (a fresh one if a game ends first: tried again)."""
    from django.test import Client

    client = Client()
    while True:
        table = world.new_table()
        for _ in range(moves):
            person, action = world.next_move(table)
            if post_move(client, table, person, action).status_code != 201:
                raise SystemExit("move refused while preparing a long game")
            following = apply_locally(world, table, person, action)
            if following is not table:
                break
        else:
            return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12, help="running games the moves go round")
    parser.add_argument("--moves", type=int, default=600, help="POSTs measured")
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--queries", action="store_true", help="print the SQL of one POST to stderr")
    parser.add_argument("--profile", action="store_true", help="print a cProfile of the POSTs to stderr")
    parser.add_argument("--clients", type=int, default=16, help="concurrent clients (threads); 0: none")
    parser.add_argument(
        "--depth",
        type=int,
        default=0,
        help="play each game this many moves first (untimed) and drop the engine states the process "
        "kept: with --games >= --moves, each timed move reads and replays its game's history, as a "
        "correspondence move does",
    )
    args = parser.parse_args()
    _setup_django()
    from django.conf import settings
    from django.db import connection

    from games.services.move_states import move_states_clear

    world = World(uuid.uuid4().hex[:8], args.seed)
    tables = [long_table(world, args.depth) if args.depth else world.new_table() for _ in range(args.games)]
    # The statistics autovacuum would keep: the rows this run added would otherwise be planned for
    # from the counts of the last analysis, if any (a seat read planned for 372 seats a game took
    # 6 ms where it takes 0.1, on a server with autovacuum off).
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    if args.queries:
        for label, table in (
            ("a short game (move 1)", world.new_table()),
            ("a game 40 moves deep", long_table(world, 40)),
        ):
            sql = one_move_queries(world, table)
            log(f"-- {len(sql)} queries of one POST in {label}:")
            for number, text in enumerate(sql, 1):
                log(f"{number:2}. {text}")
    measure_moves(world, tables, max(20, args.moves // 10))  # warm up: imports, caches, connections
    measure_bare(200)
    if args.depth:
        move_states_clear()
    profiler = cProfile.Profile(time.process_time) if args.profile else None  # CPU, not waits
    if profiler:
        profiler.enable()
    moves = measure_moves(world, tables, args.moves)
    if profiler:
        profiler.disable()
    bare = measure_bare(max(args.moves, 1000))
    machine = {"python": platform.python_version(), "cpu_count": os.cpu_count(), "db": connection.vendor}
    print(json.dumps(bare.line(None) | machine))
    print(json.dumps(moves.line(bare) | {"broker": settings.CELERY_BROKER_URL.split(":")[0]}))
    if args.clients:
        bare_many = measure_concurrent(world, args.clients, max(args.moves, 1000), path="bare")
        moves_many = measure_concurrent(world, args.clients, args.moves)
        print(json.dumps(bare_many.line(None)))
        print(json.dumps(moves_many.line(bare_many)))
    if profiler:
        out = io.StringIO()
        stats = pstats.Stats(profiler, stream=out).sort_stats(
            os.environ.get("BENCH_PROFILE_SORT", "cumulative")
        )
        stats.print_stats(45)
        if dump := os.environ.get("BENCH_PROFILE_DUMP"):
            stats.dump_stats(dump)
        if callees := os.environ.get("BENCH_PROFILE_CALLEES"):
            stats.print_callees(callees)
        log(out.getvalue())
    if settings.CELERY_BROKER_URL.startswith("redis"):
        import redis

        redis.Redis.from_url(settings.CELERY_BROKER_URL).flushdb()


if __name__ == "__main__":
    main()
