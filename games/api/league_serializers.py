"""League requests and responses. Requests are checked for shape here; the services decide the rest."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.api.competition_serializers import (
    MoveTimeLimitField,
    OrganiserSerializer,
    RulesOfPlaySerializer,
    rules_of_play,
)
from games.api.json_requests import GameIdField, JsonRequest
from games.converters import MAX_ID
from games.models import EntrantKinds, Game, League, LeagueEntry, RatingSystem, Season


class LeagueCreateSerializer(RulesOfPlaySerializer):
    name = serializers.CharField(max_length=120, help_text="the name people see")
    game = GameIdField()
    config = serializers.DictField(required=False, default=dict, help_text="the game's options")
    seats_per_table = serializers.IntegerField(
        required=False, default=2, min_value=2, max_value=8, help_text="players at each table: 2 to 6"
    )
    rating_system = serializers.ChoiceField(
        choices=RatingSystem.choices,
        required=False,
        default=RatingSystem.ELO,
        help_text="OpenSkill only for tables of 3 or more seats",
    )
    entrants = serializers.ChoiceField(
        choices=EntrantKinds.choices,
        required=False,
        default=EntrantKinds.BOTH,
        help_text="who may enter: people, bots, or both",
    )
    challenge_range = serializers.IntegerField(
        required=False,
        default=3,
        min_value=1,
        max_value=1000,
        help_text="people may challenge entrants at most this many ladder places away",
    )
    ratings_per_season = serializers.BooleanField(
        required=False,
        default=False,
        help_text="true: each new season resets ratings to the initial rating; false: they carry over",
    )


def league_create_arguments(data: dict[str, Any]) -> dict[str, Any]:
    """A validated :class:`LeagueCreateSerializer`'s data as ``league_create`` takes it (all but
    the organiser): the API and the page's form create alike."""
    return {
        "name": data["name"],
        "game_id": data["game"],
        "config": data["config"],
        "seats_per_table": data["seats_per_table"],
        "rating_system": data["rating_system"],
        "entrants": data["entrants"],
        "challenge_range": data["challenge_range"],
        "ratings_per_season": data["ratings_per_season"],
        **rules_of_play(data),
    }


class ChallengeSerializer(JsonRequest):
    entry = serializers.IntegerField(
        min_value=1, max_value=MAX_ID, help_text="the league entry you challenge"
    )


class LeagueSerializer(serializers.ModelSerializer):
    game = serializers.CharField(source="game_id")
    rating_system_display = serializers.CharField(source="get_rating_system_display")
    state_display = serializers.CharField(source="get_state_display")
    entrants_display = serializers.CharField(
        source="get_entrants_display", help_text="who may enter, in words"
    )
    move_time_limit = MoveTimeLimitField(help_text="seconds per move")
    timeout_policy_display = serializers.CharField(source="get_timeout_policy_display")
    bot_fault_policy_display = serializers.CharField(source="get_bot_fault_policy_display")
    organiser = OrganiserSerializer(allow_null=True)
    entry_count = serializers.IntegerField(help_text="entrants on the ladder")
    games_played = serializers.IntegerField()
    season = serializers.SerializerMethodField(help_text="the current (latest) season's number")

    class Meta:
        model = League
        fields = [
            "id",
            "name",
            "game",
            "config",
            "seats_per_table",
            "rating_system",
            "rating_system_display",
            "entrants",
            "entrants_display",
            "challenge_range",
            "ratings_per_season",
            "move_time_limit",
            "timeout_policy",
            "timeout_policy_display",
            "allow_vacations",
            "bot_move_time_ms",
            "bot_time_bank_ms",
            "bot_fault_policy",
            "bot_fault_policy_display",
            "bot_max_strikes",
            "state",
            "state_display",
            "season",
            "organiser",
            "entry_count",
            "games_played",
            "created_at",
            "started_at",
            "finished_at",
        ]

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_season(self, league: League) -> int | None:
        numbers = [season.number for season in league.seasons.all()]
        return max(numbers) if numbers else None


class LeagueEntrySerializer(serializers.ModelSerializer):
    """A ladder row: ``rating`` is the Elo rating, or OpenSkill's ordinal (mu - 3 sigma)."""

    name = serializers.CharField(source="competitor.name")
    kind = serializers.SerializerMethodField()
    position = serializers.SerializerMethodField(help_text="place on the ladder (1 = top); null if left")
    rating_system = serializers.CharField(source="league.rating_system")

    class Meta:
        model = LeagueEntry
        fields = [
            "id",
            "position",
            "competitor",
            "name",
            "kind",
            "rating_system",
            "rating",
            "mu",
            "sigma",
            "games_played",
            "provisional",
            "active",
            "joined_at",
        ]

    @extend_schema_field(serializers.ChoiceField(choices=["person", "bot"]))
    def get_kind(self, entry: LeagueEntry) -> str:
        return "bot" if hasattr(entry.competitor, "bot") else "person"

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_position(self, entry: LeagueEntry) -> int | None:
        return self.context.get("positions", {}).get(entry.pk)


class LeagueGameSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField(source="index")
    competitor = serializers.IntegerField(source="competitor_id")
    name = serializers.CharField(source="competitor.name")
    rank = serializers.IntegerField(allow_null=True)
    score = serializers.FloatField(allow_null=True)


class LeagueGameSerializer(serializers.ModelSerializer):
    game = serializers.CharField(source="game_id")
    season = serializers.IntegerField(source="league_game.season.number")
    challenge = serializers.BooleanField(source="league_game.challenge")
    seats = LeagueGameSeatSerializer(many=True)

    class Meta:
        model = Game
        fields = ["id", "game", "season", "challenge", "status", "seats", "created_at", "finished_at"]


class SeasonStandingSerializer(serializers.Serializer):
    position = serializers.IntegerField(help_text="place on the final ladder (1 = top)")
    entry = serializers.IntegerField()
    competitor = serializers.IntegerField()
    name = serializers.CharField()
    rating = serializers.FloatField(help_text="Elo, or OpenSkill's ordinal (mu - 3 sigma)")
    mu = serializers.FloatField(allow_null=True)
    sigma = serializers.FloatField(allow_null=True)
    provisional = serializers.BooleanField()
    games_played = serializers.IntegerField()


class SeasonSerializer(serializers.ModelSerializer):
    """A season; ``standings`` is its final ladder, stored when it closed (null while it runs)."""

    standings = SeasonStandingSerializer(many=True, allow_null=True, read_only=True)
    state_display = serializers.CharField(source="get_state_display")
    games = serializers.IntegerField(source="game_count", help_text="league games created in the season")

    class Meta:
        model = Season
        fields = ["number", "state", "state_display", "games", "created_at", "finished_at", "standings"]
