"""Applying Elo after a game, and rebuilding every rating from the stored results."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import groupby
from operator import itemgetter

from django.conf import settings
from django.db import connection, transaction
from django.db.models import Q
from django.utils import timezone

from games.models import Game, Rating, RatingChange, Seat
from games.ratings.elo import EloConfig, multi_seat_update
from games.ratings.replay import EloReplay
from games.services.bulk import PkUpdates, insert_rows, update_by_pk, update_rows


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


# Rows fetched per round trip from the server-side cursor, and stale rows written per statement:
# a few megabytes of Python objects at a time, whatever the number of games.
RECOMPUTE_CHUNK = 20_000
PROGRESS_EVERY = 10_000


@transaction.atomic
def ratings_recompute(
    *,
    on_progress: Callable[[int], None] | None = None,
    repair: bool = True,
    on_difference: Callable[[str], None] | None = None,
) -> RecomputeReport:
    """Rebuild every rating and rating change from the stored ranks, in the order they were applied.

    The ratings are locked first, so no game finishes meanwhile (its ratings would be applied on
    top of numbers the recompute then overwrites); the ladders stay readable. The changes stream
    in that order (a server-side cursor on PostgreSQL), game after game, through an
    :class:`EloReplay` per game id that holds only the current rating of each competitor; the
    changes whose stored numbers differ are staged a chunk at a time and written with one
    statement at the end, then the ratings that differ. Memory stays flat however many games
    there are, and a recompute that finds nothing to repair writes nothing. ``on_progress`` is
    told the number of games replayed since its last call, every few thousand games.

    ``repair=False`` only compares (``manage.py verify``): nothing is locked or written, and each
    stored number that differs from the recomputed one is told to ``on_difference`` in words.
    """
    if repair:
        _lock_ratings()
    _settings_for_bulk(repair)
    # One replay per game id, keyed by competitor id: an int hashes faster than a (competitor, game) pair.
    replays: dict[str, EloReplay[int]] = {}
    games = _replay_changes(replays, on_progress, repair, on_difference)
    changed, largest = _write_back_ratings(replays, repair, on_difference)
    ratings = sum(len(replay) for replay in replays.values())
    return RecomputeReport(games=games, ratings=ratings, changed_ratings=changed, largest_difference=largest)


def _lock_ratings() -> None:
    """Hold off every rating update until the recompute commits, reads still going on.

    A finishing game locks its rating rows (``SELECT ... FOR UPDATE``) before it inserts its
    changes, so holding the Rating table against row locks and writes is enough: such a game
    waits, then applies its ratings on top of the recomputed ones. On PostgreSQL that is the
    table's ``EXCLUSIVE`` lock (which plain reads pass); SQLite lets one writer in at a time
    anyway, and elsewhere every rating row is locked.
    """
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            table = connection.ops.quote_name(Rating._meta.db_table)
            cursor.execute(f"LOCK TABLE {table} IN EXCLUSIVE MODE")
        elif connection.features.has_select_for_update:
            list(Rating.objects.select_for_update().values_list("pk"))


def _settings_for_bulk(writes: bool = True) -> None:
    """This transaction's settings on PostgreSQL. Its commit need not wait for the flush to disk:
    a recompute lost to a crash is run again from the same data. (A larger ``work_mem`` for the
    sort was slower: an in-memory sort of millions of rows lost to the merge of sorted runs.)"""
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        # The changes are read to the last row: plan for all of them, not for the first tenth.
        cursor.execute("SET LOCAL cursor_tuple_fraction = 1.0")
        if writes:
            cursor.execute("SET LOCAL synchronous_commit = off")


def _changes_in_order() -> Iterator[tuple[int, int, str, int, int | None, float, float, float]]:
    """(change id, game pk, game id, competitor id, rank, before, after, K) per rated seat: games by
    their first change id, which is the order their ratings were applied in, seats by index.

    Each game's first change id comes from one grouped pass joined back in, so the server sorts
    the changes once (a window over the games sorted them twice: ~5 s instead of ~7 s for a
    million games on PostgreSQL). The order is the same: one first id per game, one seat per index.
    """
    quote = connection.ops.quote_name
    change, game, seat = (quote(model._meta.db_table) for model in (RatingChange, Game, Seat))
    sql = (
        f"SELECT c.id, c.game_id, g.game_id, s.competitor_id, s.{quote('rank')}, "
        "c.rating_before, c.rating_after, c.k_factor "
        f"FROM {change} AS c "
        f"JOIN (SELECT game_id, MIN(id) AS first_change FROM {change} GROUP BY game_id) AS f "
        "ON f.game_id = c.game_id "
        f"JOIN {game} AS g ON g.id = c.game_id "
        f"JOIN {seat} AS s ON s.id = c.seat_id "
        f"ORDER BY f.first_change, s.{quote('index')}"
    )
    # A server-side cursor on PostgreSQL: a chunk of rows in memory at a time.
    with connection.chunked_cursor() as cursor:
        cursor.execute(sql)
        while rows := cursor.fetchmany(RECOMPUTE_CHUNK):
            yield from rows


def _replay_changes(
    replays: dict[str, EloReplay[int]],
    on_progress: Callable[[int], None] | None,
    repair: bool = True,
    on_difference: Callable[[str], None] | None = None,
) -> int:
    """Replay every rated game in order; rewrite the changes stored with other numbers (or tell
    them, without ``repair``). The games."""
    games = reported = 0
    stale: list[tuple[int, float, float, float]] = []
    rewrites = PkUpdates(RatingChange, ["rating_before", "rating_after", "k_factor"])
    config = elo_config()
    for _, game_rows in groupby(_changes_in_order(), key=itemgetter(1)):
        seats = list(game_rows)
        games += 1
        replay = replays.get(seats[0][2])
        if replay is None:
            replay = replays[seats[0][2]] = EloReplay(config)
        before, after, k_factors = replay.play([row[3] for row in seats], [row[4] or 0 for row in seats])
        for row, old, new, k in zip(seats, before, after, k_factors, strict=True):
            if row[5] != old or row[6] != new or row[7] != k:
                stale.append((row[0], old, new, k))
                if on_difference is not None:
                    on_difference(
                        f"game {row[1]}: the rating change of competitor {row[3]} ({row[2]}) is stored as "
                        f"{row[5]!r} -> {row[6]!r} (K {row[7]!r}), recomputed {old!r} -> {new!r} (K {k!r})"
                    )
        if not repair:
            stale.clear()
        elif len(stale) >= RECOMPUTE_CHUNK:
            rewrites.add(stale)
            stale.clear()
        if on_progress is not None and games - reported >= PROGRESS_EVERY:
            on_progress(games - reported)
            reported = games
    rewrites.add(stale)
    rewrites.apply()
    if on_progress is not None and games > reported:
        on_progress(games - reported)
    return games


def _write_back_ratings(
    replays: dict[str, EloReplay[int]],
    repair: bool = True,
    on_difference: Callable[[str], None] | None = None,
) -> tuple[int, float]:
    """Make the Rating rows say what the replay says (a competitor who lost every game to the
    recompute goes back to the initial rating); the ratings changed and the largest difference.
    Without ``repair`` only tell them."""
    changed: list[tuple[int, float, int]] = []
    largest = 0.0
    seen: set[tuple[int, str]] = set()
    # Locked since the start (:func:`_lock_ratings`).
    stored_ratings = (
        Rating.objects.order_by("competitor_id", "game_id")
        .values_list("pk", "competitor_id", "game_id", "rating", "games_played")
        .iterator(chunk_size=RECOMPUTE_CHUNK)
    )
    for pk, competitor_id, game_id, stored, stored_played in stored_ratings:
        key = (competitor_id, game_id)
        seen.add(key)
        replay = replays.get(game_id)
        value, played = replay.get(competitor_id) if replay is not None else (elo_config().initial, 0)
        difference = abs(stored - value)
        if difference or stored_played != played:
            largest = max(largest, difference)
            changed.append((pk, value, played))
            if on_difference is not None:
                on_difference(
                    f"rating of competitor {competitor_id} in {game_id}: stored {stored!r} after "
                    f"{stored_played} games, recomputed {value!r} after {played}"
                )
    missing = [
        (competitor_id, game_id, value, played)
        for game_id, replay in replays.items()
        for competitor_id, (value, played) in replay.items()
        if (competitor_id, game_id) not in seen
    ]
    if on_difference is not None:
        for competitor_id, game_id, value, played in missing:
            on_difference(
                f"rating of competitor {competitor_id} in {game_id}: missing, recomputed {value!r} after {played} games"
            )
    if not repair:
        return len(changed) + len(missing), largest
    update_by_pk(Rating, ["rating", "games_played"], changed)
    insert_rows(
        Rating,
        ["competitor_id", "game_id", "rating", "games_played"],
        missing,
        {"updated_at": timezone.now()},
    )
    return len(changed) + len(missing), largest
