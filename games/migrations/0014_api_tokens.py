"""API tokens stored as SHA-256 digests (``games.ApiToken``) instead of DRF's plain keys.

Every key of DRF's ``authtoken_token`` table becomes a token of the same user under its digest, so
existing clients keep working, and the plain keys are then deleted: afterwards the database (and a
dump of it) holds no key that would let anyone in. ``rest_framework.authtoken`` is no longer an
installed app; its emptied table is left as it is. Going back cannot bring the keys back.
"""

import hashlib

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models

PLAIN_TOKENS = "authtoken_token"
HINT_LENGTH = 4


def hash_plain_tokens(apps, schema_editor) -> None:
    connection = schema_editor.connection
    if PLAIN_TOKENS not in connection.introspection.table_names():
        return  # a database made after DRF's tokens were gone
    ApiToken = apps.get_model("games", "ApiToken")
    table = schema_editor.quote_name(PLAIN_TOKENS)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT key, user_id, created FROM {table}")
        rows = cursor.fetchall()
    ApiToken.objects.bulk_create(
        [
            ApiToken(
                user_id=user_id,
                digest=hashlib.sha256(key.encode()).hexdigest(),
                hint=key[:HINT_LENGTH],
                name="made before tokens were hashed",
                created_at=created,
            )
            for key, user_id, created in rows
        ]
    )
    with connection.cursor() as cursor:
        cursor.execute(f"DELETE FROM {table}")


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0013_game_moved_at"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="ApiToken",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("digest", models.CharField(max_length=64, unique=True)),
                ("hint", models.CharField(help_text="the key's first characters", max_length=4)),
                ("name", models.CharField(blank=True, help_text="what the token is for", max_length=100)),
                ("created_at", models.DateTimeField(default=django.utils.timezone.now)),
                ("last_used_at", models.DateTimeField(blank=True, null=True)),
                (
                    "user",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="api_tokens",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={"ordering": ["user", "-created_at", "-id"]},
        ),
        migrations.RunPython(hash_plain_tokens, migrations.RunPython.noop),
    ]
