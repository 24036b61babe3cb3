"""A version test of a submitted (HTTP) bot, version 2 against version 1, played by the remote runner
on the versiontests queue's task: each seat plays the version it was given, and the pairs count."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest

from games.models import (
    Bot,
    BotKind,
    BotVersion,
    Competitor,
    GameStatus,
    Seat,
    ValidationStatus,
    VersionTestState,
)
from games.services.version_tests import VersionTestRequest, version_test_start
from tests.games.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def test_an_http_bots_versions_are_tested_against_each_other(
    http_bot_server: tuple[str, list[dict[str, Any]]],
    django_capture_on_commit_callbacks: Callable[..., AbstractContextManager[Any]],
) -> None:
    url, seen = http_bot_server
    author = PlayerFactory(user__username="ada")
    bot = Bot.objects.create(
        competitor=Competitor.objects.create(name="Ada's server"),
        owner=author,
        game_id="mulligan",
        kind=BotKind.HTTP,
    )
    v1, v2 = (
        BotVersion.objects.create(bot=bot, number=n, url=url, validation_status=ValidationStatus.PASSED)
        for n in (1, 2)
    )
    bot.active_version = v2
    bot.save(update_fields=["active_version"])
    with django_capture_on_commit_callbacks(execute=True):
        test = version_test_start(
            bot_pk=bot.pk,
            user=author.user,
            request=VersionTestRequest(baseline_version=1, config={"players": 2}, max_deals=2),
        )
    test.refresh_from_db()
    assert test.state == VersionTestState.INCONCLUSIVE and test.pairs == 2 and sum(test.pentanomial) == 2
    assert seen  # the bot was asked
    for deal in test.deals.all():
        for game, versions in ((deal.first_game, [v2.pk, v1.pk]), (deal.second_game, [v1.pk, v2.pk])):
            assert game.status == GameStatus.FINISHED and game.version > 0
            assert (
                list(Seat.objects.filter(game=game).order_by("index").values_list("bot_version", flat=True))
                == versions
            )
