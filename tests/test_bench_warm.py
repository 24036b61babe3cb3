"""bench/api.py reads its database into memory before measuring: every table, index and TOAST table."""

from __future__ import annotations

import pytest
from django.db import connection
from psycopg.conninfo import make_conninfo

from bench.api_warm import warm

pytestmark = pytest.mark.usefixtures("postgresql_required")  # fails, saying why, on another database


@pytest.mark.django_db(transaction=True)  # pg_prewarm reads what is committed, from its own connection
def test_every_relation_of_the_database_is_read() -> None:
    settings = connection.settings_dict
    warmed = warm(
        make_conninfo(
            dbname=settings["NAME"],
            user=settings["USER"],
            password=settings["PASSWORD"] or None,
            host=settings["HOST"],
            port=settings["PORT"] or None,
        )
    )
    names = set(warmed["names"])
    assert {"games_game", "games_game_pkey", "games_move", "games_seat", "rating_ladder"} <= names
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT sum(pg_relation_size(oid)) FROM pg_class WHERE oid::regclass::text = ANY(%s)",
            [sorted(names)],
        )
        assert warmed["bytes"] == cursor.fetchone()[0] and warmed["relations"] == len(names)
    assert any(name.startswith("pg_toast.") for name in names)  # the moves' and configs' long values
