"""The API bench's data: a ladder of ``players`` rated competitors, ``games`` finished games and a
realistic number of running ones, written into PostgreSQL with COPY, once.

Every finished game is a real game: played by the engine from its stored seed with seeded random
choices, stored as the service stores one (the game row with its outcome, two seats with ranks and
scores, every move, one rating change per seat) and rated with the project's own Elo, in id order,
so the ratings, the ladder and the league entries are what ``ratings_recompute`` would find. The
database holds a marker row naming the sizes; a later run of the same sizes reuses the data.

Separate from the seeded data, :func:`pool_reset` makes fresh running games between two bench
users at the start of every run, for the ``POST`` a move measurement (which plays them on).
"""

from __future__ import annotations

import hashlib
import json
import random
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import psycopg
from psycopg.copy import QueuedLibpqWriter

from engine import State, new_state
from games.ratings.elo import EloConfig, multi_seat_update

# Bump when the seeded data changes shape: an older database is then seeded again.
SEED_FORMAT = 1
GAME_ID = "mulligan"
# Two seats: the most common ladder game, and one whose move list a reader can follow.
CONFIG: dict[str, Any] = {
    "players": 2,
    "first_auctioneer": 0,
    "secret_offers": False,
    "high_risk": False,
    "open_hands": False,
    "chips": 0,
    "max_turns": 100,
    "end_on_skip_round": True,
}
BOTS_PER_PEOPLE = 50  # one competitor in 50 is a bot
BENCH_USERS = ("bench_a", "bench_b", "bench_c", "bench_d")
TURN_GAMES = 40  # bench_a against bench_b: half of them wait for bench_a
DEADLINE_SECONDS = 3 * 24 * 3600  # the site's default time per move (settings.DEFAULT_MOVE_TIME_LIMIT)
MARKER_TABLE = "bench_api_seed"
BIG_TABLES = ("games_game", "games_seat", "games_move", "games_ratingchange")
ELO = EloConfig()  # the settings' defaults (ELO_INITIAL, ELO_K, ...), which the bench server keeps
CHUNK_BYTES = 1 << 20

Progress = Callable[[str], None]


@dataclass(frozen=True)
class Sizes:
    players: int
    games: int
    running: int


@dataclass(frozen=True)
class Seeded:
    """What the load client needs to know of the seeded data (stored in the marker row)."""

    sizes: Sizes
    league: int
    tokens: dict[str, str]  # bench user name -> API token
    finished_games: int  # ids 1..finished_games are the finished games
    people: int  # player ids 1..people are people with ratings
    seconds: float
    moves: int


def seeded_bots(marker: Seeded, count: int = 100) -> list[int]:
    """``count`` of the seeded bots' ids, spread over them (bot ids are 1..players // BOTS_PER_PEOPLE)."""
    bots = max(1, marker.sizes.players // BOTS_PER_PEOPLE)
    return sorted({1 + k * bots // count for k in range(count)})


def stderr(message: str) -> None:
    print(f"[api bench] {message}", file=sys.stderr, flush=True)


# -- The database ------------------------------------------------------------------------------------


def admin_url(url: str) -> tuple[str, str]:
    """The URL of the server's ``postgres`` database, and the bench database's name."""
    conninfo = psycopg.conninfo.conninfo_to_dict(url)
    name = str(conninfo["dbname"])
    conninfo["dbname"] = "postgres"
    return psycopg.conninfo.make_conninfo(**conninfo), name


def database_recreate(url: str) -> None:
    admin, name = admin_url(url)
    if "bench" not in name:
        raise SystemExit(f"refusing to drop {name!r}: the bench database's name must contain 'bench'")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def seeded(url: str) -> Seeded | None:
    """The marker of the data in the bench database, or None (no database, no marker, another format)."""
    try:
        with psycopg.connect(url) as conn:
            (exists,) = conn.execute("SELECT to_regclass(%s) IS NOT NULL", (MARKER_TABLE,)).fetchone()
            row = exists and conn.execute(f"SELECT value FROM {MARKER_TABLE} WHERE key = 'seed'").fetchone()
    except psycopg.OperationalError:  # no such database yet
        return None
    if not row or row[0].get("format") != SEED_FORMAT:  # no marker table (a seeding cut short), or no row
        return None
    value = dict(row[0])
    value.pop("format")
    value["sizes"] = Sizes(**value["sizes"])
    return Seeded(**value)


def migrate(env: dict[str, str], root: Path) -> None:
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=root, env=env, check=True
    )


# -- COPY, several tables at once --------------------------------------------------------------------


def _text(value: str) -> str:
    """A value in COPY's text format (JSON documents carry backslashes; tabs and newlines are escaped)."""
    return value.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")


def _ts(seconds: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S+00", time.gmtime(seconds))


class Copier:
    """One COPY per table, each on its own connection, all open at once: rows of several tables come
    out of one loop (a game, its seats, moves and rating changes), and PostgreSQL ingests them on its
    own cores while this process plays the next games. Foreign keys are not checked row by row
    (``session_replication_role = replica``): the rows are made consistent here."""

    def __init__(self, url: str, stack: ExitStack) -> None:
        self.url = url
        self.stack = stack
        self.copies: dict[str, Any] = {}
        self.buffers: dict[str, list[str]] = {}
        self.sizes: dict[str, int] = {}
        self.rows: dict[str, int] = {}

    def open(self, table: str, columns: Sequence[str]) -> None:
        conn = self.stack.enter_context(psycopg.connect(self.url))
        conn.execute("SET session_replication_role = replica")
        conn.execute("SET synchronous_commit = off")
        cursor = conn.cursor()
        copy = self.stack.enter_context(
            cursor.copy(f"COPY {table} ({', '.join(columns)}) FROM STDIN", writer=QueuedLibpqWriter(cursor))
        )
        self.copies[table] = copy
        self.buffers[table] = []
        self.sizes[table] = 0
        self.rows[table] = 0

    def row(self, table: str, line: str) -> None:
        buffer = self.buffers[table]
        buffer.append(line)
        self.sizes[table] += len(line)
        self.rows[table] += 1
        if self.sizes[table] > CHUNK_BYTES:
            self.flush(table)

    def flush(self, table: str) -> None:
        self.copies[table].write("".join(self.buffers[table]))
        self.buffers[table].clear()
        self.sizes[table] = 0

    def flush_all(self) -> None:
        for table in self.copies:
            self.flush(table)


@contextmanager
def copying(url: str) -> Iterator[Copier]:
    with ExitStack() as stack:
        copier = Copier(url, stack)
        yield copier
        copier.flush_all()
    # Leaving the stack ends every COPY and commits each connection.


@contextmanager
def without_secondary_indexes(url: str, tables: Sequence[str], progress: Progress) -> Iterator[None]:
    """Drop the tables' unique constraints and indexes (all but the primary keys) while rows are
    loaded, and build them again from their own definitions afterwards: one sort per index instead
    of millions of insertions into it."""
    with psycopg.connect(url, autocommit=True) as conn:
        constraints = conn.execute(
            "SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid) FROM pg_constraint "
            "WHERE contype = 'u' AND conrelid::regclass::text = ANY(%s)",
            (list(tables),),
        ).fetchall()
        indexes = conn.execute(
            "SELECT i.indexrelid::regclass::text, pg_get_indexdef(i.indexrelid) FROM pg_index i "
            "WHERE i.indrelid::regclass::text = ANY(%s) AND NOT i.indisprimary "
            "AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)",
            (list(tables),),
        ).fetchall()
        for table, name, _ in constraints:
            conn.execute(f'ALTER TABLE {table} DROP CONSTRAINT "{name}"')
        for name, _ in indexes:
            conn.execute(f"DROP INDEX {name}")
    yield
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("SET maintenance_work_mem = '512MB'")
        for name, definition in indexes:
            progress(f"building index {name}")
            conn.execute(definition)
        for table, name, definition in constraints:
            progress(f"building constraint {name}")
            conn.execute(f'ALTER TABLE {table} ADD CONSTRAINT "{name}" {definition}')


# -- Games ---------------------------------------------------------------------------------------------


def play_random(seed: int, stop_after: int | None = None) -> tuple[State, list[tuple[int, dict[str, Any]]]]:
    """A game from ``seed``, each move a legal action drawn from a Random of the same seed (a random
    bot); ``stop_after`` moves at most (a running game)."""
    state = new_state(GAME_ID, CONFIG, seed)
    choose = random.Random(seed).choice
    moves: list[tuple[int, dict[str, Any]]] = []
    while not state.is_over and (stop_after is None or len(moves) < stop_after):
        seat = state.to_act()[0]
        action = choose(state.legal_actions(seat))
        state.apply(seat, action)
        moves.append((seat, action))
    return state, moves


class Ids:
    """The next id of each table: rows get their ids here, so related rows are written together."""

    def __init__(self) -> None:
        self.next: dict[str, int] = {}

    def take(self, table: str) -> int:
        value = self.next.get(table, 1)
        self.next[table] = value + 1
        return value


GAME_COLUMNS = (
    "id",
    "game_id",
    "config",
    "seed",
    "status",
    "version",
    "rated",
    "outcome",
    "created_at",
    "finished_at",
    "turn_deadline",
    "deadline_version",
    "moved_at",
)
SEAT_COLUMNS = ("id", "game_id", "index", "competitor_id", "rank", "score")
MOVE_COLUMNS = ("id", "game_id", "number", "seat", "action", "auto", "created_at")
CHANGE_COLUMNS = (
    "id",
    "game_id",
    "seat_id",
    "competitor_id",
    "rating_before",
    "rating_after",
    "k_factor",
    "created_at",
)
CONFIG_TEXT = _text(json.dumps(CONFIG))


def _write_moves(
    copier: Copier, ids: Ids, game: int, moves: list[tuple[int, dict[str, Any]]], start: float
) -> None:
    for number, (seat, action) in enumerate(moves, 1):
        copier.row(
            "games_move",
            f"{ids.take('games_move')}\t{game}\t{number}\t{seat}\t{_text(json.dumps(action))}\tf\t{_ts(start + number)}\n",
        )


def running_game(
    copier: Copier, ids: Ids, competitors: Sequence[int], seed: int, played: int, now: float
) -> tuple[int, State]:
    """A running game between these competitors with its first ``played`` moves; returns its id and state."""
    state, moves = play_random(seed, stop_after=played)
    game = ids.take("games_game")
    start = now - 60 * (len(moves) + 1)
    copier.row(
        "games_game",
        f"{game}\t{GAME_ID}\t{CONFIG_TEXT}\t{seed}\trunning\t{len(moves)}\tt\t\\N\t{_ts(start)}\t\\N\t"
        f"{_ts(now + DEADLINE_SECONDS)}\t{len(moves)}\t{_ts(start + len(moves))}\n",
    )
    for index, competitor in enumerate(competitors):
        copier.row("games_seat", f"{ids.take('games_seat')}\t{game}\t{index}\t{competitor}\t\\N\t\\N\n")
    _write_moves(copier, ids, game, moves, start)
    return game, state


def seed_all(url: str, sizes: Sizes, progress: Progress = stderr) -> Seeded:
    """Write the whole data set into a freshly migrated bench database; returns its marker."""
    started = time.perf_counter()
    rng = random.Random(16)
    now = time.time()
    bots = max(1, sizes.players // BOTS_PER_PEOPLE)
    people = sizes.players - bots
    competitors = people + bots + len(BENCH_USERS)
    bench_competitor = {name: people + bots + 1 + k for k, name in enumerate(BENCH_USERS)}
    bench_user = {name: people + 1 + k for k, name in enumerate(BENCH_USERS)}
    year_ago = now - 365 * 24 * 3600
    ratings = [ELO.initial] * (competitors + 1)
    played = [0] * (competitors + 1)
    ids = Ids()
    moves_written = 0
    with without_secondary_indexes(url, BIG_TABLES, progress), copying(url) as copier:
        for table, columns in (
            ("games_game", GAME_COLUMNS),
            ("games_seat", SEAT_COLUMNS),
            ("games_move", MOVE_COLUMNS),
            ("games_ratingchange", CHANGE_COLUMNS),
        ):
            copier.open(table, columns)
        step = 365 * 24 * 3600 / max(1, sizes.games)
        report_every = max(1, sizes.games // 20)
        for number in range(sizes.games):
            a, b = rng.sample(range(1, people + bots + 1), 2)
            seed = rng.getrandbits(62)
            state, moves = play_random(seed)
            outcome = state.outcome()
            game = ids.take("games_game")
            start = year_ago + number * step
            end = start + len(moves) + 1
            copier.row(
                "games_game",
                f"{game}\t{GAME_ID}\t{CONFIG_TEXT}\t{seed}\tfinished\t{len(moves)}\tt\t"
                f"{_text(json.dumps(outcome.to_json()))}\t{_ts(start)}\t{_ts(end)}\t\\N\t{len(moves) - 1}\t{_ts(end)}\n",
            )
            pair = (a, b)
            places = outcome.places
            before = [ratings[a], ratings[b]]
            k_factors = [ELO.k_for(played[a]), ELO.k_for(played[b])]
            after = multi_seat_update(before, list(places), k_factors)
            for index, competitor in enumerate(pair):
                seat = ids.take("games_seat")
                copier.row(
                    "games_seat",
                    f"{seat}\t{game}\t{index}\t{competitor}\t{places[index]}\t{outcome.scores[index]}\n",
                )
                copier.row(
                    "games_ratingchange",
                    f"{ids.take('games_ratingchange')}\t{game}\t{seat}\t{competitor}\t{before[index]!r}\t"
                    f"{after[index]!r}\t{k_factors[index]!r}\t{_ts(end)}\n",
                )
                ratings[competitor] = after[index]
                played[competitor] += 1
            _write_moves(copier, ids, game, moves, start)
            moves_written += len(moves)
            if (number + 1) % report_every == 0:
                progress(
                    f"finished games: {number + 1:,} of {sizes.games:,} ({moves_written:,} moves, "
                    f"{time.perf_counter() - started:.0f} s)"
                )
        finished_games = sizes.games
        turns_seed = random.Random(1616)
        a_seat = {True: 0, False: 0}  # games waiting for bench_a / for bench_b
        pair_ab = (bench_competitor["bench_a"], bench_competitor["bench_b"])
        while sum(a_seat.values()) < TURN_GAMES:
            seed = turns_seed.getrandbits(62)
            _, probe_moves = play_random(seed)
            prefix = turns_seed.randrange(len(probe_moves))
            state, _ = play_random(seed, stop_after=prefix)
            waits_for_a = 0 in state.to_act()
            if a_seat[waits_for_a] >= TURN_GAMES // 2:
                continue
            a_seat[waits_for_a] += 1
            running_game(copier, ids, pair_ab, seed, prefix, now)
        for _ in range(max(0, sizes.running - TURN_GAMES)):
            a, b = rng.sample(range(1, people + 1), 2)
            seed = rng.getrandbits(62)
            _, probe_moves = play_random(seed)
            running_game(copier, ids, (a, b), seed, rng.randrange(len(probe_moves)), now)
        progress(
            f"running games: {sizes.running:,}; finishing the COPY ({time.perf_counter() - started:.0f} s)"
        )
    progress(f"games stored ({time.perf_counter() - started:.0f} s)")
    tokens = _people_and_ratings(url, people, bots, bench_user, bench_competitor, ratings, played, now, rng)
    league = _league(url, people + bots, ratings, played, now)
    _finish(url, progress)
    marker = Seeded(
        sizes=sizes,
        league=league,
        tokens=tokens,
        finished_games=finished_games,
        people=people,
        seconds=round(time.perf_counter() - started, 1),
        moves=moves_written,
    )
    with psycopg.connect(url) as conn:
        conn.execute(
            f"CREATE TABLE IF NOT EXISTS {MARKER_TABLE} (key text PRIMARY KEY, value jsonb NOT NULL)"
        )
        value = asdict(marker) | {"format": SEED_FORMAT}
        conn.execute(
            f"INSERT INTO {MARKER_TABLE} VALUES ('seed', %s) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
            (json.dumps(value),),
        )
    return marker


def _people_and_ratings(
    url: str,
    people: int,
    bots: int,
    bench_user: dict[str, int],
    bench_competitor: dict[str, int],
    ratings: list[float],
    played: list[int],
    now: float,
    rng: random.Random,
) -> dict[str, str]:
    """Users, players, bots, competitors and the Elo ratings the games left; the bench users' tokens."""
    joined = _ts(now - 400 * 24 * 3600)
    tokens = {name: f"{rng.getrandbits(160):040x}" for name in BENCH_USERS}
    with copying(url) as copier:
        copier.open("games_competitor", ("id", "name", "created_at"))
        copier.open(
            "auth_user",
            (
                "id",
                "password",
                "is_superuser",
                "username",
                "first_name",
                "last_name",
                "email",
                "is_staff",
                "is_active",
                "date_joined",
            ),
        )
        copier.open("games_player", ("id", "user_id", "competitor_id"))
        copier.open("games_bot", ("id", "competitor_id", "game_id", "kind", "engine_bot"))
        copier.open(
            "games_rating", ("id", "competitor_id", "game_id", "rating", "games_played", "updated_at")
        )
        user_rows = [(user, f"player{user:06d}", user) for user in range(1, people + 1)] + [
            (bench_user[name], name, bench_competitor[name]) for name in BENCH_USERS
        ]
        for user, username, competitor in user_rows:
            copier.row("games_competitor", f"{competitor}\t{username}\t{joined}\n")
            # "!" starts an unusable password (Django's): these people log in with their tokens only.
            copier.row(
                "auth_user",
                f"{user}\t!bench\tf\t{username}\t\t\t{username}@bench.invalid\tf\tt\t{joined}\n",
            )
            copier.row("games_player", f"{user}\t{user}\t{competitor}\n")
        for bot in range(1, bots + 1):
            competitor = people + bot
            copier.row("games_competitor", f"{competitor}\tbot{bot:05d}\t{joined}\n")
            # Submitted bots with no version yet: the built-in kind allows one bot per engine bot.
            copier.row("games_bot", f"{bot}\t{competitor}\t{GAME_ID}\tprogram\t\n")
        updated = _ts(now)
        for competitor in range(1, len(ratings)):
            if played[competitor]:
                copier.row(
                    "games_rating",
                    f"{competitor}\t{competitor}\t{GAME_ID}\t{ratings[competitor]!r}\t{played[competitor]}\t{updated}\n",
                )
    with psycopg.connect(url) as conn:
        for name, key in tokens.items():
            # Only a key's digest is stored (games.models.tokens.token_digest); the marker keeps the keys.
            conn.execute(
                "INSERT INTO games_apitoken (user_id, digest, hint, name, created_at) "
                "VALUES (%s, %s, %s, 'bench', now())",
                (bench_user[name], hashlib.sha256(key.encode()).hexdigest(), key[:4]),
            )
    return tokens


def _league(url: str, competitors: int, ratings: list[float], played: list[int], now: float) -> int:
    """A running Elo league that every seeded competitor entered, its ratings the global ones."""
    with psycopg.connect(url) as conn:
        (league,) = conn.execute(
            "INSERT INTO games_league (name, game_id, config, rating_system, entrants, state, created_at, "
            "started_at, challenge_range, seats_per_table, ratings_per_season, allow_vacations, "
            "move_time_limit, timeout_policy, bot_fault_policy, bot_max_strikes, bot_move_time_ms, "
            "bot_time_bank_ms) VALUES ('Bench ladder', %s, %s, 'elo', 'both', 'running', now(), now(), 3, 2, "
            "false, true, interval '1 day', 'forfeit', 'default_move', 3, 2000, 10000) RETURNING id",
            (GAME_ID, json.dumps(CONFIG)),
        ).fetchone()
        conn.execute(
            "INSERT INTO games_season (league_id, number, state, created_at, game_count) VALUES (%s, 1, 'running', now(), 0)",
            (league,),
        )
    joined = _ts(now - 300 * 24 * 3600)
    with copying(url) as copier:
        copier.open(
            "games_leagueentry",
            ("league_id", "competitor_id", "active", "rating", "games_played", "provisional", "joined_at"),
        )
        for competitor in range(1, competitors + 1):
            provisional = "t" if played[competitor] < ELO.provisional_games else "f"
            copier.row(
                "games_leagueentry",
                f"{league}\t{competitor}\tt\t{ratings[competitor]!r}\t{played[competitor]}\t{provisional}\t{joined}\n",
            )
    with psycopg.connect(url) as conn:  # the counts the services keep (games.services.league_tallies)
        conn.execute(
            "INSERT INTO games_leaguetally (league_id, entries, games_finished) VALUES (%s, %s, 0)",
            (league, competitors),
        )
    return int(league)


def _finish(url: str, progress: Progress) -> None:
    """Sequences past the ids written here, and the statistics and visibility map a database that
    has been running for a while would have (autovacuum's work, done now)."""
    with psycopg.connect(url, autocommit=True) as conn:
        tables = [
            row[0]
            for row in conn.execute(
                "SELECT table_name FROM information_schema.columns WHERE column_name = 'id' "
                "AND table_schema = 'public' AND (is_identity = 'YES' OR column_default LIKE 'nextval%%')"
            )
        ]
        for table in tables:
            conn.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                f"GREATEST((SELECT max(id) FROM {table}), 1))"
            )
        progress("VACUUM ANALYZE")
        conn.execute("VACUUM (ANALYZE)")


# -- The pool of running games that POST a move plays on ------------------------------------------------


@dataclass(frozen=True)
class PoolGame:
    pk: int
    seed: int
    tokens: tuple[str, str]  # by seat index


def pool_reset(env: dict[str, str], root: Path, marker: Seeded, games: int, seed: int) -> list[PoolGame]:
    """``games`` new running games of bench_c (seat 0) against bench_d (seat 1), no move played yet,
    made by the service in the bench site's settings (bench/api_site/pool.py), seeds from ``seed``;
    the previous run's pool is deleted."""
    made = subprocess.run(
        [sys.executable, "-m", "bench.api_site.pool", str(games), str(seed), json.dumps(CONFIG)],
        cwd=root,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    tokens = (marker.tokens["bench_c"], marker.tokens["bench_d"])
    return [PoolGame(pk, game_seed, tokens) for pk, game_seed in json.loads(made)]
