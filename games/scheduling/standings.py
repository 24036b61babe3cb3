"""Standings of a tournament from its match results: pure functions over plain data.

Two-seat tournaments rank by match points and the MTR tiebreaks, multi-seat tables by points per
finishing place, elimination by the stage each entrant went out in.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from games.scheduling.elimination import Bracket, double_elimination, single_elimination
from games.scheduling.elimination import standings as bracket_standings
from games.scheduling.swiss_tables import TableResult, table_points
from games.scheduling.tiebreaks import MatchResult, PlayerId, compute_standings

DOUBLE_ELIMINATION = "double_elimination"  # games.models.TournamentFormat's value


class TournamentFormatLike(Protocol):
    """What standings need of a tournament: its format and table size (a model row fits)."""

    format: str
    seats_per_table: int

    @property
    def is_elimination(self) -> bool: ...

    @property
    def is_two_seat(self) -> bool: ...


@dataclass(frozen=True)
class EntryInfo:
    id: int
    competitor_id: int
    name: str
    seed: int
    first_round: int
    dropped_after_round: int | None

    def dropped_by(self, round_number: int) -> bool:
        return self.dropped_after_round is not None and self.dropped_after_round <= round_number


def tournament_bracket(tournament: TournamentFormatLike, entries: Sequence[EntryInfo]) -> Bracket:
    seeds = [e.id for e in sorted(entries, key=lambda e: e.seed)]
    if tournament.format == DOUBLE_ELIMINATION:
        return double_elimination(seeds, bracket_reset=True)
    return single_elimination(seeds)


def standings_from_results(
    tournament: TournamentFormatLike,
    entries: Sequence[EntryInfo],
    results: Iterable[tuple[str, dict[str, Any]]],
    through_round: int,
) -> list[dict[str, Any]]:
    """Standings after ``through_round`` from match results ``(bracket match id, result)``.

    Entries joined later, and results of later rounds, must already be left out by the caller.
    """
    entries = [e for e in entries if e.first_round <= through_round + 1]
    results = list(results)
    if tournament.is_elimination:
        rows = _elimination_standings(tournament, entries, results)
    elif tournament.is_two_seat:
        rows = _mtr_standings(entries, [r for _, r in results], through_round)
    else:
        rows = _table_standings(entries, [r for _, r in results], through_round, tournament.seats_per_table)
    info = {e.id: e for e in entries}
    for row in rows:
        entry = info[row["entry"]]
        row.update(competitor=entry.competitor_id, name=entry.name, seed=entry.seed)
    return rows


def _mtr_standings(
    entries: Sequence[EntryInfo], results: Sequence[dict[str, Any]], through: int
) -> list[dict[str, Any]]:
    """Match points 3/1/0, then OMW%, GW%, OGW% (33% floor), then the seed (MTR 3.1)."""
    matches, byes = [], []
    for r in results:
        if r["kind"] == "bye":
            byes.append(r["entries"][0])
        elif r["kind"] == "two_seat":
            (a, b), (wa, wb) = r["entries"], r["wins"]
            matches.append(MatchResult(a, b, wa, wb, r["draws"]))
    seed: dict[PlayerId, int] = {e.id: e.seed for e in entries}
    table = compute_standings(
        [e.id for e in entries],
        matches,
        byes,
        dropped=[e.id for e in entries if e.dropped_by(through)],
        tiebreak_key=lambda entry: (seed[entry], entry),
    )
    rows = []
    for standing in table:
        row = standing.as_dict()
        row["entry"] = row.pop("player")
        rows.append(row)
    return rows


def _table_standings(
    entries: Sequence[EntryInfo], results: Sequence[dict[str, Any]], through: int, table_size: int
) -> list[dict[str, Any]]:
    """Points by finishing place (N-1, ..., 0 at a table of N; a bye pays a full table's first place).

    Ties are broken, in order, by first places, then the points of the tablemates met (a Buchholz:
    a result among strong tables is worth more), then the seed.
    """
    ids = [e.id for e in entries]
    tables = [TableResult(tuple(r["ranking"]), tuple(r["places"])) for r in results if r["kind"] == "table"]
    byes = [r["entries"][0] for r in results if r["kind"] == "bye"]
    points = table_points(ids, tables, byes, table_size=table_size)
    firsts: dict[PlayerId, int] = dict.fromkeys(ids, 0)
    tablemates: dict[PlayerId, list[PlayerId]] = {e: [] for e in ids}
    played: dict[PlayerId, int] = dict.fromkeys(ids, 0)
    for table in tables:
        for k, entry in enumerate(table.ranking):
            played[entry] += 1
            firsts[entry] += table.place_of(k) == 1
            tablemates[entry].extend(other for other in table.ranking if other != entry)
    for entry in byes:
        firsts[entry] += 1
    buchholz = {e: sum(points[o] for o in tablemates[e]) for e in ids}
    seed = {e.id: e.seed for e in entries}
    order = sorted(ids, key=lambda e: (-points[e], -firsts[e], -buchholz[e], seed[e], e))
    dropped = {e.id for e in entries if e.dropped_by(through)}
    return [
        {
            "rank": rank,
            "entry": e,
            "points": points[e],
            "first_places": firsts[e],
            "tablemates_points": buchholz[e],
            "tables_played": played[e],
            "byes": byes.count(e),
            "dropped": e in dropped,
        }
        for rank, e in enumerate(order, start=1)
    ]


def _elimination_standings(
    tournament: TournamentFormatLike,
    entries: Sequence[EntryInfo],
    results: Sequence[tuple[str, dict[str, Any]]],
) -> list[dict[str, Any]]:
    """Bracket placement: the champion first, then by the stage each entrant went out in."""
    winners = {match_id: r["winner"] for match_id, r in results if r.get("winner") is not None}
    table = bracket_standings(tournament_bracket(tournament, entries), winners)
    return [
        {"rank": k, "entry": s.entrant, "place": s.place, "eliminated_in": s.eliminated_in}
        for k, s in enumerate(table, start=1)
    ]
