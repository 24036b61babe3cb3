"""Making, using and revoking API tokens.

Only a token's digest is stored (:mod:`games.models.tokens`), so a key can be shown only once, when
it is made: ``POST /api/auth/token/`` makes a new token at every log-in. A user holds at most
``API_TOKENS_PER_USER``; making one more drops the one used least recently, so a script that logs
in on every run does not pile tokens up. When a token was last used is kept to the hour
(``TOKEN_LAST_USED_RESOLUTION``): a request writes nothing while its token's record is fresh.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models.functions import Coalesce
from django.utils import timezone

from games.models import ApiToken
from games.models.tokens import HINT_LENGTH, new_token_key, token_digest
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


def token_authenticate(key: str) -> ApiToken | None:
    """The live token with this key (its user loaded), or None."""
    token = ApiToken.objects.select_related("user").filter(digest=token_digest(key)).first()
    if token is None:
        return None
    now = timezone.now()
    if token.last_used_at is None or now - token.last_used_at >= TOKEN_LAST_USED_RESOLUTION:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
        token.last_used_at = now
    return token
