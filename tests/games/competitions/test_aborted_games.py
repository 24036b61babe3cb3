"""Tournament games the deadline sweep aborts: forfeits for the late seats, and no endless replays.

Mulligan starts with one seat to act, so only that seat can time out before anyone moved. For the
case where every seat is late (nobody showed up) the tests register, for their duration only, a tiny
game whose first step is simultaneous: every seat picks 0 or 1 at once.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager
from datetime import timedelta
from typing import Any

import pytest
from django.urls import reverse
from django.utils import timezone

import engine.core
from engine import Game as EngineGame
from engine import IllegalAction, Outcome, State
from games.models import (
    CompetitionState,
    Entry,
    GameStatus,
    Match,
    MatchGame,
    Player,
    RatingChange,
    Tournament,
)
from games.scheduling.scoring import MAX_ABANDONED_GAMES, SeatResult, forfeit_places, match_result
from games.selectors.tournaments import standings_rebuilt_from_games
from games.services.competitions import tournament_start
from games.services.deadlines import deadlines_expire
from tests.games.competitions.checks import assert_finished_and_reproducible, plain
from tests.games.competitions.conftest import open_tournament

pytestmark = pytest.mark.django_db

LIMIT = timedelta(hours=1)


# -- A game whose first step is simultaneous -----------------------------------------------------


class ShowUpState(State):
    game_id = "show_up"

    def __init__(self, players: int) -> None:
        self.picks: dict[int, int] = {}
        self.players = players

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def is_over(self) -> bool:
        return len(self.picks) == self.players

    def to_act(self) -> list[int]:
        return [seat for seat in range(self.players) if seat not in self.picks]

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        return [{"type": "pick", "value": v} for v in (0, 1)] if seat in self.to_act() else []

    def apply(self, seat: int, action: dict[str, Any]) -> None:
        if action not in self.legal_actions(seat):
            raise IllegalAction(f"seat {seat} cannot play {action!r} now")
        self.picks[seat] = action["value"]

    def observe(self, seat: int | None) -> dict[str, Any]:
        return {"picked": sorted(self.picks), "mine": self.picks.get(seat) if seat is not None else None}

    def outcome(self) -> Outcome:
        ranking = tuple(sorted(range(self.players), key=lambda s: (-self.picks[s], s)))
        return Outcome(ranking, tuple(float(self.picks[s]) for s in range(self.players)))

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game_id, "players": self.players, "picks": self.picks}

    def resample_hidden(self, seat: int | None, rng: random.Random) -> State:
        return self


class ShowUp(EngineGame):
    id = "show_up"
    name = "Show up"
    min_players = 2
    max_players = 4
    simultaneous = True
    chance = False
    hidden_information = True

    def normalize_config(self, config: Mapping[str, Any] | None) -> dict[str, Any]:
        return {"players": int((config or {}).get("players", 2))}

    def new_state(self, config: Mapping[str, Any] | None, seed: int) -> State:
        return ShowUpState(self.normalize_config(config)["players"])

    def state_from_json(self, data: Mapping[str, Any]) -> State:
        state = ShowUpState(data["players"])
        state.picks = {int(k): v for k, v in data["picks"].items()}
        return state


@pytest.fixture
def show_up(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setitem(engine.core._REGISTRY, ShowUp.id, ShowUp())
    return ShowUp.id


# -- Driving a tournament by the clock ------------------------------------------------------------


def started(players: list[Player], **options: Any) -> Tournament:
    options.setdefault("move_time_limit", LIMIT)
    tournament = open_tournament(field=[p.competitor for p in players], **options)
    tournament_start(tournament_pk=tournament.pk)
    return Tournament.objects.get(pk=tournament.pk)


def sweep_until_finished(
    tournament: Tournament, on_commit: Callable[[], AbstractContextManager[Any]], most: int = 12
) -> int:
    """Let every deadline pass, one generation of games at a time; returns the sweeps it took."""
    for sweep in range(1, most + 1):
        with on_commit():
            deadlines_expire(now=timezone.now() + sweep * 2 * LIMIT)
        tournament.refresh_from_db()
        if tournament.state == CompetitionState.FINISHED:
            return sweep
    raise AssertionError(f"{tournament} did not finish in {most} sweeps")


def tournament_games(tournament: Tournament) -> list[MatchGame]:
    return list(
        MatchGame.objects.filter(match__round__tournament=tournament)
        .select_related("game", "match__round")
        .order_by("match__round__number", "match__table", "number")
    )


def entry_of(tournament: Tournament, competitor_id: int) -> int:
    return Entry.objects.get(tournament=tournament, competitor_id=competitor_id).pk


# -- One person never moves --------------------------------------------------------------------------


def test_a_late_person_forfeits_the_match_and_the_next_round_is_paired(players, on_commit) -> None:
    tournament = started(players, format="swiss", rounds=2)
    first_round = tournament_games(tournament)
    assert len(first_round) == 2
    with on_commit():
        assert deadlines_expire(now=timezone.now() + 2 * LIMIT)["aborted"] == 2

    tournament.refresh_from_db()
    assert tournament.current_round == 2  # round 1 settled, round 2 paired
    for match_game in first_round:
        game, match = match_game.game, match_game.match
        game.refresh_from_db()
        match.refresh_from_db()
        assert game.status == GameStatus.ABORTED and game.outcome["details"]["timed_out"] == [0]
        assert set(game.seats.values_list("rank", flat=True)) == {None}  # not scored
        assert match.match_games.count() == 1  # no replacement game
        seat_one = entry_of(tournament, game.seats.get(index=1).competitor_id)
        assert (
            match.finished and match.result["winner"] == seat_one and match.result["wins"] in ([0, 1], [1, 0])
        )
    assert not RatingChange.objects.exists()
    assert all(mg.game.status == GameStatus.RUNNING for mg in tournament_games(tournament)[2:])

    sweep_until_finished(tournament, on_commit)
    assert_finished_and_reproducible(tournament)
    assert not RatingChange.objects.exists()


def test_a_person_who_never_moves_against_a_bot_loses_the_match(players, steady_bot, on_commit) -> None:
    tournament = open_tournament(
        field=[players[0].competitor, steady_bot.competitor], format="round_robin", move_time_limit=LIMIT
    )
    # The bot never folds, so its own moves cannot end the game when it holds seat 0: on every deal
    # the game waits for the person, who never moves.
    with on_commit():  # the bot plays its moves first when it holds seat 0
        tournament_start(tournament_pk=tournament.pk)
    deadlines_expire()  # arms the game where the person is to act first
    (match_game,) = tournament_games(tournament)
    sweep_until_finished(tournament, on_commit)

    game = match_game.game
    game.refresh_from_db()
    person_seat = game.seats.get(competitor=players[0].competitor).index
    assert game.status == GameStatus.ABORTED and game.outcome["details"]["timed_out"] == [person_seat]
    assert not RatingChange.objects.filter(game=game).exists()
    match = Match.objects.get(pk=match_game.match_id)
    assert match.result["winner"] == entry_of(tournament, steady_bot.competitor_id)
    assert match.match_games.count() == 1
    assert_finished_and_reproducible(tournament)


# -- Nobody shows up ---------------------------------------------------------------------------------


def test_a_match_nobody_plays_is_a_draw_after_two_abandoned_games(players, show_up, on_commit) -> None:
    tournament = started(players[:2], game_id=show_up, format="round_robin", best_of=3)
    sweep_until_finished(tournament, on_commit)

    games = tournament_games(tournament)
    assert len(games) == MAX_ABANDONED_GAMES  # decided without the third game of the best of 3
    for match_game in games:
        assert match_game.game.status == GameStatus.ABORTED
        assert sorted(match_game.game.outcome["details"]["timed_out"]) == [0, 1]
    match = games[0].match
    match.refresh_from_db()
    assert match.result["winner"] is None and match.result["draws"] == 2
    assert match.result["decided"] == "nobody played"
    assert {row["match_points"] for row in tournament.standings} == {1}  # a drawn match each
    assert not RatingChange.objects.exists()
    assert_finished_and_reproducible(tournament)


def test_elimination_nobody_plays_the_better_seed_goes_through(players, show_up, on_commit) -> None:
    tournament = started(players, game_id=show_up, format="single_elimination")
    sweep_until_finished(tournament, on_commit)

    seeds = dict(Entry.objects.filter(tournament=tournament).values_list("pk", "seed"))
    matches = list(Match.objects.filter(round__tournament=tournament).order_by("round__number", "table"))
    assert len(matches) == 3  # two semi-finals and the final
    for match in matches:
        assert match.match_games.count() == MAX_ABANDONED_GAMES
        assert match.result["winner"] == min(match.entries, key=seeds.__getitem__)
        assert match.result["decided"] == "seed, nobody played"
    champion = tournament.standings[0]
    assert champion["rank"] == 1 and seeds[champion["entry"]] == 1
    assert_finished_and_reproducible(tournament)


def test_the_tournament_page_says_how_the_games_ended(players, show_up, on_commit, client) -> None:
    tournament = started(players, game_id=show_up, format="single_elimination")
    sweep_until_finished(tournament, on_commit)
    swiss = started(players, format="swiss", rounds=1)
    sweep_until_finished(swiss, on_commit)

    page = client.get(reverse("tournament", args=[tournament.pk])).content.decode()
    assert "aborted: nobody played" in page and "(decided: seed, nobody played)" in page
    page = client.get(reverse("tournament", args=[swiss.pk])).content.decode()
    assert "aborted: forfeit (no move in time)" in page


# -- The rule on plain data --------------------------------------------------------------------------


def test_forfeit_places_match_the_forfeit_policy() -> None:
    assert forfeit_places([0, 1, 2], [1]) == {0: (1, 1.0), 1: (3, 0.0), 2: (1, 1.0)}
    assert forfeit_places([0, 1], [0, 1]) == {0: (1, 0.0), 1: (1, 0.0)}  # nobody wins


def nobody(*entries: int) -> list[SeatResult]:
    return [SeatResult(e, 1, 0.0, absent=True) for e in entries]


@pytest.mark.parametrize("scoring", ["rank", "points", "strokes"])
def test_a_multi_seat_table_nobody_plays_is_ranked_by_the_games_so_far(scoring) -> None:
    played = [SeatResult(1, 1, 5.0), SeatResult(2, 2, 3.0), SeatResult(3, 3, 1.0)]
    games = [played, nobody(1, 2, 3)]
    options = {"entries": [1, 2, 3], "two_seat": False, "scoring": scoring, "games_per_table": 4}
    assert match_result(games=games, **options) is None
    result = match_result(games=[*games, nobody(1, 2, 3)], **options)
    assert result is not None and result["decided"] == "nobody played"
    expected = [3, 2, 1] if scoring == "strokes" else [1, 2, 3]
    assert result["ranking"] == expected and result["places"] == [1, 2, 3]


def test_standings_rebuilt_from_games_count_the_forfeits(players, on_commit) -> None:
    tournament = started(players, format="swiss", rounds=1)
    with on_commit():
        deadlines_expire(now=timezone.now() + 2 * LIMIT)
    tournament.refresh_from_db()
    assert tournament.state == CompetitionState.FINISHED
    rebuilt = plain(standings_rebuilt_from_games(tournament, 1))
    assert rebuilt == tournament.standings
    assert sorted(row["match_points"] for row in rebuilt) == [0, 0, 3, 3]
