"""The CSP middleware that builds the settings' policy once (mulligan_league/security_headers.py)
sets exactly the headers django-csp's own sets, for every kind of response it may meet."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from csp.constants import NONE, SELF
from csp.decorators import csp_exempt, csp_replace, csp_update
from csp.middleware import CSPMiddleware as DjangoCspMiddleware
from django.http import HttpRequest, HttpResponse, HttpResponseNotFound
from django.test import RequestFactory, override_settings

from mulligan_league.security_headers import CSPMiddleware

HEADERS = ("Content-Security-Policy", "Content-Security-Policy-Report-Only")


def plain(request: HttpRequest) -> HttpResponse:
    return HttpResponse("plain")


def with_nonce(request: HttpRequest) -> HttpResponse:
    return HttpResponse(f"<script nonce='{request.csp_nonce}'></script>")  # type: ignore[attr-defined]


def already_set(request: HttpRequest) -> HttpResponse:
    response = HttpResponse("its own")
    response["Content-Security-Policy"] = "default-src 'none'"
    return response


def not_found(request: HttpRequest) -> HttpResponse:
    return HttpResponseNotFound("gone")


VIEWS: dict[str, Callable[[HttpRequest], HttpResponse]] = {
    "plain": plain,
    "nonce": with_nonce,
    "already set": already_set,
    "not found": not_found,
    "updated": csp_update({"style-src": ["'unsafe-inline'"]})(plain),
    "replaced": csp_replace({"img-src": [SELF]})(plain),
    "exempt": csp_exempt()(plain),
    "updated, report only": csp_update({"img-src": ["blob:"]}, REPORT_ONLY=True)(plain),
}
REPORT_ONLY = {"DIRECTIVES": {"default-src": [NONE], "report-uri": "/csp-reports/"}}


def headers(
    middleware: type[DjangoCspMiddleware], view: Callable[[HttpRequest], HttpResponse], path: str
) -> dict[str, str | None]:
    request = RequestFactory().get(path)
    answered = middleware(view)(request)
    assert answered.status_code in (200, 404)
    return {name: answered.headers.get(name) for name in HEADERS}


@pytest.mark.parametrize("name", VIEWS)
@pytest.mark.parametrize(
    "changed",
    [
        {},
        {"CONTENT_SECURITY_POLICY_REPORT_ONLY": REPORT_ONLY},
        {"DEBUG": True},
        {"CONTENT_SECURITY_POLICY": None},
    ],
    ids=["settings", "report only too", "debug", "no policy"],
)
@pytest.mark.parametrize("path", ["/api/games/", "/excluded/page/"])
def test_the_same_headers_as_django_csp_sets(
    name: str, changed: dict[str, Any], path: str, settings: Any
) -> None:
    policy = dict(settings.CONTENT_SECURITY_POLICY) | {"EXCLUDE_URL_PREFIXES": ["/excluded/"]}
    with override_settings(CONTENT_SECURITY_POLICY=policy), override_settings(**changed):
        ours = headers(CSPMiddleware, VIEWS[name], path)
        theirs = headers(DjangoCspMiddleware, VIEWS[name], path)
    assert ours == theirs
    if name == "plain" and not changed and path == "/api/games/":
        assert ours["Content-Security-Policy"] and "default-src 'self'" in ours["Content-Security-Policy"]


def test_a_policy_changed_in_the_settings_is_the_one_set() -> None:
    before = headers(CSPMiddleware, plain, "/")["Content-Security-Policy"]
    with override_settings(CONTENT_SECURITY_POLICY={"DIRECTIVES": {"default-src": [NONE]}}):
        assert headers(CSPMiddleware, plain, "/")["Content-Security-Policy"] == "default-src 'none'"
    assert headers(CSPMiddleware, plain, "/")["Content-Security-Policy"] == before != "default-src 'none'"


def test_a_nonce_asked_for_after_the_header_is_written_is_an_error() -> None:
    from csp.exceptions import CSPNonceError

    request = RequestFactory().get("/")
    CSPMiddleware(plain)(request)
    with pytest.raises(CSPNonceError):
        str(request.csp_nonce)  # type: ignore[attr-defined]
