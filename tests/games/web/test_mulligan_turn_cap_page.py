"""A Mulligan game that ends at the turn cap says so on its pages (issue 18, point 2)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game, Player
from games.services.moves import move_submit
from tests.games.helpers import create_game

CAP = 4


def _move(game: Game, player: Player, seat: int, kind: str) -> None:
    game.refresh_from_db()
    move_submit(
        game_pk=game.pk, user=player.user, action={"type": kind}, expected_move=game.version, seat_index=seat
    )


def _pages(game: Game, viewer: Player) -> list[str]:
    game.refresh_from_db()
    client = Client()
    client.force_login(viewer.user)
    game_page = client.get(reverse("game", args=[game.pk]))
    replay_page = client.get(reverse("game-replay", args=[game.pk]) + f"?step={game.version}")
    spectator = Client().get(reverse("game", args=[game.pk]))
    assert game_page.status_code == replay_page.status_code == spectator.status_code == 200
    return [page.content.decode() for page in (game_page, replay_page, spectator)]


@pytest.mark.django_db
def test_a_game_that_reaches_the_cap_says_it_ended_at_the_turn_cap(players: list[Player]) -> None:
    game = create_game([p.competitor for p in players[:2]], seed=11, config={"max_turns": CAP})
    for turn in range(CAP):
        _move(game, players[turn % 2], turn % 2, "skip")
    for html in _pages(game, players[0]):
        assert f"The game ended at the turn cap of {CAP} turns" in html
        assert "The game ends at the turn cap;" in html  # the table's log


@pytest.mark.django_db
def test_a_game_the_rules_ended_says_nothing_of_a_cap(players: list[Player]) -> None:
    game = create_game([p.competitor for p in players[:2]], seed=12, config={"max_turns": CAP})
    _move(game, players[0], 0, "fold")
    for html in _pages(game, players[1]):
        assert "turn cap" not in html
        assert "The game ended because one of the last two active players folded" in html
