"""League ratings: each league's own ratings on its entries, applied after every rated game of the
league in the transaction that ends it (:func:`league_ratings_apply_for_games`, called by
:mod:`games.services.game_flow`). The arithmetic is shared with the recompute
(:func:`games.services.leagues.league_ratings_recompute`) and a bot's new version's reset
(``bot_activation``), so all three agree exactly. See :mod:`games.services.leagues` for the rules.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db.models import Q
from django.utils import timezone

from games.models import Game, League, LeagueEntry, LeagueGame, LeagueRatingChange, RatingSystem, Seat
from games.ratings.elo import multi_seat_update
from games.ratings.openskill import SkillRating, openskill_initial, openskill_update
from games.services.bulk import insert_rows
from games.services.ratings import elo_config


def initial_rating_values(league: League) -> dict[str, Any]:
    """A new entry's rating fields (and everyone's after a reset)."""
    if league.rating_system == RatingSystem.OPENSKILL:
        start = openskill_initial()
        return {"rating": start.ordinal, "mu": start.mu, "sigma": start.sigma}
    return {"rating": elo_config().initial, "mu": None, "sigma": None}


def is_provisional(league: League, games_played: int, sigma: float | None) -> bool:
    if league.rating_system == RatingSystem.OPENSKILL:
        return (
            games_played < settings.LEAGUE_OPENSKILL_PROVISIONAL_GAMES
            or (sigma or 0.0) > settings.LEAGUE_OPENSKILL_PROVISIONAL_SIGMA
        )
    return games_played < settings.ELO_PROVISIONAL_GAMES


def openskill_uncertainty_reset(mu: float | None) -> SkillRating:
    """An entry's OpenSkill rating once its bot has a new active version: for all we know a new
    player, so sigma goes back to the initial sigma; mu (the initial mu if none yet) is kept as the prior.

    The one place of this arithmetic: the live reset and the recompute both use it, so they agree exactly.
    """
    start = openskill_initial()
    return SkillRating(mu=start.mu if mu is None else mu, sigma=start.sigma)


@dataclass
class RatingValue:
    """An entry's league rating while games are applied in memory."""

    rating: float
    mu: float | None
    sigma: float | None
    games_played: int


def rating_step(
    league: League, values: Sequence[RatingValue], ranks: Sequence[int]
) -> list[tuple[RatingValue, float | None]]:
    """The new values of the seats of one game (seat order), with the K used (Elo)."""
    if league.rating_system == RatingSystem.OPENSKILL:
        after = openskill_update(
            [SkillRating(mu=v.mu or 0.0, sigma=v.sigma or 0.0) for v in values], list(ranks)
        )
        return [
            (RatingValue(new.ordinal, new.mu, new.sigma, v.games_played + 1), None)
            for v, new in zip(values, after, strict=True)
        ]
    config = elo_config()
    k_factors = [config.k_for(v.games_played) for v in values]
    ratings = multi_seat_update([v.rating for v in values], list(ranks), k_factors)
    return [
        (RatingValue(new, None, None, v.games_played + 1), k)
        for v, new, k in zip(values, ratings, k_factors, strict=True)
    ]


def leagues_of_games(pks: Collection[int]) -> dict[int, int]:
    """The league of each of these games that is a league game, by game id (one query, none for no
    games)."""
    if not pks:
        return {}
    return dict(LeagueGame.objects.filter(game_id__in=pks).values_list("game_id", "league_id"))


def league_ratings_apply_for_games(
    *, finished: Sequence[tuple[Game, Sequence[Seat]]], leagues_of: Mapping[int, int]
) -> None:
    """League ratings for finished games, in the order given; inside the transaction that finishes them.

    ``leagues_of`` holds the league of each league game among them (:func:`leagues_of_games`); the
    others are ignored. The entries involved are locked once, in id order (after the global Rating
    rows, which the caller locks first, always in that order).
    """
    rated = [(game, seats) for game, seats in finished if game.rated and game.pk in leagues_of]
    if not rated:
        return
    leagues = League.objects.in_bulk(set(leagues_of.values()))
    wanted = Q()
    for game, seats in rated:
        wanted |= Q(league_id=leagues_of[game.pk], competitor_id__in=[s.competitor_id for s in seats])
    entries = {
        (e.league_id, e.competitor_id): e
        for e in LeagueEntry.objects.select_for_update().filter(wanted).order_by("id")
    }
    rows: list[tuple[Any, ...]] = []
    for game, seats in rated:
        league = leagues[leagues_of[game.pk]]
        ordered = sorted(seats, key=lambda seat: seat.index)
        seated = [entries.get((league.pk, seat.competitor_id)) for seat in ordered]
        if any(entry is None for seat, entry in zip(ordered, seated, strict=True)):
            continue  # a seat of someone not in the league (not made by this service): not league-rated
        league_entries = [entry for entry in seated if entry is not None]
        values = [RatingValue(e.rating, e.mu, e.sigma, e.games_played) for e in league_entries]
        after = rating_step(league, values, [seat.rank or 0 for seat in ordered])
        for seat, entry, old, (new, k) in zip(ordered, league_entries, values, after, strict=True):
            entry.rating, entry.mu, entry.sigma, entry.games_played = (
                new.rating,
                new.mu,
                new.sigma,
                new.games_played,
            )
            entry.provisional = is_provisional(league, new.games_played, new.sigma)
            rows.append(
                (league.pk, entry.pk, game.pk, seat.pk, old.rating, new.rating, k)
                + (old.mu, new.mu, old.sigma, new.sigma)
            )
    LeagueEntry.objects.bulk_update(
        list(entries.values()), ["rating", "mu", "sigma", "games_played", "provisional"]
    )
    fields = ["league_id", "entry_id", "game_id", "seat_id", "rating_before", "rating_after", "k_factor"]
    fields += ["mu_before", "mu_after", "sigma_before", "sigma_after"]
    insert_rows(LeagueRatingChange, fields, rows, {"created_at": timezone.now()})
