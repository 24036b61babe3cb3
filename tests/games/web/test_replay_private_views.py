"""The replay draws what each seat saw privately as cards (no data dumps): a face-down offer to its
maker, an Opening Hand library's top to its owner, every hand in the game's own card style."""

from __future__ import annotations

import re
from random import Random

import pytest
from django.test import Client
from django.urls import reverse

from engine import get_game, replay
from games.models import Game, Player
from games.services.games import game_create
from tests.games.helpers import create_game, play_to_end, stored_moves
from tests.games.web.conftest import SEED, cards_on_page

pytestmark = pytest.mark.django_db


def _panels(html: str) -> dict[int, str]:
    """Each seat's panel of the replay, by seat."""
    found = re.findall(r'data-testid="replay-seat" data-seat="(\d+)">(.*?)\n  </div>', html, re.S)
    return {int(seat): body for seat, body in found}


def _private(panel: str) -> str:
    match = re.search(r'<dl class="private-view" data-testid="replay-private">(.*?)</dl>', panel, re.S)
    return match.group(1) if match else ""


@pytest.fixture
def finished(players: list[Player]) -> Game:
    game = create_game([p.competitor for p in players[:3]], seed=SEED, config={"max_turns": 12})
    play_to_end(game, Random(7))
    game.refresh_from_db()
    return game


def test_a_face_down_offer_shows_as_a_card_in_its_makers_view_only(finished: Game, client: Client) -> None:
    moves = stored_moves(finished)
    offers_seen = 0
    for step in range(1, len(moves) + 1):
        state = replay(finished.game_id, finished.config, finished.seed, moves[:step])
        ring = state.observe(None)["ring"]
        if state.observe(None)["phase"] != "offers" or not any(o["made"] for o in ring["offers"]):
            continue
        panels = _panels(
            client.get(reverse("game-replay", args=[finished.pk]), {"step": step}).content.decode()
        )
        for seat in range(state.num_players):
            own = state.observe(seat)["ring"]
            mine = next((o for o in own["offers"] if o["seat"] == seat and o["card"]), None)
            shown = cards_on_page(_private(panels[seat]))
            if mine is None:
                assert not shown
            else:
                assert shown == {mine["card"]}
                assert "Its offer on the ring" in panels[seat]
                offers_seen += 1
    assert offers_seen, "no step with an offer made; pick another seed"


def test_no_seat_panel_is_a_data_dump(finished: Game, client: Client) -> None:
    total = len(stored_moves(finished))
    for step in (0, total // 2, total):
        panels = _panels(
            client.get(reverse("game-replay", args=[finished.pk]), {"step": step}).content.decode()
        )
        assert len(panels) == 3
        for panel in panels.values():
            assert 'class="obs"' not in panel
            assert 'data-testid="replay-hand"' in panel


def test_an_opening_hand_replay_draws_its_own_cards(players: list[Player], client: Client) -> None:
    game = game_create(
        game_id="opening_hand",
        competitors=[p.competitor for p in players[:2]],
        config={"rule": "vancouver", "turn_cap": 3},
        seed=SEED,
    )
    play_to_end(game, Random(4))
    game.refresh_from_db()
    moves = stored_moves(game)
    for step in (0, len(moves)):
        state = replay(game.game_id, game.config, game.seed, moves[:step])
        panels = _panels(client.get(reverse("game-replay", args=[game.pk]), {"step": step}).content.decode())
        for seat, panel in panels.items():
            hand = state.observe(seat)["hand"]
            drawn = re.findall(r'<span class="card mtg" title="([^"]+)">', panel.split("replay-private")[0])
            assert drawn == hand
            assert all(get_game("opening_hand").is_card(card) for card in drawn)
