"""``manage.py export_games``: finished games as ndjson, as ``GET /api/games/export/`` writes them.

The same filters (``--player 3 --since 2026-11-01T00:00:00Z --sort dateAsc ...``), refused with the
same words; the lines go to ``--output`` (or stdout), a progress bar to stderr when someone watches.
``python -m engine replay --verify FILE`` checks what it wrote.
"""

from __future__ import annotations

import os
import sys
from typing import IO, Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from tqdm import tqdm

from games.api.export_filters import SORTS, ExportFilterForm
from games.selectors.exports import export_chunks, export_count

FILTERS = ("player", "bot", "game", "tournament", "league", "version_test", "rated", "since", "until", "sort", "max")


class Command(BaseCommand):
    help = "Write finished games as ndjson (one game per line), with the API export's filters."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--player", help="only games in which this player (id) sat")
        parser.add_argument("--bot", help="only games in which this bot (id) sat")
        parser.add_argument("--game", help="only this game id (mulligan, golf, ...)")
        parser.add_argument("--tournament", help="only this tournament's games")
        parser.add_argument("--league", help="only this league's games")
        parser.add_argument("--version-test", dest="version_test", help="only this version test's games")
        parser.add_argument("--rated", choices=["true", "false"], help="only rated or unrated games")
        parser.add_argument("--since", help="created at or after: ISO 8601 date-time, or ms since 1970")
        parser.add_argument("--until", help="created before (as --since)")
        parser.add_argument("--sort", choices=list(SORTS), help="dateDesc (default, newest first) or dateAsc")
        parser.add_argument("--max", help="at most this many games")
        parser.add_argument("--output", "-o", default="-", help="the file to write (default -: stdout)")
        parser.add_argument("--no-progress", action="store_true", help="no progress bar")

    def handle(self, *args: Any, **options: Any) -> None:
        form = ExportFilterForm({name: options[name] for name in FILTERS if options[name] is not None})
        if not form.is_valid():
            raise CommandError(
                "; ".join(f"--{name}: {' '.join(messages)}" for name, messages in form.problems().items())
            )
        chosen = form.export_filter()
        path = options["output"]
        out: IO[bytes] = sys.stdout.buffer if path == "-" else open(path, "wb")  # noqa: SIM115
        show = not options["no_progress"] and sys.stderr.isatty()
        # Counted only for a bar someone watches: a count of millions of games takes a while.
        bar = tqdm(total=export_count(chosen) if show else None, unit=" games", file=sys.stderr, disable=not show)
        written = 0
        try:
            for games, text in export_chunks(chosen):
                out.write(text)
                written += games
                bar.update(games)
            out.flush()
        except BrokenPipeError:
            # `export_games | head`: the reader has what it wanted. Stop quietly, and keep Python
            # from complaining when it flushes stdout at exit.
            os.dup2(os.open(os.devnull, os.O_WRONLY), out.fileno())
            return
        finally:
            bar.close()
            if out is not sys.stdout.buffer:
                out.close()
        where = "stdout" if path == "-" else path
        self.stderr.write(f"exported {written} games to {where}")
