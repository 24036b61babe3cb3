"""A running tournament moves itself: drops, late entries, idempotency, people's games, races."""

from __future__ import annotations

import random
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest

import games.tasks
from games.models import (
    Bot,
    CompetitionState,
    Competitor,
    Entry,
    Game,
    GameStatus,
    Match,
    MatchGame,
    Player,
    Round,
    Tournament,
)
from games.selectors.games import game_state
from games.services.competitions import tournament_drop, tournament_join, tournament_start
from games.services.games import game_play_bots_batch
from games.services.rounds import competitions_advance, tournament_advance
from tests.games.competitions.checks import assert_finished_and_reproducible, meetings
from tests.games.competitions.conftest import make_bots, open_tournament
from tests.games.helpers import play_to_end, postgres_only, race

Bots = Callable[[int], list[Competitor]]
OnCommit = Callable[[], AbstractContextManager[Any]]


def tournament_rows(tournament: Tournament) -> dict[str, Any]:
    """Everything progression writes, to compare before and after."""
    return {
        "rounds": list(
            Round.objects.filter(tournament=tournament).values_list("number", "finished", "standings")
        ),
        "matches": list(
            Match.objects.filter(round__tournament=tournament).values_list("pk", "finished", "result")
        ),
        "games": sorted(
            MatchGame.objects.filter(match__round__tournament=tournament).values_list("game_id", flat=True)
        ),
        "state": Tournament.objects.filter(pk=tournament.pk).values_list("state", "current_round").get(),
    }


@pytest.mark.django_db
def test_swiss_with_a_drop_and_a_late_entry(bots: Bots, stepper: Callable[..., Any]) -> None:
    field = bots(9)
    late = field.pop()
    tournament = open_tournament(field=field, format="swiss", entrants="bots", late_entries=True)

    def in_round(number: int) -> Callable[[], bool]:
        return lambda: Tournament.objects.get(pk=tournament.pk).current_round >= number

    pending = stepper(lambda: tournament_start(tournament_pk=tournament.pk), until=in_round(2))
    round_one = Round.objects.get(tournament=tournament, number=1).standings
    dropper = field[0]
    entry = tournament_drop(tournament_pk=tournament.pk, competitor=dropper)
    late_entry = tournament_join(tournament_pk=tournament.pk, competitor=late)
    assert (entry.dropped_after_round, late_entry.first_round, late_entry.late) == (2, 3, True)

    stepper(lambda: [callback() for callback in pending])

    assert_finished_and_reproducible(tournament)
    assert Round.objects.get(tournament=tournament, number=1).standings == round_one  # untouched by the drop
    by_round: dict[int, set[int]] = {}
    for number, entries in Match.objects.filter(round__tournament=tournament).values_list(
        "round__number", "entries"
    ):
        by_round.setdefault(number, set()).update(entries)
    assert entry.pk in by_round[2] and entry.pk not in by_round[3]  # plays out round 2, then leaves
    assert late_entry.pk not in by_round[2] and late_entry.pk in by_round[3]
    assert set(meetings(tournament).values()) == {1}  # no rematch
    final = {row["entry"]: row for row in Tournament.objects.get(pk=tournament.pk).standings}
    assert final[entry.pk]["dropped"] and not final[late_entry.pk]["dropped"]
    assert final[late_entry.pk]["rounds_played"] == 1


@pytest.mark.django_db
def test_advancing_twice_changes_nothing(bots: Bots, django_capture_on_commit_callbacks: Any) -> None:
    tournament = open_tournament(field=bots(6), format="swiss", entrants="bots", best_of=3)
    with django_capture_on_commit_callbacks(execute=False):  # nothing runs by itself here
        tournament_start(tournament_pk=tournament.pk)
        game_pks = list(Game.objects.filter(status=GameStatus.RUNNING).values_list("pk", flat=True))
        game_play_bots_batch(game_pks=game_pks)
        assert competitions_advance(game_pks=game_pks) == 3  # each match's second game
        after_once = tournament_rows(tournament)
        assert competitions_advance(game_pks=game_pks) == 0
        assert tournament_advance(tournament_pk=tournament.pk) == 0
        assert tournament_rows(tournament) == after_once


@pytest.mark.django_db
def test_advancing_a_finished_tournament_changes_nothing(bots: Bots, on_commit: OnCommit) -> None:
    tournament = open_tournament(field=bots(5), format="double_elimination", entrants="bots")
    with on_commit():
        tournament_start(tournament_pk=tournament.pk)
    before = tournament_rows(tournament)
    assert before["state"][0] == CompetitionState.FINISHED
    game_pks = before["games"]
    with on_commit():
        assert games.tasks.advance_competitions.delay(game_pks).get() == 0
        assert competitions_advance(game_pks=game_pks) == 0
    assert tournament_rows(tournament) == before


@pytest.mark.django_db
def test_a_person_s_game_waits_for_their_move(
    bots: Bots, players: list[Player], steady_bot: Bot, on_commit: OnCommit
) -> None:
    person = players[0].competitor
    # Three rounds of four without a rematch: the person meets every bot once, the steady one
    # included, and that game can only end by the person's moves, so at least one round waits for
    # them whatever the deal (a random or heuristic bot may fold at its first move).
    field = [person, steady_bot.competitor, *bots(2)]
    tournament = open_tournament(field=field, format="swiss", entrants="both", rounds=3)
    with on_commit():
        tournament_start(tournament_pk=tournament.pk)
    waited = 0
    rng = random.Random(1)
    while Tournament.objects.get(pk=tournament.pk).state == CompetitionState.RUNNING:
        # (A bot may end a game on its own, by folding, so not every round waits for the person.)
        game = Game.objects.get(
            match_game__match__round__tournament=tournament,
            seats__competitor=person,
            status=GameStatus.RUNNING,
        )
        assert game.seats.get(competitor=person).index in game_state(game).to_act()
        current = Round.objects.get(tournament=tournament, number=tournament.round_set.count())
        assert not current.finished  # the round, and the tournament, wait for this game
        assert current.matches.filter(finished=True).count() == 1  # the bots' match is done
        waited += 1
        with on_commit():
            play_to_end(game, rng)
    assert waited >= 1
    assert_finished_and_reproducible(tournament)


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_two_games_finishing_at_once_pair_the_next_round_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # Nothing runs by itself: the test plays the games and then races two advances.
    monkeypatch.setattr(games.tasks.play_bot_games, "delay", lambda *args: None)
    monkeypatch.setattr(games.tasks.advance_competitions, "delay", lambda *args: None)
    tournament = open_tournament(
        field=[bot.competitor for bot in make_bots(8)], format="swiss", entrants="bots"
    )
    tournament_start(tournament_pk=tournament.pk)
    game_pks = list(Game.objects.filter(status=GameStatus.RUNNING).values_list("pk", flat=True))
    game_play_bots_batch(game_pks=game_pks)

    results = race(
        lambda: competitions_advance(game_pks=game_pks[:2]),
        lambda: competitions_advance(game_pks=game_pks[2:]),
    )
    assert sorted(results) == [0, 4]  # one of them paired round 2's four tables, the other found it done
    assert Round.objects.filter(tournament=tournament).count() == 2
    assert Entry.objects.filter(tournament=tournament).count() == 8
