"""``Authorization: Token <key>`` against the hashed tokens of :mod:`games.services.tokens`."""

from __future__ import annotations

from typing import Any

from rest_framework.authentication import TokenAuthentication
from rest_framework.exceptions import AuthenticationFailed

from games.models import ApiToken
from games.services.tokens import token_authenticate


class HashedTokenAuthentication(TokenAuthentication):
    """DRF's token scheme (same header, same answers), looking a key up by its digest."""

    model = ApiToken

    def authenticate_credentials(self, key: str) -> tuple[Any, ApiToken]:
        token = token_authenticate(key)
        if token is None:
            raise AuthenticationFailed("Invalid token.")
        if not token.user.is_active:
            raise AuthenticationFailed("User inactive or deleted.")
        return token.user, token
