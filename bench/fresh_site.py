"""A bench's own site: a PostgreSQL database made anew and migrated, and this process's Django on it
with the server's settings (bench/api_server.py), so the bench can write what the server reads."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from api_server import server_env

# What this process needs of the server's environment to run Django as the server does.
SHARED = (
    "DJANGO_SETTINGS_MODULE",
    "DJANGO_SECRET_KEY",
    "DJANGO_ALLOWED_HOSTS",
    "DATABASE_URL",
    "CELERY_BROKER_URL",
    "CACHE_URL",
)


def fresh_site(root: Path, database_url: str, redis_url: str) -> dict[str, str]:
    """Drop and make ``database_url``'s database, set up Django on it and migrate; the server's
    environment."""
    env = server_env(root, database_url, redis_url) | {"PYTHONPATH": str(root)}
    os.environ.update({key: env[key] for key in SHARED})
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))  # the server's settings (bench.api_site), for this process too
    import django
    import psycopg

    admin, name = database_url.rsplit("/", 1)
    with psycopg.connect(admin + "/postgres", autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}"')
        connection.execute(f'CREATE DATABASE "{name}"')
    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    return env
