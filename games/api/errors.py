"""One error shape for the whole API: ``{"detail": "...", "code": "..."}`` with the right status."""

from __future__ import annotations

from typing import Any

from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from engine import EngineError
from games.services.errors import ServiceError


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, ServiceError):
        return Response({"detail": exc.message, "code": exc.code}, status=exc.status_code)
    if isinstance(exc, EngineError):
        # An engine error that reached a view is a bad request the service did not classify.
        return Response({"detail": str(exc), "code": "invalid"}, status=400)
    return drf_exception_handler(exc, context)
