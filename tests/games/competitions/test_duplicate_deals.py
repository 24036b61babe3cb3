"""A game that deals in duplicate gives every table of a round the same deal; others do not."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.games.mulligan.rules import MulliganGame
from games.models import Competitor, MatchGame, TournamentFormat
from games.services.competitions import tournament_start
from tests.games.competitions.conftest import open_tournament

pytestmark = pytest.mark.django_db


def _round_one_seeds(bots: Callable[[int], list[Competitor]]) -> list[int]:
    tournament = open_tournament(
        field=bots(8), entrants="bots", format=TournamentFormat.SWISS, seats_per_table=4, rounds=1
    )
    tournament_start(tournament_pk=tournament.pk)  # bots are queued on commit, never here
    games = MatchGame.objects.filter(match__round__tournament=tournament, number=1).select_related("game")
    return [match_game.game.seed for match_game in games.order_by("match__table")]


def test_tables_get_their_own_deals_by_default(bots: Callable[[int], list[Competitor]]) -> None:
    seeds = _round_one_seeds(bots)
    assert len(seeds) == 2 and seeds[0] != seeds[1]


def test_duplicate_deals_give_every_table_the_same_deal(
    bots: Callable[[int], list[Competitor]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(MulliganGame, "duplicate_deals", True)
    seeds = _round_one_seeds(bots)
    assert len(seeds) == 2 and seeds[0] == seeds[1]
