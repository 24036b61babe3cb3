"""The caller's notification settings over the API."""

from __future__ import annotations

from rest_framework import serializers

from games.api.json_requests import JsonRequest
from games.models import Notification, NotificationSettings

SWITCH_FIELDS = [
    "email_turn",
    "email_deadline",
    "email_round",
    "webhook_turn",
    "webhook_deadline",
    "webhook_round",
]


class NotificationSettingsSerializer(JsonRequest, serializers.ModelSerializer):
    """The switches and the webhook URL; the secret is shown (to its owner only) and never written
    here: rotate it instead."""

    webhook_url = serializers.CharField(
        max_length=500, allow_blank=True, required=False, help_text="http:// or https://; empty: no webhook"
    )

    class Meta:
        model = NotificationSettings
        fields = [*SWITCH_FIELDS, "webhook_url", "webhook_secret", "updated_at"]
        read_only_fields = ["webhook_secret", "updated_at"]


class NotificationTestSerializer(JsonRequest):
    channel = serializers.ChoiceField(choices=["email", "webhook"], required=False)


class NotificationSerializer(serializers.ModelSerializer):
    class Meta:
        model = Notification
        fields = ["id", "kind", "channel", "status", "attempts", "last_error", "created_at", "sent_at"]
