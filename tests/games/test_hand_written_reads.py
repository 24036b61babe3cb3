"""The API's hand-written SQL reads give what the ORM gives, on PostgreSQL and on SQLite.

The lists, a game, its moves, a player and the caller's turns are read with SQL written once
(``games.selectors.lists``) rather than compiled by the ORM on each request; these tests hold every
one of those reads to the ORM's answer for the same rows (``tests/games/hand_sql.py``). SQLite is
``make run``'s embedded default: its raw rows are text and 0/1 until converted, so it gets its own
database file and process (the suite's database is PostgreSQL).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

from tests.games.hand_sql import check_hand_written_reads

SQLITE_TIMEOUT = 600  # a bound on a loaded machine, not a measure

SQLITE_SCRIPT = """
import django
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
from tests.games.hand_sql import check_hand_written_reads
check_hand_written_reads()
print("hand-written reads agree with the ORM on", django.db.connection.vendor)
"""


@pytest.mark.django_db
def test_hand_written_reads_agree_with_the_orm() -> None:
    check_hand_written_reads()


def test_hand_written_reads_agree_with_the_orm_on_sqlite(tmp_path: Path) -> None:
    env = {
        **{key: value for key, value in os.environ.items() if not key.startswith(("DJANGO_", "CELERY_"))},
        "DJANGO_SETTINGS_MODULE": "mulligan_league.settings.local",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "CELERY_BROKER_URL": "filesystem://localhost/",
        "CELERY_FILESYSTEM_DIR": str(tmp_path / "celery"),
        "PYTHONPATH": str(settings.BASE_DIR),
    }
    done = subprocess.run(
        [sys.executable, "-c", SQLITE_SCRIPT],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=SQLITE_TIMEOUT,
    )
    assert done.returncode == 0, f"on SQLite:\n{done.stdout[-3000:]}\n{done.stderr[-6000:]}"
    assert "agree with the ORM on sqlite" in done.stdout


@pytest.mark.parametrize(
    "text",
    [
        '{"type": "play", "card": 12}',
        "[1.5, -0.0, 1e-7, 1e-400]",
        "NaN",
        "[18446744073709551615, 18446744073709551616, -9223372036854775809]",
        "1e400",
        "not json",
        '"é"',
    ],
)
def test_json_columns_read_as_the_orm_reads_them(text: str) -> None:
    from django.db import models

    from games.selectors.lists import _json_value

    field = models.JSONField()
    expected, got = field.from_db_value(text, None, None), _json_value(text, None, None)
    assert repr(got) == repr(expected) and type(got) is type(expected)
