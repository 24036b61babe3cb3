"""Applying Elo after a game, and rebuilding every rating from the stored results."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django.db.models import Min

from games.models import Game, Rating, RatingChange, Seat
from games.ratings.elo import EloConfig, multi_seat_update


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
    config = elo_config()
    competitor_ids = sorted({seat.competitor_id for seat in seats})
    Rating.objects.bulk_create(
        [Rating(competitor_id=cid, game_id=game.game_id, rating=config.initial) for cid in competitor_ids],
        ignore_conflicts=True,
    )
    locked = {
        rating.competitor_id: rating
        for rating in Rating.objects.select_for_update()
        .filter(game_id=game.game_id, competitor_id__in=competitor_ids)
        .order_by("competitor_id")
    }
    ordered = sorted(seats, key=lambda seat: seat.index)
    before = [locked[seat.competitor_id].rating for seat in ordered]
    k_factors = [config.k_for(locked[seat.competitor_id].games_played) for seat in ordered]
    ranks = [seat.rank or 0 for seat in ordered]
    after = multi_seat_update(before, ranks, k_factors)
    changes = []
    for seat, old, new, k in zip(ordered, before, after, k_factors, strict=True):
        rating = locked[seat.competitor_id]
        # A competitor holding two seats (only in tests and demos) gets both changes in turn.
        rating.rating += new - old
        rating.games_played += 1
        changes.append(
            RatingChange(
                game=game,
                seat=seat,
                competitor_id=seat.competitor_id,
                rating_before=old,
                rating_after=new,
                k_factor=k,
            )
        )
    Rating.objects.bulk_update(list(locked.values()), ["rating", "games_played"])
    return RatingChange.objects.bulk_create(changes)


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
    for rating in Rating.objects.select_for_update().order_by("competitor_id", "game_id"):
        key = (rating.competitor_id, rating.game_id)
        seen.add(key)
        value, played = current.get(key, (config.initial, 0))
        difference = abs(rating.rating - value)
        if difference or rating.games_played != played:
            changed += 1
            largest = max(largest, difference)
            rating.rating, rating.games_played = value, played
            rating.save(update_fields=["rating", "games_played"])
    missing = [
        Rating(competitor_id=c, game_id=g, rating=v, games_played=p)
        for (c, g), (v, p) in current.items()
        if (c, g) not in seen
    ]
    Rating.objects.bulk_create(missing)
    return RecomputeReport(
        games=count, ratings=len(current), changed_ratings=changed + len(missing), largest_difference=largest
    )
