"""The events a tournament's stream sends are written as the tournament moves (no server needed):
numbered without a gap, each game's end told once however often the tournament moves on, and a
cancelled tournament's stream ends with ``cancelled``."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest

from games.models import Game, TournamentEvent
from games.services.competitions import tournament_cancel, tournament_start
from games.services.rounds import tournament_advance
from tests.games.competitions.conftest import make_bots, open_tournament

pytestmark = pytest.mark.django_db


def _events(tournament_pk: int) -> list[tuple[int, str]]:
    return list(
        TournamentEvent.objects.filter(tournament_id=tournament_pk)
        .order_by("number")
        .values_list("number", "kind")
    )


def test_a_bots_swiss_tells_every_round_game_and_standings_once_in_order(
    on_commit: Callable[[], AbstractContextManager[Any]],
) -> None:
    tournament = open_tournament(field=[bot.competitor for bot in make_bots(4)], format="swiss", rounds=2)
    with on_commit():  # the tasks after each commit run, eagerly: the bots play it to the end
        tournament_start(tournament_pk=tournament.pk)
    for _ in range(2):
        tournament_advance(tournament_pk=tournament.pk)  # moving on again tells nothing again
    tournament.refresh_from_db()
    events = _events(tournament.pk)
    games = Game.objects.filter(match_game__match__round__tournament=tournament).count()

    assert tournament.state == "finished"
    assert [number for number, _ in events] == list(
        range(1, len(events) + 1)
    ) and tournament.event_count == len(events)
    kinds = [kind for _, kind in events]
    assert kinds.count("round_start") == kinds.count("standings") == 2
    assert kinds.count("game_end") == games
    assert kinds[-1] == "finished" and kinds.count("finished") == 1
    # Each round: its start, then its games' ends, then its standings.
    first_round = kinds[: kinds.index("standings") + 1]
    assert first_round[0] == "round_start" and set(first_round[1:-1]) == {"game_end"}
    told = TournamentEvent.objects.filter(tournament=tournament, kind="game_end").values_list(
        "game_id", flat=True
    )
    assert len(set(told)) == len(told) == games


def test_a_cancelled_tournament_s_last_event_is_cancelled() -> None:
    tournament = open_tournament(field=[bot.competitor for bot in make_bots(4)], format="swiss", rounds=2)
    tournament_cancel(tournament_pk=tournament.pk)
    assert _events(tournament.pk) == [(1, "cancelled")]
