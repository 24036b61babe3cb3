"""Challenges, as a correspondence site's lobby has them: a person proposes a game (its options,
time per move, rated or not, and who sits where), the people it needs accept, and the game starts.

- :func:`challenge_create`: the challenger takes seat 0; every other seat is a bot (built-in or an
  eligible submitted one), a named player (an invitee) or open to anyone eligible. A challenge that
  needs nobody else (only bots) starts its game at once.
- :func:`challenge_accept`: an invitee takes their seat, anyone else the first free open seat. When
  the last person's seat is taken the game is created, seating exactly the challenger, the bots and
  the people who accepted: **nobody is seated in a game they did not accept**.
- :func:`challenge_decline` (an invitee; the challenge ends), :func:`challenge_cancel` (the
  challenger), :func:`challenges_expire` (celery beat; an expired challenge is also refused on the
  spot, whether or not the sweep has run).

Every write locks the challenge row first, so two people accepting the last seat at once are
served one after the other, and the second finds the challenge started.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from engine import ConfigError, UnknownGame, get_game
from games.models import (
    MOVE_TIMES,
    Bot,
    Challenge,
    ChallengeSeat,
    ChallengeState,
    Competitor,
    Player,
    SeatKind,
)
from games.services.bot_eligibility import check_may_compete
from games.services.errors import Conflict, InvalidInput, NotAllowed, NotFound, ServiceError
from games.services.games import game_create
from games.services.players import builtin_bots_ensure, player_for_user
from games.services.seeds import new_seed

# A person may keep this many challenges open at once (a lobby is not a billboard).
MAX_OPEN_CHALLENGES = 20


class ChallengeNotOpen(Conflict):
    code = "challenge_not_open"


class NotYourChallenge(NotAllowed):
    code = "not_your_challenge"


@dataclass(frozen=True)
class Opponent:
    """Who sits in one seat besides the challenger's.

    ``kind``: ``"builtin"`` (the game's engine bot named ``name``), ``"bot"`` (the submitted or
    built-in bot ``bot_pk``), ``"player"`` (the person whose user name is ``name``) or ``"open"``.
    """

    kind: str
    name: str = ""
    bot_pk: int | None = None


OPPONENT_KINDS = ("builtin", "bot", "player", "open")


def move_time_from_key(key: str) -> timedelta:
    for choice, _, duration in MOVE_TIMES:
        if choice == key:
            return duration
    raise InvalidInput(
        f"time per move must be one of {', '.join(choice for choice, _, _ in MOVE_TIMES)}, not {key!r}",
        field="time_per_move",
    )


def challenge_lifetime() -> timedelta:
    return timedelta(seconds=getattr(settings, "CHALLENGE_LIFETIME_SECONDS", 7 * 24 * 3600))


# -- Creating ------------------------------------------------------------------------------------


@dataclass
class _PlannedSeat:
    kind: str
    bot: Bot | None = None
    player: Player | None = None


@transaction.atomic
def challenge_create(
    *,
    user: User,
    game_id: str,
    config: Mapping[str, Any] | None,
    opponents: Sequence[Opponent],
    move_time_limit: timedelta,
    rated: bool = True,
) -> Challenge:
    """Propose a game with the challenger in seat 0 and ``opponents`` in the seats after it.

    Raises :class:`InvalidInput` for anything wrong with the proposal (the engine's own words for a
    bad config), changing nothing. With only bots as opponents the game starts at once: the
    challenge comes back ``accepted`` with its ``started_game``.
    """
    challenger = player_for_user(user)
    try:
        engine_game = get_game(game_id)
    except UnknownGame as exc:
        raise InvalidInput(str(exc), field="game") from None
    if move_time_limit not in {duration for _, _, duration in MOVE_TIMES}:
        raise InvalidInput(
            f"time per move must be one of {', '.join(words for _, words, _ in MOVE_TIMES)}",
            field="time_per_move",
        )
    if not isinstance(config, Mapping):
        raise InvalidInput("the config is an object of options", field="config")
    seats = 1 + len(opponents)
    config = dict(config)
    try:
        if "players" in engine_game.normalize_config({}):
            config["players"] = seats
        normalized = engine_game.normalize_config(config)
    except ConfigError as exc:
        raise InvalidInput(str(exc), field="config") from None
    most = engine_game.max_players_for(normalized)
    if not engine_game.min_players <= seats <= most:
        raise InvalidInput(
            f"{engine_game.name} takes {engine_game.min_players} to {most} players, not {seats}",
            field="opponents",
        )
    plan = [_PlannedSeat(SeatKind.CHALLENGER, player=challenger)]
    plan += [_plan_seat(opponent, game_id, challenger) for opponent in opponents]
    invited = [seat.player.pk for seat in plan if seat.kind == SeatKind.INVITEE and seat.player]
    if len(set(invited)) != len(invited):
        raise InvalidInput("a player is named for two seats; name each person once", field="opponents")
    waiting_people = any(seat.kind in (SeatKind.INVITEE, SeatKind.OPEN) for seat in plan)
    if waiting_people:
        mine = Challenge.objects.filter(challenger=challenger, state=ChallengeState.OPEN)
        if mine.filter(expires_at__gt=timezone.now()).count() >= MAX_OPEN_CHALLENGES:
            raise Conflict(
                f"you have {MAX_OPEN_CHALLENGES} open challenges already; cancel one before making another"
            )
    now = timezone.now()
    challenge = Challenge.objects.create(
        challenger=challenger,
        game_id=game_id,
        config=normalized,
        seats=seats,
        move_time_limit=move_time_limit,
        rated=rated,
        expires_at=now + challenge_lifetime(),
    )
    ChallengeSeat.objects.bulk_create(
        [
            ChallengeSeat(
                challenge=challenge,
                index=index,
                kind=seat.kind,
                bot=seat.bot,
                player=seat.player,
                accepted_at=now if seat.kind == SeatKind.CHALLENGER else None,
            )
            for index, seat in enumerate(plan)
        ]
    )
    if not waiting_people:
        _start(challenge, now)
    return challenge


def _plan_seat(opponent: Opponent, game_id: str, challenger: Player) -> _PlannedSeat:
    if opponent.kind == "open":
        return _PlannedSeat(SeatKind.OPEN)
    if opponent.kind == "builtin":
        bot = next(
            (b for b in builtin_bots_ensure() if b.game_id == game_id and b.engine_bot == opponent.name),
            None,
        )
        if bot is None:
            names = ", ".join(get_game(game_id).bot_names())
            raise InvalidInput(
                f"{game_id} has no built-in bot {opponent.name!r}; its bots: {names}", field="opponents"
            )
        return _PlannedSeat(SeatKind.BOT, bot=bot)
    if opponent.kind == "bot":
        if opponent.bot_pk is None:
            raise InvalidInput("say which bot sits in the seat", field="opponents")
        bot = (
            Bot.objects.select_related("competitor", "active_version")
            .defer("active_version__content")
            .filter(pk=opponent.bot_pk)
            .first()
        )
        if bot is None:
            raise InvalidInput(f"no bot {opponent.bot_pk}", field="opponents")
        if bot.game_id != game_id:
            raise InvalidInput(
                f"bot {bot.competitor.name!r} plays {bot.game_id}, not {game_id}", field="opponents"
            )
        check_may_compete(bot)
        return _PlannedSeat(SeatKind.BOT, bot=bot)
    if opponent.kind == "player":
        name = opponent.name.strip()
        if not name:
            raise InvalidInput("name the player you challenge", field="opponents")
        player = Player.objects.select_related("competitor").filter(user__username__iexact=name).first()
        if player is None:
            raise InvalidInput(f"there is no player called {name!r}", field="opponents")
        if player.pk == challenger.pk:
            raise InvalidInput("you sit in seat 1 already; challenge someone else", field="opponents")
        return _PlannedSeat(SeatKind.INVITEE, player=player)
    raise InvalidInput(
        f"a seat is one of {', '.join(OPPONENT_KINDS)}, not {opponent.kind!r}", field="opponents"
    )


# -- Answering -----------------------------------------------------------------------------------


def challenge_accept(*, challenge_pk: int, user: User) -> Challenge:
    """Take a seat: the one the challenge names you for, else the first free open seat. The last
    person to accept starts the game (``started_game``)."""
    player = player_for_user(user)
    return _answer(challenge_pk, lambda challenge, now: _accept(challenge, player, now))


def challenge_decline(*, challenge_pk: int, user: User) -> Challenge:
    """An invitee says no: the challenge ends, declined, and no game is made."""
    player = player_for_user(user)
    return _answer(challenge_pk, lambda challenge, now: _decline(challenge, player))


def challenge_cancel(*, challenge_pk: int, user: User) -> Challenge:
    """The challenger withdraws an open challenge."""
    player = player_for_user(user)
    return _answer(challenge_pk, lambda challenge, now: _cancel(challenge, player))


def challenges_expire(*, now: datetime | None = None) -> int:
    """Mark every open challenge past its ``expires_at`` expired (celery beat); returns how many."""
    now = now or timezone.now()
    return Challenge.objects.filter(state=ChallengeState.OPEN, expires_at__lte=now).update(
        state=ChallengeState.EXPIRED
    )


def _answer(challenge_pk: int, step: Any) -> Challenge:
    """Run ``step`` on the locked, open challenge. A challenge found past its time is marked
    expired (that write is kept) and the answer refused."""
    refusal: ServiceError | None = None
    with transaction.atomic():
        challenge = Challenge.objects.select_for_update().filter(pk=challenge_pk).first()
        if challenge is None:
            raise NotFound(f"no challenge {challenge_pk}")
        now = timezone.now()
        if challenge.state == ChallengeState.OPEN and challenge.expires_at <= now:
            challenge.state = ChallengeState.EXPIRED
            challenge.save(update_fields=["state"])
        if challenge.state != ChallengeState.OPEN:
            refusal = ChallengeNotOpen(
                f"challenge {challenge.pk} is no longer open: it was {challenge.state}"
            )
        else:
            step(challenge, now)
    if refusal is not None:
        raise refusal
    return challenge


def _accept(challenge: Challenge, player: Player, now: datetime) -> None:
    if player.pk == challenge.challenger_id:
        raise NotYourChallenge("this is your own challenge: someone else must accept it")
    seats = list(challenge.seat_plan.order_by("index"))
    mine = next((seat for seat in seats if seat.player_id == player.pk), None)
    if mine is not None and mine.accepted_at is not None:
        raise Conflict(f"you have accepted challenge {challenge.pk} already")
    if mine is None:
        mine = next((seat for seat in seats if seat.kind == SeatKind.OPEN and seat.player_id is None), None)
        if mine is None:
            raise NotYourChallenge(
                f"challenge {challenge.pk} is for the players it names, and you are not one of them"
            )
        mine.player = player
    mine.accepted_at = now
    mine.save(update_fields=["player", "accepted_at"])
    if all(seat.kind == SeatKind.BOT or seat.accepted_at is not None for seat in seats):
        _start(challenge, now)


def _decline(challenge: Challenge, player: Player) -> None:
    mine = challenge.seat_plan.filter(kind=SeatKind.INVITEE, player=player).first()
    if mine is None:
        raise NotYourChallenge("only a player the challenge names may decline it")
    if mine.accepted_at is not None:
        raise Conflict(f"you have accepted challenge {challenge.pk} already")
    challenge.state = ChallengeState.DECLINED
    challenge.save(update_fields=["state"])


def _cancel(challenge: Challenge, player: Player) -> None:
    if player.pk != challenge.challenger_id:
        raise NotYourChallenge("only the player who made a challenge may cancel it")
    challenge.state = ChallengeState.CANCELLED
    challenge.save(update_fields=["state"])


def _start(challenge: Challenge, now: datetime) -> None:
    """Create the game: every seat is the challenger, a bot, or a person who accepted it."""
    seats = list(
        challenge.seat_plan.select_related("bot__competitor", "player__competitor").order_by("index")
    )
    competitors: list[Competitor] = []
    for seat in seats:
        if seat.kind == SeatKind.BOT and seat.bot is not None:
            competitors.append(seat.bot.competitor)
        elif seat.player is not None and seat.accepted_at is not None:
            competitors.append(seat.player.competitor)
        else:  # a guard: a seat nobody accepted is never filled by someone else
            raise Conflict(f"seat {seat.index + 1} of challenge {challenge.pk} is not taken yet")
    game = game_create(
        game_id=challenge.game_id,
        competitors=competitors,
        config=challenge.config,
        seed=new_seed(),
        rated=challenge.rated,
        move_time_limit=challenge.move_time_limit,
    )
    challenge.state = ChallengeState.ACCEPTED
    challenge.started_game = game
    challenge.save(update_fields=["state", "started_game"])
