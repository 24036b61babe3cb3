"""Tournament and league pages: the same selectors as the API, put into words and tables for people.

A signed-in person also finds here what they may do (:mod:`games.web.competition_controls`); the
buttons post to :mod:`games.web.competition_actions`, which renders these pages again with a refusal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import timedelta
from typing import Any
from urllib.parse import urlencode

from django.core.paginator import Paginator
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from games.models import BotFaultPolicy, EntrantKinds, Entry, League, TimeoutPolicy, Tournament
from games.selectors.leagues import ladder_entries, league_games, league_seasons, leagues_with_counts
from games.selectors.tournaments import (
    tournament_bracket_view,
    tournament_match_format,
    tournament_public_standings,
    tournament_rounds_view,
    tournaments_with_games_played,
)
from games.web.competition_controls import league_controls, tournament_controls
from games.web.competition_forms import CompetitionFilterForm

PAGE_SIZE = 50
RECENT_LEAGUE_GAMES = 30

TIMEOUT_WORDS = {
    TimeoutPolicy.FORFEIT: "a player who lets the time limit pass forfeits the game",
    TimeoutPolicy.DEFAULT_ACTION: "a player who lets the time limit pass has a default move played for them "
    "(their first legal action), and the game goes on",
}

# The tiebreak columns of each format's standings, in the order they break ties.
STANDING_COLUMNS: tuple[tuple[str, str], ...] = (
    ("place", "place"),
    ("eliminated_in", "out in"),
    ("match_points", "match points"),
    ("record", "W-L-D"),
    ("opp_match_win_pct", "opp. match win %"),
    ("game_win_pct", "game win %"),
    ("opp_game_win_pct", "opp. game win %"),
    ("points", "points"),
    ("first_places", "first places"),
    ("tablemates_points", "tablemates' points"),
    ("tables_played", "tables"),
)
PERCENT_COLUMNS = {"opp_match_win_pct", "game_win_pct", "opp_game_win_pct"}


def duration_words(limit: timedelta) -> str:
    """``1 day 6 hours``, ``12 hours``, ``90 seconds``: the largest units that fit, at most two."""
    seconds = int(limit.total_seconds())
    parts = []
    for name, size in (("day", 86400), ("hour", 3600), ("minute", 60), ("second", 1)):
        amount, seconds = divmod(seconds, size)
        if amount:
            parts.append(f"{amount} {name}{'s' * (amount != 1)}")
    return " ".join(parts[:2]) or "0 seconds"


def milliseconds_words(ms: int) -> str:
    """``250 ms``, ``2 s``, ``1.5 s``, ``10 min``: short, and exact."""
    if ms < 1000:
        return f"{ms} ms"
    if ms % 60_000 == 0:
        return f"{ms // 60_000} min"
    return f"{ms / 1000:g} s"


def bot_rules_words(competition: Tournament | League) -> str:
    """The clock and fault policy for submitted bots (games.models.BotRules), in one line."""
    clock = f"{milliseconds_words(competition.bot_move_time_ms)} per move"
    if competition.bot_time_bank_ms:
        clock += f" + {milliseconds_words(competition.bot_time_bank_ms)} bank"
    if competition.bot_fault_policy == BotFaultPolicy.FORFEIT:
        return f"bots: {clock}; a fault forfeits the game"
    strikes = competition.bot_max_strikes
    return (
        f"bots: {clock}; a fault plays a default move and strikes, "
        f"disqualified at {strikes} strike{'s' * (strikes != 1)}"
    )


def settings_rows(competition: Tournament | League) -> list[tuple[str, str]]:
    """The deadline rules every competition has, and the bot rules where bots may enter, in words."""
    policy = competition.timeout_policy
    rows = [
        ("time per move", duration_words(competition.move_time_limit)),
        ("on timeout", f"{competition.get_timeout_policy_display()}: {TIMEOUT_WORDS.get(policy, '')}"),
        (
            "vacations",
            "allowed: a player's vacation extends their move deadlines"
            if competition.allow_vacations
            else "not allowed: deadlines run during vacations too",
        ),
        ("entrants", competition.get_entrants_display()),
    ]
    if competition.entrants != EntrantKinds.PEOPLE:
        rows.append(("submitted bots", bot_rules_words(competition)))
    return rows


def not_found(request: HttpRequest, what: str) -> HttpResponse:
    return render(request, "not_found.html", {"what": what}, status=404)


def progress(played: int, total: int) -> dict[str, Any]:
    return {
        "played": played,
        "total": total,
        "percent": round(100 * played / total) if total else 0,
    }


# -- Tournaments ------------------------------------------------------------------------------------


def filtered(request: HttpRequest, rows: QuerySet[Any]) -> tuple[QuerySet[Any], dict[str, Any]]:
    """The rows the list's filter form (game, state) keeps, and the page's context for the form and
    the pager (which keeps the filter). A value not offered is refused next to its field, with 400."""
    form = CompetitionFilterForm(request.GET)
    chosen = form.filters()
    query = urlencode(
        {key: request.GET[key] for key in ("game", "state") if form.is_valid() and request.GET.get(key)}
    )
    context = {"filter_form": form, "pager_query": query, "filtered": bool(chosen)}
    return rows.filter(**chosen), context


@require_safe
def tournament_list(request: HttpRequest) -> HttpResponse:
    rows, context = filtered(request, tournaments_with_games_played().order_by("-id"))
    page = Paginator(rows, PAGE_SIZE).get_page(request.GET.get("page"))
    context |= {
        "page": page,
        "rows": [{"tournament": t, "progress": progress(t.games_played, t.games_total)} for t in page],
    }
    status = 400 if context["filter_form"].errors else 200
    return render(request, "competitions/tournament_list.html", context, status=status)


@require_safe
def tournament_detail(request: HttpRequest, pk: int) -> HttpResponse:
    return tournament_page(request, pk)


def tournament_page(request: HttpRequest, pk: int, status: int = 200) -> HttpResponse:
    """The tournament's page (``status``: a refused button's, shown with its message)."""
    tournament = tournaments_with_games_played().filter(pk=pk).first()
    if tournament is None:
        return not_found(request, f"tournament {pk}")
    entries = list(
        Entry.objects.filter(tournament=tournament).select_related("competitor__bot").order_by("seed", "id")
    )
    competitor_of = {entry.pk: entry.competitor_id for entry in entries}
    names = {entry.pk: entry.competitor.name for entry in entries}
    rounds = [_round_for_page(rnd, competitor_of, names) for rnd in tournament_rounds_view(tournament)]
    standings = tournament_public_standings(tournament)
    bracket = None
    if tournament.is_elimination and tournament.started_at is not None:
        bracket = _bracket_for_page(tournament_bracket_view(tournament), competitor_of)
    controls = tournament_controls(request.user, tournament, entries)
    context = {
        "tournament": tournament,
        "settings_rows": [
            ("game", tournament.game_id),
            ("format", tournament.get_format_display()),
            ("seats per table", str(tournament.seats_per_table)),
            ("match", tournament_match_format(tournament)["description"]),
            ("rounds", _rounds_words(tournament)),
            ("rated", "yes" if tournament.rated else "no"),
            ("late entries", "allowed" if tournament.late_entries else "not allowed"),
            *settings_rows(tournament),
        ],
        "entries": entries,
        "rounds": rounds,
        "standings": _standings_for_page(standings["standings"]),
        "standings_meta": standings,
        "bracket": bracket,
        "progress": progress(tournament.games_played, tournament.games_total),
        "controls": controls,
        "entry_rows": [{"entry": e, "action": controls.entry_actions.get(e.pk)} for e in entries],
    }
    return render(request, "competitions/tournament_detail.html", context, status=status)


def _rounds_words(tournament: Tournament) -> str:
    planned = tournament.planned_rounds or tournament.rounds
    if tournament.current_round == 0:
        return f"{planned} planned" if planned else "as the format needs"
    if planned:
        return f"round {tournament.current_round} of {planned}"
    return f"round {tournament.current_round} (until a champion is known)"


def _round_for_page(
    rnd: Mapping[str, Any], competitor_of: Mapping[int, int], names: Mapping[int, str]
) -> dict[str, Any]:
    matches = []
    for match in rnd["matches"]:
        matches.append(
            {
                **match,
                "seats": [
                    {**seat, "competitor": competitor_of.get(seat["entry"])} for seat in match["seats"]
                ],
                "result_text": result_words(match["result"], names),
                "winner": (match["result"] or {}).get("winner"),
            }
        )
    done = sum(1 for match in matches if match["finished"])
    return {**rnd, "matches": matches, "matches_done": done, "matches_total": len(matches)}


def result_words(result: Mapping[str, Any] | None, names: Mapping[int, str]) -> str:
    """A match result as a line of text: ``A 2-1 B``, ``1. A, 2. B``, ``bye``, with ``(decided: nobody
    played)`` when absent players left it to be decided without games."""
    if result is None:
        return "in play"

    def name(entry: int) -> str:
        return names.get(entry, f"entry {entry}")

    kind = result.get("kind")
    # A match its people never played is decided without more games; say how.
    decided = f" (decided: {result['decided']})" if result.get("decided") else ""
    if kind == "bye":
        return f"bye for {name(result['entries'][0])}"
    if kind == "walkover":
        return f"{name(result['winner'])} goes through (walkover)"
    if kind == "two_seat":
        (a, b), (wins_a, wins_b) = result["entries"], result["wins"]
        draws = f", {result['draws']} drawn" if result.get("draws") else ""
        verdict = f": {name(result['winner'])} wins" if result.get("winner") is not None else ": drawn"
        return f"{name(a)} {wins_a}–{wins_b} {name(b)}{draws}{verdict}{decided}"
    if kind == "table":
        return (
            ", ".join(
                f"{place}. {name(entry)}"
                for place, entry in zip(result["places"], result["ranking"], strict=True)
            )
            + decided
        )
    return "finished"


def _standings_for_page(rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    present = set().union(*(row.keys() for row in rows)) if rows else set()
    columns = [(key, label) for key, label in STANDING_COLUMNS if key in present]
    return {
        "columns": [label for _, label in columns],
        "rows": [
            {
                "rank": row.get("rank"),
                "name": row.get("name", ""),
                "competitor": row.get("competitor"),
                "dropped": row.get("dropped", False),
                "cells": [_cell(key, row.get(key)) for key, _ in columns],
            }
            for row in rows
        ],
    }


def _cell(key: str, value: Any) -> str:
    if value is None:
        return "—" if key != "place" else "still in"
    if key in PERCENT_COLUMNS:
        return f"{100 * value:.1f}%"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _bracket_for_page(bracket: Mapping[str, Any], competitor_of: Mapping[int, int]) -> dict[str, Any]:
    """Bracket rounds grouped by side (winners, losers, final), each side a row of columns."""
    sides: dict[str, list[dict[str, Any]]] = {}
    for rnd in bracket["rounds"]:
        matches = []
        for match in rnd["matches"]:
            winner = (match["winner"] or {}).get("entry")
            slots = []
            for slot in match["slots"]:
                entrant = slot["entrant"]
                source = slot["from"]
                waiting = (
                    f"winner of {source['winner_of']}"
                    if "winner_of" in source
                    else f"loser of {source['loser_of']}"
                    if "loser_of" in source
                    else f"seed {source.get('seed')}"
                )
                slots.append(
                    {
                        "name": entrant["name"] if entrant else None,
                        "competitor": competitor_of.get(entrant["entry"]) if entrant else None,
                        "waiting": waiting,
                        "won": entrant is not None and entrant["entry"] == winner,
                    }
                )
            matches.append({**match, "slots": slots})
        sides.setdefault(rnd["side"], []).append({**rnd, "matches": matches})
    champion = bracket["champion"]
    return {
        "sides": [{"side": side, "rounds": rounds} for side, rounds in sides.items()],
        "champion": champion,
        "champion_competitor": competitor_of.get(champion["entry"]) if champion else None,
    }


# -- Leagues ----------------------------------------------------------------------------------------


@require_safe
def league_list(request: HttpRequest) -> HttpResponse:
    rows, context = filtered(request, leagues_with_counts().order_by("-id"))
    context["page"] = Paginator(rows, PAGE_SIZE).get_page(request.GET.get("page"))
    status = 400 if context["filter_form"].errors else 200
    return render(request, "leagues/league_list.html", context, status=status)


@require_safe
def league_detail(request: HttpRequest, pk: int) -> HttpResponse:
    return league_page(request, pk)


def league_page(request: HttpRequest, pk: int, status: int = 200) -> HttpResponse:
    """The league's page (``status``: a refused button's, shown with its message)."""
    league = leagues_with_counts().filter(pk=pk).first()
    if league is None:
        return not_found(request, f"league {pk}")
    ladder = list(ladder_entries(league).select_related("competitor__bot"))
    rating_words = (
        "OpenSkill ordinal (mu − 3 sigma)"
        if league.rating_system == "openskill"
        else league.get_rating_system_display()
    )
    controls = league_controls(request.user, league, ladder)
    context = {
        "league": league,
        "settings_rows": [
            ("game", league.game_id),
            ("seats per table", str(league.seats_per_table)),
            ("rating", rating_words),
            ("challenges", f"up to {league.challenge_range} places away on the ladder"),
            (
                "ratings between seasons",
                "reset every season" if league.ratings_per_season else "carried over",
            ),
            *settings_rows(league),
        ],
        "ladder": ladder,
        "seasons": league_seasons(league),
        "games": league_games(league)[:RECENT_LEAGUE_GAMES],
        "controls": controls,
        "ladder_rows": [{"entry": e, "action": controls.entry_actions.get(e.pk)} for e in ladder],
    }
    return render(request, "leagues/league_detail.html", context, status=status)
