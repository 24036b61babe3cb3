"""``manage.py verify``: every stored game replayed, ratings and standings recomputed from the moves,
and each difference printed (``games.services.verify``). Exits 1 when there is one; writes nothing."""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from tqdm import tqdm

from games.models import Game, League, Tournament
from games.selectors.ratings import rated_games_count
from games.services.verify import stored_data_verify


class Command(BaseCommand):
    help = (
        "Replay every stored game, recompute ratings and standings from the moves, and print each "
        "difference from what is stored (exit status 1 if there is one). Changes nothing."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--no-progress",
            action="store_true",
            help="no progress bar (there is none anyway when stderr is not a terminal)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        # The bars go to the process's stderr, where a person watches; the differences to stdout.
        show = not options["no_progress"] and sys.stderr.isatty()
        bars: dict[str, tqdm[Any]] = {}

        def on_progress(phase: str, count: int) -> None:
            bar = bars.get(phase)
            if bar is None:
                for other in bars.values():
                    other.close()
                bar = bars[phase] = tqdm(total=_total(phase), desc=phase, unit="", file=sys.stderr)
            bar.update(count)

        def on_difference(text: str) -> None:
            self.stdout.write(text)

        report = stored_data_verify(on_difference=on_difference, on_progress=on_progress if show else None)
        for bar in bars.values():
            bar.close()
        summary = (
            f"verified {report.games} games, {report.rated_games} rated games' ratings, "
            f"{report.tournaments} tournaments and {report.leagues} leagues: "
        )
        if report.differences:
            raise CommandError(summary + f"{report.differences} differences from what is stored")
        self.stdout.write(summary + "no difference")


def _total(phase: str) -> int | None:
    """How many items a phase has, for its bar (counted only for a bar someone watches)."""
    if phase == "games":
        return Game.objects.count()
    if phase == "ratings":
        return rated_games_count()
    if phase == "tournaments":
        return Tournament.objects.filter(current_round__gt=0).count()
    if phase == "leagues":
        return League.objects.count()
    return None
