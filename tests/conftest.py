from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

# Every run draws the same examples, in CI and on a laptop alike: a red build must be reproducible.
# A developer explores on purpose with HYPOTHESIS_PROFILE=explore (`make test-explore`), and a
# falsifying example found there becomes an @example in the test.
settings.register_profile(
    "ci", derandomize=True, max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "explore", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def run_seed(config: pytest.Config) -> int:
    """The seed of this run's order, as pytest-randomly printed it (``--randomly-seed=N`` repeats it)."""
    seed = getattr(config.option, "randomly_seed", None)
    return seed if isinstance(seed, int) else 0


@pytest.fixture(autouse=True)
def _pinned_seeds(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every seed the service draws in this test comes from the test's id and the run's seed.

    So a test sees the same deals whatever ran before it and on whichever worker, and another run
    seed deals it other cards: a test that passes only on lucky deals shows up in `make test-repeat`.
    """
    from games.services.seeds import seeds_pin

    seeds_pin(f"{run_seed(request.config)}:{request.node.nodeid}")
    yield
    seeds_pin(None)


@pytest.fixture(autouse=True)
def _fresh_move_states() -> Iterator[None]:
    """Engine states kept per process for the next move (games.services.move_states): never from
    another test, whose rolled-back database may have reused the same game id and time."""
    from games.services.move_states import move_states_clear

    move_states_clear()
    yield
    move_states_clear()


class SteadyBot:
    """A Mulligan bot that never folds: the game goes on until another seat ends it, whatever the deal.

    It skips its turns, offers when asked and takes the first offer: against a person it waits for
    the person's moves; two of them play on to the turn cap, or end at once by a round of skips
    where the config turns ``end_on_skip_round`` on.
    """

    name = "steady"
    needs_observation = False

    def act(self, observation: Any, legal_actions: list[dict[str, Any]], rng: Any) -> dict[str, Any]:
        return next((action for action in legal_actions if action["type"] != "fold"), legal_actions[0])


@pytest.fixture
def steady_bot(db: None, monkeypatch: pytest.MonkeyPatch) -> Any:
    """A built-in Mulligan bot that never folds (a ``Bot``), registered for this test only.

    For tests whose path must not depend on the deal: a random or heuristic bot may fold at once.
    """
    from engine import get_game
    from tests.games.factories import BotFactory

    game_class = type(get_game("mulligan"))
    builtin = game_class.bots
    monkeypatch.setattr(game_class, "bots", lambda self: {**builtin(self), SteadyBot.name: SteadyBot})
    return BotFactory(engine_bot=SteadyBot.name)


def _require_database_server() -> None:
    """Fail the run at once, and say why, when the configured database server cannot be reached."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        return
    import psycopg

    try:
        # The server's own "postgres" database: the test database does not exist yet.
        psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", connect_timeout=5).close()
    except psycopg.OperationalError as exc:
        raise SystemExit(
            f"DATABASE_URL={url} but PostgreSQL cannot be reached ({exc}). Start it, or unset "
            f"DATABASE_URL to run on SQLite."
        ) from None


_require_database_server()


NEEDS_POSTGRESQL = (
    "needs PostgreSQL (row locks, a database another process can open): set "
    "DATABASE_URL=postgres://postgres@127.0.0.1:5432/mulligan_league, as `make test` does"
)


def require_postgresql(vendor: str, why: str = NEEDS_POSTGRESQL) -> None:
    """Fail, saying why, where a test needs PostgreSQL and the run is on another database."""
    if vendor != "postgresql":
        pytest.fail(f"this test {why}", pytrace=False)


@pytest.fixture
def postgresql_required() -> None:
    """For ``postgres_only`` tests (tests/games/helpers.py)."""
    from django.db import connection

    require_postgresql(connection.vendor)
