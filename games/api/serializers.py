from __future__ import annotations

from typing import Any

from django.conf import settings
from rest_framework import serializers

from games.api.json_requests import GameIdField, JsonRequest
from games.converters import MAX_ID
from games.models import Rating


class SeatRequestSerializer(JsonRequest):
    player = serializers.IntegerField(required=False, min_value=1, max_value=MAX_ID)
    bot = serializers.IntegerField(required=False, min_value=1, max_value=MAX_ID)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if ("player" in attrs) == ("bot" in attrs):
            raise serializers.ValidationError('each seat is {"player": id} or {"bot": id}')
        return attrs


class GameCreateSerializer(JsonRequest):
    game = GameIdField()
    config = serializers.DictField(required=False, default=dict)

    def validate_config(self, config: dict[str, Any]) -> dict[str, Any]:
        reject_nul(config)
        return config

    seats = SeatRequestSerializer(many=True, allow_empty=False)
    rated = serializers.BooleanField(required=False, default=True)
    seed = serializers.IntegerField(
        required=False, min_value=0, max_value=2**63 - 1, help_text="staff only: replay a known deal"
    )


def reject_nul(value: Any) -> None:
    """PostgreSQL's jsonb cannot hold U+0000: refuse it here rather than fail on the insert.

    Iterative, so a deeply nested document cannot exhaust the stack.
    """
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            if "\x00" in item:
                raise serializers.ValidationError("text may not contain NUL characters")
        elif isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)


class MoveCreateSerializer(JsonRequest):
    action = serializers.DictField(help_text='an engine action, e.g. {"type": "auction", "card": "As"}')

    def validate_action(self, action: dict[str, Any]) -> dict[str, Any]:
        reject_nul(action)
        return action

    expected_move = serializers.IntegerField(
        required=False,
        min_value=0,
        max_value=MAX_ID,
        help_text="the move count you saw; a stale value gets 409",
    )
    idempotency_key = serializers.CharField(required=False, max_length=100, min_length=1)
    seat = serializers.IntegerField(
        required=False, min_value=0, max_value=1000, help_text="only if you hold several seats"
    )


class MoveSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    seat = serializers.IntegerField()
    action = serializers.DictField()
    created_at = serializers.DateTimeField()


class LadderEntrySerializer(serializers.ModelSerializer):
    competitor = serializers.IntegerField(source="competitor.pk")
    name = serializers.CharField(source="competitor.name")
    kind = serializers.SerializerMethodField()
    player = serializers.SerializerMethodField()
    provisional = serializers.SerializerMethodField()

    class Meta:
        model = Rating
        fields = ["competitor", "name", "kind", "player", "game_id", "rating", "games_played", "provisional"]

    def get_provisional(self, rating: Rating) -> bool:
        """Still on the higher provisional K: too few games for the number to mean much yet."""
        return rating.games_played < settings.ELO_PROVISIONAL_GAMES

    def get_kind(self, rating: Rating) -> str:
        return "bot" if hasattr(rating.competitor, "bot") else "player"

    def get_player(self, rating: Rating) -> int | None:
        player = getattr(rating.competitor, "player", None)
        return None if player is None else int(player.pk)
