"""The OpenAPI document's view of every operation: what it answers when all goes well (the views'
``extend_schema``) and, added here for every operation alike, the refusals it can give.

Every refusal has one shape, the :class:`ErrorSerializer` component (``games.api.errors`` writes
it), so a generated client reads any 4xx the same way. Which statuses an operation can give follows
from what DRF and the services do, not from a list kept by hand:

- 400 where the request carries anything to check: a body, or query parameters.
- 401 everywhere: a token that is not valid is refused on any operation, and the operations that
  need a caller refuse anonymous requests.
- 403 for every unsafe method: a signed-in session without its CSRF token, or a caller the service
  refuses (not yours, not the organiser).
- 404 where the path names something (``{id}``), or a list's ``page``/``cursor`` points nowhere.
- 415 where there is a body: one not sent as the content types the operation lists.
- 429 where a throttle counts the operation's requests.

A view adds what only it can answer (409 for a state that forbids the request, a 400's words) with
``extend_schema(responses={409: error("...")})``; those descriptions win over the defaults here.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.authentication import SessionScheme
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiResponse, inline_serializer
from rest_framework import serializers

from games.api.operation_ids import operation_id


class SessionCookieScheme(SessionScheme):
    """The session scheme (``cookieAuth``) for the API's own session class, which drf-spectacular
    would not know: it matches DRF's class by name, not its subclasses."""

    target_class = "games.api.authentication.SessionCookieAuthentication"

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


class ErrorSerializer(serializers.Serializer):
    """The one error shape of the API (``games.api.errors.exception_handler``)."""

    detail = serializers.CharField(help_text="one line to show a person")
    code = serializers.CharField(
        help_text="what went wrong, for programs: invalid, parse_error, not_authenticated, "
        "authentication_failed, permission_denied, not_your_seat, not_organiser, deal_in_play, not_found, "
        "conflict, stale_move, not_your_turn, throttled, unsupported_media_type, ..."
    )
    errors = serializers.DictField(
        required=False,
        help_text="the fields at fault, each with its messages (a list of strings, or the errors "
        "of a nested object or list); a 400 always has it",
    )


def error(description: str) -> OpenApiResponse:
    """A refusal of the API's one error shape, with the words saying when it comes."""
    return OpenApiResponse(ErrorSerializer, description=description)


def paginated(item: serializers.Serializer[Any] | type[serializers.Serializer[Any]], name: str) -> Any:
    """A page of a list, ``{count, next, previous, results}``, as every paginated list answers."""
    return inline_serializer(
        name=name,
        fields={
            "count": serializers.IntegerField(),
            "next": serializers.URLField(allow_null=True, required=False),
            "previous": serializers.URLField(allow_null=True, required=False),
            "results": item(many=True) if isinstance(item, type) else item,
        },
    )


DEFAULT_ERRORS = {
    "400": "The request is not valid: `errors` names each field at fault.",
    "401": "No valid credentials: the token is not valid, or this operation needs you signed in.",
    "403": "Refused: not yours to do, or a signed-in session sent no CSRF token.",
    "404": "Not found: nothing has that id, or that page of the list does not exist.",
    "415": "The body is not in a content type this operation takes.",
    "429": "Too many requests: wait `Retry-After` seconds.",
}


class ApiSchema(AutoSchema):
    """drf-spectacular's AutoSchema with every operation's refusals documented (module docstring) and
    its name from ``games.api.operation_ids``."""

    def get_operation_id(self) -> str:
        return operation_id(self.method, self.path)

    def get_operation(self, *args: Any, **kwargs: Any) -> dict[str, Any] | None:
        operation: dict[str, Any] | None = super().get_operation(*args, **kwargs)
        if operation is None:
            return None
        responses: dict[str, Any] = operation["responses"]
        reference = self.resolve_serializer(ErrorSerializer, "response").ref
        for status in self._refusals(operation):
            responses.setdefault(
                status,
                {
                    "content": {"application/json": {"schema": reference}},
                    "description": DEFAULT_ERRORS[status],
                },
            )
        operation["responses"] = dict(sorted(responses.items()))
        body = operation.get("requestBody")
        if body is not None and len(body["content"]) > 1:
            # One body in two content types (a bot version: a program's file, or an HTTP bot's URL)
            # is listed as optional: openapi-python-client 0.29.1 writes a required one as
            # ``A | B | Unset`` without importing Unset, and the client does not import (its issue
            # #1451). Nothing is lost: a request without one is refused with 400 naming the field.
            body["required"] = False
        return operation

    def _refusals(self, operation: dict[str, Any]) -> list[str]:
        parameters = operation.get("parameters", [])
        has_body = "requestBody" in operation
        statuses = ["401"]
        if has_body or any(parameter["in"] == "query" for parameter in parameters):
            statuses.append("400")
        if self.method not in SAFE_METHODS:
            statuses.append("403")
        pages = {"page", "cursor"} & {parameter["name"] for parameter in parameters}
        if pages or any(parameter["in"] == "path" for parameter in parameters):
            statuses.append("404")
        if has_body:
            statuses.append("415")
        if self.method == "POST" and getattr(self.view, "throttle_classes", None):
            statuses.append("429")
        return statuses


def named_parameter_enums(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """A query parameter whose choices are a named enum's (a game id, a competition's state) refers
    to that enum, so a generated client has one ``GameEnum`` rather than one type per parameter
    (drf-spectacular writes parameters' enums in place). A POSTPROCESSING_HOOKS entry."""
    schemas = result.get("components", {}).get("schemas", {})
    named = {
        frozenset(schema["enum"]): name
        for name, schema in schemas.items()
        if schema.get("type") == "string" and "enum" in schema
    }
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            for parameter in operation.get("parameters", []):
                schema = parameter.get("schema", {})
                name = named.get(frozenset(schema.get("enum", ())))
                if name is not None and set(schema) == {"type", "enum"}:
                    parameter["schema"] = {"$ref": f"#/components/schemas/{name}"}
    return result
