"""League fixtures: bot clones (as for tournaments) and a league helper."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.models import Competitor, League
from games.services.leagues import league_create, league_join, league_open_registration, league_start


def running_league(*, field: Iterable[Competitor] = (), start: bool = True, **options: Any) -> League:
    options.setdefault("name", "test league")
    options.setdefault("game_id", "mulligan")
    league = league_create(**options)
    league_open_registration(league_pk=league.pk)
    for competitor in field:
        league_join(league_pk=league.pk, competitor=competitor)
    if start:
        league_start(league_pk=league.pk)
    league.refresh_from_db()
    return league
