"""Making, using and revoking API tokens.

Only a token's digest is stored (:mod:`games.models.tokens`), so a key can be shown only once, when
it is made: ``POST /api/auth/token/`` makes a new token at every log-in. A user holds at most
``API_TOKENS_PER_USER``; making one more drops the one used least recently, so a script that logs
in on every run does not pile tokens up. When a token was last used is kept to the hour
(``TOKEN_LAST_USED_RESOLUTION``): a request writes nothing while its token's record is fresh.
"""

from __future__ import annotations

import functools
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import connection, router, transaction
from django.db.models import Field
from django.db.models.functions import Coalesce
from django.utils import timezone

from games.models import ApiToken
from games.models.tokens import HINT_LENGTH, new_token_key, token_digest
from games.selectors.lists import fetch
from games.services.errors import InvalidInput, NotFound

TOKEN_LAST_USED_RESOLUTION = timedelta(hours=1)
MAX_TOKEN_NAME = 100
LOGIN_TOKEN_NAME = "log-in (POST /api/auth/token/)"


@transaction.atomic
def token_create(*, user: AbstractBaseUser, name: str = "") -> tuple[ApiToken, str]:
    """A new token for ``user``: the row and its key (the only time the key is known)."""
    name = name.strip()
    if len(name) > MAX_TOKEN_NAME:
        raise InvalidInput(f"a token's name is at most {MAX_TOKEN_NAME} characters", field="name")
    # One creation at a time per user, so two log-ins cannot both keep the limit's last place.
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()
    kept = settings.API_TOKENS_PER_USER - 1
    # A token never used counts as used when it was made.
    least_recently_used = ApiToken.objects.filter(user_id=user.pk).order_by(
        Coalesce("last_used_at", "created_at").desc(), "-id"
    )[kept:]
    ApiToken.objects.filter(pk__in=list(least_recently_used.values_list("pk", flat=True))).delete()
    key = new_token_key()
    token = ApiToken.objects.create(
        user_id=user.pk, digest=token_digest(key), hint=key[:HINT_LENGTH], name=name
    )
    return token, key


def token_revoke(*, user: AbstractBaseUser, token_pk: int) -> None:
    """Delete one of the user's tokens; at once, no request with it gets in again. Another user's
    token is reported missing, so its existence is not revealed."""
    deleted, _ = ApiToken.objects.filter(pk=token_pk, user_id=user.pk).delete()
    if not deleted:
        raise NotFound(f"you have no token {token_pk}")


@functools.cache
def _token_read() -> tuple[str, tuple[Field[Any, Any], ...], int]:
    """The token-and-user query of :func:`token_authenticate`, its fields, and where the user's begin."""
    user_model = get_user_model()
    token_fields = tuple(ApiToken._meta.concrete_fields)
    user_fields = tuple(user_model._meta.concrete_fields)
    quote = connection.ops.quote_name
    token_table, user_table = quote(ApiToken._meta.db_table), quote(user_model._meta.db_table)
    columns = [f"{token_table}.{quote(f.column)}" for f in token_fields]
    columns += [f"{user_table}.{quote(f.column)}" for f in user_fields]
    sql = (
        f"SELECT {', '.join(columns)} FROM {token_table} JOIN {user_table} "
        f"ON {user_table}.{quote(user_model._meta.pk.column)} = {token_table}.{quote('user_id')} "
        f"WHERE {token_table}.{quote('digest')} = %s"
    )
    return sql, (*token_fields, *user_fields), len(token_fields)


def token_authenticate(key: str) -> ApiToken | None:
    """The live token with this key (its user loaded), or None: every request with a token asks,
    so the token and its user are one query of hand-written SQL (as the ORM's select_related)."""
    sql, fields, split = _token_read()
    found = fetch(sql, [token_digest(key)], fields, prepared=True)
    if not found:
        return None
    row = found[0]
    names = [field.attname for field in fields]
    db = router.db_for_read(ApiToken)
    token = ApiToken.from_db(db, names[:split], row[:split])
    token.user = get_user_model().from_db(db, names[split:], row[split:])
    now = timezone.now()
    if token.last_used_at is None or now - token.last_used_at >= TOKEN_LAST_USED_RESOLUTION:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
        token.last_used_at = now
    return token
