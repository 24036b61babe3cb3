"""Reads of move deadlines: each game's rules (its competition's, or the defaults), and when each
person who must act has to have moved (vacations included). The writes are in
:mod:`games.services.game_flow` (a turn begins) and :mod:`games.services.deadlines` (the sweep).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings

from games.models import Bot, Game, Move, Seat, TimeoutPolicy, Vacation


@dataclass(frozen=True)
class DeadlineRules:
    move_time_limit: timedelta
    timeout_policy: str
    allow_vacations: bool


def default_rules() -> DeadlineRules:
    return DeadlineRules(settings.DEFAULT_MOVE_TIME_LIMIT, TimeoutPolicy.FORFEIT, True)


# A game's competition is a few primary-key joins away from its row: one query reads the rules of
# any number of games.
_RULE_COLUMNS = {
    "tournament_limit": "match_game__match__round__tournament__move_time_limit",
    "tournament_policy": "match_game__match__round__tournament__timeout_policy",
    "tournament_vacations": "match_game__match__round__tournament__allow_vacations",
    "league_limit": "league_game__league__move_time_limit",
    "league_policy": "league_game__league__timeout_policy",
    "league_vacations": "league_game__league__allow_vacations",
}


def rules_of(
    own_limit: timedelta | None,
    tournament_limit: timedelta | None,
    tournament_policy: str | None,
    tournament_vacations: bool | None,
    league_limit: timedelta | None,
    league_policy: str | None,
    league_vacations: bool | None,
) -> DeadlineRules:
    """A game's rules from its own move time limit and its tournament's and league's columns (None
    where it is in neither): the league's, the tournament's, its own limit, or the defaults."""
    if league_limit is not None and league_policy is not None and league_vacations is not None:
        return DeadlineRules(league_limit, league_policy, league_vacations)
    if tournament_limit is not None and tournament_policy is not None and tournament_vacations is not None:
        return DeadlineRules(tournament_limit, tournament_policy, tournament_vacations)
    defaults = default_rules()
    if own_limit is not None:
        return DeadlineRules(own_limit, defaults.timeout_policy, defaults.allow_vacations)
    return defaults


def deadline_rules_for(game_pks: Sequence[int]) -> dict[int, DeadlineRules]:
    """The deadline rules of each game, in one query: its league's, its tournament's, its own move
    time limit (a challenge's time per move), or the defaults, in that order; a game that does not
    exist gets the defaults."""
    rules = dict.fromkeys(game_pks, default_rules())
    for pk, own, *competition in (
        Game.objects.filter(pk__in=game_pks)
        .order_by()
        .values_list("pk", "move_time_limit", *_RULE_COLUMNS.values())
    ):
        rules[pk] = rules_of(own, *competition)
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
    seats: Sequence[Seat],
    turn_started: datetime,
    rules: DeadlineRules,
    away: Collection[int] | None = None,
) -> dict[int, datetime]:
    """Each of these (people's) seats' deadline, by seat index (one query for their vacations).

    ``away``: the competitors known to have a vacation ending after ``turn_started`` (the others
    have none), when the caller read that already; only theirs are then asked for, and nobody's
    when none of them must act."""
    vacations: dict[int, list[Vacation]] = {}
    competitors = {s.competitor_id for s in seats}
    if away is not None:
        competitors &= set(away)
    if rules.allow_vacations and competitors:
        for competitor_id, starts_at, ends_at in (
            Vacation.objects.filter(player__competitor_id__in=competitors, ends_at__gt=turn_started)
            .order_by()
            .values_list("player__competitor_id", "starts_at", "ends_at")
        ):
            vacations.setdefault(competitor_id, []).append(Vacation(starts_at=starts_at, ends_at=ends_at))
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
