"""API tokens are stored as digests, shown once, listed without their keys and revocable.

A dump of the database (every row of every table, as text) holds no key that lets anyone in; a
revoked token is refused at once; the keys of DRF's old plain table keep working once hashed.
"""

from __future__ import annotations

import importlib
from datetime import timedelta
from typing import Any

import pytest
from django.apps import apps as django_apps
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from games.models import ApiToken, Player
from games.models.tokens import token_digest
from games.services import tokens as token_service
from games.services.tokens import token_create
from tests.games.factories import PlayerFactory

pytestmark = pytest.mark.django_db

PASSWORD = "correct horse battery staple"


def log_in(player: Player) -> str:
    response = APIClient().post(
        reverse("api-token"), {"username": player.user.username, "password": PASSWORD}, format="json"
    )
    assert response.status_code == 200, response.content
    assert set(response.json()) == {"token"}  # the answer DRF's ObtainAuthToken gave
    assert response["Cache-Control"] == "no-store"
    return str(response.json()["token"])


def with_token(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def database_dump() -> str:
    """Every row of every table of the database, as PostgreSQL (or SQLite) prints it."""
    rows = []
    with connection.cursor() as cursor:
        for table in connection.introspection.table_names():
            quoted = connection.ops.quote_name(table)
            if connection.vendor == "postgresql":
                cursor.execute(f"SELECT t::text FROM {quoted} AS t")
            else:
                cursor.execute(f"SELECT * FROM {quoted}")
            rows += [table + repr(row) for row in cursor.fetchall()]
    return "\n".join(rows)


def test_a_log_in_token_works_and_the_database_holds_only_its_digest(players: list[Player]) -> None:
    key = log_in(players[0])
    assert with_token(key).get(reverse("api-me")).json()["player"] == players[0].pk
    dump = database_dump()
    assert key not in dump
    assert key[:8] not in dump  # not even a prefix long enough to narrow a search
    [token] = ApiToken.objects.filter(user=players[0].user)
    assert token.digest == token_digest(key) and token.digest in dump
    # What the dump does hold opens nothing: the digest (or the hint) as a key is refused.
    for stolen in (token.digest, token.hint):
        assert with_token(stolen).get(reverse("api-me")).status_code == 401


def test_each_log_in_makes_a_new_token_and_both_work(players: list[Player]) -> None:
    first, second = log_in(players[0]), log_in(players[0])
    assert first != second
    for key in (first, second):
        assert with_token(key).get(reverse("api-me")).status_code == 200


def test_a_revoked_token_is_refused_at_once(players: list[Player]) -> None:
    kept, revoked = log_in(players[0]), log_in(players[0])
    client = with_token(kept)
    listed = client.get(reverse("api-me-tokens")).json()["results"]
    assert len(listed) == 2
    assert all(set(row) == {"id", "name", "hint", "created_at", "last_used_at"} for row in listed)
    [target] = [
        row["id"] for row in listed if revoked.startswith(row["hint"]) and not kept.startswith(row["hint"])
    ]
    assert client.delete(reverse("api-me-token", kwargs={"pk": target})).status_code == 204
    refused = with_token(revoked).get(reverse("api-me"))
    assert refused.status_code == 401
    assert refused.json()["detail"] == "Invalid token."
    assert client.get(reverse("api-me")).status_code == 200  # the other token is untouched
    # Revoking it again, or another user's token, finds nothing (and reveals nothing).
    assert client.delete(reverse("api-me-token", kwargs={"pk": target})).status_code == 404
    others = token_create(user=players[1].user)[0]
    assert client.delete(reverse("api-me-token", kwargs={"pk": others.pk})).status_code == 404
    assert ApiToken.objects.filter(pk=others.pk).exists()


def test_a_token_cannot_make_tokens_but_a_session_can(players: list[Player]) -> None:
    by_token = with_token(log_in(players[0])).post(reverse("api-me-tokens"), {"name": "ci"}, format="json")
    assert by_token.status_code == 403, by_token.content
    assert ApiToken.objects.filter(user=players[0].user).count() == 1
    session = APIClient()
    session.force_login(players[0].user)
    made = session.post(reverse("api-me-tokens"), {"name": "ci"}, format="json")
    assert made.status_code == 201 and made["Cache-Control"] == "no-store"
    body = made.json()
    assert body["name"] == "ci" and body["token"].startswith(body["hint"])
    assert with_token(body["token"]).get(reverse("api-me")).status_code == 200
    # The key is never shown again.
    assert body["token"] not in session.get(reverse("api-me-tokens")).content.decode()


def test_a_users_tokens_are_capped_dropping_the_least_recently_used(
    settings: Any, players: list[Player]
) -> None:
    settings.API_TOKENS_PER_USER = 3
    user = players[0].user
    keys = [token_create(user=user, name=f"t{n}")[1] for n in range(3)]
    assert with_token(keys[0]).get(reverse("api-me")).status_code == 200  # t0 is the one in use
    token_create(user=user, name="t3")
    assert sorted(ApiToken.objects.filter(user=user).values_list("name", flat=True)) == ["t0", "t2", "t3"]
    assert with_token(keys[1]).get(reverse("api-me")).status_code == 401


def test_a_tokens_use_is_recorded_to_the_hour(players: list[Player], monkeypatch: pytest.MonkeyPatch) -> None:
    token, key = token_create(user=players[0].user)
    assert token.last_used_at is None
    client = with_token(key)
    client.get(reverse("api-me"))
    token.refresh_from_db()
    first = token.last_used_at
    assert first is not None
    later = first + timedelta(minutes=59)
    monkeypatch.setattr(token_service.timezone, "now", lambda: later)
    client.get(reverse("api-me"))
    token.refresh_from_db()
    assert token.last_used_at == first  # no write within the hour
    much_later = first + timedelta(hours=2)
    monkeypatch.setattr(token_service.timezone, "now", lambda: much_later)
    client.get(reverse("api-me"))
    token.refresh_from_db()
    assert token.last_used_at == much_later


def test_a_token_of_an_inactive_user_is_refused(players: list[Player]) -> None:
    key = log_in(players[0])
    players[0].user.is_active = False
    players[0].user.save()
    assert with_token(key).get(reverse("api-me")).status_code == 401


def test_the_settings_page_makes_shows_once_and_revokes_tokens(players: list[Player]) -> None:
    browser = Client()
    browser.force_login(players[0].user)
    made = browser.post(reverse("settings-token-add"), {"name": "my script"})
    assert made.status_code == 200 and "no-store" in made["Cache-Control"]
    page = made.content.decode()
    [token] = ApiToken.objects.filter(user=players[0].user)
    key = page.split('data-testid="new-token"')[1].split("<code>")[1].split("</code>")[0]
    assert token_digest(key) == token.digest
    assert with_token(key).get(reverse("api-me")).status_code == 200
    again = browser.get(reverse("settings")).content.decode()
    assert key not in again and "my script" in again and f"{token.hint}…" in again
    revoked = browser.post(reverse("settings-token-revoke", kwargs={"pk": token.pk}), follow=True)
    assert revoked.status_code == 200 and "Token revoked" in revoked.content.decode()
    assert with_token(key).get(reverse("api-me")).status_code == 401
    # Another user's token cannot be revoked from one's own page.
    other, _ = token_create(user=players[1].user)
    browser.post(reverse("settings-token-revoke", kwargs={"pk": other.pk}))
    assert ApiToken.objects.filter(pk=other.pk).exists()


def test_a_too_long_name_is_refused_on_the_page_and_in_the_api(players: list[Player]) -> None:
    browser = Client()
    browser.force_login(players[0].user)
    assert browser.post(reverse("settings-token-add"), {"name": "x" * 101}).status_code == 400
    session = APIClient()
    session.force_login(players[0].user)
    assert session.post(reverse("api-me-tokens"), {"name": "x" * 101}, format="json").status_code == 400
    assert not ApiToken.objects.exists()


def test_the_migration_hashes_drf_plain_keys_which_keep_working() -> None:
    """0014 reads DRF's ``authtoken_token`` (when a database still has it), keeps each key as a
    digest for the same user and deletes the plain keys."""
    migration = importlib.import_module("games.migrations.0014_api_tokens")
    person = PlayerFactory()
    old_key = "0123456789abcdef0123456789abcdef01234567"
    with connection.cursor() as cursor:
        cursor.execute(
            "CREATE TABLE authtoken_token (key varchar(40) PRIMARY KEY, created timestamp with time zone "
            "NOT NULL, user_id integer NOT NULL UNIQUE)"
            if connection.vendor == "postgresql"
            else "CREATE TABLE authtoken_token (key varchar(40) PRIMARY KEY, created datetime NOT NULL, "
            "user_id integer NOT NULL UNIQUE)"
        )
        cursor.execute(
            "INSERT INTO authtoken_token (key, created, user_id) VALUES (%s, %s, %s)",
            [old_key, timezone.now(), person.user_id],
        )
    with connection.schema_editor() as editor:
        migration.hash_plain_tokens(django_apps, editor)
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM authtoken_token")
        assert cursor.fetchone()[0] == 0
    assert old_key not in database_dump()
    assert with_token(old_key).get(reverse("api-me")).json()["player"] == person.pk
    assert ApiToken.objects.get(user=person.user).hint == old_key[:4]
