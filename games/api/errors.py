"""One error shape for the whole API: ``{"detail": "...", "code": "..."}`` with the right status."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from rest_framework.exceptions import APIException, ValidationError
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from engine import EngineError
from games.services.errors import ServiceError


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, ServiceError):
        body: dict[str, Any] = {"detail": exc.message, "code": exc.code}
        if exc.field is not None:
            body["errors"] = {exc.field: [exc.message]}
        elif exc.status_code == 400:
            body["errors"] = {"non_field_errors": [exc.message]}
        return Response(body, status=exc.status_code)
    if isinstance(exc, EngineError):
        # An engine error that reached a view is a bad request the service did not classify.
        return Response({"detail": str(exc), "code": "invalid", "errors": {"non_field_errors": [str(exc)]}}, status=400)
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, ValidationError):
        # Field errors keep their detail under "errors"; "detail" gives one line to show a person.
        errors = response.data
        response.data = {"detail": first_message(errors), "code": "invalid", "errors": errors}
    elif isinstance(exc, APIException) and isinstance(response.data, dict):
        # DRF's own errors (bad JSON, 401, 404, 405, ...) get a code too, e.g. "parse_error".
        response.data.setdefault("code", getattr(exc.detail, "code", None) or exc.default_code)
    elif isinstance(exc, Http404) and isinstance(response.data, dict):
        response.data.setdefault("code", "not_found")
    if response.status_code == 400 and isinstance(response.data, dict):
        # Every 400 names what is at fault; a body that could not be read at all, the whole request.
        response.data.setdefault("errors", {"non_field_errors": [response.data.get("detail", "")]})
    return response


def first_message(errors: Any) -> str:
    """A serializer's errors in one line, ``"bot: A valid integer is required."`` (the pages say it too)."""
    if isinstance(errors, dict):
        for field, value in errors.items():
            message = first_message(value)
            return message if field == "non_field_errors" else f"{field}: {message}"
    if isinstance(errors, list) and errors:
        return first_message(errors[0])
    return str(errors)
