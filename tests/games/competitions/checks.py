"""Checks every finished tournament must pass (not a test module)."""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations
from typing import Any

from games.models import CompetitionState, Entry, Match, Seat, Tournament
from games.selectors.tournaments import standings_rebuilt_from_games


def seat_counts(tournament: Tournament) -> dict[int, Counter[int]]:
    """How often each entry held each seat position, over all its games in the tournament."""
    entry_of = dict(Entry.objects.filter(tournament=tournament).values_list("competitor_id", "id"))
    counts: dict[int, Counter[int]] = {entry: Counter() for entry in entry_of.values()}
    for competitor_id, index in Seat.objects.filter(
        game__match_game__match__round__tournament=tournament
    ).values_list("competitor_id", "index"):
        counts[entry_of[competitor_id]][index] += 1
    return counts


def worst_seat_imbalance(tournament: Tournament) -> int:
    """The largest difference between an entry's most and least held positions."""
    size = tournament.seats_per_table
    return max(
        (
            max(c[p] for p in range(size)) - min(c[p] for p in range(size))
            for c in seat_counts(tournament).values()
        ),
        default=0,
    )


def meetings(tournament: Tournament) -> Counter[frozenset[int]]:
    """How often each pair of entries shared a table (byes and walkovers are no meeting)."""
    met: Counter[frozenset[int]] = Counter()
    for entries in Match.objects.filter(round__tournament=tournament, bye=False).values_list(
        "entries", flat=True
    ):
        met.update(frozenset(pair) for pair in combinations(entries, 2))
    return met


def plain(data: Any) -> Any:
    return json.loads(json.dumps(data))


def assert_finished_and_reproducible(tournament: Tournament) -> None:
    tournament.refresh_from_db()
    assert tournament.state == CompetitionState.FINISHED
    rounds = list(tournament.round_set.order_by("number"))
    assert rounds and all(r.finished and r.standings for r in rounds)
    assert [r.number for r in rounds] == list(range(1, tournament.current_round + 1))
    assert tournament.standings == rounds[-1].standings
    assert not Match.objects.filter(round__tournament=tournament, finished=False).exists()
    # Rebuilt from the stored games alone, every round's standings equal the snapshot taken then.
    for rnd in rounds:
        assert plain(standings_rebuilt_from_games(tournament, rnd.number)) == rnd.standings, rnd.number
