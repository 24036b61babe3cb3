"""A bot's active version: the one that plays its new games. Changing it resets the bot's OpenSkill
uncertainty in its leagues (for all we know, a new player), logged so a recompute replays it."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from games.models import Bot, BotActivation, BotVersion, LeagueEntry, RatingSystem
from games.services.league_ratings import is_provisional, openskill_uncertainty_reset


@transaction.atomic
def version_make_active(version: BotVersion) -> BotVersion:
    """Make ``version`` its bot's active version and reset the bot's OpenSkill uncertainty.

    Shared by an owner's activation and the validation (a bot's first passed version becomes active). Locks the bot's row,
    then its OpenSkill league entries in id order. Each change of the active version is logged
    (:class:`BotActivation`) so that ``league_ratings_recompute`` replays the reset at the same point.
    """
    bot = Bot.objects.select_for_update().get(pk=version.bot_id)
    if bot.active_version_id == version.pk:
        return version
    bot.active_version = version
    bot.save(update_fields=["active_version"])
    entries = list(
        LeagueEntry.objects.select_for_update(of=("self",))
        .select_related("league")
        .filter(competitor_id=bot.competitor_id, league__rating_system=RatingSystem.OPENSKILL)
        .order_by("id")
    )
    # Stamped once the entries are locked: a game rated concurrently is then wholly before or after.
    BotActivation.objects.create(bot=bot, version=version, activated_at=timezone.now())
    for entry in entries:
        reset = openskill_uncertainty_reset(entry.mu)
        entry.mu, entry.sigma, entry.rating = reset.mu, reset.sigma, reset.ordinal
        entry.provisional = is_provisional(entry.league, entry.games_played, reset.sigma)
    LeagueEntry.objects.bulk_update(entries, ["mu", "sigma", "rating", "provisional"])
    return version
