"""The migrations describe the models: nothing is missing, and the graph has one leaf per app."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.loader import MigrationLoader


@pytest.mark.django_db
def test_no_missing_migrations() -> None:
    out = io.StringIO()
    try:
        call_command("makemigrations", "--check", "--dry-run", stdout=out, stderr=out)
    except SystemExit as exc:  # makemigrations --check exits 1 when a migration is missing
        pytest.fail(f"models changed without a migration (exit {exc.code}):\n{out.getvalue()}")
    assert "No changes detected" in out.getvalue()


@pytest.mark.django_db
def test_the_games_app_has_one_leaf_migration() -> None:
    loader = MigrationLoader(connection)
    assert loader.detect_conflicts() == {}
    leaves = [node for node in loader.graph.leaf_nodes() if node[0] == "games"]
    assert len(leaves) == 1
