from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction

from engine import get_game
from games.models import Bot, BotKind, Competitor, Player


@transaction.atomic
def player_create(*, username: str, password: str | None = None, email: str = "") -> Player:
    user = User.objects.create_user(username=username, password=password, email=email)
    competitor = Competitor.objects.create(name=username)
    return Player.objects.create(user=user, competitor=competitor)


def player_for_user(user: User) -> Player:
    """The user's Player, created on first use (a superuser made with createsuperuser has none)."""
    try:
        return user.player
    except Player.DoesNotExist:
        with transaction.atomic():
            competitor = Competitor.objects.create(name=user.get_username())
            return Player.objects.create(user=user, competitor=competitor)


@transaction.atomic
def builtin_bots_ensure() -> list[Bot]:
    """One Bot row per built-in engine bot of every registered game (idempotent)."""
    from engine import registered_games

    bots = []
    for game in registered_games():
        for name in game.bot_names():
            bot = Bot.objects.filter(kind=BotKind.BUILTIN, game_id=game.id, engine_bot=name).first()
            if bot is None:
                competitor = Competitor.objects.create(name=f"{get_game(game.id).name} {name} bot")
                bot = Bot.objects.create(
                    competitor=competitor, game_id=game.id, kind=BotKind.BUILTIN, engine_bot=name
                )
            bots.append(bot)
    return bots
