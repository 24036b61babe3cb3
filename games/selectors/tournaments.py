"""Reads of tournaments: entries, results, standings rebuilt from the stored games, and the public
views of rounds, standings and brackets.

Only public facts leave here: names, seats, game ids and statuses, results, ranks and scores. Never
a game's seed or a tournament's seed (the seed of a running game reveals its deck).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, cast

from django.db.models import OuterRef, Prefetch, QuerySet

from games.models import Entry, GameStatus, Match, MatchGame, Round, Seat, Tournament
from games.scheduling.elimination import Seed, WinnerOf, advance
from games.scheduling.scoring import (
    NOBODY_PLAYED,
    GamePlayed,
    SeatResult,
    forfeit_places,
    match_format,
    match_result,
)
from games.scheduling.standings import EntryInfo, standings_from_results, tournament_bracket
from games.selectors.counts import count_of


def entry_infos(tournament: Tournament) -> list[EntryInfo]:
    """The entries by seed (late entries after the rest, in the order they joined)."""
    rows = Entry.objects.filter(tournament=tournament).select_related("competitor").order_by("seed", "id")
    return [
        EntryInfo(e.id, e.competitor_id, e.competitor.name, e.seed or 0, e.first_round, e.dropped_after_round)
        for e in rows
    ]


def tournament_results(tournament: Tournament, through_round: int) -> list[tuple[str, dict[str, Any]]]:
    """The stored results of the finished matches up to ``through_round``, in round and table order."""
    return [
        (m.bracket_match, _result(m))
        for m in Match.objects.filter(
            round__tournament=tournament, round__number__lte=through_round, finished=True
        )
        .order_by("round__number", "table")
        .only("bracket_match", "result")
    ]


def _result(match: Match) -> dict[str, Any]:
    """The stored result of a finished match (or a bye): set whenever the match is."""
    return cast("dict[str, Any]", match.result)


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
    entry_of: dict[int, dict[int, int]] = {}
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
    seats: dict[int, list[Mapping[str, Any]]] = {}
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


def match_results_rebuilt(
    tournament: Tournament, through_round: int, entries: Sequence[EntryInfo] | None = None
) -> list[tuple[Match, dict[str, Any] | None, int]]:
    """Each match up to ``through_round`` (round and table order) with its result recomputed from
    its stored games (None: not decided by them) and how many games counted; a bye keeps its own."""
    scoring, per_table = match_format(tournament.game_id)
    matches = list(
        Match.objects.filter(round__tournament=tournament, round__number__lte=through_round)
        .select_related("round")
        .order_by("round__number", "table")
    )
    played = games_played(matches)
    seeds = {e.id: e.seed for e in (entries if entries is not None else entry_infos(tournament))}
    rebuilt: list[tuple[Match, dict[str, Any] | None, int]] = []
    for match in matches:
        if match.bye:
            rebuilt.append((match, _result(match), 0))
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
        rebuilt.append((match, result, len(played[match.pk])))
    return rebuilt


def standings_rebuilt_from_games(tournament: Tournament, through_round: int) -> list[dict[str, Any]]:
    """The standings recomputed from the stored games alone (byes and walkovers have none).

    A finished tournament must be reproducible: this is what a test compares with the snapshot.
    """
    entries = entry_infos(tournament)
    results = [
        (match.bracket_match, result)
        for match, result, _ in match_results_rebuilt(tournament, through_round, entries)
        if result is not None
    ]
    return standings_from_results(tournament, entries, results, through_round)


def tournaments_with_progress() -> QuerySet[Tournament]:
    """Tournaments with their organiser, entry count and games played so far (one query)."""
    games = MatchGame.objects.filter(match__round__tournament=OuterRef("pk"))
    return Tournament.objects.select_related("organiser__competitor").annotate(
        entry_count=count_of(Entry.objects.filter(tournament=OuterRef("pk"))),
        games_total=count_of(games),
        games_finished=count_of(games.filter(game__status=GameStatus.FINISHED)),
        rounds_finished=count_of(Round.objects.filter(tournament=OuterRef("pk"), finished=True)),
    )


def tournaments_with_games_played() -> QuerySet[Tournament]:
    """As :func:`tournaments_with_progress`, plus ``games_played``: finished or aborted games (a
    game aborted by the deadline sweep is over too, for a progress bar)."""
    games = MatchGame.objects.filter(
        match__round__tournament=OuterRef("pk"), game__status__in=[GameStatus.FINISHED, GameStatus.ABORTED]
    )
    return tournaments_with_progress().annotate(games_played=count_of(games))


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
