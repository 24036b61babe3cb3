"""A Swiss of 64 bots, played by real worker processes on PostgreSQL and Redis, twice from the same
seed: once undisturbed, once while its worker is SIGKILLed three times at seeded random moments
(each time its PostgreSQL sessions and Redis connections are ended too, and a new worker started),
and its live PostgreSQL sessions and Redis connections are cut twice more.

The disturbed tournament must end as the undisturbed one did: the same standings, the same moves in
every game, the same ratings; no game forfeited or aborted, no move stored twice; and ``manage.py
verify`` finds nothing wrong. It must end within a stated bound of the undisturbed run: the
undisturbed time plus, per fault, the stall bound and sweep interval (which is how long a lost task
may wait before the stall sweep hands its game over again) and a worker's start-up. Without the stall
sweep a game a dead worker held would wait for Redis's visibility timeout (over an hour).

The figures (seconds undisturbed and disturbed) are printed as one JSON line (``FAULTS_FIGURES``),
which the README quotes. Waiting is bounded, and the bound is the only thing about time that fails
the test.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.db import connection

from games.models import (
    Bot,
    CompetitionState,
    Competitor,
    Entry,
    Game,
    GameStatus,
    Match,
    MatchGame,
    Rating,
    Tournament,
)
from games.services.competitions import tournament_start
from games.services.seeds import new_seed
from games.services.verify import FORFEITS
from tests.e2e.conftest import POLL_INTERVAL, REPO_ROOT, STARTUP_TIMEOUT, other_process_env
from tests.faults.conftest import WORKER_APPLICATION, Worker, Workers, redis_client
from tests.games.competitions.conftest import open_tournament

pytestmark = [pytest.mark.faults, pytest.mark.django_db(transaction=True)]

ENTRIES = 64
SEATS = 4
# The stall sweep, as short as a test wants it (production: 10 s and 30 s); and a round's games in
# tasks of two, so that the two pool processes share each round and a fault meets tasks under way.
GAMES_PER_TASK = 2
WORKER_ENV = {"STALL_CHECK_INTERVAL": "1", "STALL_SECONDS": "2", "BOT_GAMES_PER_TASK": str(GAMES_PER_TASK)}
UNDISTURBED_BOUND = 300.0  # a loaded machine's worst, not a measure
KILLS = 3


@dataclass
class Run:
    tournament: Tournament
    seconds: float
    faults: list[str] = field(default_factory=list)


def bots(label: str) -> list[Competitor]:
    """The field, in entry order: the same engine bots in the same order for both runs."""
    field = []
    for k in range(ENTRIES):
        competitor = Competitor.objects.create(name=f"{label} {k:02d}")
        Bot.objects.create(
            competitor=competitor,
            game_id="mulligan",
            kind="clone",
            engine_bot="heuristic" if k % 3 else "random",
        )
        field.append(competitor)
    return field


def finished_games(tournament: Tournament) -> int:
    return Game.objects.filter(
        match_game__match__round__tournament=tournament, status=GameStatus.FINISHED
    ).count()


def is_over(tournament: Tournament) -> bool:
    return Tournament.objects.filter(pk=tournament.pk, state=CompetitionState.FINISHED).exists()


def play(label: str, seed: int, disturber: Callable[[float], Disturber] | None, bound: float) -> Run:
    tournament = open_tournament(
        field=bots(label), name=f"{label} swiss", format="swiss", seats_per_table=SEATS, entrants="bots"
    )
    Tournament.objects.filter(pk=tournament.pk).update(seed=seed)
    started = time.monotonic()
    tournament_start(tournament_pk=tournament.pk)  # round 1's games go to the worker at the commit
    tournament.refresh_from_db()
    faults = disturber(started + bound)(tournament) if disturber is not None else []
    while not is_over(tournament):
        if time.monotonic() - started > bound:
            tournament.refresh_from_db()
            pytest.fail(
                f"{label}: not finished within the bound of {bound:.0f} s (round {tournament.current_round}, "
                f"{finished_games(tournament)} games finished; faults: {faults})",
                pytrace=False,
            )
        time.sleep(POLL_INTERVAL)
    tournament.refresh_from_db()
    return Run(tournament, time.monotonic() - started, faults)


# -- The faults -------------------------------------------------------------------------------------


def end_database_sessions() -> int:
    """Terminate the worker's PostgreSQL sessions (by their application name)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = %s",
            [WORKER_APPLICATION],
        )
        return int(cursor.fetchone()[0])


def drop_redis_connections(url: str, client_name: str) -> int:
    """Close the worker's Redis connections (by their client name) from the server's side."""
    client = redis_client(url)
    try:
        ids = [c["id"] for c in client.client_list() if c.get("name") == client_name]
        for client_id in ids:
            client.client_kill_filter(_id=client_id)
        return len(ids)
    finally:
        client.close()


class Disturber:
    """Five faults at seeded random moments of the run, each once a random number of its games
    have finished (and a random fraction of a second later): SIGKILL, cut, SIGKILL, cut, SIGKILL.

    A SIGKILL takes the worker's whole process group (the worker, its pool, its beat), ends the
    PostgreSQL sessions and Redis connections it left, and starts a new worker. A cut ends the live
    worker's PostgreSQL sessions and closes its Redis connections under it.
    """

    def __init__(self, rng: random.Random, workers: Workers, worker: Worker, deadline: float) -> None:
        self.rng, self.workers, self.worker, self.deadline = rng, workers, worker, deadline

    def cut(self) -> None:
        end_database_sessions()
        drop_redis_connections(self.workers.broker.url, self.workers.worker_client_name)

    def __call__(self, tournament: Tournament) -> list[str]:
        done: list[str] = []
        total = (ENTRIES // SEATS) * (tournament.planned_rounds or 1)
        # In the first half of the games, so that every fault lands mid-run.
        moments = sorted(self.rng.sample(range(1, total // 2), 5))
        kinds = ["kill", "cut", "kill", "cut", "kill"]
        after = 0
        for planned, kind in zip(moments, kinds, strict=True):
            # And at least one game more than at the fault before: each fault meets a worker at work.
            moment = max(planned, after + 1)
            while finished_games(tournament) < moment and not is_over(tournament):
                if time.monotonic() > self.deadline:
                    pytest.fail(f"no progress to game {moment} within the bound; faults so far: {done}")
                time.sleep(0.02)
            time.sleep(self.rng.uniform(0, 0.1))
            if is_over(tournament):
                pytest.fail(
                    f"the tournament ended before the {kind} planned after game {moment}", pytrace=False
                )
            after = finished_games(tournament)
            done.append(f"{kind} after {after} games")
            if kind == "kill":
                self.worker.kill()
                self.cut()
                self.worker = self.workers(concurrency=2, env=WORKER_ENV)
            else:
                self.cut()
        return done


# -- What must be the same --------------------------------------------------------------------------


def by_position(tournament: Tournament) -> dict[int, int]:
    """Each competitor and entry id of this run -> its position in the field (the same in both runs)."""
    positions = {}
    for entry_id, competitor_id, name in Entry.objects.filter(tournament=tournament).values_list(
        "id", "competitor_id", "competitor__name"
    ):
        position = int(name.rsplit(" ", 1)[1])
        positions[entry_id] = positions[competitor_id] = position
    return positions


def outcome_of(run: Run) -> dict[str, Any]:
    """Standings, every game's moves and every rating, with this run's ids replaced by positions."""
    tournament = run.tournament
    position = by_position(tournament)
    standings = [
        {**row, "entry": position[row["entry"]], "competitor": position[row["competitor"]], "name": None}
        for row in tournament.standings or []
    ]
    games = {}
    for number, table, game_number, game_id in MatchGame.objects.filter(
        match__round__tournament=tournament
    ).values_list("match__round__number", "match__table", "number", "game_id"):
        game = Game.objects.get(pk=game_id)
        seats = [position[c] for c in game.seats.order_by("index").values_list("competitor_id", flat=True)]
        moves = list(game.moves.order_by("number").values_list("number", "seat", "action"))
        games[f"{number}.{table}.{game_number}"] = {"seats": seats, "moves": moves, "outcome": game.outcome}
    field = Entry.objects.filter(tournament=tournament).values("competitor_id")
    ratings = {
        position[competitor_id]: (rating, played)
        for competitor_id, rating, played in Rating.objects.filter(competitor_id__in=field).values_list(
            "competitor_id", "rating", "games_played"
        )
    }
    return {"rounds": tournament.current_round, "standings": standings, "games": games, "ratings": ratings}


def assert_played_out(run: Run) -> None:
    tournament = run.tournament
    assert tournament.state == CompetitionState.FINISHED
    games = Game.objects.filter(match_game__match__round__tournament=tournament)
    assert not games.exclude(status=GameStatus.FINISHED).exists(), "a game was aborted or left running"
    forfeited = [g.pk for g in games if ((g.outcome or {}).get("details") or {}).get("reason") in FORFEITS]
    assert not forfeited, f"games forfeited: {forfeited}"
    assert not Match.objects.filter(round__tournament=tournament, finished=False).exists()
    for game in games:
        numbers = list(game.moves.order_by("number").values_list("number", flat=True))
        assert numbers == list(range(1, game.version + 1)), f"game {game.pk}: moves {numbers}"


def test_a_swiss_ends_as_if_undisturbed_while_its_worker_is_killed(
    workers: Workers, capsys: pytest.CaptureFixture[str], settings: Any
) -> None:
    settings.BOT_GAMES_PER_TASK = GAMES_PER_TASK  # round 1 is queued from here
    seed = new_seed()  # pinned from the test's id (and the run's seed), as every seed of the suite
    rng = random.Random(seed)
    worker = workers(concurrency=2, env=WORKER_ENV)
    undisturbed = play("calm", seed, None, UNDISTURBED_BOUND)
    assert_played_out(undisturbed)

    # Per fault: the stall bound and a sweep interval before a lost game is handed over, and a
    # new worker's start-up after a kill.
    stall = float(WORKER_ENV["STALL_SECONDS"]) + float(WORKER_ENV["STALL_CHECK_INTERVAL"])
    bound = undisturbed.seconds + KILLS * (stall + STARTUP_TIMEOUT) + 2 * stall
    disturbed = play("stormy", seed, lambda deadline: Disturber(rng, workers, worker, deadline), bound)
    assert_played_out(disturbed)

    with capsys.disabled():  # shown whether the test passes or fails
        print(
            "\nFAULTS_FIGURES "
            + json.dumps(
                {
                    "entries": ENTRIES,
                    "seats": SEATS,
                    "rounds": disturbed.tournament.current_round,
                    "games": Game.objects.filter(
                        match_game__match__round__tournament=disturbed.tournament
                    ).count(),
                    "faults": disturbed.faults,
                    # Games the stall sweep handed to a worker again (the tasks the dead workers held).
                    "games_handed_over": Game.objects.filter(
                        match_game__match__round__tournament=disturbed.tournament,
                        bots_requeued_at__isnull=False,
                    ).count(),
                    "undisturbed_s": round(undisturbed.seconds, 1),
                    "disturbed_s": round(disturbed.seconds, 1),
                    "bound_s": round(bound, 1),
                    "stall_seconds": float(WORKER_ENV["STALL_SECONDS"]),
                    "stall_check_interval": float(WORKER_ENV["STALL_CHECK_INTERVAL"]),
                }
            )
        )
    calm, stormy = outcome_of(undisturbed), outcome_of(disturbed)
    assert stormy["rounds"] == calm["rounds"]
    assert stormy["games"].keys() == calm["games"].keys()
    for key in calm["games"]:
        assert stormy["games"][key] == calm["games"][key], f"game {key} went otherwise"
    assert stormy["standings"] == calm["standings"]
    assert stormy["ratings"] == calm["ratings"]

    verified = subprocess.run(
        [sys.executable, "manage.py", "verify", "--no-progress"],
        cwd=REPO_ROOT,
        env={**os.environ, **other_process_env()},
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert "no difference" in verified.stdout
