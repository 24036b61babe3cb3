"""Page-test fixtures."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from games.models import Competitor
from tests.games.competitions.conftest import make_bots


@pytest.fixture
def bots(db: None) -> Callable[[int], list[Competitor]]:
    """``bots(n)``: n bot competitors (clones of the built-in bots, as in the tournament tests)."""

    def make(count: int) -> list[Competitor]:
        return [bot.competitor for bot in make_bots(count)]

    return make
