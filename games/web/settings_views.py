"""``/settings/``: a player's e-mail addresses (managed on allauth's pages), notification switches,
webhook URL and secret, vacations and API tokens.

Every form posts to its own URL and comes back to the page (post/redirect/get); a refusal from a
service is shown on its form, with status 400, and changes nothing.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from games.api.notification_serializers import SWITCH_FIELDS
from games.models import NotificationSettings
from games.selectors.accounts import email_addresses_of, mail_state
from games.services.errors import ServiceError
from games.services.notifications import (
    notification_secret_rotate,
    notification_settings_for,
    notification_settings_update,
    notify_test,
)
from games.services.players import player_for_user
from games.services.tokens import MAX_TOKEN_NAME, token_create, token_revoke
from games.services.vacations import vacation_book, vacation_cancel

DATETIME_INPUT = "%Y-%m-%dT%H:%M"


class NotificationSettingsForm(forms.ModelForm):
    class Meta:
        model = NotificationSettings
        fields = [*SWITCH_FIELDS, "webhook_url"]
        labels = {
            "email_turn": "E-mail: your turn",
            "email_deadline": "E-mail: deadline near",
            "email_round": "E-mail: round started",
            "webhook_turn": "Webhook: your turn",
            "webhook_deadline": "Webhook: deadline near",
            "webhook_round": "Webhook: round started",
            "webhook_url": "Webhook URL",
        }
        widgets = {
            "webhook_url": forms.URLInput(attrs={"size": 60, "placeholder": "https://example.com/hook"})
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The switches sit in a table without <label>s: each is named for screen readers.
        for name in SWITCH_FIELDS:
            self.fields[name].widget.attrs["aria-label"] = self.Meta.labels[name]


class TokenForm(forms.Form):
    name = forms.CharField(
        label="What it is for",
        max_length=MAX_TOKEN_NAME,
        required=False,
        widget=forms.TextInput(attrs={"size": 40}),
    )


class VacationForm(forms.Form):
    starts_at = forms.DateTimeField(
        label="From (UTC)",
        input_formats=[DATETIME_INPUT, "%Y-%m-%d %H:%M"],
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format=DATETIME_INPUT),
    )
    ends_at = forms.DateTimeField(
        label="Until (UTC)",
        input_formats=[DATETIME_INPUT, "%Y-%m-%d %H:%M"],
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format=DATETIME_INPUT),
    )


def _page(request: HttpRequest, status: int = 200, **forms_given: Any) -> HttpResponse:
    found = notification_settings_for(request.user)
    player = player_for_user(request.user)
    now = timezone.now()
    context = {
        "settings_form": forms_given.get("settings_form") or NotificationSettingsForm(instance=found),
        "vacation_form": forms_given.get("vacation_form") or VacationForm(),
        "token_form": forms_given.get("token_form") or TokenForm(),
        "tokens": request.user.api_tokens.order_by("-created_at", "-id"),
        # A new token's key, in the answer to the form that made it and nowhere else.
        "new_token_key": forms_given.get("new_token_key"),
        "secret": found.webhook_secret,
        "mail": mail_state(request.user),
        "email_addresses": email_addresses_of(request.user),
        "vacations": [
            {"vacation": v, "upcoming": v.starts_at > now, "ongoing": v.starts_at <= now < v.ends_at}
            for v in player.vacations.filter(ends_at__gt=now - timedelta(days=30)).order_by("starts_at")
        ],
        "recent": request.user.notifications.order_by("-created_at", "-pk")[:10],
    }
    return render(request, "settings/settings.html", context, status=status)


@login_required
def settings_page(request: HttpRequest) -> HttpResponse:
    if request.method != "POST":
        return _page(request)
    form = NotificationSettingsForm(request.POST, instance=notification_settings_for(request.user))
    if not form.is_valid():
        return _page(request, 400, settings_form=form)
    try:
        notification_settings_update(user=request.user, **{f: form.cleaned_data[f] for f in form.Meta.fields})
    except ServiceError as exc:
        form.add_error(None, exc.message)
        return _page(request, 400, settings_form=form)
    messages.success(request, "Notification settings saved.")
    return redirect("settings")


@login_required
@require_POST
def rotate_secret(request: HttpRequest) -> HttpResponse:
    notification_secret_rotate(user=request.user)
    messages.success(request, "A new webhook secret was made; the old one no longer verifies.")
    return redirect("settings")


@login_required
@require_POST
def send_test(request: HttpRequest) -> HttpResponse:
    try:
        sent = notify_test(user=request.user)
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, f"Test sent by {', '.join(n.channel for n in sent)}; see the log below.")
    return redirect("settings")


@login_required
@require_POST
def vacation_add(request: HttpRequest) -> HttpResponse:
    form = VacationForm(request.POST)
    if not form.is_valid():
        return _page(request, 400, vacation_form=form)
    try:
        vacation_book(
            player=player_for_user(request.user),
            starts_at=form.cleaned_data["starts_at"],
            ends_at=form.cleaned_data["ends_at"],
        )
    except ServiceError as exc:
        form.add_error(None, exc.message)
        return _page(request, 400, vacation_form=form)
    messages.success(request, "Vacation booked.")
    return redirect("settings")


@login_required
@require_POST
def vacation_remove(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        kept = vacation_cancel(player=player_for_user(request.user), vacation_pk=pk)
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("settings")
    messages.success(request, "Vacation cut short: it ends now." if kept else "Vacation removed.")
    return redirect("settings")


@login_required
@require_POST
@never_cache  # the answer holds a key: no cache keeps it
def token_add(request: HttpRequest) -> HttpResponse:
    """Make a token and show its key on the page this once: no redirect, so it is stored nowhere."""
    form = TokenForm(request.POST)
    if not form.is_valid():
        return _page(request, 400, token_form=form)
    try:
        _, key = token_create(user=request.user, name=form.cleaned_data["name"])
    except ServiceError as exc:
        form.add_error(None, exc.message)
        return _page(request, 400, token_form=form)
    return _page(request, new_token_key=key)


@login_required
@require_POST
def token_remove(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        token_revoke(user=request.user, token_pk=pk)
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("settings")
    messages.success(request, "Token revoked: requests with it are refused from now on.")
    return redirect("settings")
