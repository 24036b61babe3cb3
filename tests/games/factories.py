"""factory-boy factories for the games app's models."""

from __future__ import annotations

import factory
from django.contrib.auth.models import User

from games.models import Bot, BotKind, Competitor, Player, Rating
from games.services.players import email_verified_set


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    email = factory.LazyAttribute(lambda user: f"{user.username}@example.com")
    password = factory.django.Password("correct horse battery staple")


class CompetitorFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Competitor

    name = factory.Sequence(lambda n: f"competitor {n}")


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    user = factory.SubFactory(UserFactory)
    competitor = factory.SubFactory(CompetitorFactory, name=factory.SelfAttribute("..user.username"))


class VerifiedPlayerFactory(PlayerFactory):
    """A player whose e-mail address is verified (allauth's EmailAddress, primary), as after
    following the link of the verification mail: notification mails reach them. A plain
    PlayerFactory's address is unverified, as for an account made before sign-up went through
    allauth, and gets no mail."""

    class Meta:
        skip_postgeneration_save = True

    @factory.post_generation
    def verified_email(player: Player, create: bool, extracted: object, **kwargs: object) -> None:
        if create and player.user.email:
            email_verified_set(player.user, player.user.email)


class BotFactory(factory.django.DjangoModelFactory):
    """A built-in Mulligan bot; (game_id, engine_bot) is unique for built-ins, so it is get-or-create."""

    class Meta:
        model = Bot
        django_get_or_create = ("game_id", "kind", "engine_bot")

    competitor = factory.SubFactory(
        CompetitorFactory, name=factory.LazyAttribute(lambda c: f"{c.factory_parent.engine_bot} bot")
    )
    game_id = "mulligan"
    kind = BotKind.BUILTIN
    engine_bot = "random"


class RatingFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Rating

    competitor = factory.SubFactory(CompetitorFactory)
    game_id = "mulligan"
    rating = 1500.0
    games_played = 0
