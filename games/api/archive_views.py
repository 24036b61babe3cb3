"""A finished tournament's or league's archive, one zip (``games.selectors.archives``)."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from typing import IO, Any

from django.http import FileResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import permissions
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.views import APIView

from games.api.export_views import ErrorsAsJson
from games.api.schema import error
from games.models import CompetitionState, League, Tournament
from games.selectors.archives import archive_name, league_archive_write, tournament_archive_write
from games.services.errors import Conflict, NotFound

ZIP = "application/zip"
# Held in memory up to this size, on disk past it: a league of many games makes a large archive.
IN_MEMORY_BYTES = 8 << 20


def archive_response(competition: Tournament | League, write: Callable[[Any, IO[bytes]], None]) -> FileResponse:
    kind = "tournament" if isinstance(competition, Tournament) else "league"
    if competition.state != CompetitionState.FINISHED:
        raise Conflict(
            f"{competition.name} is {competition.get_state_display()}: its archive is made once the {kind} "
            "has finished"
        )
    spool = tempfile.SpooledTemporaryFile(max_size=IN_MEMORY_BYTES)  # noqa: SIM115 - FileResponse closes it
    write(competition, spool)
    spool.seek(0)
    return FileResponse(spool, as_attachment=True, filename=archive_name(competition), content_type=ZIP)


_CONTENTS = {
    "tournament": "one CSV of standings per round and the final standings, its rounds' pairings and results "
    "as JSON (and its bracket, for elimination)",
    "league": "one CSV of each season's closing ladder, its pairings (every game: who met whom) as JSON",
}


def _documented(kind: str) -> Any:
    return extend_schema(
        summary=f"A finished {kind}'s archive (zip)",
        description=f"One zip: {_CONTENTS[kind]}, every finished game as ndjson (as `GET /api/games/export/` "
        "writes them) and a README.md summing it up.",
        responses={
            (200, ZIP): OpenApiResponse(OpenApiTypes.BINARY, description="the archive, as an attachment"),
            409: error(f"The {kind} has not finished: its archive is made once it has."),
        },
    )


class _ArchiveView(APIView):
    permission_classes = [permissions.AllowAny]
    renderer_classes = [JSONRenderer]
    content_negotiation_class = ErrorsAsJson


class TournamentArchiveView(_ArchiveView):
    @_documented("tournament")
    def get(self, request: Request, pk: int) -> FileResponse:
        tournament = Tournament.objects.filter(pk=pk).first()
        if tournament is None:
            raise NotFound(f"no tournament {pk}")
        return archive_response(tournament, tournament_archive_write)


class LeagueArchiveView(_ArchiveView):
    @_documented("league")
    def get(self, request: Request, pk: int) -> FileResponse:
        league = League.objects.filter(pk=pk).first()
        if league is None:
            raise NotFound(f"no league {pk}")
        return archive_response(league, league_archive_write)
