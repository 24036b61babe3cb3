"""The generated clients against the service as production runs it (gunicorn on this test's
PostgreSQL database, tests/faults/live_service.py), over HTTP on loopback.

The Python client is the committed one (clients/python); test_python_client.py also proves it is
what the generator makes of the committed document today.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from games.models import Game, Player, Tournament
from games.services.competitions import tournament_create, tournament_open_registration
from games.services.games import game_create
from games.services.players import player_create
from tests.conftest import require_postgresql
from tests.e2e.conftest import REPO_ROOT
from tests.faults.live_service import live_service
from tests.games.factories import RatingFactory

PYTHON_CLIENT = REPO_ROOT / "clients" / "python"
PASSWORD = "generated-client"
LADDER_ROWS = 57  # more than a page (50): the ladder is paged through with its next link
GAME_CONFIG = {"players": 2, "max_turns": 4}


@dataclass
class Site:
    url: str
    alice: Player
    bob: Player
    game: Game  # alice (seat 0) against bob (seat 1), pinned seed, alice to act
    tournament: Tournament  # carol's, in registration


@pytest.fixture
def site(transactional_db: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Site]:
    from django.db import connection

    require_postgresql(connection.vendor, "serves the site from another process on the test database")
    alice, bob, carol = (
        player_create(username=name, password=PASSWORD) for name in ("alice", "bob", "carol")
    )
    game = game_create(
        game_id="mulligan",
        competitors=[alice.competitor, bob.competitor],
        config=GAME_CONFIG,
        seed=20261125,
        enqueue_bots=False,
    )
    tournament = tournament_create(name="carol's cup", game_id="mulligan", format="swiss", organiser=carol)
    tournament_open_registration(tournament_pk=tournament.pk)
    RatingFactory.create_batch(LADDER_ROWS, game_id="mulligan")
    # A waiting reader is answered within a tenth of a second of a move, not a second.
    monkeypatch.setenv("LONG_POLL_INTERVAL", "0.1")
    with live_service(tmp_path) as service:
        yield Site(f"http://{service.host}:{service.port}", alice, bob, game, tournament)


@pytest.fixture
def python_client(monkeypatch: pytest.MonkeyPatch) -> None:
    """The committed Python client importable as ``mulligan_league_client``."""
    monkeypatch.syspath_prepend(str(PYTHON_CLIENT))
    for name in [name for name in sys.modules if name.startswith("mulligan_league_client")]:
        monkeypatch.delitem(sys.modules, name)
