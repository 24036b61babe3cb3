"""Tournaments over HTTP: one view per operation, translating to a selector or a service and back.

Who may do what (the organiser's transitions, entering a bot, dropping someone else) is decided by
the services in :mod:`games.services.competitions`; their errors become 400/403/404/409 here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import django_filters
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, permissions, status
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.competition_serializers import (
    EntrySerializer,
    EntryTargetSerializer,
    JoinSerializer,
    RoundSerializer,
    StandingsSerializer,
    TournamentCreateSerializer,
    TournamentSerializer,
    tournament_create_arguments,
)
from games.api.filter_forms import NoEmptyChoices
from games.api.response_serializers import BracketSerializer
from games.api.schema import error
from games.api.transitions import transition_view
from games.models import CompetitionState, Entry, Round, Tournament
from games.selectors.tournaments import (
    tournament_bracket_view,
    tournament_public_standings,
    tournament_rounds_view,
    tournaments_with_progress,
)
from games.services import competitions as services
from games.services.errors import Conflict, NotFound
from games.services.players import player_for_user

MAX_ROUND = 32767  # a PositiveSmallIntegerField


def _tournament(pk: int) -> Tournament:
    tournament = tournaments_with_progress().filter(pk=pk).first()
    if tournament is None:
        raise NotFound(f"no tournament {pk}")
    return tournament


def _detail(pk: int, code: int = status.HTTP_200_OK) -> Response:
    return Response(TournamentSerializer(_tournament(pk)).data, status=code)


class TournamentFilter(django_filters.FilterSet):
    game = django_filters.CharFilter(field_name="game_id", help_text="only this game id")
    state = django_filters.ChoiceFilter(choices=CompetitionState.choices, help_text="only in this state")

    class Meta:
        model = Tournament
        fields = ["game", "state"]
        form = NoEmptyChoices


class TournamentListCreateView(generics.ListAPIView):
    """Tournaments, newest first; anyone signed in may create one and is its organiser."""

    serializer_class = TournamentSerializer
    filterset_class = TournamentFilter

    def get_queryset(self) -> Any:
        return tournaments_with_progress().order_by("-id")

    @extend_schema(
        request=TournamentCreateSerializer,
        responses={
            201: TournamentSerializer,
            400: error("Not valid, or options that do not fit together or the game: `errors` says which."),
        },
    )
    def post(self, request: Request) -> Response:
        serializer = TournamentCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        tournament = services.tournament_create(
            organiser=player_for_user(request.user), **tournament_create_arguments(data)
        )
        return _detail(tournament.pk, status.HTTP_201_CREATED)


class TournamentDetailView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=TournamentSerializer)
    def get(self, request: Request, pk: int) -> Response:
        return _detail(pk)


# -- The organiser's transitions -------------------------------------------------------------------


def _transition(name: str, transition: Callable[..., Tournament], description: str) -> type[APIView]:
    return transition_view(
        name,
        transition,
        description=description,
        pk_argument="tournament_pk",
        detail=_detail,
        serializer=TournamentSerializer,
    )


TournamentOpenView = _transition(
    "TournamentOpenView", services.tournament_open_registration, "Open registration (organiser only)."
)
TournamentStartView = _transition(
    "TournamentStartView",
    services.tournament_start,
    "Seed the entries and pair round 1 (organiser only); the bots start playing.",
)
TournamentCancelView = _transition(
    "TournamentCancelView", services.tournament_cancel, "Cancel; running games are aborted (organiser only)."
)


# -- Entering and leaving --------------------------------------------------------------------------


def _entry_response(entry: Entry, code: int) -> Response:
    entry = Entry.objects.select_related("competitor__player", "competitor__bot").get(pk=entry.pk)
    return Response(EntrySerializer(entry).data, status=code)


class TournamentJoinView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=JoinSerializer,
        responses={
            201: EntrySerializer,
            400: error("Not valid, or not an entrant this tournament takes (people or bots, the game)."),
            403: error("Not your bot to enter."),
            409: error("Not open for entries, already entered, or every place is taken."),
        },
        description="Join as yourself, or enter a bot you own (built-in bots: staff and the organiser).",
    )
    def post(self, request: Request, pk: int) -> Response:
        serializer = JoinSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        entry = services.tournament_enter(
            tournament_pk=pk, user=request.user, bot_pk=serializer.validated_data.get("bot")
        )
        return _entry_response(entry, status.HTTP_201_CREATED)


class TournamentLeaveView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=EntryTargetSerializer,
        responses={
            204: None,
            403: error("Not an entry you may act for."),
            409: error("The tournament has started (drop out instead), or the entry is not in it."),
        },
        description="Withdraw before the start: your entry, or one you may act for.",
    )
    def post(self, request: Request, pk: int) -> Response:
        serializer = EntryTargetSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        services.tournament_withdraw(
            tournament_pk=pk, user=request.user, entry_pk=serializer.validated_data.get("entry")
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


class TournamentDropView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=EntryTargetSerializer,
        responses={
            200: EntrySerializer,
            403: error("Not an entry you may act for."),
            409: error("The tournament is not running, or the entry has dropped already or is not in it."),
        },
        description="Drop out of a running tournament after the current round (the organiser: anyone).",
    )
    def post(self, request: Request, pk: int) -> Response:
        serializer = EntryTargetSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        entry = services.tournament_drop_entry(
            tournament_pk=pk, user=request.user, entry_pk=serializer.validated_data.get("entry")
        )
        return _entry_response(entry, status.HTTP_200_OK)


# -- Reads -----------------------------------------------------------------------------------------


class TournamentEntriesView(generics.ListAPIView):
    serializer_class = EntrySerializer
    permission_classes = [permissions.AllowAny]
    filter_backends: list[Any] = []

    def get_queryset(self) -> Any:
        tournament = _tournament(self.kwargs["pk"])
        return (
            Entry.objects.filter(tournament=tournament)
            .select_related("competitor__player", "competitor__bot")
            .order_by("seed", "id")
        )


class TournamentRoundsView(generics.ListAPIView):
    """Every round so far, oldest first: tables with seats by name, their games and results."""

    serializer_class = RoundSerializer
    permission_classes = [permissions.AllowAny]
    filter_backends: list[Any] = []

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        tournament = _tournament(kwargs["pk"])
        numbers = (
            Round.objects.filter(tournament=tournament).order_by("number").values_list("number", flat=True)
        )
        page = self.paginate_queryset(numbers)
        rounds = tournament_rounds_view(tournament, list(page or []))
        return self.get_paginated_response(RoundSerializer(rounds, many=True).data)


class TournamentRoundView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=RoundSerializer)
    def get(self, request: Request, pk: int, number: int) -> Response:
        tournament = _tournament(pk)
        rounds = tournament_rounds_view(tournament, [number]) if number <= MAX_ROUND else []
        if not rounds:
            raise NotFound(f"{tournament.name} has no round {number}")
        return Response(RoundSerializer(rounds[0]).data)


class TournamentStandingsView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "round",
                {"type": "integer", "minimum": 1, "maximum": MAX_ROUND},
                description="a finished round: the standings snapshotted after it",
            )
        ],
        responses={
            200: StandingsSerializer,
            404: error("No tournament with that id, or it has no such round."),
            409: error("That round is not finished yet."),
        },
    )
    def get(self, request: Request, pk: int) -> Response:
        tournament = _tournament(pk)
        round_number = _round_param(request)
        try:
            standings = tournament_public_standings(tournament, round_number)
        except LookupError as exc:
            raise NotFound(str(exc)) from None
        except ValueError as exc:
            raise Conflict(str(exc)) from None
        return Response(StandingsSerializer(standings).data)


def _round_param(request: Request) -> int | None:
    raw = request.query_params.get("round")
    if raw is None or raw == "":
        return None
    if not raw.isdigit() or not 1 <= int(raw) <= MAX_ROUND:
        raise ValidationError({"round": "a round number, from 1"})
    return int(raw)


class TournamentBracketView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        responses={
            200: BracketSerializer,
            404: error("No tournament with that id, or it is not an elimination tournament: no bracket."),
            409: error("The bracket is drawn when the tournament starts."),
        },
        description="An elimination tournament's bracket: rounds of matches, their entrants and winners.",
    )
    def get(self, request: Request, pk: int) -> Response:
        tournament = _tournament(pk)
        if not tournament.is_elimination:
            # Only an elimination tournament has a bracket: for the others there is nothing here.
            raise NotFound(f"{tournament.name} is a {tournament.get_format_display()}: it has no bracket")
        if tournament.started_at is None:
            raise Conflict(f"the bracket of {tournament.name} is drawn when it starts")
        return Response(tournament_bracket_view(tournament))
