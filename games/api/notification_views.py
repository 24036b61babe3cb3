"""``/api/me/notifications/``: the caller's own switches, webhook URL and secret; nobody else's."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import permissions, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.notification_serializers import (
    NotificationSerializer,
    NotificationSettingsSerializer,
    NotificationTestSerializer,
)
from games.api.schema import error
from games.services.notifications import (
    notification_secret_rotate,
    notification_settings_for,
    notification_settings_update,
    notify_test,
)


class NotificationSettingsView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses=NotificationSettingsSerializer)
    def get(self, request: Request) -> Response:
        return Response(NotificationSettingsSerializer(notification_settings_for(request.user)).data)

    @extend_schema(
        request=NotificationSettingsSerializer,
        responses={
            200: NotificationSettingsSerializer,
            400: error("Not valid, or a webhook URL that is not an http:// or https:// URL."),
        },
    )
    def patch(self, request: Request) -> Response:
        serializer = NotificationSettingsSerializer(data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        updated = notification_settings_update(user=request.user, **serializer.validated_data)
        return Response(NotificationSettingsSerializer(updated).data)


class NotificationSecretRotateView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses=NotificationSettingsSerializer)
    def post(self, request: Request) -> Response:
        return Response(NotificationSettingsSerializer(notification_secret_rotate(user=request.user)).data)


class NotificationTestView(APIView):
    """Send a test message through the same outbox and delivery as the real ones."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=NotificationTestSerializer,
        responses={
            202: NotificationSerializer(many=True),
            400: error("Nothing to test: no verified e-mail address and no webhook URL, or that channel is off."),
            429: error("Too many tests in the last hour (`throttled`)."),
        },
    )
    def post(self, request: Request) -> Response:
        serializer = NotificationTestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        queued = notify_test(user=request.user, channel=serializer.validated_data.get("channel"))
        return Response(NotificationSerializer(queued, many=True).data, status=status.HTTP_202_ACCEPTED)
