"""Uploads at the same moment get distinct, consecutive version numbers (the bot's row lock)."""

from __future__ import annotations

import pytest

from games.models import BotKind, BotVersion
from games.services import bot_versions
from games.services.bot_versions import bot_create, bot_version_upload
from tests.games.bots_api.conftest import BOT_SOURCE
from tests.games.factories import PlayerFactory
from tests.games.helpers import postgres_only, race


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_simultaneous_uploads_get_consecutive_numbers(monkeypatch: pytest.MonkeyPatch) -> None:
    # The validation games are beside the point here (and would play at each commit).
    monkeypatch.setattr(bot_versions, "_start_validation", lambda version: None)
    owner = PlayerFactory()
    bot = bot_create(owner=owner, name="Racer", game_id="mulligan", kind=BotKind.PROGRAM)

    def submit(index: int) -> BotVersion:
        return bot_version_upload(
            bot_pk=bot.pk, user=owner.user, filename="bot.py", content=BOT_SOURCE + f"# {index}\n".encode()
        )

    results = race(*[lambda i=i: submit(i) for i in range(4)])
    assert all(isinstance(result, BotVersion) for result in results), results
    assert sorted(version.number for version in results) == [1, 2, 3, 4]
    assert len({version.sha256 for version in results}) == 4
