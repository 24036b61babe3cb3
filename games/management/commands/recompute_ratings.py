from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from tqdm import tqdm

from games.selectors.ratings import rated_games_count
from games.services.ratings import ratings_recompute


class Command(BaseCommand):
    help = "Rebuild every rating and rating change from the stored results, in the order they were applied."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--no-progress",
            action="store_true",
            help="no progress bar (there is none anyway when stderr is not a terminal)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        # The bar goes to the process's stderr, where a person watches, not to the command's stdout.
        show = not options["no_progress"] and sys.stderr.isatty()
        # Counting the games costs a scan of the changes: only for a bar someone will see.
        with tqdm(
            total=rated_games_count() if show else None,
            unit=" games",
            file=sys.stderr,
            disable=not show,
        ) as bar:
            report = ratings_recompute(on_progress=bar.update)
        self.stdout.write(
            f"recomputed {report.ratings} ratings over {report.games} rated games; "
            f"{report.changed_ratings} differed from the stored ones "
            f"(largest difference {report.largest_difference:.6f})"
        )
