"""End to end: an upload over the API plays its validation game in the sandbox (on commit), passes,
and becomes the bot's active version; the next passed upload is activated by its owner."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from games.models import Bot, GameStatus, LeagueEntry, Player, RatingSystem, ValidationStatus
from games.ratings.openskill import openskill_initial
from games.services.leagues import league_create
from tests.games.bots_play.conftest import GOOD_BOT, ILLEGAL_BOT
from tests.games.bots_play.conftest import _bot_settings as _bot_settings  # autouse here too

pytestmark = pytest.mark.django_db
OnCommit = Callable[[], AbstractContextManager[Any]]


def upload(client: APIClient, bot: Bot, source: str, name: str = "bot.py") -> Any:
    return client.post(
        f"/api/bots/{bot.pk}/versions/",
        {"file": SimpleUploadedFile(name, source.encode())},
        format="multipart",
    )


def test_an_uploaded_bot_validates_and_becomes_active(
    owner: Player, program_bot: Bot, client_for: Callable[[Player], APIClient], on_commit: OnCommit
) -> None:
    client = client_for(owner)
    with on_commit():
        first = upload(client, program_bot, GOOD_BOT)
    assert first.status_code == 201, first.json()
    version = program_bot.versions.get(number=1)
    assert version.validation_status == ValidationStatus.PASSED
    assert version.validation_game is not None and version.validation_game.status == GameStatus.FINISHED
    program_bot.refresh_from_db()
    assert program_bot.active_version == version  # the first passed version plays on its own

    league = league_create(
        name="trio", game_id="mulligan", seats_per_table=3, rating_system=RatingSystem.OPENSKILL
    )
    entry = LeagueEntry.objects.create(
        league=league,
        competitor=program_bot.competitor,
        rating=25.5,
        mu=30.0,
        sigma=1.5,
        games_played=30,
        provisional=False,
    )
    with on_commit():
        broken = upload(client, program_bot, ILLEGAL_BOT)
        fixed = upload(client, program_bot, GOOD_BOT + "\n# v3\n")
    assert (broken.status_code, fixed.status_code) == (201, 201)
    detail = client.get(f"/api/bots/{program_bot.pk}/").json()
    statuses = {v["number"]: v["validation_status"] for v in detail["versions"]}
    assert statuses == {1: "passed", 2: "failed", 3: "passed"}
    assert detail["active_version"] == 1  # a later passed version waits for its owner
    refused = client.post(f"/api/bots/{program_bot.pk}/versions/2/activate/")
    assert refused.status_code == 409 and "illegal" in refused.json()["detail"]
    assert client.post(f"/api/bots/{program_bot.pk}/versions/3/activate/").status_code == 200
    entry.refresh_from_db()
    assert entry.sigma == pytest.approx(openskill_initial().sigma) and entry.provisional
    games = client.get(f"/api/bots/{program_bot.pk}/games/").json()["results"]
    assert sorted(row["bot_seats"][0]["version"] for row in games) == [1, 2, 3]
    (fault,) = client.get(f"/api/bots/{program_bot.pk}/faults/").json()["results"]
    assert fault["version"] == 2 and "confused at move" in fault["stderr_tail"]
    (public,) = APIClient().get(f"/api/bots/{program_bot.pk}/faults/").json()["results"]
    assert "stderr_tail" not in public
