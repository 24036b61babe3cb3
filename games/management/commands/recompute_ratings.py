from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from games.services.ratings import ratings_recompute


class Command(BaseCommand):
    help = "Rebuild every rating and rating change from the stored results, in the order they were applied."

    def handle(self, *args: Any, **options: Any) -> None:
        report = ratings_recompute()
        self.stdout.write(
            f"recomputed {report.ratings} ratings over {report.games} rated games; "
            f"{report.changed_ratings} differed from the stored ones "
            f"(largest difference {report.largest_difference:.6f})"
        )
