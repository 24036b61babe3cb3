"""Drop the indexes of the games app that a composite index (or unique constraint) already leads
with: 22 foreign keys' and a game's ``game_id`` (with, on PostgreSQL, Django's second index on it
for LIKE, which nothing asks). A person's move wrote five of them, seven entries (its game's and
seats' updates change indexed columns, so none of them is HOT): 25 index entries a move before, 18
after. A game's end wrote its ratings', rating changes' and notifications'.

The database is only told to drop the indexes: Django's own AlterField would also drop and add back
the foreign keys, checking every stored seat and move again under a lock.
"""

from typing import Any

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

# (table, column, index name as Django named it on every database)
DROPPED = [
    ("games_botactivation", "bot_id", "games_botactivation_bot_id_1a7c4244"),
    ("games_botfault", "bot_id", "games_botfault_bot_id_13554b55"),
    ("games_botversion", "bot_id", "games_botversion_bot_id_5214450f"),
    ("games_challengeseat", "challenge_id", "games_challengeseat_challenge_id_1e9169ac"),
    ("games_entry", "tournament_id", "games_entry_tournament_id_b772c5a4"),
    ("games_game", "game_id", "games_game_game_id_060bc66b"),
    ("games_leagueentry", "league_id", "games_leagueentry_league_id_75dbd536"),
    ("games_leaguegame", "league_id", "games_leaguegame_league_id_7d4ce7cf"),
    ("games_match", "round_id", "games_match_round_id_18a8de5b"),
    ("games_matchgame", "match_id", "games_matchgame_match_id_bf190a06"),
    ("games_move", "game_id", "games_move_game_id_aca66fc5"),
    ("games_notification", "game_id", "games_notification_game_id_c410f633"),
    ("games_notification", "user_id", "games_notification_user_id_d7af6374"),
    ("games_rating", "competitor_id", "games_rating_competitor_id_cd9686ea"),
    ("games_ratingchange", "competitor_id", "games_ratingchange_competitor_id_bf462d97"),
    ("games_round", "tournament_id", "games_round_tournament_id_e8070a98"),
    ("games_season", "league_id", "games_season_league_id_7ea38c8c"),
    ("games_seat", "competitor_id", "games_seat_competitor_id_596fdcdf"),
    ("games_seat", "game_id", "games_seat_game_id_ad720f5b"),
    ("games_tournamentevent", "tournament_id", "games_tournamentevent_tournament_id_af82ae99"),
    ("games_versiontest", "bot_id", "games_versiontest_bot_id_8a86aa7c"),
    ("games_versiontest", "owner_id", "games_versiontest_owner_id_3c0392f2"),
    ("games_versiontestdeal", "test_id", "games_versiontestdeal_test_id_b7230e73"),
]
LIKE_INDEX = "games_game_game_id_060bc66b_like"  # PostgreSQL only


def drop(apps: Any, schema_editor: Any) -> None:
    for _, _, name in DROPPED:
        schema_editor.execute(f'DROP INDEX IF EXISTS "{name}"')
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f'DROP INDEX IF EXISTS "{LIKE_INDEX}"')


def create(apps: Any, schema_editor: Any) -> None:
    for table, column, name in DROPPED:
        schema_editor.execute(f'CREATE INDEX IF NOT EXISTS "{name}" ON "{table}" ("{column}")')
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(
            f'CREATE INDEX IF NOT EXISTS "{LIKE_INDEX}" ON "games_game" ("game_id" varchar_pattern_ops)'
        )


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0021_season_game_count"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="botactivation",
                    name="bot",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="activations",
                        to="games.bot",
                    ),
                ),
                migrations.AlterField(
                    model_name="botfault",
                    name="bot",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="faults",
                        to="games.bot",
                    ),
                ),
                migrations.AlterField(
                    model_name="botversion",
                    name="bot",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="versions",
                        to="games.bot",
                    ),
                ),
                migrations.AlterField(
                    model_name="challengeseat",
                    name="challenge",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="seat_plan",
                        to="games.challenge",
                    ),
                ),
                migrations.AlterField(
                    model_name="entry",
                    name="tournament",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="entries",
                        to="games.tournament",
                    ),
                ),
                migrations.AlterField(
                    model_name="game",
                    name="game_id",
                    field=models.CharField(max_length=40),
                ),
                migrations.AlterField(
                    model_name="leagueentry",
                    name="league",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="league_entries",
                        to="games.league",
                    ),
                ),
                migrations.AlterField(
                    model_name="leaguegame",
                    name="league",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="league_games",
                        to="games.league",
                    ),
                ),
                migrations.AlterField(
                    model_name="match",
                    name="round",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="matches",
                        to="games.round",
                    ),
                ),
                migrations.AlterField(
                    model_name="matchgame",
                    name="match",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="match_games",
                        to="games.match",
                    ),
                ),
                migrations.AlterField(
                    model_name="move",
                    name="game",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="moves",
                        to="games.game",
                    ),
                ),
                migrations.AlterField(
                    model_name="notification",
                    name="game",
                    field=models.ForeignKey(
                        blank=True,
                        db_index=False,
                        null=True,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="games.game",
                    ),
                ),
                migrations.AlterField(
                    model_name="notification",
                    name="user",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="notifications",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                migrations.AlterField(
                    model_name="rating",
                    name="competitor",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="ratings",
                        to="games.competitor",
                    ),
                ),
                migrations.AlterField(
                    model_name="ratingchange",
                    name="competitor",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="rating_changes",
                        to="games.competitor",
                    ),
                ),
                migrations.AlterField(
                    model_name="round",
                    name="tournament",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="round_set",
                        to="games.tournament",
                    ),
                ),
                migrations.AlterField(
                    model_name="season",
                    name="league",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="seasons",
                        to="games.league",
                    ),
                ),
                migrations.AlterField(
                    model_name="seat",
                    name="competitor",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="seats",
                        to="games.competitor",
                    ),
                ),
                migrations.AlterField(
                    model_name="seat",
                    name="game",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="seats",
                        to="games.game",
                    ),
                ),
                migrations.AlterField(
                    model_name="tournamentevent",
                    name="tournament",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="events",
                        to="games.tournament",
                    ),
                ),
                migrations.AlterField(
                    model_name="versiontest",
                    name="bot",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="version_tests",
                        to="games.bot",
                    ),
                ),
                migrations.AlterField(
                    model_name="versiontest",
                    name="owner",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="version_tests",
                        to="games.player",
                    ),
                ),
                migrations.AlterField(
                    model_name="versiontestdeal",
                    name="test",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="deals",
                        to="games.versiontest",
                    ),
                ),
            ],
            database_operations=[migrations.RunPython(drop, create)],
        )
    ]
