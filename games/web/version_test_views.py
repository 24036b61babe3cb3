"""Version test pages: the form on a bot's page that starts one, and a test's page with its figures,
stop and publish buttons; the page follows its test (static/js/versiontest.js) as a game page follows
its game: the test's event stream (``GET /api/bots/{id}/tests/{tid}/stream/``) says when the figures
changed, and the figures' part is fetched again.

Every action calls the service the API calls; a refusal is shown with the service's status and
changes nothing; a success redirects (post/redirect/get).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.http.response import HttpResponseBase
from django.shortcuts import redirect, render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST, require_safe
from django_ratelimit.decorators import ratelimit

from games.api.version_test_serializers import VersionTestCreateSerializer, version_test_data
from games.models import Bot, VersionTest, VersionTestState
from games.selectors import bots as bot_selectors
from games.selectors import version_tests as test_selectors
from games.services.errors import ServiceError
from games.services.version_tests import version_test_publish, version_test_stop
from games.streams.notices import version_test_channel
from games.web.live_views import WAIT_RATE
from games.web.long_polls import WaitFor, answer_or_wait
from games.web.serializer_forms import serializer_form

LABELS = {
    "candidate_version": "Candidate version",
    "baseline_version": "Baseline: another version of this bot",
    "baseline_bot": "Baseline: another bot (its id)",
    "config": "Game options",
    "opponents": "Opponents (bot ids)",
    "elo0": "elo0 (lower bound)",
    "elo1": "elo1 (upper bound)",
    "model": "Bounds in",
    "alpha": "alpha",
    "beta": "beta",
    "max_deals": "Most deals",
}


class OpponentIdsField(forms.CharField):
    """Bot ids typed as ``3, 3, 7`` (one bot may take several seats): a list for the serializer."""

    def to_python(self, value: Any) -> Any:
        text = super().to_python(value) or ""
        words = [word for word in text.replace(",", " ").split() if word]
        if not all(word.isdigit() and len(word) <= 12 for word in words):
            raise forms.ValidationError("write bot ids separated by commas, e.g. 3, 3, 7")
        return [int(word) for word in words]


_Generated = serializer_form(VersionTestCreateSerializer, labels=LABELS)


class VersionTestForm(_Generated):  # type: ignore[misc, valid-type]
    opponents = OpponentIdsField(
        required=False,
        label=LABELS["opponents"],
        help_text="tables of three or more: the ids of the bots in the other seats (players - 1 of them), "
        "from the bot list",
    )


def _not_found(request: HttpRequest, what: str) -> HttpResponse:
    return render(request, "not_found.html", {"what": what}, status=404)


def version_tests_context(
    bot: Bot, request: HttpRequest, form: VersionTestForm | None = None
) -> dict[str, Any]:
    """What the bot's page shows of its tests: those this viewer may see, and the owner's form."""
    return {
        "version_tests": list(test_selectors.version_tests_visible(bot, request.user)[:20]),
        "test_form": form or VersionTestForm(),
    }


def _page_context(test: VersionTest, request: HttpRequest) -> dict[str, Any]:
    figures = version_test_data(test)
    return {
        "bot": test.bot,
        "test": test,
        "figures": figures,
        "author": test_selectors.is_author(test, request.user),
        "deals": test_selectors.version_test_recent_deals(test),
        "running": test.state == VersionTestState.RUNNING,
    }


def _visible(request: HttpRequest, pk: int, tid: int) -> VersionTest | None:
    bot = bot_selectors.bot_or_none(pk)
    return None if bot is None else test_selectors.version_test_visible(bot, tid, request.user)


@require_safe
def version_test_detail(request: HttpRequest, pk: int, tid: int) -> HttpResponse:
    test = _visible(request, pk, tid)
    if test is None:
        return _not_found(request, f"version test {tid} of bot {pk}")
    return render(request, "bots/version_test.html", _page_context(test, request))


@require_GET
@never_cache
def version_test_part(request: HttpRequest, pk: int, tid: int) -> HttpResponse:
    """The figures' part of the test page, as the page shows it now (versiontest.js swaps it in)."""
    test = _visible(request, pk, tid)
    if test is None:
        return _not_found(request, f"version test {tid} of bot {pk}")
    return render(request, "bots/_version_test_live.html", _page_context(test, request))


@require_GET
@never_cache
@ratelimit(group="version-test-wait", key="user_or_ip", rate=WAIT_RATE, method="GET", block=False)
def version_test_wait(request: HttpRequest, pk: int, tid: int) -> HttpResponseBase:
    """``?after=n`` (the pairs the page shows): answers once the test has other than n pairs or has
    stopped running, or after ``GAME_PAGE_WAIT_SECONDS`` with ``changed: false``.

    The long poll the page used before its event stream; it still answers, as the game page's
    ``/games/<id>/wait/`` does, for pages loaded before and scripts that read it."""
    if getattr(request, "limited", False):
        return JsonResponse({"detail": "too many requests: wait a minute", "code": "throttled"}, status=429)
    raw = request.GET.get("after", "")
    if not raw.isdigit() or len(raw) > 9:
        return JsonResponse(
            {"detail": "after: give the number of pairs the page shows, e.g. ?after=3", "code": "invalid"},
            status=400,
        )
    if _visible(request, pk, tid) is None:
        return JsonResponse({"detail": f"no version test {tid} of bot {pk}", "code": "not_found"}, status=404)
    after = int(raw)

    def answer() -> JsonResponse:
        progress = test_selectors.version_test_progress(tid)
        if progress is None:
            return JsonResponse({"detail": f"no version test {tid}", "code": "not_found"}, status=404)
        pairs, state = progress
        return JsonResponse(
            {"pairs": pairs, "state": state, "changed": pairs != after or state != VersionTestState.RUNNING}
        )

    def news() -> JsonResponse | None:
        progress = test_selectors.version_test_progress(tid)
        if progress is None or progress[0] != after or progress[1] != VersionTestState.RUNNING:
            return answer()
        return None

    return news() or answer_or_wait(
        request, WaitFor(version_test_channel(tid), news, answer, settings.GAME_PAGE_WAIT_SECONDS)
    )


def _act(request: HttpRequest, pk: int, tid: int, action: Any, done: str) -> HttpResponse:
    test = _visible(request, pk, tid)
    if test is None:
        return _not_found(request, f"version test {tid} of bot {pk}")
    try:
        action(test)
    except ServiceError as exc:
        messages.error(request, exc.message)
        test.refresh_from_db()
        return render(request, "bots/version_test.html", _page_context(test, request), status=exc.status_code)
    messages.success(request, done)
    return redirect("bot-test", pk=pk, tid=tid)


@login_required
@require_POST
def version_test_stop_view(request: HttpRequest, pk: int, tid: int) -> HttpResponse:
    return _act(
        request,
        pk,
        tid,
        lambda test: version_test_stop(test_pk=test.pk, user=request.user),
        "The test is stopped.",
    )


@login_required
@require_POST
def version_test_publish_view(request: HttpRequest, pk: int, tid: int) -> HttpResponse:
    published = request.POST.get("published", "true") != "false"
    return _act(
        request,
        pk,
        tid,
        lambda test: version_test_publish(test_pk=test.pk, user=request.user, published=published),
        "The test is shown on the bot's page." if published else "The test is yours alone again.",
    )
