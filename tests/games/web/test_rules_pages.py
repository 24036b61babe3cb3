"""Every registered game has its rules page, reachable from the game, replay and ladder pages."""

from __future__ import annotations

from random import Random

import pytest
from django.test import Client
from django.urls import reverse

from engine import registered_games
from games.models import Player
from games.services.games import game_create
from tests.games.helpers import create_game, play_to_end
from tests.games.web.conftest import SEED

pytestmark = pytest.mark.django_db
GAMES = [game.id for game in registered_games()]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_its_own_rules_page(client: Client, game_id: str) -> None:
    game = next(g for g in registered_games() if g.id == game_id)
    response = client.get(reverse("rules-game", args=[game_id]))
    assert response.status_code == 200
    assert f"rules/{game_id}.html" in [t.name for t in response.templates]
    html = response.content.decode()
    assert f"How to play {game.name}" in html
    for section in ("The goal", "Options"):
        assert f"<h2>{section}</h2>" in html
    assert reverse("ladder", args=[game_id]) in html


def test_the_index_links_every_game_and_the_navigation_links_the_index(client: Client) -> None:
    html = client.get(reverse("rules")).content.decode()
    for game_id in GAMES:
        assert reverse("rules-game", args=[game_id]) in html
    assert 'href="/rules/" data-testid="nav-rules"' in client.get("/").content.decode()


@pytest.mark.parametrize("game_id", ["nope", "MULLIGAN", "mulligan.html"])
def test_an_unknown_game_has_no_rules_page(client: Client, game_id: str) -> None:
    response = client.get(reverse("rules-game", args=[game_id]))
    assert response.status_code == 404
    assert "not_found.html" in [t.name for t in response.templates]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_game_page_links_its_rules(players: list[Player], client: Client, game_id: str) -> None:
    game = game_create(
        game_id=game_id, competitors=[p.competitor for p in players[:2]], config={"players": 2}, seed=SEED
    )
    html = client.get(reverse("game", args=[game.pk])).content.decode()
    assert f'href="{reverse("rules-game", args=[game_id])}" data-testid="rules-link"' in html


def test_the_replay_and_the_ladder_link_the_rules(players: list[Player], client: Client) -> None:
    game = create_game([p.competitor for p in players[:2]], seed=SEED, config={"max_turns": 4})
    play_to_end(game, Random(2))
    rules = reverse("rules-game", args=["mulligan"])
    assert (
        f'href="{rules}" data-testid="rules-link"'
        in client.get(reverse("game-replay", args=[game.pk])).content.decode()
    )
    assert (
        f'href="{rules}" data-testid="rules-link"'
        in client.get(reverse("ladder", args=["mulligan"])).content.decode()
    )
