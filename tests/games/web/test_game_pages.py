"""The game page as a seat and as a spectator, and playing through its forms."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game, Player
from games.selectors.games import game_state
from tests.games.factories import PlayerFactory
from tests.games.helpers import create_game, stored_moves
from tests.games.web.conftest import SEED, cards_in, cards_on_page

BUTTON = re.compile(
    r'<button type="submit" name="action" value=\'([^\']*)\' data-testid="action" data-action-type="([^"]*)">'
)
HAND = re.compile(r'<div class="hand" data-testid="hand">(.*?)</div>', re.S)


def _buttons(html: str) -> list[tuple[dict[str, Any], str]]:
    from html import unescape

    return [(json.loads(unescape(value)), kind) for value, kind in BUTTON.findall(html)]


def _post_move(client: Client, game: Game, action: Any, expected: int | None = None, **extra: Any) -> Any:
    data = {"action": json.dumps(action), "expected_move": game.version if expected is None else expected}
    data.update(extra)
    return client.post(reverse("game-move", args=[game.pk]), data)


@pytest.mark.django_db
class TestWhatEachViewerSees:
    def test_a_seat_sees_its_hand_and_one_button_per_legal_action(
        self, vs_bot: Game, player_client: Client
    ) -> None:
        state = game_state(vs_bot)
        html = player_client.get(reverse("game", args=[vs_bot.pk])).content.decode()
        hand = HAND.search(html)
        assert hand is not None
        assert cards_on_page(hand.group(1)) == set(state.observe(0)["hand"])
        assert hand.group(1).count('class="card ') == 5
        buttons = _buttons(html)
        assert [action for action, _ in buttons] == state.legal_actions(0)
        assert all(kind == action["type"] for action, kind in buttons)
        assert 'data-testid="game-status"' in html
        assert "Your turn" in html
        assert "Auction" in html

    def test_a_seat_sees_no_card_outside_its_observation(self, vs_bot: Game, player_client: Client) -> None:
        state = game_state(vs_bot)
        html = player_client.get(reverse("game", args=[vs_bot.pk])).content.decode()
        assert cards_on_page(html) <= cards_in(state.observe(0))
        assert not cards_on_page(html) & set(state.observe(1)["hand"])

    @pytest.mark.parametrize("who", ["anonymous", "stranger"])
    def test_a_spectator_sees_the_public_view_and_no_forms(self, vs_bot: Game, who: str) -> None:
        client = Client()
        if who == "stranger":
            client.force_login(PlayerFactory().user)
        state = game_state(vs_bot)
        html = client.get(reverse("game", args=[vs_bot.pk])).content.decode()
        assert 'data-testid="action"' not in html
        assert 'data-testid="hand"' not in html
        assert "<form" not in html.split("</header>", 1)[1]
        assert cards_on_page(html) <= cards_in(state.observe(None))
        for seat in range(state.num_players):
            assert not cards_on_page(html) & set(state.observe(seat)["hand"])
        assert "Waiting for" in html or "Your turn" not in html

    def test_a_face_down_offer_shows_only_to_its_maker(self, players: list[Player]) -> None:
        game = create_game([players[0].competitor, players[1].competitor, players[2].competitor], seed=SEED)
        clients = []
        for person in players[:3]:
            client = Client()
            client.force_login(person.user)
            clients.append(client)
        auction = next(a for a in game_state(game).legal_actions(0) if a["type"] == "auction")
        assert _post_move(clients[0], game, auction).status_code == 302
        game.refresh_from_db()
        offer = game_state(game).legal_actions(1)[0]
        assert _post_move(clients[1], game, offer).status_code == 302
        game.refresh_from_db()
        state = game_state(game)
        mine = clients[1].get(reverse("game", args=[game.pk])).content.decode()
        assert offer["card"] in cards_on_page(mine)
        for seat, client in ((0, clients[0]), (2, clients[2])):
            html = client.get(reverse("game", args=[game.pk])).content.decode()
            assert offer["card"] not in cards_on_page(html)
            assert cards_on_page(html) <= cards_in(state.observe(seat))
            assert "Offer (face down)" in html
        spectator = Client().get(reverse("game", args=[game.pk])).content.decode()
        assert offer["card"] not in cards_on_page(spectator)

    def test_an_unknown_game_is_a_404(self, client: Client) -> None:
        assert client.get(reverse("game", args=[999999])).status_code == 404


@pytest.mark.django_db
class TestPlaying:
    def test_a_move_is_played_and_confirmed_and_the_bot_answers(
        self, vs_bot: Game, player_client: Client, on_commit: Callable[[], AbstractContextManager[Any]]
    ) -> None:
        action = {"type": "auction", "card": game_state(vs_bot).observe(0)["hand"][0]}
        with on_commit():
            response = _post_move(player_client, vs_bot, action, seat=0)
        assert response.status_code == 302
        assert response["Location"] == reverse("game", args=[vs_bot.pk])
        moves = stored_moves(vs_bot)
        assert moves[0] == (0, action)
        assert len(moves) >= 2, "the bot made its offer"
        page = player_client.get(response["Location"]).content.decode()
        messages = page.split('data-testid="messages"', 1)[1].split("</ul>", 1)[0]
        assert "You played: Auction" in messages
        assert cards_on_page(messages) == {action["card"]}

    def test_table_talk_is_stored_and_shown(self, vs_bot: Game, player_client: Client) -> None:
        response = player_client.post(
            reverse("game-move", args=[vs_bot.pk]),
            {"say": "As I said, <b>hi</b>", "expected_move": vs_bot.version},
        )
        assert response.status_code == 302
        assert stored_moves(vs_bot)[-1] == (0, {"type": "say", "text": "As I said, <b>hi</b>"})
        page = player_client.get(reverse("game", args=[vs_bot.pk])).content.decode()
        assert "As I said, &lt;b&gt;hi&lt;/b&gt;" in page
        assert "<b>hi</b>" not in page

    def test_a_stale_page_gets_the_game_moved_on(self, vs_bot: Game, player_client: Client) -> None:
        before = stored_moves(vs_bot)
        response = _post_move(player_client, vs_bot, {"type": "skip"}, expected=vs_bot.version + 3)
        assert response.status_code == 409
        assert "The game moved on" in response.content.decode()
        assert stored_moves(vs_bot) == before

    @pytest.mark.parametrize(
        ("data", "words"),
        [
            ({"action": json.dumps({"type": "swap", "seat": 1})}, "cannot swap now"),
            ({"action": json.dumps({"type": "auction", "card": "Zz"})}, "is not a card"),
            ({"action": "{not json"}, "not valid JSON"),
            ({"action": "[1, 2]"}, "JSON object"),
            ({"action": "[" * 1000 + "]" * 1000}, "JSON"),
            (
                {"action": '{"type": "auction", "card": "As", "chips": 99999999999999999999}'},
                "is not in seat 0",
            ),
            ({"action": "x" * 5000}, "too long"),
            ({}, "choose an action"),
        ],
    )
    def test_bad_input_is_a_400_with_a_message_and_stores_nothing(
        self, vs_bot: Game, player_client: Client, data: dict[str, Any], words: str
    ) -> None:
        before = stored_moves(vs_bot)
        response = player_client.post(
            reverse("game-move", args=[vs_bot.pk]), {**data, "expected_move": vs_bot.version}
        )
        assert response.status_code == 400
        assert words.lower() in response.content.decode().lower()
        assert stored_moves(vs_bot) == before

    def test_a_missing_expected_move_is_refused(self, vs_bot: Game, player_client: Client) -> None:
        response = player_client.post(reverse("game-move", args=[vs_bot.pk]), {"action": '{"type": "skip"}'})
        assert response.status_code == 400
        assert stored_moves(vs_bot) == []

    def test_a_stranger_cannot_act(self, vs_bot: Game) -> None:
        client = Client()
        client.force_login(PlayerFactory().user)
        response = _post_move(client, vs_bot, {"type": "skip"})
        assert response.status_code == 403
        assert "You hold no seat" in response.content.decode()
        assert stored_moves(vs_bot) == []

    def test_a_spectator_who_is_not_logged_in_cannot_act(self, vs_bot: Game, client: Client) -> None:
        response = _post_move(client, vs_bot, {"type": "skip"})
        assert response.status_code == 403
        assert "Log in to play" in response.content.decode()
        assert stored_moves(vs_bot) == []

    def test_one_seat_cannot_play_for_another(self, players: list[Player]) -> None:
        game = create_game([players[0].competitor, players[1].competitor], seed=SEED)
        client = Client()
        client.force_login(players[1].user)
        response = _post_move(client, game, {"type": "skip"}, seat=0)
        assert response.status_code == 403
        response = _post_move(client, game, {"type": "skip"})
        assert response.status_code == 409
        assert "not your turn" in response.content.decode()
        assert stored_moves(game) == []

    def test_an_unknown_game_is_a_404(self, player_client: Client) -> None:
        response = player_client.post(
            reverse("game-move", args=[999999]), {"action": '{"type": "skip"}', "expected_move": 0}
        )
        assert response.status_code == 404

    def test_the_move_url_takes_posts_only(self, vs_bot: Game, player_client: Client) -> None:
        assert player_client.get(reverse("game-move", args=[vs_bot.pk])).status_code == 405

    def test_moves_need_the_csrf_token(self, vs_bot: Game, player: Player) -> None:
        client = Client(enforce_csrf_checks=True)
        client.force_login(player.user)
        response = _post_move(client, vs_bot, {"type": "skip"})
        assert response.status_code == 403
        assert stored_moves(vs_bot) == []

    def test_the_page_form_carries_a_working_csrf_token(self, vs_bot: Game, player: Player) -> None:
        client = Client(enforce_csrf_checks=True)
        client.force_login(player.user)
        html = client.get(reverse("game", args=[vs_bot.pk])).content.decode()
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
        assert token is not None
        response = client.post(
            reverse("game-move", args=[vs_bot.pk]),
            {
                "action": '{"type": "skip"}',
                "expected_move": vs_bot.version,
                "csrfmiddlewaretoken": token.group(1),
            },
        )
        assert response.status_code == 302
        assert stored_moves(vs_bot)[0] == (0, {"type": "skip"})

    def test_too_many_moves_are_refused(self, players: list[Player], settings: Any) -> None:
        settings.RATELIMIT_MOVES = "1/m"
        game = create_game([players[0].competitor, players[1].competitor], seed=SEED)
        client = Client()
        client.force_login(players[0].user)
        assert _post_move(client, game, {"type": "skip"}).status_code == 302
        game.refresh_from_db()
        response = _post_move(client, game, {"type": "say", "text": "hello"})
        assert response.status_code == 429
        assert "Too many moves" in response.content.decode()
        assert stored_moves(game) == [(0, {"type": "skip"})]


@pytest.mark.django_db
class TestHomePage:
    def test_your_turn_comes_first_then_running_then_finished(self, players: list[Player]) -> None:
        from random import Random

        from tests.games.helpers import play_to_end

        me, other = players[0], players[1]
        finished = create_game([me.competitor, other.competitor], seed=1, config={"max_turns": 6})
        play_to_end(finished, Random(1))
        waiting_for_other = create_game([other.competitor, me.competitor], seed=2)
        my_turn = create_game([me.competitor, other.competitor], seed=3)
        not_mine = create_game([other.competitor, players[2].competitor], seed=4)
        client = Client()
        client.force_login(me.user)
        html = client.get("/").content.decode()
        turn_links = re.findall(r'<a href="/games/(\d+)/" data-testid="your-turn">', html)
        assert turn_links == [str(my_turn.pk)]
        at = {
            name: html.index(marker)
            for name, marker in [
                ("turn", 'data-testid="your-turn"'),
                ("running", f'href="/games/{waiting_for_other.pk}/" data-testid="running-game"'),
                ("finished", f'href="/games/{finished.pk}/" data-testid="finished-game"'),
                ("recent", "Recent games"),
            ]
        }
        assert at["turn"] < at["running"] < at["finished"] < at["recent"]
        assert f'href="/games/{not_mine.pk}/"' in html.split("Recent games", 1)[1]
        assert 'data-testid="your-turn"' not in Client().get("/").content.decode()

    def test_anonymous_visitors_get_the_intro(self, client: Client) -> None:
        html = client.get("/").content.decode()
        assert "Sign up" in html
        assert "/accounts/login/" in html
