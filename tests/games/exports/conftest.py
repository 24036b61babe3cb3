"""A finished tournament played by bots (the test's pinned seeds deal it), and its games read back."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from rest_framework.test import APIClient

from games.models import Tournament
from games.services.competitions import tournament_start
from tests.games.competitions.conftest import make_bots, open_tournament, stepper

__all__ = ["stepper"]


@pytest.fixture
def finished_tournament(stepper: Callable[..., Any]) -> Tournament:
    """A two-round Swiss of six bots, every game played out."""
    field = [bot.competitor for bot in make_bots(6)]
    tournament = open_tournament(field=field, format="swiss", rounds=2, name="export cup")
    stepper(lambda: tournament_start(tournament_pk=tournament.pk))
    tournament.refresh_from_db()
    assert tournament.state == "finished"
    return tournament


def export(client: APIClient, **params: Any) -> list[dict[str, Any]]:
    """The export's lines, parsed (an answer that is not a 200 fails the test with its body)."""
    response = client.get("/api/games/export/", params)
    body = b"".join(response.streaming_content) if response.streaming else response.content
    assert response.status_code == 200, body
    assert response["Content-Type"] == "application/x-ndjson"
    text = body.decode()
    assert text == "" or text.endswith("\n")
    return [json.loads(line) for line in text.splitlines()]
