"""The renderer chosen for each Accept header: the short way for scripts changes no choice.

``games.api.negotiation.ContentNegotiation`` answers the Accept headers scripts send without
parsing them; every header and ``?format=`` here must get what DRF's own negotiation gives."""

from __future__ import annotations

import pytest
from django.http import Http404
from rest_framework.exceptions import NotAcceptable
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import BrowsableAPIRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.test import APIClient, APIRequestFactory

from games.api.negotiation import ContentNegotiation

ACCEPTS = [
    None,
    "",
    "*/*",
    "application/json",
    " application/json ",
    "application/json; indent=4",
    "text/html",
    "text/html,application/json;q=0.9",
    "application/*",
    "image/png",
    "*/*;q=0.8",
]
FORMATS = [None, "json", "api", "xml"]


def _choice(negotiation: object, accept: str | None, format_: str | None, renderers: list) -> object:
    query = {} if format_ is None else {"format": format_}
    headers = {} if accept is None else {"HTTP_ACCEPT": accept}
    request = Request(APIRequestFactory().get("/api/catalog/", query, **headers))
    try:
        renderer, media_type = negotiation.select_renderer(request, renderers)  # type: ignore[attr-defined]
    except NotAcceptable:
        return "406"
    except Http404:  # a ?format= no renderer has
        return "404"
    return type(renderer), media_type


@pytest.mark.parametrize("format_", FORMATS)
@pytest.mark.parametrize("accept", ACCEPTS)
@pytest.mark.parametrize("first", [JSONRenderer, BrowsableAPIRenderer])
def test_every_choice_is_drfs(accept: str | None, format_: str | None, first: type) -> None:
    renderers = [first(), *(r() for r in (JSONRenderer, BrowsableAPIRenderer) if r is not first)]
    ours = _choice(ContentNegotiation(), accept, format_, renderers)
    assert ours == _choice(DefaultContentNegotiation(), accept, format_, renderers)


@pytest.mark.django_db
def test_the_api_uses_it_and_answers_json() -> None:
    answer = APIClient().get("/api/catalog/")
    assert answer.status_code == 200 and answer["Content-Type"] == "application/json"
    page = APIClient().get("/api/catalog/", HTTP_ACCEPT="text/html")
    assert page.status_code == 200 and page["Content-Type"].startswith("text/html")
