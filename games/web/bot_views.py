"""Bot pages: the list, one bot (versions, games, faults, ratings, version tests; forms for its
owner), a new bot, a new version test.

Forms post to their own URLs; a refusal from a service is shown on the bot's page with the
service's status (400, 403, 409, 413) and changes nothing; a success redirects back (post/redirect/get).
"""

from __future__ import annotations

import json
import shlex
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST, require_safe

from engine import registered_games
from games.api.version_test_serializers import test_request_from
from games.models import Bot, BotKind
from games.selectors import bots as bot_selectors
from games.services.bot_versions import (
    bot_create,
    bot_version_activate,
    bot_version_register_url,
    bot_version_upload,
    check_upload_size,
    upload_max_bytes,
)
from games.services.errors import ServiceError
from games.services.players import player_for_user
from games.services.version_tests import version_test_start
from games.web.version_test_views import VersionTestForm, version_tests_context

PAGE_SIZE = 50
RECENT_GAMES = 20
RECENT_FAULTS = 30


class BotCreateForm(forms.Form):
    name = forms.CharField(max_length=60, help_text="shown on ladders; unique among players and bots")
    game = forms.ChoiceField(choices=())
    kind = forms.ChoiceField(
        choices=[(BotKind.PROGRAM.value, BotKind.PROGRAM.label), (BotKind.HTTP.value, BotKind.HTTP.label)]
    )
    url = forms.CharField(
        max_length=500, required=False, label="URL (HTTP bots)", widget=forms.URLInput(attrs={"size": 50})
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(game.id, game.name) for game in registered_games()]


class UploadForm(forms.Form):
    file = forms.FileField(help_text="a .py file, or a .zip / .tar / .tar.gz archive")
    entry_command = forms.CharField(
        max_length=2000,
        required=False,
        help_text="what to run in the archive, e.g. ./mybot or node bot.js (or a JSON list); "
        "empty for a single .py file",
        widget=forms.TextInput(attrs={"size": 40}),
    )

    def clean_entry_command(self) -> list[str] | None:
        text = self.cleaned_data["entry_command"].strip()
        if not text:
            return None
        if text.startswith("["):
            try:
                parsed = json.loads(text)
            except ValueError:
                raise forms.ValidationError('not a JSON list; write e.g. ["node", "bot.js"]') from None
            return parsed  # type: ignore[no-any-return]  # the service checks it is a list of strings
        try:
            return shlex.split(text)
        except ValueError as exc:
            raise forms.ValidationError(f"cannot split the command into words: {exc}") from None


class UrlForm(forms.Form):
    url = forms.CharField(max_length=500, label="URL", widget=forms.URLInput(attrs={"size": 50}))


def _not_found(request: HttpRequest, pk: int) -> HttpResponse:
    return render(request, "not_found.html", {"what": f"bot {pk}"}, status=404)


@require_safe
def bot_list(request: HttpRequest) -> HttpResponse:
    game_id = request.GET.get("game") or None
    page = Paginator(bot_selectors.bots_listed(game_id), PAGE_SIZE).get_page(request.GET.get("page"))
    statuses = bot_selectors.latest_statuses(list(page))
    rows = [{"bot": bot, "validation": statuses.get(bot.pk)} for bot in page]
    return render(request, "bots/bot_list.html", {"page": page, "rows": rows})


def _bot_page(request: HttpRequest, bot: Bot, status: int = 200, **given: Any) -> HttpResponse:
    owner = bot_selectors.is_owner(bot, request.user)
    versions = list(bot_selectors.bot_versions(bot))
    games = bot_selectors.bot_games(bot, RECENT_GAMES)
    context = {
        "bot": bot,
        "owner": owner,
        "versions": versions,
        "games": [
            {
                "game": game,
                "seats": list(game.seats.all()),
                "versions": sorted(
                    {
                        seat.bot_version.number
                        for seat in game.seats.all()
                        if seat.competitor_id == bot.competitor_id and seat.bot_version is not None
                    }
                ),
            }
            for game in games
        ],
        "faults": list(bot_selectors.bot_faults(bot)[:RECENT_FAULTS]),
        "validation": bot_selectors.latest_validation_status(bot),
        **bot_selectors.bot_ratings(bot),
        "upload_form": given.get("upload_form") or UploadForm(),
        "url_form": given.get("url_form") or UrlForm(),
        "upload_limit": _limit_words(),
        **version_tests_context(bot, request, given.get("test_form")),
    }
    return render(request, "bots/bot_detail.html", context, status=status)


def _limit_words() -> str:
    size = upload_max_bytes()
    return f"{size / (1024 * 1024):g} MB" if size >= 1024 * 1024 else f"{size} bytes"


@require_safe
def bot_detail(request: HttpRequest, pk: int) -> HttpResponse:
    bot = bot_selectors.bot_or_none(pk)
    if bot is None:
        return _not_found(request, pk)
    return _bot_page(request, bot)


@login_required
def bot_new(request: HttpRequest) -> HttpResponse:
    if request.method != "POST":
        return render(request, "bots/bot_new.html", {"form": BotCreateForm()})
    form = BotCreateForm(request.POST)
    if not form.is_valid():
        return render(request, "bots/bot_new.html", {"form": form}, status=400)
    data = form.cleaned_data
    try:
        bot = bot_create(
            owner=player_for_user(request.user),
            name=data["name"],
            game_id=data["game"],
            kind=data["kind"],
            url=(data["url"].strip() or None) if data["kind"] == BotKind.HTTP else None,
        )
    except ServiceError as exc:
        form.add_error(None, exc.message)
        return render(request, "bots/bot_new.html", {"form": form}, status=exc.status_code)
    messages.success(request, f"{bot.competitor.name} is made. Upload its first version below.")
    return redirect("bot", pk=bot.pk)


@login_required
@require_POST
def bot_upload(request: HttpRequest, pk: int) -> HttpResponse:
    bot = bot_selectors.bot_or_none(pk)
    if bot is None:
        return _not_found(request, pk)
    form = UploadForm(request.POST, request.FILES)
    if not form.is_valid():
        return _bot_page(request, bot, 400, upload_form=form)
    upload = form.cleaned_data["file"]
    try:
        check_upload_size(upload.size or 0)
        version = bot_version_upload(
            bot_pk=bot.pk,
            user=request.user,
            filename=upload.name or "",
            content=upload.read(),
            entry_command=form.cleaned_data["entry_command"],
        )
    except ServiceError as exc:
        form.add_error(None, exc.message)
        return _bot_page(request, bot, exc.status_code, upload_form=form)
    messages.success(request, f"Version {version.number} uploaded; its validation game starts now.")
    return redirect("bot", pk=bot.pk)


@login_required
@require_POST
def bot_register_url(request: HttpRequest, pk: int) -> HttpResponse:
    bot = bot_selectors.bot_or_none(pk)
    if bot is None:
        return _not_found(request, pk)
    form = UrlForm(request.POST)
    if not form.is_valid():
        return _bot_page(request, bot, 400, url_form=form)
    try:
        version = bot_version_register_url(bot_pk=bot.pk, user=request.user, url=form.cleaned_data["url"])
    except ServiceError as exc:
        form.add_error(None, exc.message)
        return _bot_page(request, bot, exc.status_code, url_form=form)
    messages.success(request, f"Version {version.number} registered; its validation game starts now.")
    return redirect("bot", pk=bot.pk)


@login_required
@require_POST
def bot_activate(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    bot = bot_selectors.bot_or_none(pk)
    if bot is None or bot_selectors.bot_version(bot, number) is None:
        return _not_found(request, pk)
    try:
        bot_version_activate(bot_pk=bot.pk, user=request.user, number=number)
    except ServiceError as exc:
        messages.error(request, exc.message)
        return _bot_page(request, bot, exc.status_code)
    messages.success(request, f"Version {number} is now the one that plays.")
    return redirect("bot", pk=bot.pk)


@login_required
@require_POST
def version_test_new(request: HttpRequest, pk: int) -> HttpResponse:
    """The bot page's form starts a version test through the service the API calls."""
    bot = bot_selectors.bot_or_none(pk)
    if bot is None:
        return _not_found(request, pk)
    form = VersionTestForm(request.POST)
    if not form.is_valid():
        return _bot_page(request, bot, 400, test_form=form)
    try:
        test = version_test_start(
            bot_pk=bot.pk, user=request.user, request=test_request_from(form.validated_data)
        )
    except ServiceError as exc:
        form.add_service_error(exc.message, exc.field)
        return _bot_page(request, bot, exc.status_code, test_form=form)
    messages.success(request, f"Version test {test.pk} started.")
    return redirect("bot-test", pk=bot.pk, tid=test.pk)
