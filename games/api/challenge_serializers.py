"""Lobby challenges over HTTP: requests are checked for shape here; the services decide the rest.

Named ``LobbyChallenge...`` because a league's "challenge" (``ChallengeSerializer``) is another thing.
"""

from __future__ import annotations

from rest_framework import serializers

from games.api.json_requests import GameIdField, JsonRequest
from games.converters import MAX_ID
from games.models import DEFAULT_MOVE_TIME, MOVE_TIMES, ChallengeState, SeatKind
from games.services.challenges import OPPONENT_KINDS


class LobbyOpponentSerializer(JsonRequest):
    kind = serializers.ChoiceField(
        choices=OPPONENT_KINDS,
        help_text="builtin: the game's engine bot `name`; bot: the bot `bot` (built-in, or a submitted "
        "one with a validated active version); player: the person whose user name is `name`; open: "
        "anyone from the lobby",
    )
    name = serializers.CharField(max_length=150, required=False, default="")
    bot = serializers.IntegerField(required=False, min_value=1, max_value=MAX_ID)


class LobbyChallengeCreateSerializer(JsonRequest):
    game = GameIdField()
    config = serializers.DictField(
        required=False,
        default=dict,
        help_text="the game's options (see config_fields and config_presets in /api/catalog/); "
        "players is set from the seats",
    )
    opponents = LobbyOpponentSerializer(
        many=True,
        help_text="who sits in seats 2, 3, ... (you sit in seat 1); bots only: the game starts at once",
    )
    time_per_move = serializers.ChoiceField(
        choices=[(key, words) for key, words, _ in MOVE_TIMES], required=False, default=DEFAULT_MOVE_TIME
    )
    rated = serializers.BooleanField(required=False, default=True)


class LobbyChallengeSeatSerializer(serializers.Serializer[dict[str, object]]):
    index = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=SeatKind.choices)
    name = serializers.CharField()
    bot = serializers.IntegerField(allow_null=True)
    player = serializers.IntegerField(allow_null=True)
    accepted = serializers.BooleanField()


class LobbyChallengerSerializer(serializers.Serializer[dict[str, object]]):
    player = serializers.IntegerField()
    name = serializers.CharField()


class LobbyChallengeSerializer(serializers.Serializer[dict[str, object]]):
    id = serializers.IntegerField()
    game = serializers.CharField()
    game_name = serializers.CharField()
    challenger = LobbyChallengerSerializer()
    config = serializers.DictField()
    options = serializers.ListField(
        child=serializers.CharField(), help_text="options that differ from the defaults"
    )
    seats = LobbyChallengeSeatSerializer(many=True)
    people_needed = serializers.IntegerField()
    people_accepted = serializers.IntegerField()
    time_per_move = serializers.CharField()
    move_time_limit_seconds = serializers.IntegerField()
    rated = serializers.BooleanField()
    state = serializers.ChoiceField(choices=ChallengeState.choices)
    created_at = serializers.DateTimeField()
    expires_at = serializers.DateTimeField()
    started_game = serializers.IntegerField(allow_null=True, help_text="the game, once everyone accepted")
    may_accept = serializers.BooleanField()
    may_decline = serializers.BooleanField()
    may_cancel = serializers.BooleanField()
