"""The caller's own things: the games waiting for their move, their vacations and API tokens."""

from __future__ import annotations

from django.utils import timezone
from rest_framework import serializers

from games.api.json_requests import JsonRequest
from games.models import ApiToken, Vacation
from games.services.tokens import MAX_TOKEN_NAME


class TurnSerializer(serializers.Serializer):
    game = serializers.IntegerField(help_text="the game's pk: /api/games/{game}/")
    game_id = serializers.CharField(help_text="which game of the catalog, e.g. mulligan")
    seats = serializers.ListField(child=serializers.IntegerField(), help_text="your seats that must act")
    move_count = serializers.IntegerField(help_text="send it back as expected_move with your move")
    deadline = serializers.DateTimeField(allow_null=True, help_text="when the turn times out, if it can")
    seconds_left = serializers.FloatField(allow_null=True, help_text="until the deadline (0 when overdue)")
    api_url = serializers.URLField()
    page_url = serializers.URLField()


class TurnsSerializer(serializers.Serializer):
    turns = TurnSerializer(many=True, help_text="nearest deadline first")
    cursor = serializers.CharField(help_text="pass it to /api/me/turns/wait/ to wait for the next change")


class TurnsWaitSerializer(TurnsSerializer):
    timed_out = serializers.BooleanField(help_text="true: nothing changed before the timeout")


class VacationSerializer(serializers.ModelSerializer):
    state = serializers.SerializerMethodField(help_text="upcoming, ongoing or over")

    class Meta:
        model = Vacation
        fields = ["id", "starts_at", "ends_at", "state", "created_at"]

    def get_state(self, vacation: Vacation) -> str:
        now = timezone.now()
        if vacation.ends_at <= now:
            return "over"
        return "ongoing" if vacation.starts_at <= now else "upcoming"


class VacationCreateSerializer(JsonRequest):
    starts_at = serializers.DateTimeField(help_text="ISO 8601; without a time zone it is UTC")
    ends_at = serializers.DateTimeField(help_text="ISO 8601; after starts_at and in the future")


class ApiTokenSerializer(serializers.ModelSerializer):
    class Meta:
        model = ApiToken
        fields = ["id", "name", "hint", "created_at", "last_used_at"]
        read_only_fields = fields
        extra_kwargs = {
            "hint": {"help_text": "the key's first characters, to tell your tokens apart"},
            "last_used_at": {"help_text": "to the hour; null if never used"},
        }


class ApiTokenCreateSerializer(JsonRequest):
    name = serializers.CharField(
        max_length=MAX_TOKEN_NAME, required=False, allow_blank=True, default="", help_text="what it is for"
    )


class ApiTokenCreatedSerializer(ApiTokenSerializer):
    token = serializers.CharField(
        help_text="the key, for `Authorization: Token <key>`: shown this once (only its digest is kept)"
    )

    class Meta(ApiTokenSerializer.Meta):
        fields = [*ApiTokenSerializer.Meta.fields, "token"]
        read_only_fields = fields
