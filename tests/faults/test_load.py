"""Load (issue 17, point 5): many clients at once against the service as production runs it.

gunicorn's threaded workers (tests/faults/live_service.py) on PostgreSQL, and 100 client threads
speaking HTTP with the players' tokens:

- **Moves.** 50 games of two people, 20 turns each: 1,000 moves. Every turn is sent five times at
  once, in a shuffled order: the move; a retry of it with the same idempotency key; a copy with a
  new key; a stale one (another ``expected_move``); and the other seat's move. Whatever the order,
  exactly one of the first three is stored (201), its twin retry gets the stored move back (200), the
  rest are refused as documented (409: stale, or not your turn), nothing is a server error, every
  turn is stored once and each game's ``move_count`` is the number of moves accepted.
- **Joins.** 200 people join a tournament of 64 places at once: exactly 64 are in, every other one
  is told the tournament is full (409), and the entries are exactly those who were told yes.

Each test prints its figures as a JSON line (rates, status counts) beside a reference measured in the
same run by the same clients (``GET /api/me/``, a token and one row), for the README. No assertion is
on time: a slow machine only takes longer.
"""

from __future__ import annotations

import json
import queue
import random
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from django.db import connection

from engine import State
from games.models import Entry, Game, Move, Player
from games.selectors.games import game_state
from games.services.competitions import tournament_create, tournament_open_registration
from games.services.games import game_create
from games.services.tokens import token_create
from tests.conftest import require_postgresql
from tests.faults.live_service import THREADS, WORKERS, LiveService, live_service, request
from tests.games.factories import PlayerFactory

pytestmark = [pytest.mark.faults, pytest.mark.django_db(transaction=True)]

CLIENTS = 100
GAMES = 50
TURNS = 20  # per game: 1,000 moves in all
# Two people who only ever skip: the turn passes from seat to seat, and the game runs on.
CONFIG = {"players": 2, "end_on_skip_round": False, "max_turns": 1000}
SKIP = {"type": "skip"}
KINDS = ("move", "retry", "copy", "stale", "other_seat")
JOINS = 200
PLACES = 64
REFERENCE_REQUESTS = 1000


@dataclass
class Sent:
    """One request for the client threads, and what came back."""

    token: str
    method: str
    path: str
    body: Any = None
    tag: Any = None
    status: int = 0
    answer: Any = None


def run_clients(
    service: LiveService, first: list[Sent], follow: Callable[[Sent], list[Sent]] | None = None
) -> tuple[list[Sent], float]:
    """``CLIENTS`` threads send ``first`` and whatever ``follow`` makes of each answer, each on a
    kept-alive connection of its own, until nothing is left: the requests answered, and the seconds."""
    work: queue.Queue[Sent | None] = queue.Queue()
    done: list[Sent] = []
    errors: list[BaseException] = []
    outstanding = [len(first)]
    lock = threading.Lock()
    for item in first:
        work.put(item)

    def client() -> None:
        connection = service.connection()
        while (item := work.get()) is not None:
            try:
                item.status, item.answer = request(
                    connection, item.method, item.path, token=item.token, body=item.body
                )
                more = follow(item) if follow is not None else []
            except BaseException as error:  # reported below, with the others
                errors.append(error)
                more = []
            with lock:
                done.append(item)
                outstanding[0] += len(more) - 1
                for next_item in more:
                    work.put(next_item)
                if outstanding[0] == 0:
                    for _ in range(CLIENTS):
                        work.put(None)
        connection.close()

    threads = [threading.Thread(target=client, name=f"client-{n}") for n in range(CLIENTS)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    assert not errors, f"{len(errors)} requests failed on the client side, the first: {errors[0]!r}"
    return done, elapsed


def reference_rate(service: LiveService, tokens: list[str]) -> float:
    """Requests per second of ``GET /api/me/`` (a token and one row) by the same clients, now."""
    work = [Sent(tokens[n % len(tokens)], "GET", "/api/me/") for n in range(REFERENCE_REQUESTS)]
    done, elapsed = run_clients(service, work)
    assert Counter(item.status for item in done) == {200: REFERENCE_REQUESTS}
    return REFERENCE_REQUESTS / elapsed


def people_with_tokens(count: int) -> tuple[list[Player], list[str]]:
    people = PlayerFactory.create_batch(count)
    return people, [token_create(user=person.user, name="load test")[1] for person in people]


# -- Moves ------------------------------------------------------------------------------------------


@dataclass
class Table:
    """One game as its two clients see it: whose turn, and the answers to the current turn."""

    index: int
    pk: int
    tokens: tuple[str, str]  # by seat
    state: State
    rng: random.Random
    turn: int = 0
    answers: list[Sent] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def submissions(self) -> list[Sent]:
        """The five requests of this turn, shuffled."""
        n = self.turn
        seat = self.state.to_act()[0]
        key = f"g{self.index}-t{n}"
        path = f"/api/games/{self.pk}/moves/"
        mine, theirs = self.tokens[seat], self.tokens[1 - seat]
        bodies = {
            "move": (mine, {"action": SKIP, "expected_move": n, "idempotency_key": key}),
            "retry": (mine, {"action": SKIP, "expected_move": n, "idempotency_key": key}),
            "copy": (mine, {"action": SKIP, "expected_move": n, "idempotency_key": key + "-copy"}),
            "stale": (mine, {"action": SKIP, "expected_move": n - 1 if n else n + 1}),
            "other_seat": (theirs, {"action": SKIP, "expected_move": n}),
        }
        sent = [
            Sent(token, "POST", path, body, tag=(self, n, kind)) for kind, (token, body) in bodies.items()
        ]
        self.rng.shuffle(sent)
        return sent

    def answered(self, item: Sent) -> list[Sent]:
        """Record an answer; once the turn's five are in, the next turn's (if any)."""
        with self.lock:
            self.answers.append(item)
            if sum(1 for a in self.answers if a.tag[1] == self.turn) < len(KINDS):
                return []
            self.state.apply(self.state.to_act()[0], SKIP)
            self.turn += 1
            return self.submissions() if self.turn < TURNS else []


def check_turn(answers: dict[str, Sent]) -> str | None:
    """What is wrong with one turn's five answers, if anything."""
    statuses = {kind: answers[kind].status for kind in KINDS}
    stored = [kind for kind in ("move", "retry", "copy") if statuses[kind] == 201]
    if len(stored) != 1:
        return f"{len(stored)} of the turn's submissions were stored: {statuses}"
    winner = stored[0]
    expected = {"stale": 409, "other_seat": 409}
    if winner == "copy":
        expected |= {"move": 409, "retry": 409}
    else:
        twin = "retry" if winner == "move" else "move"
        expected |= {twin: 200, "copy": 409}
        if answers[twin].answer != answers[winner].answer:
            return f"the retry got {answers[twin].answer}, not the stored move {answers[winner].answer}"
    expected[winner] = 201
    if statuses != expected:
        return f"answered {statuses}, expected {expected}"
    for kind in KINDS:
        answer = answers[kind].answer
        if answers[kind].status == 409 and not (
            answer.get("code") == "conflict"
            and ("stale move" in answer["detail"] or "it is not your turn" in answer["detail"])
        ):
            return f"the {kind} was refused without the documented reason: {answer}"
    return None


def test_concurrent_moves_store_every_turn_exactly_once(tmp_path: Path) -> None:
    require_postgresql(connection.vendor)
    people, tokens = people_with_tokens(2 * GAMES)
    rng = random.Random(17)
    tables = []
    for index in range(GAMES):
        a, b = 2 * index, 2 * index + 1
        game = game_create(
            game_id="mulligan",
            competitors=[people[a].competitor, people[b].competitor],
            config=CONFIG,
            enqueue_bots=False,
        )
        tables.append(
            Table(index, game.pk, (tokens[a], tokens[b]), game_state(game), random.Random(rng.random()))
        )

    with live_service(tmp_path) as service:
        done, elapsed = run_clients(
            service,
            [item for table in tables for item in table.submissions()],
            lambda item: item.tag[0].answered(item),
        )
        reference = reference_rate(service, tokens)

    statuses = Counter(item.status for item in done)
    problems = []
    for table in tables:
        by_turn: dict[int, dict[str, Sent]] = {}
        for item in table.answers:
            by_turn.setdefault(item.tag[1], {})[item.tag[2]] = item
        assert sorted(by_turn) == list(range(TURNS))
        for turn, answers in sorted(by_turn.items()):
            problem = check_turn(answers)
            if problem is not None:
                problems.append(f"game {table.pk}, move {turn + 1}: {problem}")
        # Stored: one move per turn, numbered 1..TURNS, each the one its 201 answered with.
        game = Game.objects.get(pk=table.pk)
        moves = list(
            Move.objects.filter(game=game).order_by("number").values("number", "idempotency_key", "seat")
        )
        winners = {
            turn: next(a for a in answers.values() if a.status == 201)
            for turn, answers in by_turn.items()
            if any(a.status == 201 for a in answers.values())
        }
        accepted = len(winners)
        if game.version != accepted or len(moves) != accepted:
            problems.append(
                f"game {table.pk}: move_count {game.version}, {len(moves)} moves stored, {accepted} accepted"
            )
        for move in moves:
            winner = winners.get(move["number"] - 1)
            if winner is None or winner.body["idempotency_key"] != move["idempotency_key"]:
                problems.append(f"game {table.pk}: stored move {move} is not the one accepted for its turn")
    figure = {
        "figure": "concurrent_moves",
        "clients": CLIENTS,
        "games": GAMES,
        "moves": GAMES * TURNS,
        "submissions": len(done),
        "statuses": dict(sorted(statuses.items())),
        "seconds": round(elapsed, 2),
        "moves_per_s": round(GAMES * TURNS / elapsed, 1),
        "submissions_per_s": round(len(done) / elapsed, 1),
        "reference_get_me_per_s": round(reference, 1),
        "submissions_to_reference": round(len(done) / elapsed / reference, 2),
        "server": f"gunicorn, {WORKERS} uvicorn workers x {THREADS} threads (WEB_THREADS), PostgreSQL",
    }
    print(json.dumps(figure))
    assert not problems, "\n".join(problems[:50])
    assert statuses[201] == GAMES * TURNS
    assert set(statuses) <= {200, 201, 409}, statuses  # no server error, no other refusal
    assert Move.objects.filter(game__pk__in=[t.pk for t in tables]).count() == GAMES * TURNS


# -- Joins ------------------------------------------------------------------------------------------


def test_concurrent_joins_fill_the_places_exactly(tmp_path: Path) -> None:
    require_postgresql(connection.vendor)
    people, tokens = people_with_tokens(JOINS)
    organiser = PlayerFactory()
    cup = tournament_create(
        name="crowded cup", game_id="mulligan", format="swiss", organiser=organiser, max_entrants=PLACES
    )
    tournament_open_registration(tournament_pk=cup.pk)
    path = f"/api/tournaments/{cup.pk}/join/"

    with live_service(tmp_path) as service:
        done, elapsed = run_clients(
            service, [Sent(token, "POST", path, {}, tag=n) for n, token in enumerate(tokens)]
        )
        reference = reference_rate(service, tokens)

    statuses = Counter(item.status for item in done)
    figure = {
        "figure": "concurrent_joins",
        "clients": CLIENTS,
        "joins": JOINS,
        "places": PLACES,
        "statuses": dict(sorted(statuses.items())),
        "seconds": round(elapsed, 2),
        "joins_per_s": round(JOINS / elapsed, 1),
        "reference_get_me_per_s": round(reference, 1),
        "joins_to_reference": round(JOINS / elapsed / reference, 2),
    }
    print(json.dumps(figure))
    assert statuses == {201: PLACES, 409: JOINS - PLACES}
    refused = [item.answer for item in done if item.status == 409]
    assert all(
        answer == {"detail": f"crowded cup is full: all {PLACES} places are taken", "code": "conflict"}
        for answer in refused
    )
    told_yes = {people[item.tag].competitor_id for item in done if item.status == 201}
    assert set(Entry.objects.filter(tournament=cup).values_list("competitor_id", flat=True)) == told_yes
    assert len(told_yes) == PLACES
