"""bench/api.py --workers: the image's server started with several gunicorn workers, each one found,
and a figure's server CPU counted over all of them."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from django.db import connection

ROOT = Path(__file__).resolve().parent.parent
# The bench's modules import each other by their bare names, as its scripts run them.
if str(ROOT / "bench") not in sys.path:
    sys.path.append(str(ROOT / "bench"))

from api_load import GetTarget, measure, process_cpu_seconds  # noqa: E402
from api_server import BARE_PATH, running, server_env  # noqa: E402

pytestmark = [pytest.mark.usefixtures("postgresql_required"), pytest.mark.django_db]


def database_url() -> str:
    db = connection.settings_dict
    return f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


def test_two_workers_are_started_and_their_cpu_counted_together() -> None:
    redis_url = os.environ.get("CELERY_BROKER_URL", "")
    if not redis_url.startswith("redis://"):
        pytest.fail("needs Redis for the server's cache: set CELERY_BROKER_URL=redis://...", pytrace=False)
    env = server_env(ROOT, database_url(), redis_url, workers=2)
    with running(ROOT, env, workers=2) as server:
        assert len(server.worker_pids) == 2 and server.master_pid not in server.worker_pids
        with pytest.raises(RuntimeError, match="2 workers run"):
            _ = server.worker_pid  # the benches of one worker refuse a server of two
        before = [process_cpu_seconds(pid) for pid in server.worker_pids]
        target = GetTarget("bare", server.authority, [BARE_PATH])
        result = measure(
            server.host,
            server.port,
            target,
            concurrency=4,
            warmup=0.1,
            duration=0.5,
            server_pids=server.worker_pids,
        )
        after = [process_cpu_seconds(pid) for pid in server.worker_pids]
    assert result.errors == 0 and result.latencies
    spent = [a - b for a, b in zip(after, before, strict=True)]
    # The figure's CPU is the workers' together: within what both spent over the whole measure.
    assert 0 < result.server_cpu <= sum(spent) + 1e-9
