"""The project's URLs plus the bare view: the floor of what a request costs in this stack."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.urls import path

from mulligan_league.urls import handler404 as handler404
from mulligan_league.urls import urlpatterns as project_urlpatterns


def bare(request: HttpRequest) -> JsonResponse:
    """A small JSON answer with no database, serializer or DRF: what Django itself costs."""
    return JsonResponse({"ok": True, "path": request.path})


urlpatterns = [path("bench/bare/", bare, name="bench-bare"), *project_urlpatterns]
