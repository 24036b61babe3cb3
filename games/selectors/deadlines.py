"""Reads of move deadlines: each game's rules (its competition's, or the defaults), and when each
person who must act has to have moved (vacations included). The writes are in
:mod:`games.services.game_flow` (a turn begins) and :mod:`games.services.deadlines` (the sweep).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings

from games.models import Bot, Game, LeagueGame, MatchGame, Move, Player, Seat, TimeoutPolicy, Vacation


@dataclass(frozen=True)
class DeadlineRules:
    move_time_limit: timedelta
    timeout_policy: str
    allow_vacations: bool


def default_rules() -> DeadlineRules:
    return DeadlineRules(settings.DEFAULT_MOVE_TIME_LIMIT, TimeoutPolicy.FORFEIT, True)


def deadline_rules_for(game_pks: Sequence[int]) -> dict[int, DeadlineRules]:
    """The deadline rules of each game, from its tournament, its league, its own move time limit (a
    challenge's time per move), or the defaults."""
    rules = dict.fromkeys(game_pks, default_rules())
    defaults = default_rules()
    for pk, limit in Game.objects.filter(pk__in=game_pks, move_time_limit__isnull=False).values_list(
        "pk", "move_time_limit"
    ):
        if limit is not None:
            rules[pk] = DeadlineRules(limit, defaults.timeout_policy, defaults.allow_vacations)
    for pk, limit, policy, vacations in MatchGame.objects.filter(game_id__in=game_pks).values_list(
        "game_id",
        "match__round__tournament__move_time_limit",
        "match__round__tournament__timeout_policy",
        "match__round__tournament__allow_vacations",
    ):
        rules[pk] = DeadlineRules(limit, policy, vacations)
    for pk, limit, policy, vacations in LeagueGame.objects.filter(game_id__in=game_pks).values_list(
        "game_id", "league__move_time_limit", "league__timeout_policy", "league__allow_vacations"
    ):
        rules[pk] = DeadlineRules(limit, policy, vacations)
    return rules


def extended_deadline(turn_started: datetime, limit: timedelta, vacations: Sequence[Vacation]) -> datetime:
    """``turn_started + limit``, pushed back by every vacation time after the turn began and before
    the (extended) deadline."""
    deadline = turn_started + limit
    for vacation in sorted(vacations, key=lambda v: v.starts_at):
        if vacation.starts_at < deadline and vacation.ends_at > turn_started:
            deadline += vacation.ends_at - max(vacation.starts_at, turn_started)
    return deadline


def seat_deadlines(
    seats: Sequence[Seat], turn_started: datetime, rules: DeadlineRules
) -> dict[int, datetime]:
    """Each of these (people's) seats' deadline, by seat index."""
    vacations: dict[int, list[Vacation]] = {}
    if rules.allow_vacations and seats:
        player_of = dict(
            Player.objects.filter(competitor_id__in={s.competitor_id for s in seats}).values_list(
                "competitor_id", "pk"
            )
        )
        for vacation in Vacation.objects.filter(player_id__in=player_of.values(), ends_at__gt=turn_started):
            for competitor_id, player_pk in player_of.items():
                if player_pk == vacation.player_id:
                    vacations.setdefault(competitor_id, []).append(vacation)
    return {
        seat.index: extended_deadline(
            turn_started, rules.move_time_limit, vacations.get(seat.competitor_id, [])
        )
        for seat in seats
    }


def people_to_act(seats: Sequence[Seat], to_act: Sequence[int], bot_competitors: set[int]) -> list[Seat]:
    acting = set(to_act)
    return [seat for seat in seats if seat.index in acting and seat.competitor_id not in bot_competitors]


def bot_competitors(seats: Sequence[Seat]) -> set[int]:
    """The competitors of these seats that are bots (their seats never get a deadline)."""
    return set(
        Bot.objects.filter(competitor_id__in={s.competitor_id for s in seats}).values_list(
            "competitor_id", flat=True
        )
    )


def turn_started(game: Game) -> datetime:
    """When the current turn began: the last stored move, or the game's creation."""
    if not game.version:
        return game.created_at
    last = Move.objects.filter(game=game, number=game.version).values_list("created_at", flat=True).first()
    return last or game.created_at
