"""Reads of challenges for the lobby, the pages and the API: what is open to anyone, what is
addressed to a person, what they made, and each challenge in words."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

from django.db.models import Exists, OuterRef, Prefetch, Q, QuerySet
from django.utils import timezone

from engine import UnknownGame, get_game
from games.models import (
    MOVE_TIMES,
    Bot,
    BotKind,
    Challenge,
    ChallengeSeat,
    ChallengeState,
    Player,
    SeatKind,
    ValidationStatus,
)


def move_time_words(duration: timedelta) -> str:
    for _, words, choice in MOVE_TIMES:
        if choice == duration:
            return words
    return f"{duration.total_seconds() / 3600:g} hours"


def challenges_with_seats() -> QuerySet[Challenge]:
    seats = ChallengeSeat.objects.select_related("bot__competitor", "player__competitor").order_by("index")
    return Challenge.objects.select_related("challenger__competitor").prefetch_related(
        Prefetch("seat_plan", queryset=seats)
    )


def _open_now() -> Q:
    return Q(state=ChallengeState.OPEN, expires_at__gt=timezone.now())


def challenges_in_lobby() -> QuerySet[Challenge]:
    """Open challenges with a seat anyone may take, newest first."""
    free_seat = ChallengeSeat.objects.filter(
        challenge=OuterRef("pk"), kind=SeatKind.OPEN, player__isnull=True
    )
    return (
        challenges_with_seats().filter(_open_now()).filter(Exists(free_seat)).order_by("-created_at", "-pk")
    )


def challenges_for(player: Player) -> QuerySet[Challenge]:
    """Open challenges that name this player and wait for their answer."""
    waiting = ChallengeSeat.objects.filter(
        challenge=OuterRef("pk"), kind=SeatKind.INVITEE, player=player, accepted_at__isnull=True
    )
    return challenges_with_seats().filter(_open_now()).filter(Exists(waiting)).order_by("-created_at", "-pk")


def challenges_by(player: Player) -> QuerySet[Challenge]:
    """The open challenges this player made, or took a seat of and waits on, newest first."""
    seated = ChallengeSeat.objects.filter(challenge=OuterRef("pk"), player=player, accepted_at__isnull=False)
    return challenges_with_seats().filter(_open_now()).filter(Exists(seated)).order_by("-created_at", "-pk")


def challenges_visible_to(player: Player | None) -> QuerySet[Challenge]:
    """The lobby, plus (for a person) every challenge they made or are named in, whatever its state."""
    if player is None:
        return challenges_in_lobby()
    lobby = challenges_in_lobby().values("pk")
    involved = ChallengeSeat.objects.filter(challenge=OuterRef("pk"), player=player)
    return (
        challenges_with_seats().filter(Q(pk__in=lobby) | Q(Exists(involved))).order_by("-created_at", "-pk")
    )


def challenge_or_none(pk: int) -> Challenge | None:
    return challenges_with_seats().filter(pk=pk).first()


def config_in_words(game_id: str, config: dict[str, Any]) -> list[str]:
    """The options that differ from the game's defaults, as "Label: value" (seats are told apart)."""
    try:
        game = get_game(game_id)
    except UnknownGame:
        return []
    words = []
    for field in game.config_fields():
        if field.name == "players" or field.name not in config:
            continue
        value = config[field.name]
        if field.default is None and value == game.normalize_config({}).get(field.name):
            continue
        if value == field.default:
            continue
        labels = {json.dumps(choice): label for choice, label in field.choices}
        if field.kind == "bool":
            shown = "on" if value else "off"
        elif json.dumps(value) in labels:
            shown = labels[json.dumps(value)]
        elif field.kind == "json":
            shown = "custom"
        else:
            shown = ", ".join(map(str, value)) if isinstance(value, list) else str(value)
        words.append(f"{field.label}: {shown}")
    return words


def seat_words(seat: ChallengeSeat) -> str:
    if seat.kind == SeatKind.BOT and seat.bot is not None:
        return seat.bot.competitor.name
    if seat.player is not None:
        name = seat.player.competitor.name
        return (
            name if seat.accepted_at is not None or seat.kind == SeatKind.CHALLENGER else f"{name} (invited)"
        )
    return "open seat"


def challenge_view(challenge: Challenge, viewer: Player | None = None) -> dict[str, Any]:
    """One challenge as the lobby and the API show it (``viewer`` decides which buttons apply)."""
    seats = list(challenge.seat_plan.all())
    people = [seat for seat in seats if seat.kind != SeatKind.BOT]
    try:
        game_name = get_game(challenge.game_id).name
    except UnknownGame:
        game_name = challenge.game_id
    expired = challenge.state == ChallengeState.OPEN and challenge.expires_at <= timezone.now()
    state = ChallengeState.EXPIRED.value if expired else challenge.state
    mine = viewer is not None and viewer.pk == challenge.challenger_id
    my_seat = next((seat for seat in seats if viewer is not None and seat.player_id == viewer.pk), None)
    free_open = any(seat.kind == SeatKind.OPEN and seat.player_id is None for seat in seats)
    is_open = state == ChallengeState.OPEN
    invited = my_seat is not None and my_seat.kind == SeatKind.INVITEE and my_seat.accepted_at is None
    return {
        "id": challenge.pk,
        "game": challenge.game_id,
        "game_name": game_name,
        "challenger": {
            "player": challenge.challenger_id,
            "name": challenge.challenger.competitor.name,
        },
        "config": challenge.config,
        "options": config_in_words(challenge.game_id, challenge.config),
        "seats": [
            {
                "index": seat.index,
                "kind": seat.kind,
                "name": seat_words(seat),
                "bot": seat.bot_id,
                "player": seat.player_id,
                "accepted": seat.kind == SeatKind.BOT or seat.accepted_at is not None,
            }
            for seat in seats
        ],
        "people_needed": len(people),
        "people_accepted": sum(1 for seat in people if seat.accepted_at is not None),
        "time_per_move": move_time_words(challenge.move_time_limit),
        "move_time_limit_seconds": int(challenge.move_time_limit.total_seconds()),
        "rated": challenge.rated,
        "state": state,
        "created_at": challenge.created_at,
        "expires_at": challenge.expires_at,
        "started_game": challenge.started_game_id,
        "may_accept": viewer is not None
        and is_open
        and not mine
        and (invited or (my_seat is None and free_open)),
        "may_decline": is_open and invited,
        "may_cancel": is_open and mine,
    }


def submitted_bots_eligible(game_id: str) -> list[Bot]:
    """Submitted bots of this game that may play (an active version that passed its validation
    game: the rule of games.services.bot_eligibility), by name."""
    return list(
        Bot.objects.filter(
            game_id=game_id,
            kind__in=(BotKind.PROGRAM, BotKind.HTTP),
            active_version__validation_status=ValidationStatus.PASSED,
        )
        .select_related("competitor", "owner__competitor")
        .order_by("competitor__name", "pk")
    )


def player_of(user: Any) -> Player | None:
    """The signed-in user's player, if they have one (a read: no row is made)."""
    if not getattr(user, "is_authenticated", False):
        return None
    return Player.objects.select_related("competitor").filter(user_id=user.pk).first()
