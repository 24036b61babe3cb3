"""django-allauth's hooks for this site: every sign-up makes its Player through
``games.services.players`` (one path for everyone), the primary address stays until another takes
its place, and too many failed log-ins get the same 429 page as every other throttled account form."""

from __future__ import annotations

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from allauth.account.models import EmailAddress
from allauth.core.exceptions import ImmediateHttpResponse
from allauth.core.ratelimit import respond_429
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.forms import BaseForm
from django.http import HttpRequest

from games.services.players import player_create


class AccountAdapter(DefaultAccountAdapter):
    def save_user(
        self, request: HttpRequest, user: AbstractBaseUser, form: BaseForm, commit: bool = True
    ) -> AbstractBaseUser:
        if not commit:
            return super().save_user(request, user, form, commit=False)
        data = form.cleaned_data
        player = player_create(
            username=data["username"], password=data.get("password1") or None, email=data.get("email") or ""
        )
        return player.user

    def pre_authenticate(self, request: HttpRequest, **credentials: Any) -> None:
        # allauth refuses a log-in over its "login_failed" limit (per address and per username
        # tried) with a form error; a refusal for throttling is a 429, as for every other limit.
        try:
            super().pre_authenticate(request, **credentials)
        except ValidationError:
            raise ImmediateHttpResponse(respond_429(request)) from None

    def can_delete_email(self, email_address: EmailAddress) -> bool:
        # Sign-up asks for an address: an account keeps one for its mails and password resets. To
        # change it, a person adds the new one, verifies it and makes it primary.
        return not email_address.primary and super().can_delete_email(email_address)
