"""Applying Elo after a game, and rebuilding every rating from the stored results."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django.db.models import Min, Q
from django.utils import timezone

from games.models import Game, Rating, RatingChange, Seat
from games.ratings.elo import EloConfig, multi_seat_update
from games.services.bulk import insert_rows, update_rows


def elo_config() -> EloConfig:
    return EloConfig(
        initial=settings.ELO_INITIAL,
        k=settings.ELO_K,
        k_provisional=settings.ELO_K_PROVISIONAL,
        provisional_games=settings.ELO_PROVISIONAL_GAMES,
    )


def rating_apply_for_game(*, game: Game, seats: Sequence[Seat]) -> list[RatingChange]:
    """Update the seats' ratings for a finished game; call inside the transaction that finishes it.

    Rating rows are locked in competitor order (every caller takes them in the same order, so two
    games finishing at once cannot deadlock); the RatingChange ids then record the order in which
    ratings were applied, which :func:`ratings_recompute` follows.
    """
    rating_apply_for_games(finished=[(game, seats)])
    return list(RatingChange.objects.filter(game=game).order_by("id"))


def rating_apply_for_games(*, finished: Sequence[tuple[Game, Sequence[Seat]]]) -> None:
    """Ratings for several finished games, applied one game after another in the order given.

    Call inside the transaction that finishes them. The result is the one :func:`rating_apply_for_game`
    would give game by game in that order (the same arithmetic, in memory), but every rating row
    involved is locked once for all of them, up front and in (competitor, game id) order, as
    :func:`ratings_recompute` takes them too: a batch of bot games between the same few bots then
    costs one round of locks instead of one per game, which is what capped finishing games at a
    few hundred a second. The RatingChange rows are inserted in the order given, so their ids keep
    recording the order of application. Unrated games are left out.
    """
    # A seat alone against the house (a one-seat Three Card Mulligan table) has no one to be rated against.
    rated = [(game, seats) for game, seats in finished if game.rated and len(seats) >= 2]
    if not rated:
        return
    # Bot play's bulk writers (one statement per table on PostgreSQL, the ORM elsewhere); imported
    # here because games.services.games imports this module.

    config = elo_config()
    locked = _ratings_locked(
        sorted({(seat.competitor_id, game.game_id) for game, seats in rated for seat in seats}), config
    )
    changes: list[tuple[int, int, int, float, float, float]] = []
    for game, seats in rated:
        ordered = sorted(seats, key=lambda seat: seat.index)
        ratings = [locked[seat.competitor_id, game.game_id] for seat in ordered]
        before = [rating.rating for rating in ratings]
        k_factors = [config.k_for(rating.games_played) for rating in ratings]
        ranks = [seat.rank or 0 for seat in ordered]
        after = multi_seat_update(before, ranks, k_factors)
        for seat, rating, old, new, k in zip(ordered, ratings, before, after, k_factors, strict=True):
            # A competitor holding two seats (only in tests and demos) gets both changes in turn.
            rating.rating += new - old
            rating.games_played += 1
            changes.append((game.pk, seat.pk, seat.competitor_id, old, new, k))
    update_rows(Rating, list(locked.values()), ["rating", "games_played"])
    fields = ["game_id", "seat_id", "competitor_id", "rating_before", "rating_after", "k_factor"]
    insert_rows(RatingChange, fields, changes, {"created_at": timezone.now()})


def _ratings_locked(keys: Sequence[tuple[int, str]], config: EloConfig) -> dict[tuple[int, str], Rating]:
    """The rating rows of these (competitor id, game id) pairs, created when missing, locked in key order.

    The missing ones are inserted first (in key order; a concurrent insert of the same row waits,
    and the loser's is ignored), then all are locked with one ``SELECT ... FOR UPDATE`` sorted the
    same way: whatever set of rows two transactions need, they take the ones they share in the same
    order, so they cannot deadlock.
    """
    Rating.objects.bulk_create(
        [Rating(competitor_id=cid, game_id=game_id, rating=config.initial) for cid, game_id in keys],
        ignore_conflicts=True,
    )
    by_game: dict[str, list[int]] = {}
    for cid, game_id in keys:
        by_game.setdefault(game_id, []).append(cid)
    wanted = Q()
    for game_id, cids in by_game.items():
        wanted |= Q(game_id=game_id, competitor_id__in=cids)
    return {
        (rating.competitor_id, rating.game_id): rating
        for rating in Rating.objects.select_for_update().filter(wanted).order_by("competitor_id", "game_id")
    }


@dataclass(frozen=True)
class RecomputeReport:
    games: int
    ratings: int
    changed_ratings: int
    largest_difference: float


@transaction.atomic
def ratings_recompute() -> RecomputeReport:
    """Rebuild every rating and rating change from the stored ranks, in the order they were applied."""
    config = elo_config()
    current: dict[tuple[int, str], tuple[float, int]] = {}
    games = (
        Game.objects.filter(rating_changes__isnull=False)
        .annotate(first_change=Min("rating_changes__id"))
        .order_by("first_change")
        .prefetch_related("seats", "rating_changes")
    )
    count = 0
    updated_changes: list[RatingChange] = []
    for game in games:
        count += 1
        seats = sorted(game.seats.all(), key=lambda seat: seat.index)
        changes = {change.seat_id: change for change in game.rating_changes.all()}
        keys = [(seat.competitor_id, game.game_id) for seat in seats]
        before = [current.get(key, (config.initial, 0))[0] for key in keys]
        k_factors = [config.k_for(current.get(key, (config.initial, 0))[1]) for key in keys]
        after = multi_seat_update(before, [seat.rank or 0 for seat in seats], k_factors)
        for seat, key, old, new, k in zip(seats, keys, before, after, k_factors, strict=True):
            rating, played = current.get(key, (config.initial, 0))
            current[key] = (rating + (new - old), played + 1)
            change = changes[seat.pk]
            change.rating_before, change.rating_after, change.k_factor = old, new, k
            updated_changes.append(change)
    RatingChange.objects.bulk_update(
        updated_changes, ["rating_before", "rating_after", "k_factor"], batch_size=500
    )
    changed, largest = 0, 0.0
    seen = set()
    for stored in Rating.objects.select_for_update().order_by("competitor_id", "game_id"):
        key = (stored.competitor_id, stored.game_id)
        seen.add(key)
        value, played = current.get(key, (config.initial, 0))
        difference = abs(stored.rating - value)
        if difference or stored.games_played != played:
            changed += 1
            largest = max(largest, difference)
            stored.rating, stored.games_played = value, played
            stored.save(update_fields=["rating", "games_played"])
    missing = [
        Rating(competitor_id=c, game_id=g, rating=v, games_played=p)
        for (c, g), (v, p) in current.items()
        if (c, g) not in seen
    ]
    Rating.objects.bulk_create(missing)
    return RecomputeReport(
        games=count, ratings=len(current), changed_ratings=changed + len(missing), largest_difference=largest
    )
