"""The replay: refused while the game runs; afterwards every step with every hand shown."""

from __future__ import annotations

import re
from random import Random

import pytest
from django.test import Client
from django.urls import reverse

from engine import replay
from games.models import Game, Player
from games.templatetags.cards import describe_action
from tests.games.helpers import create_game, play_to_end, stored_moves
from tests.games.web.conftest import SEED, cards_in, cards_on_page


def _replay(client: Client, game: Game, step: object | None = None) -> str:
    url = reverse("game-replay", args=[game.pk])
    response = client.get(url if step is None else f"{url}?step={step}")
    assert response.status_code == 200
    return response.content.decode()


@pytest.fixture
def finished(players: list[Player]) -> Game:
    # A short game (the turn limit ends it) keeps the suite quick; it still goes through every phase.
    game = create_game([p.competitor for p in players[:3]], seed=SEED, config={"max_turns": 12})
    play_to_end(game, Random(7))
    game.refresh_from_db()
    return game


@pytest.mark.django_db
class TestReplay:
    def test_refused_while_the_game_runs(self, players: list[Player], client: Client) -> None:
        game = create_game([players[0].competitor, players[1].competitor], seed=SEED)
        for viewer in (client, Client()):
            response = viewer.get(reverse("game-replay", args=[game.pk]))
            assert response.status_code == 403
            assert "available when the game ends" in response.content.decode()
        client.force_login(players[0].user)
        response = client.get(reverse("game-replay", args=[game.pk]) + "?step=0")
        assert response.status_code == 403
        assert not cards_on_page(response.content.decode())

    def test_an_unknown_game_is_a_404(self, client: Client) -> None:
        assert client.get(reverse("game-replay", args=[999999])).status_code == 404

    def test_every_hand_is_shown_at_every_step_probed(self, finished: Game, client: Client) -> None:
        moves = stored_moves(finished)
        total = len(moves)
        for step in sorted({0, 1, 2, total // 2, total - 1, total}):
            html = _replay(client, finished, step)
            assert f"step {step} of {total}" in html
            state = replay(finished.game_id, finished.config, finished.seed, moves[:step])
            shown = cards_on_page(html)
            for seat in range(state.num_players):
                panel = re.search(
                    rf'data-seat="{seat}">.*?<div class="hand" data-testid="replay-hand">(.*?)</div>',
                    html,
                    re.S,
                )
                assert panel is not None
                assert cards_on_page(panel.group(1)) == set(state.observe(seat)["hand"])
                # Everything the seat itself could see then (its face-down offer too) is on the page.
                assert cards_in(state.observe(seat)) <= shown
            assert cards_in(state.observe(None)) <= shown
            if step:
                seat, action = moves[step - 1]
                assert f"Move {step}:" in html
                assert f"(seat {seat})" in html
                assert str(describe_action(finished.game_id, action)) in html

    def test_the_step_links_walk_through_the_game(self, finished: Game, client: Client) -> None:
        total = len(stored_moves(finished))
        html = _replay(client, finished, 3)
        assert 'href="?step=4" data-testid="replay-next"' in html
        assert 'href="?step=2" data-testid="replay-prev"' in html
        assert f'href="?step={total}" data-testid="replay-last"' in html
        assert 'data-testid="replay-step">step 3 of' in html

    @pytest.mark.parametrize(("raw", "expected"), [("", 0), ("abc", 0), ("-4", 0), ("99999999", None)])
    def test_any_step_given_lands_on_a_real_one(
        self, finished: Game, client: Client, raw: str, expected: int | None
    ) -> None:
        total = len(stored_moves(finished))
        html = _replay(client, finished, raw)
        assert f"step {total if expected is None else expected} of {total}" in html

    def test_the_last_step_shows_the_outcome(self, finished: Game, client: Client) -> None:
        total = len(stored_moves(finished))
        html = _replay(client, finished, total)
        winner = finished.seats.get(rank=1).competitor.name
        assert 'data-testid="replay-outcome"' in html
        assert f"Winner: {winner}" in html
        assert 'data-testid="replay-outcome"' not in _replay(client, finished, 0)

    def test_the_finished_game_page_links_to_the_replay(self, finished: Game, client: Client) -> None:
        html = client.get(reverse("game", args=[finished.pk])).content.decode()
        assert reverse("game-replay", args=[finished.pk]) in html
        assert "Finished:" in html
