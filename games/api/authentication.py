"""``Authorization: Token <key>`` against the hashed tokens of :mod:`games.services.tokens`, and
the session; both answer a request that sends no credentials of theirs at once.

Most reads are public and send neither an Authorization header nor a session cookie. DRF's own
classes find that out the long way (the header through DRF's request proxy, the session by
evaluating Django's lazy user), which cost a read more than its URL resolution. Without credentials
each class returns None, as DRF's would: the request is then anonymous exactly as before (same
user, same ``auth``, same 401 and its ``WWW-Authenticate`` for an operation that needs a user).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest
from rest_framework.authentication import SessionAuthentication, TokenAuthentication
from rest_framework.exceptions import AuthenticationFailed
from rest_framework.request import Request

from games.models import ApiToken
from games.services.tokens import token_authenticate


def _django_request(request: Request | HttpRequest) -> HttpRequest:
    # The streams call the token class with Django's own request, DRF's views with theirs.
    return request._request if isinstance(request, Request) else request


class HashedTokenAuthentication(TokenAuthentication):
    """DRF's token scheme (same header, same answers), looking a key up by its digest."""

    model = ApiToken

    def authenticate(self, request: Any) -> tuple[Any, ApiToken] | None:
        if "HTTP_AUTHORIZATION" not in _django_request(request).META:
            return None  # what DRF's class answers to an absent header
        found: tuple[Any, ApiToken] | None = super().authenticate(request)
        return found

    def authenticate_credentials(self, key: str) -> tuple[Any, ApiToken]:
        token = token_authenticate(key)
        if token is None:
            raise AuthenticationFailed("Invalid token.")
        if not token.user.is_active:
            raise AuthenticationFailed("User inactive or deleted.")
        return token.user, token


class SessionCookieAuthentication(SessionAuthentication):
    """DRF's session scheme (CSRF checks included), skipped when no session cookie is sent: without
    one the session is empty and Django's user anonymous, so DRF's class would return None too."""

    def authenticate(self, request: Request) -> tuple[Any, None] | None:
        if settings.SESSION_COOKIE_NAME not in request._request.COOKIES:
            return None
        found: tuple[Any, None] | None = super().authenticate(request)
        return found
