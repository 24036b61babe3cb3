"""Reads of tournaments: how a match's games add up to its result, and the standings.

The functions that score matches and rank entrants take plain data, so the services that run a
tournament and a test that rebuilds its standings from the stored games share them.

Match results (``Match.result``, plain JSON), by ``kind``:

* ``"two_seat"``: ``entries`` [a, b], game ``wins`` [a's, b's], ``draws``, ``winner`` (None for a
  drawn match). A best-of-N ends once someone has won a majority, or after N games.
* ``"table"``: a multi-seat table: ``ranking`` (entry ids, best first), ``places`` (1-based, ties
  share the best place) and the ``totals`` they were ranked by (see :data:`SCORINGS`).
* ``"bye"``: one entry and no game; counts as a 2-0 match win at two seats (MTR) and as a full
  table's first place at multi-seat tables.
* ``"walkover"``: elimination only: ``winner`` goes through because the other entrant dropped.

Aborted games (the deadline sweep aborts a game in which no person ever moved, see
:mod:`games.services.deadlines`) stay unrated, but a match counts them: the seats that timed out
forfeit it, ranked as the ``forfeit`` policy ranks them (:func:`forfeit_places`: the late seats share
the last rank with score 0, the others rank 1 with score 1). When every seat timed out nobody
played: all share rank 1 with score 0, a drawn game. So that absent players cannot stall a
tournament, a match with :data:`MAX_ABANDONED_GAMES` such games is decided without another game
(its result says so in ``decided``): at two seats by the games so far (a draw when level), in
elimination, when level, by the better (lower) seed; at a multi-seat table by the games so far. An
aborted game without ``timed_out`` (a cancelled tournament's) counts for nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import IntegerField, OuterRef, Prefetch, QuerySet, Subquery

from engine import get_game
from games.models import Entry, GameStatus, Match, MatchGame, Round, Seat, Tournament, TournamentFormat
from games.scheduling.elimination import (
    Bracket,
    Seed,
    WinnerOf,
    advance,
    double_elimination,
    single_elimination,
)
from games.scheduling.elimination import standings as bracket_standings
from games.scheduling.swiss_tables import TableResult, table_points
from games.scheduling.tiebreaks import MatchResult, compute_standings

# -- Match results --------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatResult:
    """One seat of a finished game, named by entry."""

    entry: int
    rank: int
    score: float
    absent: bool = False  # timed out in an aborted game: nobody had moved


GamePlayed = Sequence[SeatResult]

# Games of one match aborted with every seat late, after which the match is decided without more.
MAX_ABANDONED_GAMES = 2
NOBODY_PLAYED = "nobody played"
SEED_NOBODY_PLAYED = "seed, nobody played"


def forfeit_places(seat_indexes: Sequence[int], late: Iterable[int]) -> dict[int, tuple[int, float]]:
    """(rank, score) by seat index when the ``late`` seats forfeit: they share the last rank with
    score 0, the others rank 1 with score 1; everyone late: all rank 1 with score 0 (no winner)."""
    late = set(late)
    on_time = [index for index in seat_indexes if index not in late]
    last_rank = len(on_time) + 1 if on_time else 1
    return {index: (last_rank, 0.0) if index in late else (1, 1.0) for index in seat_indexes}


def abandoned(game: GamePlayed) -> bool:
    """An aborted game in which every seat timed out: nobody played."""
    return bool(game) and all(seat.absent for seat in game)


def _totals_by_rank(entries: Sequence[int], games: Sequence[GamePlayed]) -> dict[int, float]:
    totals = dict.fromkeys(entries, 0.0)
    for game in games:
        for seat in game:
            totals[seat.entry] -= seat.rank  # negated: higher totals are better everywhere
    return totals


def _totals_by_score(sign: int) -> Callable[[Sequence[int], Sequence[GamePlayed]], dict[int, float]]:
    def totals(entries: Sequence[int], games: Sequence[GamePlayed]) -> dict[int, float]:
        result = dict.fromkeys(entries, 0.0)
        for game in games:
            for seat in game:
                result[seat.entry] += sign * seat.score
        return result

    return totals


# How a multi-seat table's games are totalled, by the engine game's ``scoring`` (``"rank"`` unless the
# game says otherwise): a game that arrives with points (golf: strokes, fewest
# wins) or a chips session plugs in here, and no scheduling code changes. Higher totals rank first.
SCORINGS: dict[str, Callable[[Sequence[int], Sequence[GamePlayed]], dict[int, float]]] = {
    "rank": _totals_by_rank,  # finishing places summed over the table's games
    "points": _totals_by_score(+1),  # the outcome's scores, most first
    "chips": _totals_by_score(+1),  # net chips won, most first
    "strokes": _totals_by_score(-1),  # fewest first (golf)
}


def match_format(game_id: str) -> tuple[str, int]:
    """(scoring, games per multi-seat table) from the engine game's metadata."""
    engine_game = get_game(game_id)
    return engine_game.scoring, engine_game.games_per_table


def match_result(
    *,
    entries: Sequence[int],
    games: Sequence[GamePlayed],
    two_seat: bool,
    best_of: int = 1,
    scoring: str = "rank",
    games_per_table: int = 1,
    needs_winner: bool = False,
    seeds: Mapping[int, int] | None = None,
) -> dict[str, Any] | None:
    """The result of a match from its finished games, or None while it needs another game.

    ``needs_winner`` (elimination): a two-seat match drawn after ``best_of`` games goes on, one
    game at a time, until someone is ahead; or, after :data:`MAX_ABANDONED_GAMES` games nobody
    played, the better of ``seeds`` (entry -> seed, 1 best) goes through.
    """
    given_up = sum(map(abandoned, games)) >= MAX_ABANDONED_GAMES
    if two_seat:
        a, b = entries
        wins, draws = {a: 0, b: 0}, 0
        for game in games:
            ranks = {seat.entry: seat.rank for seat in game}
            if ranks[a] == ranks[b]:
                draws += 1
            else:
                wins[a if ranks[a] < ranks[b] else b] += 1
        decided = None
        if max(wins.values()) <= best_of // 2 and len(games) < best_of:
            if not given_up:
                return None
            decided = NOBODY_PLAYED
        winner = a if wins[a] > wins[b] else b if wins[b] > wins[a] else None
        if needs_winner and winner is None:
            if not given_up:
                return None
            winner, decided = min((a, b), key=lambda e: ((seeds or {}).get(e, 0), e)), SEED_NOBODY_PLAYED
        result = {
            "kind": "two_seat",
            "entries": [a, b],
            "wins": [wins[a], wins[b]],
            "draws": draws,
            "winner": winner,
        }
        return result if decided is None else {**result, "decided": decided}
    if len(games) < games_per_table and not given_up:
        return None
    totals = SCORINGS[scoring](entries, games)
    ranking = sorted(entries, key=lambda e: -totals[e])  # stable: seat order breaks nothing, ties share
    places = [1 + sum(totals[other] > totals[e] for other in entries) for e in ranking]
    result = {"kind": "table", "ranking": ranking, "places": places, "totals": [totals[e] for e in ranking]}
    return result if len(games) >= games_per_table else {**result, "decided": NOBODY_PLAYED}


def bye_result(entry: int) -> dict[str, Any]:
    return {"kind": "bye", "entries": [entry]}


def walkover_result(entries: Sequence[int], winner: int) -> dict[str, Any]:
    return {"kind": "walkover", "entries": list(entries), "winner": winner}


# -- Standings --------------------------------------------------------------------------------------


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


def entry_infos(tournament: Tournament) -> list[EntryInfo]:
    """The entries by seed (late entries after the rest, in the order they joined)."""
    rows = Entry.objects.filter(tournament=tournament).select_related("competitor").order_by("seed", "id")
    return [
        EntryInfo(e.id, e.competitor_id, e.competitor.name, e.seed or 0, e.first_round, e.dropped_after_round)
        for e in rows
    ]


def tournament_bracket(tournament: Tournament, entries: Sequence[EntryInfo]) -> Bracket:
    seeds = [e.id for e in sorted(entries, key=lambda e: e.seed)]
    if tournament.format == TournamentFormat.DOUBLE_ELIMINATION:
        return double_elimination(seeds, bracket_reset=True)
    return single_elimination(seeds)


def standings_from_results(
    tournament: Tournament,
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
) -> list[dict]:
    """Match points 3/1/0, then OMW%, GW%, OGW% (33% floor), then the seed (MTR 3.1)."""
    matches, byes = [], []
    for r in results:
        if r["kind"] == "bye":
            byes.append(r["entries"][0])
        elif r["kind"] == "two_seat":
            (a, b), (wa, wb) = r["entries"], r["wins"]
            matches.append(MatchResult(a, b, wa, wb, r["draws"]))
    seed = {e.id: e.seed for e in entries}
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
) -> list[dict]:
    """Points by finishing place (N-1, ..., 0 at a table of N; a bye pays a full table's first place).

    Ties are broken, in order, by first places, then the points of the tablemates met (a Buchholz:
    a result among strong tables is worth more), then the seed.
    """
    ids = [e.id for e in entries]
    tables = [TableResult(tuple(r["ranking"]), tuple(r["places"])) for r in results if r["kind"] == "table"]
    byes = [r["entries"][0] for r in results if r["kind"] == "bye"]
    points = table_points(ids, tables, byes, table_size=table_size)
    firsts = dict.fromkeys(ids, 0)
    tablemates: dict[int, list[int]] = {e: [] for e in ids}
    played = dict.fromkeys(ids, 0)
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
    tournament: Tournament, entries: Sequence[EntryInfo], results: Sequence[tuple[str, dict[str, Any]]]
) -> list[dict]:
    """Bracket placement: the champion first, then by the stage each entrant went out in."""
    winners = {match_id: r["winner"] for match_id, r in results if r.get("winner") is not None}
    table = bracket_standings(tournament_bracket(tournament, entries), winners)
    return [
        {"rank": k, "entry": s.entrant, "place": s.place, "eliminated_in": s.eliminated_in}
        for k, s in enumerate(table, start=1)
    ]


# -- Reads from the database ------------------------------------------------------------------------


def tournament_results(tournament: Tournament, through_round: int) -> list[tuple[str, dict[str, Any]]]:
    """The stored results of the finished matches up to ``through_round``, in round and table order."""
    return [
        (m.bracket_match, m.result)
        for m in Match.objects.filter(
            round__tournament=tournament, round__number__lte=through_round, finished=True
        )
        .order_by("round__number", "table")
        .only("bracket_match", "result")
    ]


def tournament_standings(tournament: Tournament, through_round: int | None = None) -> list[dict[str, Any]]:
    """Current standings from the stored match results."""
    through = tournament.current_round if through_round is None else through_round
    return standings_from_results(
        tournament, entry_infos(tournament), tournament_results(tournament, through), through
    )


def games_played(matches: Iterable[Match]) -> dict[int, list[GamePlayed]]:
    """Each match's games that count, in order, as the seats' entries, ranks and scores: the
    finished ones, and the aborted ones with seats that timed out (as forfeits by those seats)."""
    matches = list(matches)
    entry_of = {}
    for match in matches:
        tournament_id = match.round.tournament_id
        entry_of[tournament_id] = entry_of.get(tournament_id) or dict(
            Entry.objects.filter(tournament_id=tournament_id).values_list("competitor_id", "id")
        )
    match_games = list(
        MatchGame.objects.filter(
            match__in=matches, game__status__in=[GameStatus.FINISHED, GameStatus.ABORTED]
        )
        .order_by("match_id", "number")
        .values_list("match_id", "game_id", "game__status", "game__outcome", "match__round__tournament_id")
    )
    seats: dict[int, list[dict[str, Any]]] = {}
    for seat in (
        Seat.objects.filter(game_id__in=[row[1] for row in match_games])
        .order_by("game_id", "index")
        .values("game_id", "index", "competitor_id", "rank", "score")
    ):
        seats.setdefault(seat["game_id"], []).append(seat)
    played: dict[int, list[GamePlayed]] = {m.pk: [] for m in matches}
    for match_id, game_id, status, outcome, tournament_id in match_games:
        entries = entry_of[tournament_id]
        rows = seats.get(game_id, [])
        if status == GameStatus.FINISHED:
            played[match_id].append(
                [SeatResult(entries[s["competitor_id"]], s["rank"], s["score"] or 0.0) for s in rows]
            )
            continue
        late = set(((outcome or {}).get("details") or {}).get("timed_out") or [])
        if not late:
            continue  # aborted for another reason (a cancelled tournament): no one forfeited
        places = forfeit_places([s["index"] for s in rows], late)
        played[match_id].append(
            [SeatResult(entries[s["competitor_id"]], *places[s["index"]], s["index"] in late) for s in rows]
        )
    return played


def standings_rebuilt_from_games(tournament: Tournament, through_round: int) -> list[dict[str, Any]]:
    """The standings recomputed from the stored games alone (byes and walkovers have none).

    A finished tournament must be reproducible: this is what a test compares with the snapshot.
    """
    scoring, per_table = match_format(tournament.game_id)
    matches = list(
        Match.objects.filter(round__tournament=tournament, round__number__lte=through_round)
        .select_related("round")
        .order_by("round__number", "table")
    )
    played = games_played(matches)
    entries = entry_infos(tournament)
    seeds = {e.id: e.seed for e in entries}
    results: list[tuple[str, dict[str, Any]]] = []
    for match in matches:
        if match.bye:
            results.append((match.bracket_match, match.result))
            continue
        result = match_result(
            entries=match.entries,
            games=played[match.pk],
            two_seat=tournament.is_two_seat,
            best_of=tournament.best_of,
            scoring=scoring,
            games_per_table=per_table,
            needs_winner=tournament.is_elimination,
            seeds=seeds,
        )
        if result is not None:
            results.append((match.bracket_match, result))
    return standings_from_results(tournament, entries, results, through_round)


def round_pairings(tournament: Tournament, round_number: int) -> list[dict[str, Any]]:
    """One round's tables: entries in first-game seat order, games, and results."""
    return [
        {
            "table": m.table,
            "entries": m.entries,
            "bye": m.bye,
            "bracket_match": m.bracket_match,
            "games": [mg.game_id for mg in m.match_games.all()],
            "finished": m.finished,
            "result": m.result,
        }
        for m in Match.objects.filter(
            round__tournament=tournament, round__number=round_number
        ).prefetch_related("match_games")
    ]


def entries_by_competitor(tournament: Tournament) -> Mapping[int, int]:
    return dict(Entry.objects.filter(tournament=tournament).values_list("competitor_id", "id"))


# -- Public views for the API -----------------------------------------------------------------------
#
# Only public facts leave here: names, seats, game ids and statuses, results, ranks and scores. Never
# a game's seed or a tournament's seed (the seed of a running game reveals its deck).


def tournaments_with_progress() -> QuerySet[Tournament]:
    """Tournaments with their organiser, entry count and games played so far (one query)."""
    games = MatchGame.objects.filter(match__round__tournament=OuterRef("pk"))
    return Tournament.objects.select_related("organiser__competitor").annotate(
        entry_count=_count(Entry.objects.filter(tournament=OuterRef("pk"))),
        games_total=_count(games),
        games_finished=_count(games.filter(game__status=GameStatus.FINISHED)),
        rounds_finished=_count(Round.objects.filter(tournament=OuterRef("pk"), finished=True)),
    )


class _SubqueryCount(Subquery):
    """``(SELECT COUNT(*) FROM (subquery))``: a count per outer row without joining the rows in."""

    template = "(SELECT COUNT(*) FROM (%(subquery)s) _counted)"
    output_field = IntegerField()


def _count(rows: QuerySet[Any]) -> _SubqueryCount:
    return _SubqueryCount(rows.order_by().values("pk"))


def tournament_match_format(tournament: Tournament) -> dict[str, Any]:
    """How a match is played, in words and as data, from the tournament and its game's metadata."""
    scoring, per_table = match_format(tournament.game_id)
    if tournament.is_two_seat:
        games = tournament.best_of
        words = f"best of {games} games" if games > 1 else "a single game"
        if tournament.is_elimination:
            words += ", replayed one game at a time while drawn"
        return {"kind": "best_of", "games": games, "scoring": "wins", "description": words}
    games = per_table
    words = f"{'one game' if games == 1 else f'{games} games'} per table, ranked by {scoring}"
    return {"kind": "table", "games": games, "scoring": scoring, "description": words}


def _entry_names(tournament: Tournament) -> dict[int, str]:
    return dict(Entry.objects.filter(tournament=tournament).values_list("id", "competitor__name"))


def game_note(status: str, outcome: Mapping[str, Any] | None, seats: int) -> str | None:
    """How a game ended by the clock, in words: ``forfeit (no move in time)``, ``nobody played``."""
    late = ((outcome or {}).get("details") or {}).get("timed_out") or []
    if not late or status not in (GameStatus.FINISHED, GameStatus.ABORTED):
        return None
    return (
        NOBODY_PLAYED
        if status == GameStatus.ABORTED and len(set(late)) >= seats
        else "forfeit (no move in time)"
    )


def tournament_rounds_view(
    tournament: Tournament, numbers: Sequence[int] | None = None
) -> list[dict[str, Any]]:
    """Rounds (all, or those ``numbers``) with their tables: seats by name, games, results."""
    rounds = Round.objects.filter(tournament=tournament).order_by("number")
    if numbers is not None:
        rounds = rounds.filter(number__in=numbers)
    rounds = rounds.prefetch_related(
        Prefetch(
            "matches",
            queryset=Match.objects.order_by("table").prefetch_related(
                Prefetch(
                    "match_games",
                    queryset=MatchGame.objects.order_by("number")
                    .select_related("game")
                    .only("id", "number", "match_id", "game__id", "game__status", "game__outcome"),
                )
            ),
        )
    )
    names = _entry_names(tournament)
    return [
        {
            "number": rnd.number,
            "finished": rnd.finished,
            "finished_at": rnd.finished_at,
            "matches": [
                {
                    "table": m.table,
                    "seats": [{"entry": e, "name": names.get(e, "")} for e in m.entries],
                    "bye": m.bye,
                    "bracket_match": m.bracket_match,
                    "games": [
                        {
                            "number": mg.number,
                            "id": mg.game.id,
                            "status": mg.game.status,
                            "note": game_note(mg.game.status, mg.game.outcome, len(m.entries)),
                        }
                        for mg in m.match_games.all()
                    ],
                    "finished": m.finished,
                    "result": m.result,
                }
                for m in rnd.matches.all()
            ],
        }
        for rnd in rounds
    ]


def tournament_public_standings(tournament: Tournament, round_number: int | None = None) -> dict[str, Any]:
    """Standings after round ``round_number`` (its snapshot), or now (live, or final once finished).

    Raises LookupError for a round that does not exist and ValueError for one still being played.
    """
    if round_number is not None:
        rnd = Round.objects.filter(tournament=tournament, number=round_number).first()
        if rnd is None:
            raise LookupError(f"{tournament.name} has no round {round_number}")
        if not rnd.finished:
            raise ValueError(
                f"round {round_number} is still being played: its standings are taken when it ends"
            )
        return {"round": round_number, "final": False, "live": False, "standings": rnd.standings}
    if tournament.standings is not None:
        return {
            "round": tournament.current_round,
            "final": True,
            "live": False,
            "standings": tournament.standings,
        }
    if tournament.started_at is None:
        return {"round": 0, "final": False, "live": True, "standings": []}
    return {
        "round": tournament.current_round,
        "final": False,
        "live": True,
        "standings": tournament_standings(tournament),
    }


def tournament_bracket_view(tournament: Tournament) -> dict[str, Any]:
    """An elimination tournament's bracket: every match, who is in it, its status and winner."""
    entries = entry_infos(tournament)
    names = {e.id: e.name for e in entries}
    bracket = tournament_bracket(tournament, entries)
    winners = {
        match_id: r["winner"]
        for match_id, r in tournament_results(tournament, tournament.current_round)
        if match_id and r.get("winner") is not None
    }
    state = advance(bracket, winners)
    tables = {
        m.bracket_match: (m.round.number, m.table)
        for m in Match.objects.filter(round__tournament=tournament)
        .exclude(bracket_match="")
        .select_related("round")
    }

    def who(entry: Any) -> dict[str, Any] | None:
        return None if entry is None else {"entry": entry, "name": names.get(entry, "")}

    def source(slot: Any) -> dict[str, Any]:
        if isinstance(slot, Seed):
            return {"seed": slot.number}
        return {"winner_of" if isinstance(slot, WinnerOf) else "loser_of": slot.match_id}

    rounds = []
    for rnd in bracket.rounds:
        matches = []
        for match in rnd.matches:
            match_state = state.match(match.id)
            played_in = tables.get(match.id)
            matches.append(
                {
                    "id": match.id,
                    "status": match_state.status,
                    "slots": [
                        {"from": source(slot), "entrant": who(entrant)}
                        for slot, entrant in zip(match.slots, match_state.entrants, strict=True)
                    ],
                    "winner": who(match_state.winner),
                    "round": None if played_in is None else played_in[0],
                    "table": None if played_in is None else played_in[1],
                }
            )
        rounds.append({"name": rnd.name, "side": rnd.side, "number": rnd.number, "matches": matches})
    return {
        "kind": bracket.kind,
        "bracket_reset": bracket.bracket_reset,
        "seeds": [who(e) for e in bracket.seeds],
        "rounds": rounds,
        "champion": who(state.champion),
    }


def tournaments_with_games_played() -> QuerySet[Tournament]:
    """As :func:`tournaments_with_progress`, plus ``games_played``: finished or aborted games (a
    game aborted by the deadline sweep is over too, for a progress bar)."""
    games = MatchGame.objects.filter(
        match__round__tournament=OuterRef("pk"), game__status__in=[GameStatus.FINISHED, GameStatus.ABORTED]
    )
    return tournaments_with_progress().annotate(games_played=_count(games))
