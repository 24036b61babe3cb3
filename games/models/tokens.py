"""API tokens, stored as digests: the database never holds a key that would let anyone in."""

from __future__ import annotations

import hashlib
import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone

# As many hex digits as DRF's own tokens had, so clients that stored a key see no difference.
KEY_BYTES = 20
HINT_LENGTH = 4


def new_token_key() -> str:
    return secrets.token_hex(KEY_BYTES)


def token_digest(key: str) -> str:
    """The SHA-256 of a key. Keys are 160 random bits, so no salt or slow hash is needed: the
    digest of one cannot be found by guessing keys, and a leaked digest opens nothing."""
    return hashlib.sha256(key.encode()).hexdigest()


class ApiToken(models.Model):
    """A key for ``Authorization: Token <key>``. The key is shown once, when it is made; what is
    kept is its digest, its first characters (to tell tokens apart in a list) and when it was used."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    digest = models.CharField(max_length=64, unique=True)
    hint = models.CharField(max_length=HINT_LENGTH, help_text="the key's first characters")
    name = models.CharField(max_length=100, blank=True, help_text="what the token is for")
    created_at = models.DateTimeField(default=timezone.now)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["user", "-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.hint}… of {self.user} ({self.name or 'unnamed'})"
