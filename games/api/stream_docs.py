"""The event streams in the OpenAPI document.

The streams are async Django views (games.streams.views), which drf-spectacular does not see; a
preprocessing hook (``SPECTACULAR_SETTINGS["PREPROCESSING_HOOKS"]``) lists them with the stand-in
views below, whose only use is to carry their documentation: parameters, the two content types and
the shape of each event (a ``oneOf`` on ``type``). The refusals come from :class:`games.api.schema.ApiSchema`
as for every operation.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, PolymorphicProxySerializer, extend_schema
from rest_framework import permissions, serializers
from rest_framework.views import APIView

from games.api.response_serializers import GameViewSerializer, SeatSummarySerializer
from games.api.schema import error
from games.api.version_test_serializers import EstimateSerializer, LlrSerializer, VersionTestSerializer
from games.models import GameStatus, TournamentEventKind, VersionTestState

NDJSON = "application/x-ndjson"
EVENT_STREAM = "text/event-stream"


class GameSnapshotEventSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="the number of the game's latest move (0 before the first)")
    type = serializers.ChoiceField(choices=["game"])
    game = serializers.IntegerField(help_text="the game's id")
    view = GameViewSerializer(help_text="the game as GET /api/games/{id}/ shows it to this reader")


class GameMoveEventSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="the move's number")
    type = serializers.ChoiceField(choices=["move"])
    game = serializers.IntegerField()
    number = serializers.IntegerField()
    seat = serializers.IntegerField()
    action = serializers.DictField(help_text="as this reader may see it (others' face-down offers hidden)")
    auto = serializers.BooleanField(help_text="played by the service for the seat (a timeout, a bot's fault)")
    created_at = serializers.DateTimeField()
    to_act = serializers.ListField(child=serializers.IntegerField(), help_text="the seats that must act next")
    viewer_seat = serializers.IntegerField(
        allow_null=True, help_text="the seat whose view this is; null: a spectator"
    )
    observation = serializers.JSONField(help_text="the game after this move, as viewer_seat sees it")
    legal_actions = serializers.ListField(
        child=serializers.JSONField(), help_text="what viewer_seat may send now"
    )


class GameEndEventSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="one past the last move: no move follows an end")
    type = serializers.ChoiceField(choices=["end"])
    game = serializers.IntegerField()
    status = serializers.ChoiceField(choices=GameStatus.choices)
    move_count = serializers.IntegerField()
    outcome = serializers.DictField(allow_null=True, help_text="ranking, ranks, scores, details")
    seats = SeatSummarySerializer(many=True, help_text="with each seat's rank and score")
    seed = serializers.IntegerField(
        required=False, help_text="the deal, now that the game is over (a shared deal: once every game of it is)"
    )
    finished_at = serializers.DateTimeField(allow_null=True)


GAME_EVENT = PolymorphicProxySerializer(
    component_name="GameStreamEvent",
    serializers={
        "game": GameSnapshotEventSerializer,
        "move": GameMoveEventSerializer,
        "end": GameEndEventSerializer,
    },
    resource_type_field_name="type",
)


class TournamentEventSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="the event's number in this tournament: 1, 2, ...")
    type = serializers.ChoiceField(choices=TournamentEventKind.choices)
    tournament = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    round = serializers.IntegerField(required=False, help_text="round_start, game_end, standings")
    tables = serializers.ListField(
        child=serializers.DictField(),
        required=False,
        help_text="round_start: each table's number, first game and seats (entry, competitor, name)",
    )
    byes = serializers.ListField(child=serializers.DictField(), required=False, help_text="round_start")
    game = serializers.IntegerField(required=False, help_text="game_end: the game")
    table = serializers.IntegerField(required=False, help_text="game_end")
    match_game = serializers.IntegerField(required=False, help_text="game_end: its number in the match")
    status = serializers.ChoiceField(choices=GameStatus.choices, required=False, help_text="game_end")
    outcome = serializers.DictField(allow_null=True, required=False, help_text="game_end")
    seats = SeatSummarySerializer(many=True, required=False, help_text="game_end: with ranks and scores")
    finished_at = serializers.DateTimeField(required=False, help_text="game_end")
    standings = serializers.ListField(
        child=serializers.DictField(),
        allow_null=True,
        required=False,
        help_text="standings (after the round), finished",
    )


class VersionTestSnapshotEventSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="the number of pairs counted so far")
    type = serializers.ChoiceField(choices=["test"])
    test = serializers.IntegerField(help_text="the test's id")
    view = VersionTestSerializer(help_text="the test as GET /api/bots/{id}/tests/{tid}/ shows it")


class VersionTestFiguresEventSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="figures: the number of pairs counted; end: one past it")
    type = serializers.ChoiceField(choices=["figures", "end"])
    test = serializers.IntegerField()
    # Text, as the detail's: a second "state" enum would rename the competitions' StateEnum.
    state = serializers.CharField(
        help_text=f"one of {', '.join(VersionTestState.values)}; end: how the test finished"
    )
    finished_at = serializers.DateTimeField(allow_null=True)
    deals_started = serializers.IntegerField()
    pairs = serializers.IntegerField(help_text="deals whose two games were counted")
    games = serializers.IntegerField(help_text="games counted (two per pair)")
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    pentanomial = serializers.ListField(
        child=serializers.IntegerField(), help_text="two seats: the pairs LL, LD, DD+WL, WD, WW; else empty"
    )
    paired_values = serializers.DictField(
        child=serializers.IntegerField(), help_text="larger tables: each pair value and its count"
    )
    elo0 = serializers.FloatField()
    elo1 = serializers.FloatField()
    model = serializers.CharField()
    llr = LlrSerializer()
    elo = EstimateSerializer(help_text="logistic Elo per game")
    nelo = EstimateSerializer(help_text="normalized Elo per game")


VERSION_TEST_EVENT = PolymorphicProxySerializer(
    component_name="VersionTestStreamEvent",
    serializers={
        "test": VersionTestSnapshotEventSerializer,
        "figures": VersionTestFiguresEventSerializer,
        "end": VersionTestFiguresEventSerializer,
    },
    resource_type_field_name="type",
)


LAST_EVENT_ID = OpenApiParameter(
    "Last-Event-ID",
    {"type": "string", "pattern": "^[0-9]{1,10}$"},
    location=OpenApiParameter.HEADER,
    description="the id of the last event you got: the stream goes on after it, from the database "
    "(a browser's EventSource sends it when it reconnects); wins over last_event_id",
)
LAST_EVENT_ID_QUERY = OpenApiParameter(
    "last_event_id",
    {"type": "integer", "minimum": 0, "maximum": 9999999999},
    description="as the Last-Event-ID header, for a first connection that knows where it stands",
)
STREAM_BODY = (
    "application/x-ndjson: one event per line. text/event-stream: each event as `id:` its id, `event:` "
    "its type and `data:` the event as its ndjson line gives it."
)
SSE_BODY = OpenApiResponse(OpenApiTypes.STR, description=STREAM_BODY)
STREAM_REFUSALS = {
    400: error("Last-Event-ID (or last_event_id) is not a whole number, or names no event of this stream."),
    403: error(
        "A game whose deal is still being played at another table (`deal_in_play`): only the people "
        "seated in it follow it until every table has finished."
    ),
    406: error(f"The Accept header takes neither {NDJSON} nor {EVENT_STREAM}."),
}
VERSION_TEST_STREAM_REFUSALS = {
    400: STREAM_REFUSALS[400],
    404: error("No such bot, or no test of it you may see (another's test until it is published)."),
    406: STREAM_REFUSALS[406],
}
HEARTBEATS = (
    "While nothing happens a heartbeat comes every STREAM_HEARTBEAT_SECONDS (15 by default): an empty "
    "line in ndjson, a comment in server-sent events. Accept chooses the format: application/x-ndjson "
    "(the default) or text/event-stream."
)


class GameStreamDocs(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        summary="Follow a game as it is played",
        description="The game's events as they happen, as this reader may see them: its own seat's "
        "observation after each move (a spectator's has no hidden cards), then the end, after which the "
        "stream ends. Without Last-Event-ID it starts with a `game` event (the game as it is now, "
        "with the number of its latest move as id); with it, the moves after that one. " + HEARTBEATS,
        parameters=[LAST_EVENT_ID, LAST_EVENT_ID_QUERY],
        responses={
            (200, NDJSON): OpenApiResponse(GAME_EVENT, description=STREAM_BODY),
            (200, EVENT_STREAM): SSE_BODY,
            **STREAM_REFUSALS,
        },
    )
    def get(self, request: Any, pk: int) -> None:  # documentation only
        raise NotImplementedError


class TournamentStreamDocs(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        summary="Follow a tournament as it is played",
        description="The tournament's events, numbered 1, 2, ...: `round_start` (tables, first games, "
        "byes), `game_end` (each game of a round once it ends), `standings` (after each round) and "
        "its end, `finished` (final standings) or `cancelled`, after which the stream ends. Without "
        "Last-Event-ID it starts from the first event; with it, after that one. " + HEARTBEATS,
        parameters=[LAST_EVENT_ID, LAST_EVENT_ID_QUERY],
        responses={
            (200, NDJSON): OpenApiResponse(TournamentEventSerializer, description=STREAM_BODY),
            (200, EVENT_STREAM): SSE_BODY,
            **STREAM_REFUSALS,
        },
    )
    def get(self, request: Any, pk: int) -> None:  # documentation only
        raise NotImplementedError


class VersionTestStreamDocs(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        summary="Follow a version test as its pairs are counted",
        description="The test's figures as they change, for whoever may read the test (its author; "
        "anyone once it is published). Without Last-Event-ID it starts with a `test` event (the test "
        "as the detail shows it, with the number of pairs counted as id); then a `figures` event each "
        "time a pair is counted (id: the pairs counted; the counts, LLR with its bounds, Elo and "
        "normalized Elo, state), and `end` when the test is accepted, rejected, inconclusive or "
        "stopped (id: one past the last pair; the final figures), after which the stream ends. The "
        "figures are cumulative, so a reader that resumes with Last-Event-ID n gets one `figures` "
        "event, the latest, if more than n pairs were counted meanwhile (not one per pair missed), "
        "then the end if the test has finished. " + HEARTBEATS,
        parameters=[LAST_EVENT_ID, LAST_EVENT_ID_QUERY],
        responses={
            (200, NDJSON): OpenApiResponse(VERSION_TEST_EVENT, description=STREAM_BODY),
            (200, EVENT_STREAM): SSE_BODY,
            **VERSION_TEST_STREAM_REFUSALS,
        },
    )
    def get(self, request: Any, pk: int, tid: int) -> None:  # documentation only
        raise NotImplementedError


def add_stream_endpoints(endpoints: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """drf-spectacular's preprocessing hook: the streams among the endpoints it documents."""
    return [
        *endpoints,
        ("/api/games/{pk}/stream/", "api/games/<id:pk>/stream/", "GET", GameStreamDocs.as_view()),
        (
            "/api/tournaments/{pk}/stream/",
            "api/tournaments/<id:pk>/stream/",
            "GET",
            TournamentStreamDocs.as_view(),
        ),
        (
            "/api/bots/{pk}/tests/{tid}/stream/",
            "api/bots/<id:pk>/tests/<id:tid>/stream/",
            "GET",
            VersionTestStreamDocs.as_view(),
        ),
    ]
