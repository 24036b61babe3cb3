"""Validation games: a submitted bot's new version must finish a game against built-in bots, without
a fault, before it may enter a tournament or a league.

The validation game is unrated; it is played by ``play_remote_bots`` like any game with a submitted
bot, with the settings' clock and the forfeit policy (the first fault ends it). When it ends,
:func:`validation_conclude` marks the version passed or failed (with the fault's message), and a
bot's first passed version becomes its active one.
"""

from __future__ import annotations

import logging

from django.db import transaction

from engine import get_game
from games.models import Bot, BotFault, BotKind, BotVersion, Game, GameStatus, Seat, ValidationStatus
from games.services.after_commit import submitted_bots_play_on_commit
from games.services.bot_activation import version_make_active
from games.services.games import game_create
from games.services.players import builtin_bots_ensure

logger = logging.getLogger(__name__)

# The built-in bot a version plays against (every registered game has one).
VALIDATION_OPPONENT = "random"


@transaction.atomic
def validation_start(*, version: BotVersion) -> Game:
    """Create ``version``'s validation game (the version at seat 0, built-in bots at the others),
    played once the caller's transaction commits."""
    bot = version.bot
    engine_game = get_game(bot.game_id)
    builtin_bots_ensure()
    opponent = Bot.objects.select_related("competitor").get(
        kind=BotKind.BUILTIN, game_id=bot.game_id, engine_bot=VALIDATION_OPPONENT
    )
    players = engine_game.min_players
    game = game_create(
        game_id=bot.game_id,
        competitors=[bot.competitor] + [opponent.competitor] * (players - 1),
        rated=False,
        enqueue_bots=False,
    )
    Seat.objects.filter(game=game, index=0).update(bot_version=version)
    version.validation_game = game
    version.validation_status = ValidationStatus.PENDING
    version.validation_message = ""
    version.save(update_fields=["validation_game", "validation_status", "validation_message"])
    submitted_bots_play_on_commit(game.pk)
    return game


def validation_conclude(*, game: Game) -> None:
    """The validation game ``game`` has ended (the caller holds its row lock): pass or fail the
    versions it validates; a bot's first passed version becomes active."""
    for version in BotVersion.objects.select_related("bot").filter(
        validation_game=game, validation_status=ValidationStatus.PENDING
    ):
        fault = BotFault.objects.filter(game=game, version=version).order_by("created_at", "id").first()
        if fault is None and game.status == GameStatus.FINISHED:
            version.validation_status = ValidationStatus.PASSED
            version.validation_message = ""
        else:
            version.validation_status = ValidationStatus.FAILED
            version.validation_message = (
                f"{fault.kind} at move {fault.move_number}: {fault.message}"
                if fault is not None
                else f"the validation game was {game.status}"
            )
        version.save(update_fields=["validation_status", "validation_message"])
        logger.info(
            "bot %s version %s: validation %s", version.bot_id, version.number, version.validation_status
        )
        if version.validation_status == ValidationStatus.PASSED and version.bot.active_version_id is None:
            version_make_active(version)
