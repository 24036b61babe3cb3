"""A bot author, in Chromium: writes the starter bot with the engine's kit, creates a bot on the
site, uploads the file, and sees its version pass the validation game (played in the sandbox) and
become the active one. The bot's page is screenshotted (conftest.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.bots.kit import template
from games.models import BotVersion, Game
from games.services.players import player_create

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a long browser password"


def test_an_author_uploads_the_starter_bot_and_it_passes_validation(
    live_server: Any, page: Any, screenshot: Any, tmp_path: Path
) -> None:
    player_create(username="dora", password=PASSWORD)
    base = live_server.url
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_login", "dora")
    page.fill("#id_password", PASSWORD)
    page.click("form [type=submit]")
    page.wait_for_load_state()

    page.goto(f"{base}/bots/new/")
    page.fill("#id_name", "dora's first bot")
    page.select_option("#id_game", "mulligan")
    page.select_option("#id_kind", "program")
    page.click("[data-testid=bot-new-form] [type=submit]")
    page.wait_for_load_state()
    assert "/bots/" in page.url

    bot_file = tmp_path / "mulligan_bot.py"
    bot_file.write_text(template("mulligan"))
    page.set_input_files("[data-testid=upload-form] input[type=file]", str(bot_file))
    # The upload plays the validation game against a built-in bot (eager Celery: in this request).
    page.click("[data-testid=upload-form] [type=submit]")
    page.wait_for_load_state()

    version = BotVersion.objects.get(bot__competitor__name="dora's first bot")
    assert version.validation_status == "passed", version.validation_message
    assert Game.objects.get(pk=version.validation_game_id).status == "finished"
    page.reload()
    assert "Version 1 plays" in page.inner_text("[data-testid=active-version]")
    assert "passed" in page.inner_text("[data-testid=versions]")
    assert page.query_selector("[data-testid=bot-games] a[href^='/games/']") is not None
    screenshot("bot")
