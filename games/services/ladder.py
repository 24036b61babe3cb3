"""The continuous ladder of a running league: matching idle bots, and people's challenges.

:func:`ladder_matchmake` runs from a periodic task (celery beat, ``LADDER_MATCH_INTERVAL``): the
league's active bots that are not already in one of its running games are handed, with their
league rating and the seconds since they became free (their last league game finished, or they
joined, or the league started), to the pure :func:`games.scheduling.ladder.match`, and the tables it
returns become games queued on the bot workers together (``games_enqueue_bots``).

A person challenges an entrant at most ``league.challenge_range`` places away on the ladder
(:func:`league_challenge`); a game with both is created at once. In a multi-seat league (3+ seats)
the other seats go to the active entrants ranked nearest to the challenged one (ties: the higher
placed first) who are not in a running game of the league, people or bots; if too few are free the
challenge is refused (409). Seats: two-seat tables put the challenger first; larger tables are
seated by :func:`games.scheduling.seating.assign_seats` against the entrants' seats in the league's
earlier games, so positions even out over the league.
"""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from games.models import (
    CompetitionState,
    Competitor,
    Game,
    GameStatus,
    League,
    LeagueEntry,
    LeagueGame,
    RatingSystem,
    Seat,
)
from games.scheduling.ladder import LadderRules, Waiting, match
from games.scheduling.seating import SeatTaken, assign_seats
from games.selectors.leagues import ladder_entries
from games.services.after_commit import games_enqueue_bots
from games.services.bot_eligibility import may_compete_q
from games.services.errors import Conflict, NotFound
from games.services.games import game_create
from games.services.league_tallies import tally_season_games
from games.services.leagues import current_season, locked_league
from games.services.lifecycle import in_state
from games.services.players import player_for_user
from games.services.seeds import new_seed


class ChallengeOutOfRange(Conflict):
    code = "challenge_out_of_range"


def ladder_rules(league: League) -> LadderRules:
    scale = settings.LADDER_OPENSKILL_SCALE if league.rating_system == RatingSystem.OPENSKILL else 1.0
    return LadderRules(
        base_gap=settings.LADDER_BASE_GAP * scale, gap_per_second=settings.LADDER_GAP_PER_SECOND * scale
    )


def _busy_competitors(league: League) -> set[int]:
    return set(
        Seat.objects.filter(game__league_game__league=league, game__status=GameStatus.RUNNING).values_list(
            "competitor_id", flat=True
        )
    )


def _last_tables(league: League, competitor_ids: list[int]) -> tuple[dict[int, int], dict[int, datetime]]:
    """Each competitor's last league game (id) and when it finished."""
    last_game = dict(
        Seat.objects.filter(game__league_game__league=league, competitor_id__in=competitor_ids)
        .values("competitor_id")
        .annotate(last=Max("game_id"))
        .values_list("competitor_id", "last")
    )
    finished = dict(Game.objects.filter(pk__in=set(last_game.values())).values_list("pk", "finished_at"))
    return last_game, {c: at for c, g in last_game.items() if (at := finished.get(g)) is not None}


@transaction.atomic
def ladder_matchmake(*, league_pk: int, now: datetime | None = None) -> list[int]:
    """Create and queue the games for a running league's idle bots; returns the new game ids.

    Idempotent enough to run from several schedulers: the league row is locked, and a bot already
    in a running league game is not idle.
    """
    league = locked_league(league_pk)
    if league.state != CompetitionState.RUNNING:
        return []
    now = now or timezone.now()
    busy = _busy_competitors(league)
    idle = [
        entry
        for entry in league.league_entries.filter(may_compete_q(), active=True, competitor__bot__isnull=False)
        .select_related("competitor")
        .order_by("id")
        if entry.competitor_id not in busy
    ]
    if len(idle) < league.seats_per_table:
        return []
    by_competitor = {entry.competitor_id: entry for entry in idle}
    last_game, last_finished = _last_tables(league, list(by_competitor))
    seats_of_last: dict[int, set[int]] = {}
    for game_pk, competitor_id in Seat.objects.filter(game_id__in=set(last_game.values())).values_list(
        "game_id", "competitor_id"
    ):
        seats_of_last.setdefault(game_pk, set()).add(competitor_id)
    seen: set[int] = set().union(*seats_of_last.values())
    entry_of = dict(
        LeagueEntry.objects.filter(league=league, competitor_id__in=seen).values_list("competitor_id", "pk")
    )
    previous = {
        entry.pk: frozenset(entry_of[c] for c in seats_of_last[last_game[cid]] if c in entry_of)
        for cid, entry in by_competitor.items()
        if cid in last_game
    }
    start = league.started_at or now
    waiting = [
        Waiting(
            entrant=entry.pk,
            rating=entry.rating,
            waited=(
                now - max(start, entry.joined_at, last_finished.get(entry.competitor_id, start))
            ).total_seconds(),
        )
        for entry in idle
    ]
    tables = match(waiting, league.seats_per_table, rules=ladder_rules(league), previous=previous)
    if not tables:
        return []
    season = current_season(league)
    entries = {entry.pk: entry for entry in idle}
    game_pks = []
    for table in tables:
        game = game_create(
            game_id=league.game_id,
            competitors=[entries[pk].competitor for pk in table],
            config=league.config,
            enqueue_bots=False,
        )
        LeagueGame.objects.create(league=league, season=season, game=game)
        game_pks.append(game.pk)
    tally_season_games(season.pk, len(game_pks))
    games_enqueue_bots(game_pks)
    return game_pks


def ladder_matchmake_all(*, now: datetime | None = None) -> int:
    """:func:`ladder_matchmake` for every running league (each in its own transaction); games created."""
    pks = League.objects.filter(state=CompetitionState.RUNNING).order_by("pk").values_list("pk", flat=True)
    return sum(len(ladder_matchmake(league_pk=pk, now=now)) for pk in pks)


@transaction.atomic
def league_challenge(*, league_pk: int, user: User, entry_pk: int) -> Game:
    """The user (an active entrant) challenges entry ``entry_pk``, ranked near them; a game with both."""
    league = locked_league(league_pk)
    if league.state != CompetitionState.RUNNING:
        raise Conflict(f"cannot challenge in a league that is {in_state(league)}")
    player = player_for_user(user)
    ladder = list(ladder_entries(league).select_related("competitor"))
    positions = {entry.pk: place for place, entry in enumerate(ladder, start=1)}
    mine = next((entry for entry in ladder if entry.competitor_id == player.competitor_id), None)
    if mine is None:
        raise Conflict(f"join {league.name} to challenge its entrants")
    target = next((entry for entry in ladder if entry.pk == entry_pk), None)
    if target is None:
        if LeagueEntry.objects.filter(league=league, pk=entry_pk).exists():
            raise Conflict(f"entry {entry_pk} has left {league.name}")
        raise NotFound(f"{league.name} has no entry {entry_pk}")
    if target.pk == mine.pk:
        # A well-formed request that the ladder's state refuses, like an entry out of range: 409.
        raise Conflict("you cannot challenge yourself", field="entry")
    distance = abs(positions[target.pk] - positions[mine.pk])
    if distance > league.challenge_range:
        limit = league.challenge_range
        raise ChallengeOutOfRange(
            f"{target.competitor.name} is {distance} places from you (#{positions[target.pk]} against your "
            f"#{positions[mine.pk]}); you may challenge entrants at most {limit} place{'s' * (limit != 1)} away"
        )
    pair = {mine.competitor_id, target.competitor_id}
    running = LeagueGame.objects.filter(league=league, game__status=GameStatus.RUNNING)
    for game_pk in running.values_list("game_id", flat=True):
        if pair <= set(Seat.objects.filter(game_id=game_pk).values_list("competitor_id", flat=True)):
            raise Conflict(
                f"you already have a game running against {target.competitor.name} (game {game_pk})"
            )
    table = [mine, target]
    if league.seats_per_table > 2:
        table += _fill_table(league, ladder, positions, mine, target)
        competitors = _seat_order(league, [entry.competitor for entry in table])
    else:
        competitors = [mine.competitor, target.competitor]
    game = game_create(game_id=league.game_id, competitors=competitors, config=league.config)
    season = current_season(league)
    LeagueGame.objects.create(league=league, season=season, game=game, challenge=True)
    tally_season_games(season.pk, 1)
    return game


def _fill_table(
    league: League,
    ladder: list[LeagueEntry],
    positions: dict[int, int],
    mine: LeagueEntry,
    target: LeagueEntry,
) -> list[LeagueEntry]:
    """The other seats of a multi-seat challenge: free active entrants nearest the challenged one."""
    busy = _busy_competitors(league)
    free = [
        entry for entry in ladder if entry.pk not in (mine.pk, target.pk) and entry.competitor_id not in busy
    ]
    needed = league.seats_per_table - 2
    if len(free) < needed:
        raise Conflict(
            f"a table of {league.name} has {league.seats_per_table} seats: besides you and "
            f"{target.competitor.name} it needs {needed} more entrant{'s' * (needed != 1)} not already in a "
            f"running game of the league, and {len(free)} {'is' if len(free) == 1 else 'are'} free"
        )
    free.sort(key=lambda entry: (abs(positions[entry.pk] - positions[target.pk]), positions[entry.pk]))
    return free[:needed]


def _seat_order(league: League, competitors: list[Competitor]) -> list[Competitor]:
    """Seat order balanced against these competitors' seats in the league's earlier games."""
    by_id = {c.pk: c for c in competitors}
    history: dict[int, list[SeatTaken]] = {}
    for competitor_id, index in (
        Seat.objects.filter(game__league_game__league=league, competitor_id__in=by_id)
        .order_by("game_id")
        .values_list("competitor_id", "index")
    ):
        history.setdefault(competitor_id, []).append(SeatTaken(index, league.seats_per_table))
    (seated,) = assign_seats([list(by_id)], history, seed=new_seed())
    return [by_id[pk] for pk in seated]
