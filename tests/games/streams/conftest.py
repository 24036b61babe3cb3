from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import broker_url
from tests.games.streams.live_asgi import LiveAsgi, live_asgi


@pytest.fixture
def server(transactional_db: None, tmp_path: Path, settings: Any) -> Iterator[LiveAsgi]:
    """uvicorn on this test's database; this process announces its commits on the same Redis."""
    settings.STREAMS_REDIS_URL = broker_url()
    with live_asgi(tmp_path) as service:
        yield service


@pytest.fixture
def server_without_redis(transactional_db: None, tmp_path: Path, settings: Any) -> Iterator[LiveAsgi]:
    settings.STREAMS_REDIS_URL = ""
    with live_asgi(tmp_path, redis=False) as service:
        yield service
