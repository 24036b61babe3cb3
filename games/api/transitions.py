"""The organisers' transitions of tournaments and leagues (open, start, finish, cancel, ...): one
view class per transition, made here, so each differs only in its service and its words."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import permissions
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.schema import error


def transition_view(
    name: str,
    transition: Callable[..., Any],
    *,
    description: str,
    pk_argument: str,
    detail: Callable[[int], Response],
    serializer: type[Any],
) -> type[APIView]:
    """A view whose ``POST`` calls ``transition(<pk_argument>=pk, user=...)`` and answers with the
    competition as ``detail`` shows it (the service refuses non-organisers and wrong states)."""

    @extend_schema(
        request=None,
        responses={
            200: serializer,
            403: error("Only the organiser (or staff) may do this (`not_organiser`)."),
            409: error("Not possible in the competition's current state."),
        },
        description=description,
    )
    def post(self: APIView, request: Request, pk: int) -> Response:
        transition(**{pk_argument: pk}, user=request.user)
        return detail(pk)

    return type(name, (APIView,), {"permission_classes": [permissions.IsAuthenticated], "post": post})
