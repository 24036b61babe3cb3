"""Creating a tournament, its state transitions, and who may join, leave and drop."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest

from engine import get_game
from games.models import Bot, CompetitionState, Competitor, Entry, Game, GameStatus, Player, TournamentFormat
from games.services.competitions import (
    tournament_cancel,
    tournament_create,
    tournament_drop,
    tournament_join,
    tournament_leave,
    tournament_open_registration,
    tournament_start,
)
from games.services.errors import Conflict, InvalidInput
from tests.games.competitions.conftest import open_tournament
from tests.games.factories import RatingFactory

pytestmark = pytest.mark.django_db
Bots = Callable[[int], list[Competitor]]


def create(**options: Any) -> Any:
    return tournament_create(
        **{"name": "cup", "game_id": "mulligan", "format": TournamentFormat.SWISS, **options}
    )


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"game_id": "chess"}, "chess"),
        ({"config": {"max_turns": -3}}, "invalid config"),
        ({"seats_per_table": 9}, "multi-seat tables have 3 to 6"),
        ({"format": TournamentFormat.SINGLE_ELIMINATION, "seats_per_table": 4}, "two-seat tables only"),
        ({"best_of": 2}, "N odd"),
        ({"best_of": 3, "seats_per_table": 4}, "two-seat tables"),
        ({"format": TournamentFormat.ROUND_ROBIN, "late_entries": True}, "only possible in a Swiss"),
        ({"format": "ladder"}, "unknown format"),
        ({"entrants": "robots"}, "entrants are one of"),
        ({"seats_per_table": 4, "min_table_size": 1}, "smallest table"),
        ({"name": " "}, "needs a name"),
    ],
)
def test_create_refuses_what_the_game_or_format_cannot_do(options: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidInput, match=message):
        create(**options)


def test_create_normalizes_the_config_and_keeps_a_secret_seed() -> None:
    one = create(seats_per_table=4, config={"players": 4, "high_risk": False})
    two = create()
    assert one.state == CompetitionState.DRAFT
    defaults = get_game("mulligan").normalize_config({})
    assert "players" not in one.config  # each table gets its own count
    assert one.config["max_turns"] == defaults["max_turns"]
    assert one.min_table_size == 3
    assert one.seed != two.seed and 0 <= one.seed < 2**63
    assert one.get_entrants_display() == "people and bots"


def test_illegal_transitions_say_why(bots: Bots) -> None:
    tournament = create()
    with pytest.raises(Conflict, match="cannot start a tournament that is in draft"):
        tournament_start(tournament_pk=tournament.pk)
    tournament_open_registration(tournament_pk=tournament.pk)
    with pytest.raises(
        Conflict, match="cannot open registration for a tournament that is open for registration"
    ):
        tournament_open_registration(tournament_pk=tournament.pk)
    tournament_cancel(tournament_pk=tournament.pk)
    with pytest.raises(Conflict, match="cannot cancel a tournament that is cancelled"):
        tournament_cancel(tournament_pk=tournament.pk)
    with pytest.raises(Conflict, match="cannot open registration for a tournament that is cancelled"):
        tournament_open_registration(tournament_pk=tournament.pk)


def test_a_finished_tournament_cannot_start_or_cancel(
    bots: Bots, on_commit: Callable[[], AbstractContextManager[Any]]
) -> None:
    tournament = open_tournament(field=bots(2), format=TournamentFormat.SWISS)
    with on_commit():
        tournament_start(tournament_pk=tournament.pk)
    tournament.refresh_from_db()
    assert tournament.state == CompetitionState.FINISHED
    with pytest.raises(Conflict, match="cannot start a tournament that is finished"):
        tournament_start(tournament_pk=tournament.pk)
    with pytest.raises(Conflict, match="cannot cancel a tournament that is finished"):
        tournament_cancel(tournament_pk=tournament.pk)


@pytest.mark.parametrize(
    ("options", "entrants", "message"),
    [
        ({}, 1, "cannot start with 1 entrant: this Swiss needs at least 2"),
        ({"seats_per_table": 4}, 2, "needs at least 3"),
        ({"format": TournamentFormat.SINGLE_ELIMINATION}, 0, "cannot start with 0 entrants"),
    ],
)
def test_too_few_entrants(bots: Bots, options: dict[str, Any], entrants: int, message: str) -> None:
    tournament = open_tournament(field=bots(entrants), **options)
    with pytest.raises(Conflict, match=message) as caught:
        tournament_start(tournament_pk=tournament.pk)
    assert caught.value.status_code == 409
    tournament.refresh_from_db()
    assert tournament.state == CompetitionState.REGISTRATION  # nothing changed


def test_who_may_join(bots: Bots, players: list[Player]) -> None:
    bot, other_bot = bots(2)
    person = players[0].competitor
    draft = create()
    with pytest.raises(Conflict, match="cannot join a tournament that is in draft"):
        tournament_join(tournament_pk=draft.pk, competitor=bot)
    people_only = open_tournament(entrants="people")
    with pytest.raises(InvalidInput, match="for people only"):
        tournament_join(tournament_pk=people_only.pk, competitor=bot)
    bots_only = open_tournament(entrants="bots")
    with pytest.raises(InvalidInput, match="for bots only"):
        tournament_join(tournament_pk=bots_only.pk, competitor=person)
    Bot.objects.filter(competitor=other_bot).update(game_id="golf")
    with pytest.raises(InvalidInput, match="plays golf, not mulligan"):
        tournament_join(tournament_pk=bots_only.pk, competitor=Competitor.objects.get(pk=other_bot.pk))
    tournament_join(tournament_pk=bots_only.pk, competitor=bot)
    with pytest.raises(Conflict, match="already entered") as caught:
        tournament_join(tournament_pk=bots_only.pk, competitor=bot)
    assert caught.value.status_code == 409


def test_leave_before_the_start_drop_after(bots: Bots, players: list[Player]) -> None:
    field = bots(4)
    tournament = open_tournament(field=field, format=TournamentFormat.SWISS)
    with pytest.raises(Conflict, match="cannot drop out of a tournament that is open for registration"):
        tournament_drop(tournament_pk=tournament.pk, competitor=field[0])
    tournament_leave(tournament_pk=tournament.pk, competitor=field[0])
    assert tournament.entries.count() == 3
    tournament_start(tournament_pk=tournament.pk)  # on-commit tasks do not run: round 1 stays open
    with pytest.raises(Conflict, match="cannot leave a tournament that is running; drop out instead"):
        tournament_leave(tournament_pk=tournament.pk, competitor=field[1])
    with pytest.raises(Conflict, match="allows no late entries"):
        tournament_join(tournament_pk=tournament.pk, competitor=players[0].competitor)
    entry = tournament_drop(tournament_pk=tournament.pk, competitor=field[1])
    assert entry.dropped_after_round == 1
    with pytest.raises(Conflict, match="already dropped after round 1"):
        tournament_drop(tournament_pk=tournament.pk, competitor=field[1])


def test_start_seeds_by_rating(bots: Bots) -> None:
    field = bots(4)
    for competitor, rating in zip(field, [1400.0, 1700.0, 1500.0, 1600.0], strict=True):
        RatingFactory(competitor=competitor, rating=rating)
    tournament = open_tournament(field=field, format=TournamentFormat.SINGLE_ELIMINATION)
    tournament_start(tournament_pk=tournament.pk)
    seeds = dict(Entry.objects.filter(tournament=tournament).values_list("competitor_id", "seed"))
    assert [seeds[c.pk] for c in field] == [4, 1, 3, 2]
    tournament.refresh_from_db()
    assert tournament.state == CompetitionState.RUNNING and tournament.current_round == 1


def test_cancel_aborts_running_games(bots: Bots) -> None:
    tournament = open_tournament(field=bots(4), format=TournamentFormat.SWISS)
    tournament_start(tournament_pk=tournament.pk)
    tournament_cancel(tournament_pk=tournament.pk)
    statuses = set(
        Game.objects.filter(match_game__match__round__tournament=tournament).values_list("status", flat=True)
    )
    assert statuses == {GameStatus.ABORTED}
