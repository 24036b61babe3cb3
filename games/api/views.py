"""One view per operation; each translates HTTP to a selector or a service call and back."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, permissions, status
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.exceptions import ValidationError
from rest_framework.parsers import FormParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.utils.urls import remove_query_param, replace_query_param
from rest_framework.views import APIView

from engine import UnknownGame, get_game, registered_games
from games.api.move_bodies import move_answer, move_request
from games.api.pagination import KeysetPagination
from games.api.parsers import SafeJSONParser
from games.api.response_serializers import (
    AuthTokenAnswerSerializer,
    GameHistorySerializer,
    GameListItemSerializer,
    GameMetadataSerializer,
    GameViewSerializer,
    MeSerializer,
    PlayerProfileSerializer,
)
from games.api.schema import error, paginated
from games.api.serializers import (
    GameCreateSerializer,
    LadderEntrySerializer,
    MoveCreateSerializer,
    MoveSerializer,
)
from games.api.throttles import LoginThrottle, MoveSubmitThrottle
from games.converters import MAX_ID
from games.models import Bot, Competitor, Player
from games.selectors import games as game_selectors
from games.selectors import ratings as rating_selectors
from games.services.errors import DealInPlay, InvalidInput, NotAllowed
from games.services.games import game_create
from games.services.moves import move_submit
from games.services.players import player_for_user
from games.services.tokens import LOGIN_TOKEN_NAME, token_create

MAX_MOVES_PER_PAGE = 1000
GAME_IDS = [game.id for game in registered_games()]
PAGE_PARAMETER = OpenApiParameter(
    "page", int, description="a page number (an offset: the cursor of a next link is faster)"
)


class GameCatalogView(APIView):
    """The registered games and their metadata."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=GameMetadataSerializer(many=True))
    def get(self, request: Request) -> Response:
        return Response([game.metadata() for game in registered_games()])


class GameListCreateView(APIView):
    @extend_schema(
        parameters=[
            OpenApiParameter("game", str, description="only this game id"),
            OpenApiParameter("status", str, description="running, finished or aborted"),
            PAGE_PARAMETER,
            OpenApiParameter(
                "cursor",
                str,
                description="a cursor from a previous answer's next or previous link: the page after "
                "(or before) it, as fast on page 5,000 as on page 1",
            ),
        ],
        responses=paginated(GameListItemSerializer, "PaginatedGameListItemList"),
    )
    def get(self, request: Request) -> Response:
        games = game_selectors.game_list(request.query_params.get("game"), request.query_params.get("status"))
        paginator = KeysetPagination()
        page = paginator.paginate_queryset(games, request, view=self)
        return paginator.get_paginated_response(page)

    @extend_schema(
        request=GameCreateSerializer,
        responses={
            201: GameViewSerializer,
            400: error(
                "Not valid, or not a game the rules allow (its config, seats, bots): `errors` says why."
            ),
            403: error("A person's seat that is not yours: invite people with a challenge."),
        },
    )
    def post(self, request: Request) -> Response:
        serializer = GameCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        if "seed" in data and not request.user.is_staff:
            raise ValidationError({"seed": "only staff may choose a seed (a known seed reveals the deck)"})
        competitors = [_competitor_for(seat) for seat in data["seats"]]
        me = player_for_user(request.user)
        others = [c for c in competitors if hasattr(c, "player") and c.pk != me.competitor_id]
        if others and not request.user.is_staff:
            # Nobody is seated in a game they did not accept: people are invited by a challenge.
            raise NotAllowed(
                f"{others[0].name} has not accepted this game: invite people with POST /api/challenges/ "
                "(seats here are yours and bots')"
            )
        game = game_create(
            game_id=data["game"],
            competitors=competitors,
            config=data["config"],
            seed=data.get("seed"),
            rated=data["rated"],
        )
        game = game_selectors.games_with_seats().get(pk=game.pk)
        return Response(game_selectors.game_view(game, request.user), status=status.HTTP_201_CREATED)


def _competitor_for(seat: dict[str, Any]) -> Competitor:
    if "player" in seat:
        player = Player.objects.select_related("competitor").filter(pk=seat["player"]).first()
        if player is None:
            raise InvalidInput(f"no player {seat['player']}", field="seats")
        return player.competitor
    bot = Bot.objects.select_related("competitor").filter(pk=seat["bot"]).first()
    if bot is None:
        raise InvalidInput(f"no bot {seat['bot']}", field="seats")
    return bot.competitor


def _game_read(request: Request, pk: int) -> game_selectors.GameRead:
    found = game_selectors.game_read(pk)
    if found is None:
        raise Http404("No Game matches the given query.")  # as get_object_or_404 words it
    refusal = game_selectors.deal_refusal(request.user, found.seats, found.in_play)
    if refusal is not None:
        raise DealInPlay(refusal)
    return found


DEAL_IN_PLAY_403 = error(
    "Its deal is still being played at another table (`deal_in_play`): several games can be dealt "
    "from one seed (a duplicate round's tables, a version test's pair); until every one of them "
    "has finished, only the people seated in this one read it, and even they get neither its seed "
    "nor its final state."
)


class GameDetailView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: GameViewSerializer, 403: DEAL_IN_PLAY_403})
    def get(self, request: Request, pk: int) -> Response:
        game, seats, in_play = _game_read(request, pk)

        def moves() -> list[tuple[int, dict[str, Any]]]:
            # Read only if the replay is not kept; up to the row's version, under which it is kept.
            rows = game_selectors.move_rows(pk, 0, game.version)
            return [(seat, action) for _number, seat, action, _at in rows]

        return Response(game_selectors.game_view(game, request.user, seats, moves, in_play))


class GameMovesView(APIView):
    throttle_classes = [MoveSubmitThrottle]  # POST only

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "after",
                {"type": "integer", "minimum": 0, "maximum": MAX_ID},
                description="only the moves numbered after this one",
            ),
            OpenApiParameter(
                "limit",
                {"type": "integer", "minimum": 1, "maximum": MAX_MOVES_PER_PAGE},
                description=f"at most this many moves (1 to {MAX_MOVES_PER_PAGE}); the answer's "
                "``next`` then links to the following ones (null after the last)",
            ),
        ],
        responses={200: GameHistorySerializer, 403: DEAL_IN_PLAY_403},
    )
    def get(self, request: Request, pk: int) -> Response:
        after = _whole_number(request, "after", 0, MAX_ID)
        limit = _whole_number(request, "limit", 1, MAX_MOVES_PER_PAGE)
        game, seats, in_play = _game_read(request, pk)
        history = game_selectors.game_history(
            game, request.user, after=after or 0, limit=limit, seats=seats, in_play=in_play
        )
        if limit is not None:
            moves = history["moves"]
            last = moves[-1]["number"] if moves else after or 0
            more = len(moves) == limit and last < game.version
            url = remove_query_param(request.build_absolute_uri(), "after")
            history["next"] = replace_query_param(url, "after", last) if more else None
        return Response(history)

    @extend_schema(
        request=MoveCreateSerializer,
        responses={
            201: MoveSerializer,
            200: MoveSerializer,  # a retry: the move stored under its idempotency key
            400: error("Not valid, or a move the rules do not allow now: `errors` gives the reason."),
            403: error("None of your seats is in this game (`not_your_seat`)."),
            409: error("Not your turn, or `expected_move` is stale; or the game is over."),
        },
    )
    def post(self, request: Request, pk: int) -> Response:
        data = move_request(request.data)
        move, created = move_submit(
            game_pk=pk,
            user=request.user,
            action=data["action"],
            expected_move=data.get("expected_move"),
            idempotency_key=data.get("idempotency_key"),
            seat_index=data.get("seat"),
        )
        return Response(move_answer(move), status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


def _whole_number(request: Request, name: str, low: int, high: int) -> int | None:
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return None
    # ASCII digits only (str.isdigit also takes "²", which int() refuses); MAX_ID has 19 of them.
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 20 and low <= int(raw) <= high):
        raise ValidationError({name: f"give a whole number from {low} to {high}, not {raw[:20]!r}"})
    return int(raw)


class LadderView(generics.ListAPIView):
    serializer_class = LadderEntrySerializer
    permission_classes = [permissions.AllowAny]
    filter_backends: list[Any] = []
    pagination_class = KeysetPagination

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "game", str, required=True, enum=GAME_IDS, description="a game id, e.g. mulligan"
            )
        ]
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    def get_queryset(self) -> Any:
        game_id = self.request.query_params.get("game")
        if not game_id:
            raise ValidationError({"game": "say which game's ladder, e.g. ?game=mulligan"})
        try:
            get_game(game_id)
        except UnknownGame as exc:
            raise ValidationError({"game": str(exc)}) from None
        return rating_selectors.ladder_rows(game_id)

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        # The rows are the answer's dicts already (hand-written SQL, not the serializer: a page of
        # the ladder is read all day); the serializer documents them.
        paginator = self.paginator
        assert paginator is not None
        return paginator.get_paginated_response(
            paginator.paginate_queryset(self.get_queryset(), request, view=self)
        )


class PlayerDetailView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=PlayerProfileSerializer)
    def get(self, request: Request, pk: int) -> Response:
        profile = rating_selectors.player_profile(pk)
        if profile is None:
            raise Http404("No Player matches the given query.")  # as get_object_or_404 words it
        return Response(profile)


class TokenLoginView(APIView):
    """``POST username, password`` → ``{"token": ...}``, rate limited per client address."""

    # As DRF's ObtainAuthToken answered, with a new hashed token each time: a stored key cannot be
    # shown again (games.services.tokens).
    throttle_classes = [LoginThrottle]
    permission_classes = [permissions.AllowAny]
    # JSON, or a plain form as curl's -d sends it; nothing is uploaded here. The document lists JSON
    # alone: a generator offered two content types of one body makes a client that does not import
    # (openapi-python-client 0.29.1, issue #1451) or sends the last one it lists, and scripts want JSON.
    parser_classes = [SafeJSONParser, FormParser]

    @extend_schema(
        request={"application/json": AuthTokenSerializer},
        description="Log in: a user name and password give a new token, `Authorization: Token <token>` "
        "from then on. Rate limited per client address. Also takes the two fields as a plain form "
        "(`curl -d username=... -d password=...`).",
        responses={
            200: AuthTokenAnswerSerializer,
            400: error("A user name and password that do not match an active account, or one left out."),
        },
    )
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        serializer = AuthTokenSerializer(data=request.data, context={"request": request, "view": self})
        serializer.is_valid(raise_exception=True)
        _, key = token_create(user=serializer.validated_data["user"], name=LOGIN_TOKEN_NAME)
        return Response({"token": key}, headers={"Cache-Control": "no-store"})


class MeView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses=MeSerializer)
    def get(self, request: Request) -> Response:
        player = player_for_user(request.user)
        return Response(
            {"player": player.pk, "competitor": player.competitor.pk, "name": player.competitor.name}
        )
