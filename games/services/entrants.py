"""Who may enter whom into a competition, shared by tournaments and leagues."""

from __future__ import annotations

from django.contrib.auth.models import User

from games.models import Bot, BotKind, Competitor
from games.services.errors import NotFound, NotYourEntrant
from games.services.players import player_for_user


def entrant_for(*, user: User, bot_pk: int | None, organiser_id: int | None) -> Competitor:
    """The competitor ``user`` enters: themselves, or bot ``bot_pk`` if they may act for it.

    A person acts for themselves; a bot's owner for that bot; for a built-in bot (no owner), staff
    and the competition's organiser (:func:`may_act_for_bot`).
    """
    player = player_for_user(user)
    if bot_pk is None:
        return player.competitor
    bot = Bot.objects.select_related("competitor").filter(pk=bot_pk).first()
    if bot is None:
        raise NotFound(f"no bot {bot_pk}")
    if not may_act_for_bot(user=user, bot=bot, organiser_id=organiser_id):
        raise NotYourEntrant(f"you may not enter {bot.competitor.name}: enter your own bots only")
    return bot.competitor


def may_act_for_bot(*, user: User, bot: Bot, organiser_id: int | None) -> bool:
    player = player_for_user(user)
    if bot.owner_id is not None:
        return bool(bot.owner_id == player.pk)
    return bot.kind == BotKind.BUILTIN and (user.is_staff or organiser_id == player.pk)
