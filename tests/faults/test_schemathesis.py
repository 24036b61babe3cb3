"""The OpenAPI document tells the truth: schemathesis, with every check, against the service.

schemathesis reads the document the server serves (``/api/schema/``, the committed one: see
tests/games/test_api_schema_document.py) and sends what it describes, in-process through the WSGI
application, as three callers: nobody, a player (bob) and an organiser (alice). Its phases:
the documented examples, the coverage of every parameter's edges, fuzzing, and stateful runs
that chain operations through the ids earlier answers gave. Every check is on: no server error, no
status code or content type or header the document does not list, no answer outside its schema,
no schema-valid request refused and no invalid one accepted, methods not listed refused with 405,
auth that is not ignored, resources that exist once made and are gone once deleted.

Two refinements, both written down here and in the README ("The OpenAPI document"):

- ``RULES_BEYOND_THE_SCHEMA``: operations whose input must also obey rules no JSON schema can
  state (a game's rules, the clock, the state of what the request names). A schema-valid request
  that breaks them is refused with 400 and its reason, as the house rules say; for these
  operations alone schemathesis' "schema-valid request refused" check takes 400 as an answer.
- ``every_refusal_names_the_field``, a check of our own: every 400 is the API's error shape with
  ``errors`` naming what is at fault.

The run is deterministic (a pinned seed, derandomized generation) and bounded by ``MAX_EXAMPLES``
per operation and phase; the long poll's clock is a fake one, so waiting costs no time. Nothing
leaves the machine: the test refuses every connection that is not to this host's loopback.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
import schemathesis  # the dev extra pins it: `make test` installs it, so a missing one is a failure
from django.test import Client

from tests.faults.schema_world import PASSWORD, build_world

pytestmark = [pytest.mark.faults, pytest.mark.django_db(transaction=True)]

SEED = 17
MAX_EXAMPLES = 10
ROLES = ("anonymous", "player", "organiser")
USERS = {"player": "bob", "organiser": "alice"}

# Operation -> why a request the schema allows may still be refused with 400 (the house rules:
# bad input gets 400 and its reason). Each is a rule of the game, the clock or the state of what
# the request names, which a JSON schema cannot hold.
RULES_BEYOND_THE_SCHEMA = {
    "POST /api/games/": "the game's config options and seats must fit its rules (players, bots of that game)",
    "POST /api/games/{id}/moves/": "an action must be legal in the game's state",
    "POST /api/challenges/": "the config and opponents must fit the game (bots of that game, named players)",
    "POST /api/tournaments/": "the options must fit together and the game (format, table sizes, config)",
    "POST /api/leagues/": "the options must fit together and the game (table sizes, rating system, config)",
    "POST /api/bots/": "a bot's URL must reach a public server; its game must exist",
    "POST /api/bots/{id}/versions/": "an upload must be a readable program; a URL must reach a public server",
    "POST /api/me/vacations/": "a vacation must end after it starts, in the future, within a year, overlapping none",
    "PATCH /api/me/notifications/": "a webhook URL must be an http(s) URL",
    "POST /api/me/notifications/test/": "there must be a verified address or a webhook to test",
    "POST /api/auth/token/": "the user name and password must match an active account",
    "POST /api/bots/{id}/tests/": "the versions, baseline and opponents named must exist and be the author's "
    "to play, elo0 must be below elo1, and the config must be one the game takes",
    "GET /api/games/export/": "the player, bot, tournament or league named must exist; until must come after since",
    "GET /api/games/{id}/stream/": "Last-Event-ID must name an event the stream has (at most its latest)",
    "GET /api/tournaments/{id}/stream/": "Last-Event-ID must name an event the stream has (at most its latest)",
    "GET /api/bots/{id}/tests/{tid}/stream/": "Last-Event-ID must name an event the stream has (at most its latest)",
}


@dataclass
class FakeClock:
    """``time.monotonic`` and ``time.sleep`` for the long poll: a sleep moves the clock at once."""

    now: float = 1000.0

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def loopback_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """No connection and no name lookup leaves this host (a bot's or a webhook's URL is anyone's)."""
    real_connect = socket.socket.connect
    real_getaddrinfo = socket.getaddrinfo

    def local(host: Any) -> bool:
        if isinstance(host, bytes):
            host = host.decode()
        if host in ("localhost", "") or host is None:
            return True
        try:
            return ipaddress.ip_address(str(host).strip("[]")).is_loopback
        except ValueError:
            return False

    def connect(sock: socket.socket, address: Any) -> Any:
        if sock.family in (socket.AF_INET, socket.AF_INET6) and not local(address[0]):
            raise ConnectionRefusedError(
                f"the schemathesis test connects to nothing but loopback, not {address}"
            )
        return real_connect(sock, address)

    def getaddrinfo(host: Any, *args: Any, **kwargs: Any) -> Any:
        if not local(host):
            raise socket.gaierror(socket.EAI_NONAME, f"the schemathesis test looks up no name ({host!r})")
        return real_getaddrinfo(host, *args, **kwargs)

    monkeypatch.setattr(socket.socket, "connect", connect)
    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)


@pytest.fixture
def in_process_replays(monkeypatch: pytest.MonkeyPatch) -> None:
    """schemathesis 4.32.5 hands a check's replayed request (ignored_auth sends each one again
    without credentials) the network transport's options, which the in-process WSGI transport
    passes on to werkzeug, which refuses them; they mean nothing in-process, so they are dropped."""
    from schemathesis.transport.wsgi import WSGITransport

    send = WSGITransport.send

    def without_network_options(self: Any, case: Any, **kwargs: Any) -> Any:
        for name in ("max_redirects", "verify", "cert", "proxies"):
            kwargs.pop(name, None)
        return send(self, case, **kwargs)

    monkeypatch.setattr(WSGITransport, "send", without_network_options)


@pytest.fixture
def service(
    settings: Any, monkeypatch: pytest.MonkeyPatch, loopback_only: None, in_process_replays: None
) -> Iterator[Any]:
    """The WSGI application as production runs it, bots and notifications in-process."""
    from django.core.signals import request_finished
    from django.core.wsgi import get_wsgi_application
    from django.db import connections

    import games.api.me_views as me_views

    def close_connections(**kwargs: Any) -> None:
        # schemathesis sends from threads of its own: each request closes its thread's connection,
        # or the test database could not be dropped after the run.
        connections.close_all()

    request_finished.connect(close_connections, dispatch_uid="schemathesis-close-connections")
    settings.ALLOWED_HOSTS = ["*"]
    settings.CELERY_TASK_ALWAYS_EAGER = True
    settings.CELERY_TASK_EAGER_PROPAGATES = False
    # In-process WSGI reads each answer whole: an event stream sends what it has and ends at once
    # (under WSGI a stream ends after STREAM_WSGI_SECONDS, and its reader reconnects).
    settings.STREAM_WSGI_SECONDS = 0
    monkeypatch.setattr(me_views, "time", FakeClock())
    yield get_wsgi_application()
    request_finished.disconnect(dispatch_uid="schemathesis-close-connections")


def token_for(username: str) -> str:
    answer = Client().post(
        "/api/auth/token/", {"username": username, "password": PASSWORD}, content_type="application/json"
    )
    assert answer.status_code == 200, answer.content
    return str(answer.json()["token"])


@dataclass
class Run:
    cases: int = 0
    failures: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    phases: dict[str, float] = field(default_factory=dict)  # phase -> seconds


def finishing(app: Any) -> Any:
    """The application as a server calls it: the body read and the response closed, so Django ends
    each request (``request_finished``) as it would behind gunicorn."""

    def application(environ: dict[str, Any], start_response: Any) -> list[bytes]:
        result = app(environ, start_response)
        try:
            return list(result)
        finally:
            close = getattr(result, "close", None)
            if close is not None:
                close()

    return application


def every_refusal_names_the_field(ctx: Any, response: Any, case: Any) -> bool | None:
    """A check of our own: a 400 is the error shape, with ``errors`` naming what is at fault."""
    if response.status_code != 400:
        return None
    try:
        body = response.json()
    except ValueError:
        body = None
    shaped = (
        isinstance(body, dict)
        and isinstance(body.get("detail"), str)
        and isinstance(body.get("code"), str)
        and isinstance(body.get("errors"), dict)
        and bool(body["errors"])
    )
    if not shaped:
        raise AssertionError(
            f"a 400 names the field at fault in `errors`; this one: {response.content[:300]!r}"
        )
    return None


def run_schemathesis(app: Any, headers: dict[str, str]) -> Run:
    from schemathesis import engine as st_engine
    from schemathesis.config import SchemathesisConfig
    from schemathesis.engine import events
    from schemathesis.engine.statistic import Statistic

    schemathesis.check(every_refusal_names_the_field)
    config = SchemathesisConfig.from_dict(
        {
            "seed": SEED,
            # Nothing kept between runs (schemathesis caches what it learnt in .schemathesis/): every
            # run starts from the same place.
            "cache": {"enabled": False},
            "headers": headers,
            "workers": 1,
            "generation": {"max-examples": MAX_EXAMPLES, "deterministic": True, "database": "none"},
            "checks": {"enabled": True},
            "phases": {"enabled": True},
            "operations": [
                {
                    "include-name": name,
                    "checks": {
                        "positive_data_acceptance": {
                            "expected-statuses": ["2xx", "3xx", "400", "401", "403", "404", "409", "429"]
                        }
                    },
                }
                for name in RULES_BEYOND_THE_SCHEMA
            ],
        }
    )
    schema = schemathesis.openapi.from_wsgi("/api/schema/", finishing(app), config=config)
    statistic = Statistic()
    run = Run()
    started: dict[str, float] = {}
    for event in st_engine.from_schema(schema).execute():
        if isinstance(event, events.PhaseStarted):
            started[event.phase.name] = event.timestamp
        elif isinstance(event, events.PhaseFinished):
            elapsed = event.timestamp - started.get(event.phase.name, event.timestamp)
            run.phases[event.phase.name] = run.phases.get(event.phase.name, 0.0) + elapsed
        elif isinstance(event, events.ScenarioFinished):
            statistic.on_scenario_finished(event.recorder)
        elif isinstance(event, events.NonFatalError):
            run.errors.append(f"{event.label}: {event.info.message}")
        elif isinstance(event, events.FatalError):
            raise event.exception
    run.cases = statistic.total_cases
    for label, grouped in statistic.failures.items():
        for group in grouped.values():
            for failure in group.failures:
                status = group.response.status_code if group.response is not None else None
                run.failures.append(
                    f"{label}: {failure.title} (answered {status}): {failure.message}\n{group.code_sample}"
                )
    return run


@pytest.mark.parametrize("role", ROLES)
def test_the_document_tells_the_truth(role: str, service: Any) -> None:
    build_world()
    headers = {} if role == "anonymous" else {"Authorization": f"Token {token_for(USERS[role])}"}
    run = run_schemathesis(service, headers)
    phases = ", ".join(f"{name} {seconds:.0f} s" for name, seconds in run.phases.items())
    print(f"schemathesis as {role}: {run.cases} cases ({phases}), {len(run.failures)} failures")
    assert run.cases > 0
    assert not run.errors, "\n".join(run.errors)
    assert not run.failures, f"{len(run.failures)} failures:\n" + "\n\n".join(sorted(set(run.failures)))
