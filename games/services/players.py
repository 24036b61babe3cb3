from __future__ import annotations

from allauth.account.models import EmailAddress
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction

from engine import get_game
from games.models import Bot, BotKind, Competitor, Player
from games.services.errors import Conflict


@transaction.atomic
def player_create(*, username: str, password: str | None = None, email: str = "") -> Player:
    user = User.objects.create_user(username=username, password=password, email=email)
    competitor = Competitor.objects.create(name=username)
    return Player.objects.create(user=user, competitor=competitor)


@transaction.atomic
def email_verified_set(user: User, address: str) -> EmailAddress:
    """Make ``address`` the user's verified primary e-mail address, as following the link of a
    verification mail would: for accounts a command makes (the demo), whose owner reads no mail.
    Refused (Conflict) when another account verified that address already."""
    found = EmailAddress.objects.filter(user=user, email__iexact=address).first()
    found = found or EmailAddress(user=user, email=address.lower())
    found.verified = True
    try:
        with transaction.atomic():
            found.save()
    except IntegrityError:
        raise Conflict(f"{address} is the verified address of another account") from None
    found.set_as_primary()
    return found


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
