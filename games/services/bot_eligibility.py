"""Who may enter competitions: people and built-in bots always; a submitted bot only with an active
version that passed its validation game."""

from __future__ import annotations

from django.db.models import Q

from games.models import Bot, BotKind, ValidationStatus
from games.services.errors import InvalidInput


def check_may_compete(bot: Bot | None) -> None:
    """A submitted bot enters tournaments and leagues only with an active version that passed its
    validation game; raises :class:`InvalidInput` saying what is missing. Built-in bots (and
    people, ``None``) always may."""
    if bot is None or bot.kind not in (BotKind.PROGRAM, BotKind.HTTP):
        return
    version = bot.active_version
    name = bot.competitor.name
    if version is None:
        raise InvalidInput(
            f"bot {name!r} has no active version yet: upload one (or register its URL) and wait for "
            f"its validation game to pass"
        )
    if version.validation_status != ValidationStatus.PASSED:
        state = {
            ValidationStatus.PENDING: "is still waiting for its validation game",
            ValidationStatus.FAILED: f"failed its validation game ({version.validation_message})",
        }.get(ValidationStatus(version.validation_status), "has not passed validation")
        raise InvalidInput(f"bot {name!r}'s active version {version.number} {state}; it may not compete yet")


def may_compete_q(competitor: str = "competitor__") -> Q:
    """Keeps the rows (whose competitor is reached through ``competitor``) of people, built-in bots
    and submitted bots whose active version passed validation (for ladder matchmaking)."""
    submitted = Q(**{f"{competitor}bot__kind__in": (BotKind.PROGRAM, BotKind.HTTP)})
    passed = Q(**{f"{competitor}bot__active_version__validation_status": ValidationStatus.PASSED})
    return ~submitted | passed
