from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from rest_framework.test import APIClient

from games.models import Player

ClientFor = Callable[[Player], APIClient]


@pytest.fixture(autouse=True)
def _fast_long_poll(settings: Any) -> None:
    """The long poll looks again every 20 ms, so waiting tests stay short."""
    settings.LONG_POLL_INTERVAL = 0.02
