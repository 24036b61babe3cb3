"""Reads for a competition's page: who is looking, and which bots they could enter.

The services decide (``games.services.entrants``); these reads only choose what to offer, with the
same rule: a person enters the bots they own, and the organiser (or staff) also the built-in bots.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Q, QuerySet

from games.models import Bot, BotKind, League, Player, Tournament


def viewer_player(user: AbstractBaseUser | AnonymousUser) -> Player | None:
    """The signed-in person's Player, or None (a read: never creates one)."""
    if not user.is_authenticated:
        return None
    return Player.objects.select_related("competitor").filter(user_id=user.pk).first()


def is_organiser(competition: Tournament | League, player: Player | None) -> bool:
    return (
        player is not None and competition.organiser_id is not None and competition.organiser_id == player.pk
    )


def bots_to_offer(
    competition: Tournament | League,
    player: Player | None,
    *,
    is_staff: bool,
    entered: Iterable[int],
) -> QuerySet[Bot]:
    """Bots of the competition's game that ``player`` may enter and that are not in it yet (the
    competitors ``entered``): their own, and the built-in ones for its organiser or staff."""
    if player is None:
        return Bot.objects.none()
    mine = Q(owner_id=player.pk)
    if is_staff or is_organiser(competition, player):
        mine |= Q(owner__isnull=True, kind=BotKind.BUILTIN)
    return (
        Bot.objects.filter(mine, game_id=competition.game_id)
        .exclude(competitor_id__in=list(entered))
        .select_related("competitor", "active_version")
        .defer("active_version__content")
        .order_by("competitor__name", "id")
    )
