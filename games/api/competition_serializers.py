"""Tournament requests and responses. Requests are checked for shape here; the services decide the rest."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils.dateparse import parse_duration
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.api.json_requests import GameIdField, JsonRequest
from games.api.serializers import reject_nul
from games.converters import MAX_ID
from games.models import BotFaultPolicy, EntrantKinds, Entry, TimeoutPolicy, Tournament, TournamentFormat
from games.selectors.times import move_time_seconds
from games.selectors.tournaments import tournament_match_format
from games.services.competitions import MAX_ENTRANTS
from games.services.rules_of_play import MAX_STRIKES, MOVE_TIME_MS, TIME_BANK_MS

MAX_MOVE_TIME = timedelta(days=30)
MAX_ROUNDS = 100


@extend_schema_field(
    {
        "oneOf": [{"type": "number"}, {"type": "string"}],
        "description": 'seconds (e.g. 90), or an ISO 8601 duration (e.g. "PT90S", "P1D")',
        "example": 86400,
    }
)
class MoveTimeLimitField(serializers.Field):
    """A per-move time limit: seconds, or an ISO 8601 duration; shown as seconds."""

    default_error_messages = {
        "invalid": 'give seconds (e.g. 90) or an ISO 8601 duration (e.g. "PT90S")',
        "range": f"the time limit per move is from 1 second to {MAX_MOVE_TIME.days} days",
    }

    def to_internal_value(self, data: Any) -> timedelta:
        if isinstance(data, bool):
            self.fail("invalid")
        try:
            if isinstance(data, int | float):
                limit = timedelta(seconds=data)
            elif isinstance(data, str) and len(data) <= 100:
                parsed = parse_duration(data.strip())
                if parsed is None:
                    self.fail("invalid")
                limit = parsed
            else:
                self.fail("invalid")
        except (ValueError, OverflowError):  # nan, inf, a duration too long for Python
            self.fail("range")
        if not timedelta(seconds=1) <= limit <= MAX_MOVE_TIME:
            self.fail("range")
        return limit

    def to_representation(self, value: timedelta) -> int | float:
        return move_time_seconds(value)


def _ranged_integer(
    bounds: tuple[int, int], default: int, what: str, help_text: str
) -> serializers.IntegerField:
    low, high = bounds
    message = f"{what} is from {low} to {high}"
    return serializers.IntegerField(
        required=False,
        default=default,
        min_value=low,
        max_value=high,
        help_text=help_text,
        error_messages={"min_value": message, "max_value": message},
    )


# The rules for submitted bots (games.models.BotRules), the same for tournaments and leagues.
def bot_move_time_field() -> serializers.IntegerField:
    return _ranged_integer(
        MOVE_TIME_MS, 2000, "a bot's time per move (ms)", "milliseconds a submitted bot has for each decision"
    )


def bot_time_bank_field() -> serializers.IntegerField:
    return _ranged_integer(
        TIME_BANK_MS,
        10_000,
        "a bot's time bank (ms)",
        "extra milliseconds for a bot's whole game, drawn on when a decision runs over",
    )


def bot_fault_policy_field() -> serializers.ChoiceField:
    return serializers.ChoiceField(
        choices=BotFaultPolicy.choices,
        required=False,
        default=BotFaultPolicy.DEFAULT_MOVE,
        help_text="a bot's fault (timeout, crash, bad answer) forfeits the game, "
        "or plays a default move and takes a strike",
    )


def bot_max_strikes_field() -> serializers.IntegerField:
    return _ranged_integer(
        MAX_STRIKES,
        3,
        "the strikes before disqualification",
        "default_move: a bot is disqualified at this many",
    )


class RulesOfPlaySerializer(JsonRequest):
    """What a tournament and a league both say about time and faults, and their config check."""

    move_time_limit = MoveTimeLimitField(
        required=False,
        default=timedelta(days=1),
        help_text='seconds (e.g. 90), or an ISO 8601 duration (e.g. "PT90S", "P1D")',
    )
    timeout_policy = serializers.ChoiceField(
        choices=TimeoutPolicy.choices,
        required=False,
        default=TimeoutPolicy.FORFEIT,
        help_text="a seat past its move deadline forfeits the game, or plays a default action",
    )
    allow_vacations = serializers.BooleanField(
        required=False, default=True, help_text="a player's vacation extends their deadlines"
    )
    bot_move_time_ms = bot_move_time_field()
    bot_time_bank_ms = bot_time_bank_field()
    bot_fault_policy = bot_fault_policy_field()
    bot_max_strikes = bot_max_strikes_field()

    def validate_config(self, config: dict[str, Any]) -> dict[str, Any]:
        reject_nul(config)
        return config


class TournamentCreateSerializer(RulesOfPlaySerializer):
    name = serializers.CharField(max_length=120, help_text="the name people see")
    game = GameIdField()
    config = serializers.DictField(required=False, default=dict, help_text="the game's options")
    format = serializers.ChoiceField(
        choices=TournamentFormat.choices,
        help_text="how entrants meet: everyone against everyone (once, or twice), Swiss rounds, "
        "or a knockout bracket (single or double elimination)",
    )
    seats_per_table = serializers.IntegerField(
        required=False,
        default=2,
        min_value=2,
        max_value=8,
        help_text="players at each table: 2, or 3 to 6 in round robins and Swiss",
    )
    min_table_size = serializers.IntegerField(
        required=False, allow_null=True, min_value=2, max_value=8, help_text="multi-seat: the smallest table"
    )
    rounds = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=1,
        max_value=MAX_ROUNDS,
        help_text="Swiss: empty for the recommended number for the field",
    )
    best_of = serializers.IntegerField(
        required=False,
        default=1,
        min_value=1,
        max_value=9,
        help_text="games per match at two-seat tables: an odd number, at most 9",
    )
    entrants = serializers.ChoiceField(
        choices=EntrantKinds.choices,
        required=False,
        default=EntrantKinds.BOTH,
        help_text="who may enter: people, bots, or both",
    )
    late_entries = serializers.BooleanField(
        required=False, default=False, help_text="Swiss: entrants may still join after the start"
    )
    max_entrants = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=2,
        max_value=MAX_ENTRANTS,
        help_text="the places: joins past this many are refused (409); empty: no limit",
    )
    rated = serializers.BooleanField(
        required=False, default=True, help_text="the games move the players' Elo ratings"
    )


def tournament_create_arguments(data: dict[str, Any]) -> dict[str, Any]:
    """A validated :class:`TournamentCreateSerializer`'s data as ``tournament_create`` takes it
    (all but the organiser): the API and the page's form create alike."""
    return {
        "name": data["name"],
        "game_id": data["game"],
        "config": data["config"],
        "format": data["format"],
        "seats_per_table": data["seats_per_table"],
        "min_table_size": data.get("min_table_size"),
        "rounds": data.get("rounds"),
        "best_of": data["best_of"],
        "entrants": data["entrants"],
        "late_entries": data["late_entries"],
        "max_entrants": data.get("max_entrants"),
        "rated": data["rated"],
        **rules_of_play(data),
    }


class JoinSerializer(JsonRequest):
    bot = serializers.IntegerField(
        required=False, min_value=1, max_value=MAX_ID, help_text="enter this bot instead of yourself"
    )


class EntryTargetSerializer(JsonRequest):
    entry = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=MAX_ID,
        help_text="the entry to act on (organiser, or a bot's owner); empty: your own",
    )


# -- Responses ----------------------------------------------------------------------------------------


class OrganiserSerializer(serializers.Serializer):
    player = serializers.IntegerField(source="pk")
    name = serializers.CharField(source="competitor.name")


class ProgressSerializer(serializers.Serializer):
    games_finished = serializers.IntegerField()
    games_total = serializers.IntegerField(help_text="games started so far (a best-of adds games as needed)")
    rounds_finished = serializers.IntegerField()
    planned_rounds = serializers.IntegerField(allow_null=True)


class MatchFormatSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["best_of", "table"])
    games = serializers.IntegerField()
    scoring = serializers.CharField()
    description = serializers.CharField()


class TournamentSerializer(serializers.ModelSerializer):
    """A tournament as anyone may see it (never its seed)."""

    game = serializers.CharField(source="game_id")
    format_display = serializers.CharField(source="get_format_display")
    state_display = serializers.CharField(source="get_state_display")
    entrants_display = serializers.CharField(
        source="get_entrants_display", help_text="who may enter, in words"
    )
    move_time_limit = MoveTimeLimitField(help_text="seconds per move")
    timeout_policy_display = serializers.CharField(source="get_timeout_policy_display")
    bot_fault_policy_display = serializers.CharField(source="get_bot_fault_policy_display")
    organiser = OrganiserSerializer(allow_null=True)
    entry_count = serializers.IntegerField()
    match_format = serializers.SerializerMethodField()
    progress = serializers.SerializerMethodField()

    class Meta:
        model = Tournament
        fields = [
            "id",
            "name",
            "game",
            "config",
            "format",
            "format_display",
            "seats_per_table",
            "min_table_size",
            "rounds",
            "planned_rounds",
            "current_round",
            "best_of",
            "match_format",
            "move_time_limit",
            "timeout_policy",
            "timeout_policy_display",
            "allow_vacations",
            "bot_move_time_ms",
            "bot_time_bank_ms",
            "bot_fault_policy",
            "bot_fault_policy_display",
            "bot_max_strikes",
            "entrants",
            "entrants_display",
            "late_entries",
            "max_entrants",
            "rated",
            "state",
            "state_display",
            "organiser",
            "entry_count",
            "progress",
            "created_at",
            "started_at",
            "finished_at",
        ]

    @extend_schema_field(MatchFormatSerializer)
    def get_match_format(self, tournament: Tournament) -> dict[str, Any]:
        return tournament_match_format(tournament)

    @extend_schema_field(ProgressSerializer)
    def get_progress(self, tournament: Tournament) -> dict[str, Any]:
        return {
            "games_finished": tournament.games_finished,  # type: ignore[attr-defined]
            "games_total": tournament.games_total,  # type: ignore[attr-defined]
            "rounds_finished": tournament.rounds_finished,  # type: ignore[attr-defined]
            "planned_rounds": tournament.planned_rounds,
        }


class EntrySerializer(serializers.ModelSerializer):
    name = serializers.CharField(source="competitor.name")
    kind = serializers.SerializerMethodField()
    player = serializers.SerializerMethodField()
    bot = serializers.SerializerMethodField()
    dropped = serializers.BooleanField()

    class Meta:
        model = Entry
        fields = [
            "id",
            "competitor",
            "name",
            "kind",
            "player",
            "bot",
            "seed",
            "late",
            "first_round",
            "dropped",
            "dropped_after_round",
            "joined_at",
        ]

    def get_kind(self, entry: Entry) -> str:
        return "bot" if self.get_bot(entry) is not None else "player"

    def get_player(self, entry: Entry) -> int | None:
        player = getattr(entry.competitor, "player", None)
        return None if player is None else int(player.pk)

    def get_bot(self, entry: Entry) -> int | None:
        bot = getattr(entry.competitor, "bot", None)
        return None if bot is None else int(bot.pk)


class SeatSerializer(serializers.Serializer):
    entry = serializers.IntegerField()
    name = serializers.CharField()


class GameRefSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="the game's number within the match")
    id = serializers.IntegerField(help_text="see /api/games/{id}/")
    status = serializers.CharField()


class MatchSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    seats = SeatSerializer(many=True, help_text="in the seat order of the match's first game")
    bye = serializers.BooleanField()
    bracket_match = serializers.CharField()
    games = GameRefSerializer(many=True)
    finished = serializers.BooleanField()
    result = serializers.JSONField(allow_null=True, help_text="by kind: two_seat, table, bye or walkover")


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    finished = serializers.BooleanField()
    finished_at = serializers.DateTimeField(allow_null=True)
    matches = MatchSerializer(many=True)


class StandingsSerializer(serializers.Serializer):
    round = serializers.IntegerField(help_text="the standings are after this round")
    final = serializers.BooleanField()
    live = serializers.BooleanField(help_text="computed now; a finished round's snapshot never changes")
    standings = serializers.ListField(
        child=serializers.DictField(),
        help_text="rank, entry, name, seed and every tiebreaker of the format",
    )


RULES_OF_PLAY = (
    "move_time_limit",
    "timeout_policy",
    "allow_vacations",
    "bot_move_time_ms",
    "bot_time_bank_ms",
    "bot_fault_policy",
    "bot_max_strikes",
)


def rules_of_play(data: dict[str, Any]) -> dict[str, Any]:
    """The validated rules of play of a create request, as the create services take them."""
    return {key: data[key] for key in RULES_OF_PLAY}
