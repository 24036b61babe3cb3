"""The floor of a write: what any ``POST`` that stores a move must cost in this stack, before the
game's rules, its seats, its deadline and its notifications.

``POST /bench/bare-drf-write/`` with ``{"row": n}`` (n in ``0..ROWS-1``, one per client, as a move's
games are its clients' own): DRF with the project's defaults (a person's token, the JSON parser,
the renderer), then one transaction of a move's kind: the row locked (a move locks its game),
a row inserted (the move), the row updated (the game's version), committed and so flushed to disk.
Its statements bind on the server as a move's do (``mulligan_league.statements``). bench/api.py
measures it beside the bare view; a move does this and more, so its ratio is a bound on a move's.

The tables are the bench's own (bench/api_site/floor_tables.py: bench/api.py makes them before the
server starts).
"""

from __future__ import annotations

from django.db import transaction
from rest_framework import permissions, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from bench.api_site.floor_tables import ROWS
from mulligan_league.statements import statement_cursor


class BareDrfWrite(APIView):
    permission_classes = [permissions.IsAuthenticated]

    def post(self, request: Request) -> Response:
        row = request.data.get("row") if isinstance(request.data, dict) else None
        if type(row) is not int or not 0 <= row < ROWS:
            return Response({"row": f"an integer from 0 to {ROWS - 1}"}, status=status.HTTP_400_BAD_REQUEST)
        with transaction.atomic(), statement_cursor() as cursor:
            cursor.execute("SELECT version FROM bench_floor_row WHERE id = %s FOR UPDATE", [row])
            (version,) = cursor.fetchone()
            cursor.execute(
                "INSERT INTO bench_floor_write (row_id, number, body) VALUES (%s, %s, %s::jsonb)",
                [row, version + 1, '{"type": "floor"}'],
            )
            cursor.execute("UPDATE bench_floor_row SET version = %s WHERE id = %s", [version + 1, row])
        return Response({"row": row, "version": version + 1}, status=status.HTTP_201_CREATED)
