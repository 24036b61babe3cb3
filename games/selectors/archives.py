"""A finished tournament's or league's archive: one zip with everything it was.

- ``README.md``: what it was (game, config, format, dates, entrants), the final standings' top, and
  what each file holds;
- ``standings/``: standings as CSV, one file per round of a tournament (the snapshot taken when
  the round ended) and its final standings, or one per season of a league (its closing ladder);
- ``rounds.json`` (a tournament's pairings, tables and results, as ``/rounds/`` gives them),
  ``bracket.json`` (an elimination bracket), or ``pairings.json`` (a league's games: who met whom);
- ``games.ndjson``: every finished game, oldest first, as the game export writes it
  (:mod:`games.selectors.exports`), so ``python -m engine replay --verify`` checks it.

Only public facts, as the API shows them: the games are finished, so their seeds are no secret.
The games are written into the zip a chunk at a time.
"""

from __future__ import annotations

import csv
import io
import json
import zipfile
from collections.abc import Iterable, Mapping, Sequence
from typing import IO, Any

from django.core.serializers.json import DjangoJSONEncoder
from django.utils.text import slugify

from games.models import Entry, League, LeagueGame, Season, Tournament
from games.selectors.exports import ExportFilter, export_chunks
from games.selectors.tournaments import tournament_bracket_view, tournament_rounds_view


def archive_name(competition: Tournament | League) -> str:
    kind = "tournament" if isinstance(competition, Tournament) else "league"
    return f"{kind}-{competition.pk}-{slugify(competition.name) or 'archive'}.zip"


def standings_csv(rows: Sequence[Mapping[str, Any]]) -> str:
    """Standings as CSV: a column per field, in the order the rows give them (a nested value as JSON)."""
    columns: list[str] = []
    for row in rows:
        columns += [key for key in row if key not in columns]
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(columns)
    for row in rows:
        writer.writerow([_cell(row.get(column)) for column in columns])
    return text.getvalue()


def _cell(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, dict | list):
        return json.dumps(value, cls=DjangoJSONEncoder)
    return value


def _json(data: Any) -> str:
    return json.dumps(data, cls=DjangoJSONEncoder, indent=2) + "\n"


def _write_games(archive: zipfile.ZipFile, chosen: ExportFilter) -> int:
    written = 0
    with archive.open("games.ndjson", "w") as games:
        for count, text in export_chunks(chosen):
            games.write(text)
            written += count
    return written


def _table(rows: Iterable[Mapping[str, Any]], columns: Sequence[tuple[str, str]], limit: int = 10) -> list[str]:
    """A Markdown table of the first ``limit`` rows: ``columns`` are ``(key, heading)``."""
    lines = ["| " + " | ".join(heading for _key, heading in columns) + " |"]
    lines.append("|" + " --- |" * len(columns))
    for row in list(rows)[:limit]:
        lines.append("| " + " | ".join(str(_cell(row.get(key))) for key, _heading in columns) + " |")
    return lines


def _points_column(rows: Sequence[Mapping[str, Any]]) -> list[tuple[str, str]]:
    """What a format's standings rank by: match points (two seats), points (tables), the place
    reached (elimination)."""
    keys = set(rows[0]) if rows else set()
    return [(key, key.replace("_", " ")) for key in ("match_points", "points", "place") if key in keys][:1]


def _moment(value: Any) -> str:
    return value.strftime("%Y-%m-%d %H:%M UTC") if value is not None else "-"


def tournament_archive_write(tournament: Tournament, out: IO[bytes]) -> None:
    """Write the tournament's archive (see the module's docstring) as a zip into ``out``."""
    rounds = tournament_rounds_view(tournament)
    entries = Entry.objects.filter(tournament=tournament).count()
    final = tournament.standings or []
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        files = []
        for rnd in tournament.round_set.filter(finished=True).order_by("number"):
            name = f"standings/round-{rnd.number:02d}.csv"
            archive.writestr(name, standings_csv(rnd.standings or []))
            files.append((name, f"the standings after round {rnd.number}"))
        archive.writestr("standings/final.csv", standings_csv(final))
        files.append(("standings/final.csv", "the final standings"))
        archive.writestr("rounds.json", _json(rounds))
        files.append(("rounds.json", "every round's tables: who sat where, their games and the results"))
        if tournament.is_elimination:
            archive.writestr("bracket.json", _json(tournament_bracket_view(tournament)))
            files.append(("bracket.json", "the elimination bracket"))
        games = _write_games(archive, ExportFilter(tournament=tournament.pk, newest_first=False))
        files.append(("games.ndjson", f"its {games} finished games, one per line, oldest first"))
        summary = [
            f"# {tournament.name}",
            "",
            f"A {tournament.get_format_display()} tournament of `{tournament.game_id}` "
            f"(config `{json.dumps(tournament.config)}`), {tournament.seats_per_table} seats a table, "
            f"{entries} entrants, {len(rounds)} rounds, {games} games; "
            f"{'rated' if tournament.rated else 'unrated'}.",
            "",
            f"- started: {_moment(tournament.started_at)}",
            f"- finished: {_moment(tournament.finished_at)}",
            "",
            "## Final standings",
            "",
            *_table(final, [("rank", "rank"), ("name", "name"), *_points_column(final)]),
            "",
        ]
        archive.writestr("README.md", "\n".join(summary + _files_section(files)))


def league_archive_write(league: League, out: IO[bytes]) -> None:
    """Write the league's archive (see the module's docstring) as a zip into ``out``."""
    seasons = list(Season.objects.filter(league=league).order_by("number"))
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        files = []
        for season in seasons:
            name = f"standings/season-{season.number:02d}.csv"
            archive.writestr(name, standings_csv(season.standings or []))
            files.append((name, f"the ladder when season {season.number} closed"))
        archive.writestr("pairings.json", _json(league_pairings(league)))
        files.append(("pairings.json", "every game of the league: its season, who sat where, and how they placed"))
        games = _write_games(archive, ExportFilter(league=league.pk, newest_first=False))
        files.append(("games.ndjson", f"its {games} finished games, one per line, oldest first"))
        last = seasons[-1].standings or [] if seasons else []
        summary = [
            f"# {league.name}",
            "",
            f"A league of `{league.game_id}` (config `{json.dumps(league.config)}`), "
            f"{league.seats_per_table} seats a table, rated by {league.get_rating_system_display()}, "
            f"{len(seasons)} season(s), {games} finished games.",
            "",
            f"- started: {_moment(league.started_at)}",
            f"- finished: {_moment(league.finished_at)}",
            "",
            "## The last season's final ladder",
            "",
            *_table(last, [("position", "place"), ("name", "name"), ("rating", "rating")]),
            "",
        ]
        archive.writestr("README.md", "\n".join(summary + _files_section(files)))


def league_pairings(league: League) -> list[dict[str, Any]]:
    """Every game of the league in order: season, whether a person's challenge, status, and seats."""
    rows = (
        LeagueGame.objects.filter(league=league)
        .select_related("season", "game")
        .prefetch_related("game__seats__competitor")
        .order_by("game_id")
    )
    return [
        {
            "game": row.game_id,
            "season": row.season.number,
            "challenge": row.challenge,
            "status": row.game.status,
            "seats": [
                {"index": seat.index, "competitor": seat.competitor_id, "name": seat.competitor.name, "rank": seat.rank}
                for seat in sorted(row.game.seats.all(), key=lambda seat: seat.index)
            ],
        }
        for row in rows
    ]


def _files_section(files: Sequence[tuple[str, str]]) -> list[str]:
    return [
        "## Files",
        "",
        *(f"- `{name}`: {words}" for name, words in files),
        "",
        "`python -m engine replay --verify games.ndjson` replays every game with the rules engine alone "
        "and confirms its outcome.",
        "",
    ]
