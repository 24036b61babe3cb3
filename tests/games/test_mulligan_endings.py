"""Mulligan's endings through the service (issue 18, point 2).

The default config ends a game only as the seed says, or at the turn cap; a league or a game that
turns on the round of skips keeps it, and games stored under the old defaults (which carry their
whole config) replay as they were played.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest

from engine import get_game
from games.models import Bot, Game, Player
from games.selectors.games import game_state
from games.services.ladder import ladder_matchmake
from games.services.moves import move_submit
from games.services.verify import games_verify
from tests.conftest import SteadyBot
from tests.games.factories import BotFactory
from tests.games.helpers import create_game
from tests.games.leagues.conftest import running_league

OnCommit = Callable[[], AbstractContextManager[Any]]

# What every Mulligan game was created with before the round of skips became a league's choice.
OLD_DEFAULTS = {"max_turns": 100, "end_on_skip_round": True}


def _skip(game: Game, player: Player, seat: int) -> None:
    game.refresh_from_db()
    move_submit(
        game_pk=game.pk,
        user=player.user,
        action={"type": "skip"},
        expected_move=game.version,
        seat_index=seat,
    )


def _verify() -> list[str]:
    found: list[str] = []
    games_verify(on_difference=found.append)
    return found


@pytest.mark.django_db
def test_a_new_game_stores_the_written_rules_endings(players: list[Player]) -> None:
    game = create_game([p.competitor for p in players[:2]], seed=1)
    assert game.config["end_on_skip_round"] is False
    assert game.config["max_turns"] == get_game("mulligan").normalize_config({})["max_turns"]
    for turn in range(6):  # three rounds of skips end nothing
        _skip(game, players[turn % 2], turn % 2)
    assert not game_state(game).is_over


@pytest.mark.django_db
def test_a_game_at_the_turn_cap_is_stored_with_that_reason_and_verifies(players: list[Player]) -> None:
    game = create_game([p.competitor for p in players[:2]], seed=2, config={"max_turns": 4})
    for turn in range(4):
        _skip(game, players[turn % 2], turn % 2)
    game.refresh_from_db()
    assert game.status == "finished"
    assert game.outcome is not None and game.outcome["details"]["reason"] == "turn_limit"
    assert _verify() == []


@pytest.mark.django_db
def test_a_game_stored_under_the_old_defaults_still_ends_by_a_round_of_skips(players: list[Player]) -> None:
    game = create_game([p.competitor for p in players[:3]], seed=3, config=OLD_DEFAULTS)
    for seat in range(3):
        _skip(game, players[seat], seat)
    game.refresh_from_db()
    assert game.status == "finished" and game.outcome is not None
    assert game.outcome["details"]["reason"] == "skip_round"
    assert _verify() == [], "replayed today, the stored game gives its stored outcome"


@pytest.mark.django_db
def test_a_league_that_turns_on_the_round_of_skips_plays_its_games_with_it(
    steady_bot: Bot, monkeypatch: pytest.MonkeyPatch, on_commit: OnCommit
) -> None:
    # Two bots that only skip: their game can end only by the league's round of skips (or the cap).
    game_class = type(get_game("mulligan"))
    with_steady = game_class.bots
    monkeypatch.setattr(game_class, "bots", lambda self: {**with_steady(self), "steady_two": SteadyBot})
    other = BotFactory(engine_bot="steady_two")
    league = running_league(
        field=[steady_bot.competitor, other.competitor], config={"end_on_skip_round": True}
    )
    assert league.config["end_on_skip_round"] is True
    with on_commit():
        (game_pk,) = ladder_matchmake(league_pk=league.pk)
    game = Game.objects.get(pk=game_pk)
    assert game.config["end_on_skip_round"] is True
    assert game.status == "finished" and game.outcome is not None
    assert game.outcome["details"]["reason"] == "skip_round"
    assert game.version == 2, "one skip each"
