"""Validation games, and the entry checks they open: only a submitted bot whose active version
passed validation may enter a tournament or a league, or be matched on the ladder."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest

from games.models import Bot, BotVersion, GameStatus, Rating, Seat, ValidationStatus
from games.services.bot_validation import validation_start
from games.services.competitions import tournament_join
from games.services.errors import InvalidInput
from games.services.ladder import ladder_matchmake
from games.services.leagues import league_join
from tests.games.bots_play.conftest import GOOD_BOT, ILLEGAL_BOT
from tests.games.competitions.conftest import make_bots, open_tournament
from tests.games.leagues.conftest import running_league

OnCommit = Callable[[], AbstractContextManager[Any]]


def pending_version(program_bot: Callable[..., Bot], source: str) -> BotVersion:
    bot = program_bot(source, status=ValidationStatus.PENDING, active=False)
    return bot.versions.get()


def test_a_clean_validation_game_passes_the_version_and_activates_it(
    program_bot: Callable[..., Bot], on_commit: OnCommit
) -> None:
    version = pending_version(program_bot, GOOD_BOT)
    with on_commit():
        game = validation_start(version=version)
    version.refresh_from_db()
    game.refresh_from_db()
    assert version.validation_game == game and not game.rated
    assert game.status == GameStatus.FINISHED
    assert (version.validation_status, version.validation_message) == (ValidationStatus.PASSED, "")
    assert game.seats.get(index=0).bot_version == version
    assert version.bot.__class__.objects.get(pk=version.bot_id).active_version == version
    assert not Rating.objects.filter(competitor=version.bot.competitor).exists()  # unrated


def test_a_fault_fails_the_version_with_its_message(
    program_bot: Callable[..., Bot], on_commit: OnCommit
) -> None:
    version = pending_version(program_bot, ILLEGAL_BOT)
    with on_commit():
        game = validation_start(version=version)
    version.refresh_from_db()
    assert version.validation_status == ValidationStatus.FAILED
    assert version.validation_message.startswith("illegal at move 0:")
    assert "nonsense" in version.validation_message
    assert version.bot.faults.get().game == game
    version.bot.refresh_from_db()
    assert version.bot.active_version is None


@pytest.mark.parametrize(
    ("status", "active", "message"),
    [
        (ValidationStatus.PENDING, True, "is still waiting for its validation game"),
        (ValidationStatus.FAILED, True, "failed its validation game"),
        (ValidationStatus.PASSED, False, "has no active version yet"),
    ],
)
def test_only_a_validated_bot_may_join_a_league_or_a_tournament(
    program_bot: Callable[..., Bot], status: str, active: bool, message: str
) -> None:
    bot = program_bot(GOOD_BOT, status=status, active=active)
    league = running_league(start=False)
    tournament = open_tournament()
    with pytest.raises(InvalidInput, match=message):
        league_join(league_pk=league.pk, competitor=bot.competitor)
    with pytest.raises(InvalidInput, match=message):
        tournament_join(tournament_pk=tournament.pk, competitor=bot.competitor)
    assert not league.league_entries.exists() and not tournament.entries.exists()


def test_the_ladder_matches_a_submitted_bot_only_while_its_active_version_passed(
    program_bot: Callable[..., Bot], django_capture_on_commit_callbacks: Any
) -> None:
    bot = program_bot(GOOD_BOT)
    (clone,) = make_bots(1)
    league = running_league(field=[bot.competitor, clone.competitor])
    BotVersion.objects.filter(bot=bot).update(validation_status=ValidationStatus.FAILED)
    assert ladder_matchmake(league_pk=league.pk) == []
    BotVersion.objects.filter(bot=bot).update(validation_status=ValidationStatus.PASSED)
    with django_capture_on_commit_callbacks(execute=False):  # matched, not played here
        (game_pk,) = ladder_matchmake(league_pk=league.pk)
    assert set(Seat.objects.filter(game_id=game_pk).values_list("competitor_id", flat=True)) == {
        bot.competitor_id,
        clone.competitor_id,
    }
