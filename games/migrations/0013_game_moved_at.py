"""When each game last moved, and when the stall sweep last handed its bots to a worker again.

Existing games get the time of their last stored move (their creation before the first), read
through the unique (game, number) index: one probe per game.
"""

import django.utils.timezone
from django.db import migrations, models


def last_move_times(apps, schema_editor) -> None:
    game = apps.get_model("games", "Game")
    move = apps.get_model("games", "Move")
    quote = schema_editor.quote_name
    games, moves = quote(game._meta.db_table), quote(move._meta.db_table)
    schema_editor.execute(
        f"UPDATE {games} SET moved_at = COALESCE("
        f"(SELECT m.created_at FROM {moves} AS m WHERE m.game_id = {games}.id AND m.number = {games}.version), "
        f"{games}.created_at)"
    )


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0012_ratingchange_fillfactor"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="bots_requeued_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="game",
            name="moved_at",
            field=models.DateTimeField(default=django.utils.timezone.now),
        ),
        migrations.RunPython(last_move_times, migrations.RunPython.noop),
    ]
