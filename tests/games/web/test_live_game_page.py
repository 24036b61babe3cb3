"""The game page plays live: the long poll that says when a game moved on, the game part the page's
script swaps in, the navigation's your-turn count, and buttons that say what they do."""

from __future__ import annotations

import json
import re
from html import unescape
from random import Random
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from engine import get_game
from games.models import Game, Player
from games.selectors.games import game_state, turns_waiting, turns_waiting_count
from games.services.games import game_create
from games.services.moves import move_submit
from tests.games.factories import PlayerFactory
from tests.games.helpers import create_game, play_to_end
from tests.games.web.conftest import SEED, cards_in, cards_on_page

pytestmark = pytest.mark.django_db

BUTTON = re.compile(r'<button type="submit" name="action" value=\'([^\']*)\'[^>]*>(.*?)</button>', re.S)
NAV_COUNT = re.compile(r'data-testid="nav-turns">Your turn: <span data-your-turns>(\d+)</span>')


@pytest.fixture(autouse=True)
def _no_waiting(settings: Any) -> None:
    # The poll gives up at once when nothing changed: the tests check answers, never time.
    settings.GAME_PAGE_WAIT_SECONDS = 0
    settings.LONG_POLL_INTERVAL = 0


def _client(player: Player) -> Client:
    client = Client()
    client.force_login(player.user)
    return client


def _wait(client: Client, game: Game, after: object) -> Any:
    return client.get(reverse("game-wait", args=[game.pk]), {"after": after})


def _play(game: Game, seat: int, player: Player, action: dict[str, Any]) -> None:
    move_submit(game_pk=game.pk, user=player.user, action=action, expected_move=game.version, seat_index=seat)
    game.refresh_from_db()


class TestTheWait:
    def test_it_answers_at_once_when_the_page_is_behind(self, players: list[Player]) -> None:
        game = create_game([p.competitor for p in players[:3]], seed=SEED)
        _play(game, 0, players[0], {"type": "skip"})
        answer = _wait(Client(), game, 0).json()
        assert answer == {"move_count": game.version, "status": "running", "changed": True}

    def test_it_says_nothing_new_when_the_page_is_current(self, players: list[Player]) -> None:
        game = create_game([p.competitor for p in players[:3]], seed=SEED)
        _play(game, 0, players[0], {"type": "skip"})
        answer = _wait(Client(), game, game.version).json()
        assert answer["changed"] is False
        assert answer["move_count"] == game.version

    def test_a_game_that_ended_is_news(self, players: list[Player]) -> None:
        game = create_game([p.competitor for p in players[:2]], seed=SEED, config={"max_turns": 6})
        play_to_end(game, Random(3))
        game.refresh_from_db()
        answer = _wait(Client(), game, game.version).json()
        assert answer["changed"] is True
        assert answer["status"] == "finished"

    def test_a_seat_holder_also_gets_the_count_of_games_waiting(self, players: list[Player]) -> None:
        game = create_game([p.competitor for p in players[:3]], seed=SEED)
        answer = _wait(_client(players[0]), game, game.version).json()
        assert answer["your_turns"] == len(turns_waiting(players[0].user))
        assert "your_turns" not in _wait(Client(), game, game.version).json()

    @pytest.mark.parametrize("after", ["", "x", "-1", "1.5", "9" * 30])
    def test_a_bad_count_is_a_400_that_says_what_to_give(self, players: list[Player], after: str) -> None:
        game = create_game([p.competitor for p in players[:2]], seed=SEED)
        response = _wait(Client(), game, after)
        assert response.status_code == 400
        assert "after" in response.json()["detail"]

    def test_an_unknown_game_is_a_404(self, client: Client) -> None:
        response = client.get(reverse("game-wait", args=[987654]), {"after": 0})
        assert response.status_code == 404
        assert response.json()["code"] == "not_found"

    def test_it_tells_counts_and_status_only(self, players: list[Player]) -> None:
        game = create_game([p.competitor for p in players[:3]], seed=SEED)
        auction = next(a for a in game_state(game).legal_actions(0) if a["type"] == "auction")
        _play(game, 0, players[0], auction)
        for viewer in (Client(), _client(players[0]), _client(players[1])):
            answer = _wait(viewer, game, 0).json()
            assert set(answer) <= {"move_count", "status", "changed", "your_turns"}
            assert not {value for value in answer.values() if get_game("mulligan").is_card(value)}


class TestTheGamePart:
    def test_it_is_the_game_part_of_the_page_for_each_viewer(self, players: list[Player]) -> None:
        game = create_game([p.competitor for p in players[:3]], seed=SEED)
        state = game_state(game)
        for seat, viewer in [(0, _client(players[0])), (1, _client(players[1])), (None, Client())]:
            page = viewer.get(reverse("game", args=[game.pk])).content.decode()
            part = viewer.get(reverse("game-part", args=[game.pk]))
            assert part.status_code == 200
            html = part.content.decode()
            assert "<html" not in html and "</header>" not in html
            assert 'data-testid="game-status"' in html
            assert BUTTON.findall(html) == BUTTON.findall(page)
            assert cards_on_page(html) == cards_on_page(page.split("</header>", 1)[1])
            assert cards_on_page(html) <= cards_in(state.observe(seat))
            assert reverse("api-game-stream", args=[game.pk]) in page
            assert reverse("game-part", args=[game.pk]) in page
            # The navigation's count, which the part leaves out, comes with it for the script.
            assert part["X-Your-Turns"] == str(turns_waiting_count(players[seat].user if seat is not None else AnonymousUser()))

    def test_the_page_loads_its_script_and_has_no_inline_script(self, players: list[Player]) -> None:
        game = create_game([p.competitor for p in players[:2]], seed=SEED)
        page = _client(players[0]).get(reverse("game", args=[game.pk])).content.decode()
        assert re.search(r'<script src="[^"]*js/game\.js" defer></script>', page)
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", page), "inline script"
        assert "<style" not in page and " style=" not in page

    def test_an_unknown_game_is_a_404(self, client: Client) -> None:
        assert client.get(reverse("game-part", args=[987654])).status_code == 404

    def test_the_newest_move_comes_first(self, players: list[Player]) -> None:
        game = create_game([p.competitor for p in players[:3]], seed=SEED)
        for seat in range(3):
            _play(game, seat, players[seat], {"type": "skip"})
        html = Client().get(reverse("game-part", args=[game.pk])).content.decode()
        moves = re.search(r'<ol class="moves" data-testid="moves"[^>]*>(.*?)</ol>', html, re.S)
        assert moves is not None
        numbers = [int(n) for n in re.findall(r'<li value="(\d+)">', moves.group(1))]
        assert numbers == sorted(numbers, reverse=True) == list(range(game.version, 0, -1))
        assert f"Last move ({game.version})" in html


class TestTheNavigationCount:
    def test_it_counts_the_games_waiting_for_the_person(self, players: list[Player]) -> None:
        me = players[0]
        others = players[1:]
        # Mulligan's first auctioneer is seat 0: my turn where I sit first, not where I sit second.
        mine = [create_game([me.competitor, o.competitor], seed=SEED + i) for i, o in enumerate(others)]
        theirs = create_game([others[0].competitor, me.competitor], seed=SEED)
        done = create_game([me.competitor, others[1].competitor], seed=SEED, config={"max_turns": 4})
        play_to_end(done, Random(5))
        _play(mine[0], 0, me, {"type": "skip"})  # now the other seat's turn
        expected = len(mine) - 1
        assert expected == len(turns_waiting(me.user))
        assert {entry["game"].pk for entry in turns_waiting(me.user)}.isdisjoint(
            {theirs.pk, done.pk, mine[0].pk}
        )
        client = _client(me)
        for _ in range(2):  # worked out cold, then from the cached turns
            html = client.get("/").content.decode()
            match = NAV_COUNT.search(html)
            assert match is not None and int(match.group(1)) == expected
        cache.clear()
        match = NAV_COUNT.search(client.get(reverse("rules")).content.decode())
        assert match is not None and int(match.group(1)) == expected

    def test_nobody_logged_in_sees_no_count(self, client: Client) -> None:
        assert 'data-testid="nav-turns"' not in client.get("/").content.decode()


class TestButtonsSayWhatTheyDo:
    def _decide(self, players: list[Player], config: dict[str, Any]) -> Game:
        game = create_game([p.competitor for p in players[:3]], seed=SEED, config=config)
        auction = next(a for a in game_state(game).legal_actions(0) if a["type"] == "auction")
        _play(game, 0, players[0], auction)
        for seat in (1, 2):
            _play(game, seat, players[seat], game_state(game).legal_actions(seat)[0])
        return game

    def _buttons(self, html: str) -> list[tuple[dict[str, Any], str]]:
        return [(json.loads(unescape(value)), label) for value, label in BUTTON.findall(html)]

    def test_a_swap_button_draws_the_card_it_brings_in(self, players: list[Player]) -> None:
        game = self._decide(players, {})
        ring = game_state(game).observe(0)["ring"]
        html = _client(players[0]).get(reverse("game", args=[game.pk])).content.decode()
        swaps = [(action, label) for action, label in self._buttons(html) if action["type"] == "swap"]
        assert len(swaps) == len(ring["offers"]) == 2
        for action, label in swaps:
            offer = next(o for o in ring["offers"] if o["seat"] == action["seat"])
            assert cards_on_page(label) == {offer["card"], ring["auction"]["card"]}

    def test_under_secret_offers_a_swap_button_names_no_offer(self, players: list[Player]) -> None:
        game = self._decide(players, {"secret_offers": True})
        html = _client(players[0]).get(reverse("game", args=[game.pk])).content.decode()
        auctioned = game_state(game).observe(0)["ring"]["auction"]["card"]
        for action, label in self._buttons(html):
            if action["type"] == "swap":
                assert cards_on_page(label) == {auctioned}
                assert "face-down offer" in label

    @pytest.mark.parametrize("game_id", ["opening_hand", "three_card", "golf"])
    def test_every_game_labels_its_buttons_from_the_seat_view(self, game_id: str) -> None:
        people = PlayerFactory.create_batch(2)
        config = {"holes": 1, "players": 2} if game_id == "golf" else {"players": 2}
        game = game_create(
            game_id=game_id, competitors=[p.competitor for p in people], config=config, seed=SEED
        )
        state = game_state(game)
        seat = state.to_act()[0]
        html = _client(people[seat]).get(reverse("game", args=[game.pk])).content.decode()
        labels = [unescape(re.sub(r"<[^>]+>", "", label)) for _, label in self._buttons(html)]
        assert len(labels) == len(state.legal_actions(seat))
        plain = {get_game(game_id).describe_action(action) for action in state.legal_actions(seat)}
        # Each says more than the action's bare name: what it does for this seat.
        assert all(len(label) > 12 and label not in plain for label in labels), labels
