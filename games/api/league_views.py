"""Leagues over HTTP: one view per operation, translating to a selector or a service and back.

Who may do what is decided by :mod:`games.services.leagues` and :mod:`games.services.ladder`; their
errors become 400/403/404/409 with the API's one error shape, as for tournaments.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import django_filters
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, generics, permissions, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.competition_serializers import EntryTargetSerializer, JoinSerializer
from games.api.filter_backends import FilterBackend
from games.api.filter_forms import NoEmptyChoices
from games.api.league_serializers import (
    ChallengeSerializer,
    LeagueCreateSerializer,
    LeagueEntrySerializer,
    LeagueGameSerializer,
    LeagueSerializer,
    SeasonSerializer,
    league_create_arguments,
)
from games.api.pagination import KeysetPagination
from games.api.schema import error
from games.api.transitions import transition_view
from games.models import CompetitionState, League, LeagueEntry
from games.selectors.leagues import (
    ladder_position,
    ladder_rows,
    league_answer,
    league_found,
    league_games,
    league_rating_system,
    league_rows,
    league_seasons,
)
from games.selectors.lists import NumberedPages
from games.services import leagues as services
from games.services.errors import NotFound
from games.services.ladder import league_challenge
from games.services.players import player_for_user


def _league_only(pk: int) -> League:
    """The league for a read of what is under it (its games, its seasons): its counts unread."""
    league = league_found(pk)
    if league is None:
        raise NotFound(f"no league {pk}")
    return league


def _detail(pk: int, code: int = status.HTTP_200_OK) -> Response:
    answer = league_answer(pk)
    if answer is None:
        raise NotFound(f"no league {pk}")
    return Response(answer, status=code)


class LeagueFilter(django_filters.FilterSet):
    game = django_filters.CharFilter(field_name="game_id", help_text="only this game id")
    state = django_filters.ChoiceFilter(choices=CompetitionState.choices, help_text="only in this state")

    class Meta:
        model = League
        fields = ["game", "state"]
        form = NoEmptyChoices


class LeagueListCreateView(generics.ListAPIView):
    """Leagues, newest first; anyone signed in may create one and is its organiser."""

    serializer_class = LeagueSerializer
    filterset_class = LeagueFilter

    def get_queryset(self) -> Any:
        """What the filters and the schema see; the answer is read by :func:`league_rows`."""
        return League.objects.order_by("-id")

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """The serializer's answer, read by hand-written SQL (:func:`league_rows`); the filters are
        checked by the filter set, as for any list."""
        chosen = FilterBackend().cleaned_filters(request, self.get_queryset(), self)
        rows = league_rows(game_id=chosen.get("game") or None, state=chosen.get("state") or None)
        return self.get_paginated_response(self.paginate_queryset(NumberedPages(rows)))

    @extend_schema(
        request=LeagueCreateSerializer,
        responses={
            201: LeagueSerializer,
            400: error("Not valid, or options that do not fit together or the game: `errors` says which."),
        },
    )
    def post(self, request: Request) -> Response:
        serializer = LeagueCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        league = services.league_create(
            organiser=player_for_user(request.user), **league_create_arguments(data)
        )
        return _detail(league.pk, status.HTTP_201_CREATED)


class LeagueDetailView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=LeagueSerializer)
    def get(self, request: Request, pk: int) -> Response:
        return _detail(pk)


# -- The organiser's transitions -------------------------------------------------------------------


def _transition(name: str, transition: Callable[..., object], description: str) -> type[APIView]:
    return transition_view(
        name,
        transition,
        description=description,
        pk_argument="league_pk",
        detail=_detail,
        serializer=LeagueSerializer,
    )


LeagueOpenView = _transition(
    "LeagueOpenView",
    services.league_open_registration,
    "Open registration (organiser only).",
)
LeagueStartView = _transition(
    "LeagueStartView",
    services.league_start,
    "Start the ladder and its next season (organiser only); bots are matched from now.",
)
LeagueFinishView = _transition(
    "LeagueFinishView",
    services.league_finish,
    "Finish: no new games; running games are played out (organiser only).",
)
LeagueNextSeasonView = _transition(
    "LeagueNextSeasonView",
    services.league_next_season,
    "Close the current season, storing its final ladder, and open the next (organiser only; "
    "409 unless running). Ratings reset or carry over as the league's ratings_per_season says.",
)
LeagueCancelView = _transition(
    "LeagueCancelView",
    services.league_cancel,
    "Cancel; running games are aborted (organiser only).",
)


# -- Joining, leaving, challenging -----------------------------------------------------------------


def _entry_data(entry: LeagueEntry) -> dict[str, Any]:
    entry = LeagueEntry.objects.select_related("competitor__bot", "league").get(pk=entry.pk)
    positions = {entry.pk: ladder_position(entry)} if entry.active else {}
    return LeagueEntrySerializer(entry, context={"positions": positions}).data


class LeagueJoinView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=JoinSerializer,
        responses={
            201: LeagueEntrySerializer,
            400: error("Not valid, or not an entrant this league takes (people or bots, the game)."),
            403: error("Not your bot to enter."),
            409: error("Not open for entries, or already entered."),
        },
        description="Join as yourself, or enter a bot you own (built-in bots: staff and the organiser). "
        "Possible during registration and while the ladder runs.",
    )
    def post(self, request: Request, pk: int) -> Response:
        serializer = JoinSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        entry = services.league_enter(
            league_pk=pk, user=request.user, bot_pk=serializer.validated_data.get("bot")
        )
        return Response(_entry_data(entry), status=status.HTTP_201_CREATED)


class LeagueLeaveView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=EntryTargetSerializer,
        responses={
            204: None,
            403: error("Not an entry you may act for."),
            409: error("The league is over, or the entry has left already or is not in it."),
        },
        description="Leave: your entry, or one you may act for. A running league keeps its rating history.",
    )
    def post(self, request: Request, pk: int) -> Response:
        serializer = EntryTargetSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        services.league_withdraw(
            league_pk=pk, user=request.user, entry_pk=serializer.validated_data.get("entry")
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


class LeagueChallengeView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=ChallengeSerializer,
        responses={
            201: LeagueGameSerializer,
            403: error("You have no entry in this league to challenge from."),
            409: error(
                "Not running; the entry is out of range, yourself, busy or gone; or too few free entrants."
            ),
        },
        description="Challenge an entrant at most the league's challenge range of places from you on the "
        "ladder; a game with both of you starts at once. In leagues of 3+ seats the other seats go to "
        "the free entrants (not in a running game of the league) ranked nearest the challenged one; 409 "
        "if too few are free. Out of range: 409 challenge_out_of_range.",
    )
    def post(self, request: Request, pk: int) -> Response:
        serializer = ChallengeSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        game = league_challenge(league_pk=pk, user=request.user, entry_pk=serializer.validated_data["entry"])
        game = league_games(_league_only(pk)).get(pk=game.pk)
        return Response(LeagueGameSerializer(game).data, status=status.HTTP_201_CREATED)


# -- Reads -----------------------------------------------------------------------------------------


class LeagueLadderView(generics.ListAPIView):
    """The ladder, best first: positions, ratings (Elo, or OpenSkill's ordinal with mu and sigma),
    provisional ratings marked. The response also names the league's ``rating_system``."""

    serializer_class = LeagueEntrySerializer
    permission_classes = [permissions.AllowAny]
    filter_backends: list[Any] = []
    pagination_class = KeysetPagination

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        pk = kwargs["pk"]
        paginator = self.paginator
        assert isinstance(paginator, KeysetPagination)
        try:
            rows = paginator.paginate_queryset(ladder_rows(pk), request, view=self)
        except exceptions.NotFound:  # the pagination's: no such page, or no such league
            if league_rating_system(pk) is None:
                raise NotFound(f"no league {pk}") from None
            raise
        # Each row names the league's rating system: only an empty page asks the league for it.
        rating_system = rows[0]["rating_system"] if rows else league_rating_system(pk)
        if rating_system is None:
            raise NotFound(f"no league {pk}")
        # The SQL rows plus their place: what LeagueEntrySerializer (which documents them) would
        # give, without a model object per entry.
        response = paginator.get_paginated_response(
            [
                {"id": row["id"], "position": position, **row}
                for row, position in zip(rows, paginator.ranks(), strict=True)
            ]
        )
        response.data["rating_system"] = rating_system
        return response


class LeagueGamesView(generics.ListAPIView):
    """The league's games, newest first: ladder matches and challenges, with seats and results."""

    serializer_class = LeagueGameSerializer
    permission_classes = [permissions.AllowAny]
    filter_backends: list[Any] = []
    pagination_class = KeysetPagination

    def get_queryset(self) -> Any:
        return league_games(_league_only(self.kwargs["pk"]))


class LeagueSeasonsView(generics.ListAPIView):
    """The league's seasons, first first, each closed one with its final ladder (a fixed snapshot)."""

    serializer_class = SeasonSerializer
    permission_classes = [permissions.AllowAny]
    filter_backends: list[Any] = []

    def get_queryset(self) -> Any:
        return league_seasons(_league_only(self.kwargs["pk"]))
