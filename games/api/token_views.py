"""The caller's API tokens: list them, make one (its key shown once), revoke one."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import generics, permissions, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.me_serializers import ApiTokenCreatedSerializer, ApiTokenCreateSerializer, ApiTokenSerializer
from games.models import ApiToken
from games.services.errors import NotAllowed
from games.services.tokens import token_create, token_revoke


class MyTokensView(generics.ListAPIView):
    """Your API tokens, newest first (never their keys); POST makes one and shows its key once."""

    serializer_class = ApiTokenSerializer
    permission_classes = [permissions.IsAuthenticated]
    filter_backends: list[Any] = []

    def get_queryset(self) -> Any:
        return ApiToken.objects.filter(user_id=self.request.user.pk).order_by("-created_at", "-id")

    @extend_schema(
        request=ApiTokenCreateSerializer,
        responses={201: ApiTokenCreatedSerializer},
        description="Make a token. Its key is in this answer and never again. A token cannot make "
        "tokens (403): log in with your password, on the settings page or at POST /api/auth/token/, "
        "so that revoking a leaked token is enough to shut it out.",
    )
    def post(self, request: Request) -> Response:
        if isinstance(request.auth, ApiToken):
            raise NotAllowed(
                "a token cannot make tokens: use your password (POST /api/auth/token/ or /settings/)"
            )
        serializer = ApiTokenCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        token, key = token_create(user=request.user, name=serializer.validated_data["name"])
        body = ApiTokenSerializer(token).data | {"token": key}
        return Response(body, status=status.HTTP_201_CREATED, headers={"Cache-Control": "no-store"})


class MyTokenView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        responses={204: None},
        description="Revoke a token: from now on a request with it is refused (401). Another "
        "user's token is 404.",
    )
    def delete(self, request: Request, pk: int) -> Response:
        token_revoke(user=request.user, token_pk=pk)
        return Response(status=status.HTTP_204_NO_CONTENT)
