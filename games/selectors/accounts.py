"""Reads of people's e-mail addresses (django-allauth's EmailAddress): which address a mail may go to.

Only a verified primary address receives mail. An account whose ``user.email`` was set without an
EmailAddress row (made by the API or a script before sign-up went through allauth) has never proved
it owns that address, so it counts as unverified.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from allauth.account.models import EmailAddress
from django.contrib.auth.models import AbstractBaseUser


def verified_primary_emails(user_ids: Iterable[int]) -> dict[int, str]:
    """The verified primary address of each of these users that has one (one query)."""
    return dict(
        EmailAddress.objects.filter(user_id__in=set(user_ids), primary=True, verified=True).values_list(
            "user_id", "email"
        )
    )


def email_addresses_of(user: AbstractBaseUser) -> list[EmailAddress]:
    """The user's addresses, the primary first."""
    return list(EmailAddress.objects.filter(user_id=user.pk).order_by("-primary", "email"))


@dataclass(frozen=True)
class MailState:
    """Where notification mails go, and if they cannot, why."""

    address: str  # the primary address, or the account's e-mail field; "" when there is none
    verified: bool

    @property
    def reachable(self) -> bool:
        return bool(self.address) and self.verified

    @property
    def reason(self) -> str:
        """Why no notification mail goes out ("" when they do)."""
        if not self.address:
            return "your account has no e-mail address"
        if not self.verified:
            return f"your address {self.address} is not verified yet"
        return ""


def mail_state(user: AbstractBaseUser) -> MailState:
    primary = EmailAddress.objects.filter(user_id=user.pk, primary=True).first()
    if primary is not None:
        return MailState(primary.email, primary.verified)
    return MailState(getattr(user, "email", "") or "", verified=False)
