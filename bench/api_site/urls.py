"""The project's URLs plus the bare view, the floor of what a request costs in this stack, three
floors of what a read costs: one small database read, DRF's own request handling, and both; the
floor of a write (bench/api_site/floor_write.py); and
``bench/gc/``, the garbage collector's pauses since it was last asked (bench/api_site/gc_pauses.py)."""

from __future__ import annotations

from typing import Any

from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.urls import path
from rest_framework import permissions
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from bench.api_site import gc_pauses
from bench.api_site.floor_write import BareDrfWrite
from mulligan_league.urls import handler404 as handler404
from mulligan_league.urls import urlpatterns as project_urlpatterns

gc_pauses.install()

# The smallest read a detail endpoint makes: one row by its primary key, through Django's cursor.
ONE_ROW = "SELECT id, username FROM auth_user WHERE id = %s"


def _one_row(pk: int) -> dict[str, Any]:
    with connection.cursor() as cursor:
        cursor.execute(ONE_ROW, [pk])
        row = cursor.fetchone()
    return {"id": row[0], "username": row[1]} if row else {}


def bare(request: HttpRequest) -> JsonResponse:
    """A small JSON answer with no database, serializer or DRF: what Django itself costs."""
    return JsonResponse({"ok": True, "path": request.path})


def bare_query(request: HttpRequest) -> JsonResponse:
    """The bare view with one primary-key read: the least any read of stored data adds."""
    return JsonResponse({"ok": True, "path": request.path, "user": _one_row(1)})


class BareDrf(APIView):
    """The bare answer through DRF with the project's defaults (authentication, permissions,
    negotiation, the renderer) and no database: what the framework adds to every API read."""

    permission_classes = [permissions.AllowAny]

    def get(self, request: Request) -> Response:
        return Response({"ok": True, "path": request.path})


class BareDrfQuery(BareDrf):
    """DRF and one primary-key read: the floor of a detail endpoint in this stack."""

    def get(self, request: Request) -> Response:
        return Response({"ok": True, "path": request.path, "user": _one_row(1)})


def gc_taken(request: HttpRequest) -> JsonResponse:
    """The collector's pauses since the last ask (bench/api.py asks before and after each figure)."""
    return JsonResponse(gc_pauses.taken())


urlpatterns = [
    path("bench/gc/", gc_taken, name="bench-gc"),
    path("bench/bare/", bare, name="bench-bare"),
    path("bench/bare-query/", bare_query, name="bench-bare-query"),
    path("bench/bare-drf/", BareDrf.as_view(), name="bench-bare-drf"),
    path("bench/bare-drf-query/", BareDrfQuery.as_view(), name="bench-bare-drf-query"),
    path("bench/bare-drf-write/", BareDrfWrite.as_view(), name="bench-bare-drf-write"),
    *project_urlpatterns,
]
