"""The REST API (``games.api``) through ``rest_framework.test.APIClient``: token and session auth."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from engine import registered_games
from games.models import Bot, Game, GameStatus, Move, Player, Rating
from games.selectors.games import game_state
from tests.games.factories import BotFactory, RatingFactory, UserFactory
from tests.games.helpers import create_game, normalized, play_to_end

pytestmark = pytest.mark.django_db

ClientFor = Callable[[Player], APIClient]
SEED = 8_675_309


def _moves_url(game: Game | int) -> str:
    return f"/api/games/{getattr(game, 'pk', game)}/moves/"


def _game_url(game: Game | int) -> str:
    return f"/api/games/{getattr(game, 'pk', game)}/"


def _messages(data: Any) -> str:
    """Every string in an error body, joined: the words a client would show."""
    if isinstance(data, dict):
        return " ".join(_messages(value) for value in data.values())
    if isinstance(data, list):
        return " ".join(_messages(value) for value in data)
    return str(data)


@pytest.fixture
def duel(players: list[Player]) -> Game:
    """Two people; seat 0 (players[0]) auctions first."""
    return create_game([players[0].competitor, players[1].competitor], seed=SEED)


@pytest.fixture
def table(players: list[Player]) -> Game:
    """Four people; seat 0 auctions first."""
    return create_game([p.competitor for p in players], seed=SEED)


# -- POST /api/games/ ------------------------------------------------------------------------------


class TestCreateGame:
    def test_a_player_creates_a_game_and_sees_it_from_their_seat(
        self, players: list[Player], random_bot: Bot, client_for: ClientFor
    ) -> None:
        body = {
            "game": "mulligan",
            "seats": [{"player": players[0].pk}, {"bot": random_bot.pk}, {"player": players[0].pk}],
            "config": {"secret_offers": True},
        }
        response = client_for(players[0]).post("/api/games/", body, format="json")
        assert response.status_code == 201, response.content
        data = response.json()
        game = Game.objects.get(pk=data["id"])
        assert data["game"] == "mulligan" and data["status"] == "running" and data["rated"] is True
        assert data["config"] == game.config and game.config["secret_offers"] is True
        assert [(s["index"], s["kind"], s["player"], s["bot"]) for s in data["seats"]] == [
            (0, "player", players[0].pk, None),
            (1, "bot", None, random_bot.pk),
            (2, "player", players[0].pk, None),
        ]
        assert data["your_seats"] == [0, 2] and data["viewer_seat"] == 0 and data["to_act"] == [0]
        state = game_state(game)
        assert data["observation"] == normalized(state.observe(0))
        assert data["legal_actions"] == state.legal_actions(0)
        assert "seed" not in data

    def test_nobody_is_seated_without_accepting(
        self, players: list[Player], random_bot: Bot, client_for: ClientFor
    ) -> None:
        body = {"game": "mulligan", "seats": [{"player": players[0].pk}, {"player": players[1].pk}]}
        before = Game.objects.count()
        response = client_for(players[0]).post("/api/games/", body, format="json")
        assert response.status_code == 403
        assert players[1].competitor.name in response.json()["detail"]
        assert "/api/challenges/" in response.json()["detail"]
        assert Game.objects.count() == before

    def test_the_creator_need_not_hold_a_seat(
        self, players: list[Player], random_bot: Bot, heuristic_bot: Bot, client_for: ClientFor
    ) -> None:
        body = {
            "game": "mulligan",
            "seats": [{"bot": random_bot.pk}, {"bot": heuristic_bot.pk}],
            "rated": False,
        }
        response = client_for(players[3]).post("/api/games/", body, format="json")
        assert response.status_code == 201
        data = response.json()
        assert data["your_seats"] == [] and data["viewer_seat"] is None and data["legal_actions"] == []
        assert "hand" not in data["observation"]
        assert Game.objects.get(pk=data["id"]).rated is False

    def test_an_all_bot_game_is_played_by_the_task_on_commit(
        self,
        players: list[Player],
        random_bot: Bot,
        heuristic_bot: Bot,
        client_for: ClientFor,
        on_commit: Any,
    ) -> None:
        body = {"game": "mulligan", "seats": [{"bot": random_bot.pk}, {"bot": heuristic_bot.pk}] * 2}
        with on_commit():
            response = client_for(players[0]).post("/api/games/", body, format="json")
        assert response.status_code == 201
        game = Game.objects.get(pk=response.json()["id"])
        assert game.status == GameStatus.FINISHED and game.version == game.moves.count() > 0

    def test_session_auth_works_and_checks_csrf(self, players: list[Player], random_bot: Bot) -> None:
        body = {"game": "mulligan", "seats": [{"player": players[0].pk}, {"bot": random_bot.pk}]}
        client = APIClient(enforce_csrf_checks=True)
        assert client.login(username=players[0].user.username, password="correct horse battery staple")
        refused = client.post("/api/games/", body, format="json")
        assert refused.status_code == 403  # a session without a CSRF token
        assert "CSRF" in refused.json()["detail"]
        assert not Game.objects.exists()
        # With the token a browser page would send (cookie and header agree), the session works.
        secret = "a" * 32
        client.cookies["csrftoken"] = secret
        response = client.post("/api/games/", body, format="json", HTTP_X_CSRFTOKEN=secret)
        assert response.status_code == 201, response.content
        assert response.json()["your_seats"] == [0]
        assert client.get(_game_url(response.json()["id"])).json()["viewer_seat"] == 0

    def test_anonymous_requests_are_refused(
        self, players: list[Player], random_bot: Bot, api_client: APIClient
    ) -> None:
        body = {"game": "mulligan", "seats": [{"player": players[0].pk}, {"bot": random_bot.pk}]}
        response = api_client.post("/api/games/", body, format="json")
        assert response.status_code == 401
        assert response.headers["WWW-Authenticate"] == "Token"
        bad_token = APIClient()
        bad_token.credentials(HTTP_AUTHORIZATION="Token not-a-token")
        assert bad_token.post("/api/games/", body, format="json").status_code == 401
        assert not Game.objects.exists()

    @pytest.mark.parametrize(
        ("body", "field", "words"),
        [
            ({"seats": [{"bot": 1}, {"bot": 1}]}, "game", "required"),
            ({"game": "mulligan"}, "seats", "required"),
            ({"game": "mulligan", "seats": []}, "seats", "may not be empty"),
            ({"game": "mulligan", "seats": [{}, {}]}, "seats", 'each seat is {"player": id} or {"bot": id}'),
            ({"game": "mulligan", "seats": [{"player": 1, "bot": 1}, {"bot": 1}]}, "seats", "each seat is"),
            ({"game": "mulligan", "seats": "two"}, "seats", "list"),
            ({"game": "mulligan", "seats": [{"player": "me"}, {"bot": 1}]}, "seats", "valid integer"),
            ({"game": "mulligan", "seats": [{"bot": 1}] * 2, "config": [1]}, "config", "dictionary"),
            ({"game": "mulligan", "seats": [{"bot": 1}] * 2, "rated": "perhaps"}, "rated", "valid boolean"),
            ({"game": "x" * 41, "seats": [{"bot": 1}] * 2}, "game", "no more than 40"),
        ],
    )
    def test_malformed_requests_are_400_with_the_field_named(
        self, players: list[Player], client_for: ClientFor, body: dict[str, Any], field: str, words: str
    ) -> None:
        response = client_for(players[0]).post("/api/games/", body, format="json")
        assert response.status_code == 400
        assert field in response.json()["errors"]
        assert response.json()["detail"].startswith(field)
        assert words in _messages(response.json())
        assert not Game.objects.exists()

    @pytest.mark.parametrize(
        ("body", "detail"),
        [
            ({"game": "chess"}, "no game is registered as 'chess'"),
            ({"config": {"colour": "red"}}, "invalid config: unknown Mulligan option(s) 'colour'"),
            ({"config": {"players": 3}}, "the config is for 3 players but 2 seats were given"),
            (
                {"config": {"open_hands": True, "secret_offers": True}},
                "Open Hands does not work with Secret Offers",
            ),
            ({"seats": [{"player": 999_999}, {"bot": "BOT"}]}, "no player 999999"),
            ({"seats": [{"player": "ME"}, {"bot": 999_999}]}, "no bot 999999"),
            ({"seats": [{"player": "ME"}]}, "option 'players' must be at least 2"),
        ],
    )
    def test_invalid_games_are_400_with_a_clear_detail(
        self,
        players: list[Player],
        random_bot: Bot,
        client_for: ClientFor,
        body: dict[str, Any],
        detail: str,
    ) -> None:
        full = {"game": "mulligan", "seats": [{"player": "ME"}, {"bot": "BOT"}]} | body
        full["seats"] = [
            {
                key: {"ME": players[0].pk, "BOT": random_bot.pk}.get(value, value)
                for key, value in seat.items()
            }
            for seat in full["seats"]
        ]
        response = client_for(players[0]).post("/api/games/", full, format="json")
        assert response.status_code == 400, response.content
        assert detail in response.json()["detail"]
        assert response.json()["code"] == "invalid"
        assert not Game.objects.exists()

    def test_an_absurd_chip_stack_is_400(
        self, players: list[Player], random_bot: Bot, heuristic_bot: Bot, client_for: ClientFor
    ) -> None:
        # The creator holds no seat, so the 201 response would not list the 5 * 10**9 legal
        # actions the first seat holder's GET would (see test_services_games).
        body = {
            "game": "mulligan",
            "seats": [{"bot": random_bot.pk}, {"bot": heuristic_bot.pk}],
            "config": {"chips": 10**9},
        }
        response = client_for(players[0]).post("/api/games/", body, format="json")
        assert response.status_code == 400
        assert "chips" in response.json()["detail"]
        assert not Game.objects.exists()

    def test_a_bot_of_another_game_is_refused(self, players: list[Player], client_for: ClientFor) -> None:
        golf_bot = BotFactory(game_id="golf")
        body = {"game": "mulligan", "seats": [{"player": players[0].pk}, {"bot": golf_bot.pk}]}
        response = client_for(players[0]).post("/api/games/", body, format="json")
        assert response.status_code == 400
        assert "plays golf, not mulligan" in response.json()["detail"]

    def test_only_staff_may_choose_the_seed(
        self, players: list[Player], random_bot: Bot, client_for: ClientFor
    ) -> None:
        body = {
            "game": "mulligan",
            "seats": [{"player": players[0].pk}, {"bot": random_bot.pk}],
            "seed": 12345,
        }
        response = client_for(players[0]).post("/api/games/", body, format="json")
        assert response.status_code == 400
        assert "only staff may choose a seed" in _messages(response.json())
        assert not Game.objects.exists()

        User.objects.filter(pk=players[1].user.pk).update(is_staff=True)
        players[1].user.refresh_from_db()
        response = client_for(players[1]).post("/api/games/", body, format="json")
        assert response.status_code == 201
        assert Game.objects.get(pk=response.json()["id"]).seed == 12345
        assert "seed" not in response.json()  # not even staff see it in a running game's view

    @pytest.mark.parametrize("seed", [-1, 2**63, "soon"])
    def test_an_out_of_range_seed_is_400(self, players: list[Player], random_bot: Bot, seed: Any) -> None:
        staff = UserFactory(is_staff=True)
        client = APIClient()
        client.force_authenticate(staff)
        body = {
            "game": "mulligan",
            "seats": [{"player": players[0].pk}, {"bot": random_bot.pk}],
            "seed": seed,
        }
        response = client.post("/api/games/", body, format="json")
        assert response.status_code == 400
        assert "seed" in response.json()["errors"]

    def test_a_user_without_a_player_gets_one(self, random_bot: Bot) -> None:
        admin = UserFactory(username="admin", is_staff=True)
        client = APIClient()
        client.force_authenticate(admin)
        body = {"game": "mulligan", "seats": [{"bot": random_bot.pk}, {"bot": random_bot.pk}]}
        assert client.post("/api/games/", body, format="json").status_code == 201
        assert Player.objects.filter(user=admin).exists()


# -- GET /api/games/, /api/games/{id}/ ----------------------------------------------------------------


class TestViewGame:
    def test_the_seat_holder_sees_their_hand_and_legal_actions(
        self, duel: Game, players: list[Player], client_for: ClientFor
    ) -> None:
        state = game_state(duel)
        data = client_for(players[0]).get(_game_url(duel)).json()
        assert data["your_seats"] == [0] and data["viewer_seat"] == 0
        assert data["observation"]["hand"] == normalized(state.observe(0))["hand"]
        assert len(data["observation"]["hand"]) == 5
        assert data["legal_actions"] == state.legal_actions(0)
        assert {a["type"] for a in data["legal_actions"]} == {"skip", "fold", "auction"}
        assert "hands" not in data["observation"]

    def test_a_seat_holder_whose_turn_it_is_not_sees_no_legal_actions(
        self, duel: Game, players: list[Player], client_for: ClientFor
    ) -> None:
        state = game_state(duel)
        data = client_for(players[1]).get(_game_url(duel)).json()
        assert data["your_seats"] == [1] and data["viewer_seat"] == 1 and data["to_act"] == [0]
        assert data["observation"]["hand"] == normalized(state.observe(1))["hand"]
        assert data["legal_actions"] == []

    @pytest.mark.parametrize("who", ["stranger", "anonymous"])
    def test_others_see_the_spectators_view(
        self, duel: Game, players: list[Player], client_for: ClientFor, who: str
    ) -> None:
        client = client_for(players[2]) if who == "stranger" else APIClient()
        response = client.get(_game_url(duel))
        assert response.status_code == 200
        data = response.json()
        assert data["your_seats"] == [] and data["viewer_seat"] is None and data["legal_actions"] == []
        assert "hand" not in data["observation"] and "hands" not in data["observation"]
        assert data["observation"] == normalized(game_state(duel).observe(None))
        text = json.dumps(data)
        for card in game_state(duel).to_json()["hands"][0] + game_state(duel).to_json()["hands"][1]:
            assert f'"{card}"' not in text
        assert "seed" not in data

    def test_session_auth_sees_the_same_as_token_auth(
        self, duel: Game, players: list[Player], client_for: ClientFor
    ) -> None:
        session = APIClient()
        session.force_login(players[0].user)
        by_session = session.get(_game_url(duel)).json()
        by_token = client_for(players[0]).get(_game_url(duel)).json()
        assert by_session == by_token and by_session["viewer_seat"] == 0

    def test_a_finished_game_shows_everything_and_the_seed(
        self, duel: Game, players: list[Player], client_for: ClientFor
    ) -> None:
        client_for(players[0]).post(_moves_url(duel), {"action": {"type": "fold"}}, format="json")
        data = APIClient().get(_game_url(duel)).json()
        assert data["status"] == "finished" and data["seed"] == SEED
        assert data["observation"]["hands"] == normalized(game_state(duel).observe(None))["hands"]
        assert data["outcome"]["ranking"] in ([0, 1], [1, 0])
        assert data["to_act"] == [] and data["legal_actions"] == []
        assert sorted(seat["rank"] for seat in data["seats"]) == [1, 2]

    def test_an_unknown_game_is_404(self, client_for: ClientFor, players: list[Player]) -> None:
        assert APIClient().get(_game_url(10**9)).status_code == 404
        assert client_for(players[0]).get(_moves_url(10**9)).status_code == 404
        response = client_for(players[0]).post(_moves_url(10**9), {"action": {"type": "skip"}}, format="json")
        assert response.status_code == 404
        assert response.json()["code"] == "not_found"

    def test_the_game_list_filters_and_paginates(
        self, duel: Game, table: Game, api_client: APIClient
    ) -> None:
        Game.objects.filter(pk=duel.pk).update(status=GameStatus.FINISHED)
        data = api_client.get("/api/games/").json()
        assert data["count"] == 2 and [g["id"] for g in data["results"]] == [table.pk, duel.pk]
        assert [g["id"] for g in api_client.get("/api/games/?status=finished").json()["results"]] == [duel.pk]
        assert api_client.get("/api/games/?game=golf").json()["count"] == 0
        assert "seed" not in json.dumps(data)


# -- POST /api/games/{id}/moves/ ----------------------------------------------------------------------


class TestPostMove:
    def test_a_legal_move_is_201_with_the_move(
        self, duel: Game, players: list[Player], client_for: ClientFor
    ) -> None:
        action = game_state(duel).legal_actions(0)[2]
        response = client_for(players[0]).post(
            _moves_url(duel),
            {"action": action, "expected_move": 0, "idempotency_key": "first"},
            format="json",
        )
        assert response.status_code == 201, response.content
        body = response.json()
        assert (body["number"], body["seat"], body["action"]) == (1, 0, action)
        assert set(body) == {"number", "seat", "action", "created_at"}
        assert Move.objects.get(game=duel).action == action

    def test_an_illegal_move_is_400_with_the_engines_reason(
        self, duel: Game, players: list[Player], client_for: ClientFor
    ) -> None:
        not_mine = game_state(duel).to_json()["hands"][1][0]
        response = client_for(players[0]).post(
            _moves_url(duel), {"action": {"type": "auction", "card": not_mine}}, format="json"
        )
        assert response.status_code == 400
        reason = f"{not_mine} is not in seat 0's hand"
        assert response.json() == {"detail": reason, "code": "illegal_move", "errors": {"action": [reason]}}
        assert not Move.objects.exists()
        duel.refresh_from_db()
        assert duel.version == 0

    def test_not_your_seat_is_403(self, duel: Game, players: list[Player], client_for: ClientFor) -> None:
        response = client_for(players[2]).post(_moves_url(duel), {"action": {"type": "skip"}}, format="json")
        assert response.status_code == 403
        assert response.json() == {"detail": "you hold no seat in this game", "code": "not_your_seat"}

    def test_a_seat_that_is_not_yours_is_403(
        self, duel: Game, players: list[Player], client_for: ClientFor
    ) -> None:
        response = client_for(players[0]).post(
            _moves_url(duel), {"action": {"type": "skip"}, "seat": 1}, format="json"
        )
        assert response.status_code == 403

    def test_anonymous_moves_are_401(self, duel: Game) -> None:
        assert (
            APIClient().post(_moves_url(duel), {"action": {"type": "skip"}}, format="json").status_code == 401
        )

    def test_not_your_turn_is_409(self, duel: Game, players: list[Player], client_for: ClientFor) -> None:
        response = client_for(players[1]).post(_moves_url(duel), {"action": {"type": "skip"}}, format="json")
        assert response.status_code == 409
        assert response.json()["code"] == "conflict"
        assert "it is not your turn" in response.json()["detail"]

    def test_a_stale_expected_move_is_409(
        self, duel: Game, players: list[Player], client_for: ClientFor
    ) -> None:
        client = client_for(players[0])
        assert (
            client.post(
                _moves_url(duel), {"action": {"type": "skip"}, "expected_move": 0}, format="json"
            ).status_code
            == 201
        )
        # Now seat 1 auctions; seat 0 saw move 0 only.
        second = client_for(players[1])
        response = second.post(
            _moves_url(duel), {"action": {"type": "skip"}, "expected_move": 0}, format="json"
        )
        assert response.status_code == 409
        assert "stale move" in response.json()["detail"]
        assert (
            second.post(
                _moves_url(duel), {"action": {"type": "skip"}, "expected_move": 1}, format="json"
            ).status_code
            == 201
        )

    def test_an_idempotent_retry_is_200_with_the_same_body(
        self, duel: Game, players: list[Player], client_for: ClientFor
    ) -> None:
        client = client_for(players[0])
        request = {
            "action": game_state(duel).legal_actions(0)[3],
            "expected_move": 0,
            "idempotency_key": "abc",
        }
        first = client.post(_moves_url(duel), request, format="json")
        again = client.post(_moves_url(duel), request, format="json")
        assert (first.status_code, again.status_code) == (201, 200)
        assert again.json() == first.json()
        assert Move.objects.count() == 1
        different = client.post(_moves_url(duel), request | {"action": {"type": "fold"}}, format="json")
        assert different.status_code == 409

    def test_a_move_in_a_finished_game_is_409(
        self, duel: Game, players: list[Player], client_for: ClientFor
    ) -> None:
        client = client_for(players[0])
        assert client.post(_moves_url(duel), {"action": {"type": "fold"}}, format="json").status_code == 201
        response = client.post(_moves_url(duel), {"action": {"type": "skip"}}, format="json")
        assert response.status_code == 409
        assert response.json()["detail"] == "the game is finished"

    def test_the_bots_answer_a_move_on_commit(
        self,
        players: list[Player],
        random_bot: Bot,
        heuristic_bot: Bot,
        client_for: ClientFor,
        on_commit: Any,
    ) -> None:
        game = create_game(
            [players[0].competitor, random_bot.competitor, heuristic_bot.competitor], seed=SEED
        )
        client = client_for(players[0])
        auction = next(
            a for a in client.get(_game_url(game)).json()["legal_actions"] if a["type"] == "auction"
        )
        with on_commit():
            assert client.post(_moves_url(game), {"action": auction}, format="json").status_code == 201
        data = client.get(_game_url(game)).json()
        # Both bots offered: seat 0 must now swap or call a mulligan.
        assert data["move_count"] == 3
        assert data["to_act"] == [0]
        assert {a["type"] for a in data["legal_actions"]} == {"swap", "mulligan"}


MALFORMED: list[tuple[str, Any]] = [
    ("empty object", {}),
    ("no action", {"expected_move": 0}),
    ("action a string", {"action": "skip"}),
    ("action a list", {"action": ["skip"]}),
    ("action null", {"action": None}),
    ("action a number", {"action": 7}),
    ("action without type", {"action": {"card": "As"}}),
    ("type not a string", {"action": {"type": ["skip"]}}),
    ("type an object", {"action": {"type": {"$ne": 1}}}),
    ("unknown type", {"action": {"type": "DROP TABLE games_move"}}),
    ("extra keys", {"action": {"type": "skip", "please": True}}),
    ("card not a string", {"action": {"type": "auction", "card": 14}}),
    ("card a list", {"action": {"type": "auction", "card": ["As", "Ks"]}}),
    ("chips in a chipless game", {"action": {"type": "auction", "card": "As", "chips": 1}}),
    ("swap seat a float", {"action": {"type": "swap", "seat": 1.5}}),
    ("say text a number", {"action": {"type": "say", "text": 5}}),
    ("expected_move negative", {"action": {"type": "skip"}, "expected_move": -1}),
    ("expected_move a word", {"action": {"type": "skip"}, "expected_move": "latest"}),
    ("expected_move a float", {"action": {"type": "skip"}, "expected_move": 0.5}),
    ("expected_move an object", {"action": {"type": "skip"}, "expected_move": {"n": 0}}),
    ("expected_move a list", {"action": {"type": "skip"}, "expected_move": [0]}),
    ("seat negative", {"action": {"type": "skip"}, "seat": -1}),
    ("seat a word", {"action": {"type": "skip"}, "seat": "mine"}),
    ("idempotency key empty", {"action": {"type": "skip"}, "idempotency_key": ""}),
    ("idempotency key too long", {"action": {"type": "skip"}, "idempotency_key": "k" * 101}),
    ("idempotency key with NUL", {"action": {"type": "skip"}, "idempotency_key": "a\x00b"}),
    ("idempotency key an object", {"action": {"type": "skip"}, "idempotency_key": {"k": 1}}),
    ("huge type", {"action": {"type": "x" * 200_000}}),
    ("huge card", {"action": {"type": "auction", "card": "A" * 200_000}}),
    ("huge say", {"action": {"type": "say", "text": "blah " * 40_000}}),
    ("huge key", {"action": {"type": "skip", "k" * 100_000: 1}}),
    ("nested junk", {"action": {"type": "skip", "x": [[{"y": [[[{}]]]}]]}}),
    ("nested junk as the card", {"action": {"type": "auction", "card": {"rank": "A", "suit": ["s"]}}}),
    ("huge number", {"action": {"type": "swap", "seat": 10**40}, "expected_move": 10**40}),
]


@pytest.mark.parametrize(("name", "body"), MALFORMED, ids=[name for name, _ in MALFORMED])
def test_malformed_move_bodies_are_400(
    duel: Game, players: list[Player], client_for: ClientFor, name: str, body: Any
) -> None:
    response = client_for(players[0]).post(_moves_url(duel), body, format="json")
    assert response.status_code == 400, (name, response.status_code, response.content[:300])
    assert not Move.objects.exists()


@pytest.mark.parametrize(
    ("name", "raw"),
    [
        ("invalid JSON", b'{"action": {"type": "skip"'),
        ("trailing garbage", b'{"action": {"type": "skip"}} nonsense'),
        ("NaN", b'{"action": {"type": "skip"}, "expected_move": NaN}'),
        ("a JSON list", b'[{"action": {"type": "skip"}}]'),
        ("a JSON string", b'"skip"'),
        ("JSON null", b"null"),
        ("empty body", b""),
        ("not UTF-8", b'{"action": {"type": "sk\xff\xfeip"}}'),
        (
            "deeply nested arrays",
            b'{"action": {"type": "skip", "x": ' + b"[" * 50_000 + b"]" * 50_000 + b"}}",
        ),
        ("deeply nested objects", b'{"action": ' + b'{"a": ' * 50_000 + b"1" + b"}" * 50_000 + b"}"),
    ],
)
def test_malformed_json_is_400_never_500(
    duel: Game, players: list[Player], client_for: ClientFor, name: str, raw: bytes
) -> None:
    client = client_for(players[0])
    client.raise_request_exception = False
    response = client.generic("POST", _moves_url(duel), raw, content_type="application/json")
    assert response.status_code == 400, (name, response.status_code, response.content[:300])
    assert not Move.objects.exists()


def test_a_nul_character_in_table_talk_is_400_not_500(
    duel: Game, players: list[Player], client_for: ClientFor
) -> None:
    # PostgreSQL's jsonb cannot hold U+0000; the engine accepts the text, so the database refuses it.
    client = client_for(players[0])
    client.raise_request_exception = False
    response = client.post(
        _moves_url(duel), {"action": {"type": "say", "text": "hi\x00there"}}, format="json"
    )
    assert response.status_code == 400, response.content[:300]
    assert not Move.objects.exists()


@pytest.mark.parametrize(
    ("content_type", "payload", "status"),
    [
        ("text/plain", b'{"action": {"type": "skip"}}', 415),
        ("application/xml", b"<action type='skip'/>", 415),
        # A move is JSON: forms are refused as any other content type (the document lists JSON only).
        ("application/x-www-form-urlencoded", b"action=skip&expected_move=0", 415),
        ("application/x-www-form-urlencoded", b"expected_move=zero", 415),
        (
            "multipart/form-data; boundary=XX",
            b"--XX\r\nContent-Disposition: form-data; name=action\r\n\r\nskip\r\n--XX--\r\n",
            415,
        ),
    ],
)
def test_other_content_types_are_refused(
    duel: Game, players: list[Player], client_for: ClientFor, content_type: str, payload: bytes, status: int
) -> None:
    # 415 Unsupported Media Type is the client error for a body the API does not parse at all.
    response = client_for(players[0]).generic("POST", _moves_url(duel), payload, content_type=content_type)
    assert response.status_code == status, response.content[:300]
    assert not Move.objects.exists()


# Any JSON, without U+0000 (see test_a_nul_character_in_table_talk_is_400_not_500) and not deeper than
# the default recursion limit (see test_malformed_json_is_400_never_500).
TEXT = st.text(alphabet=st.characters(blacklist_characters="\x00", blacklist_categories=("Cs",)), max_size=30)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | TEXT,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(TEXT, children, max_size=4),
    max_leaves=12,
)
ACTION_TYPES = st.sampled_from(["skip", "fold", "auction", "offer", "swap", "mulligan", "say", "SKIP", ""])
CARDS = st.sampled_from(["As", "2d", "Td", "10h", "ks", "Zz", "", "AsKs"]) | TEXT
ACTIONS = st.fixed_dictionaries(
    {"type": ACTION_TYPES},
    optional={
        "card": CARDS | JSON_VALUES,
        "chips": st.integers(-3, 30) | JSON_VALUES,
        "seat": st.integers(-2, 9) | JSON_VALUES,
        "text": TEXT | JSON_VALUES,
        "extra": JSON_VALUES,
    },
)
BODIES = (
    st.fixed_dictionaries(
        {"action": ACTIONS | JSON_VALUES},
        optional={
            "expected_move": st.integers(-2, 5) | JSON_VALUES,
            "idempotency_key": TEXT | JSON_VALUES,
            "seat": st.integers(-1, 4) | JSON_VALUES,
            "extra": JSON_VALUES,
        },
    )
    | JSON_VALUES
)


@settings(
    max_examples=70,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(body=BODIES)
def test_random_json_to_the_moves_endpoint_never_gets_a_500(
    table: Game, players: list[Player], client_for: ClientFor, body: Any
) -> None:
    # Every seat holder posts the same body: whoever's turn it is, the answer is a 2xx or a 4xx.
    for player in players[:2]:
        client = client_for(player)
        response = client.generic(
            "POST", _moves_url(table), json.dumps(body), content_type="application/json"
        )
        assert response.status_code < 500, (body, response.content[:300])
        assert response.status_code in (200, 201, 400, 403, 409), (body, response.status_code)
        if response.status_code >= 400:
            assert "detail" in response.json() or isinstance(response.json(), dict)


# -- GET /api/games/{id}/moves/ -----------------------------------------------------------------------


def _offer_round(game: Game, people: list[Player], client_for: ClientFor) -> dict[int, dict[str, Any]]:
    """Seat 0 auctions, then seats 1 and 2 offer (seat 3 not yet); returns the actions by seat."""
    auction = game_state(game).legal_actions(0)[2]
    client_for(people[0]).post(_moves_url(game), {"action": auction}, format="json")
    offers = {0: auction}
    for seat in (1, 2):
        offers[seat] = game_state(game).legal_actions(seat)[1]
        assert (
            client_for(people[seat])
            .post(_moves_url(game), {"action": offers[seat]}, format="json")
            .status_code
            == 201
        )
    return offers


class TestHistory:
    def test_while_running_other_seats_offers_are_hidden(
        self, table: Game, players: list[Player], client_for: ClientFor
    ) -> None:
        offers = _offer_round(table, players, client_for)
        for viewer in (0, 1, 2, 3, None):
            client = APIClient() if viewer is None else client_for(players[viewer])
            data = client.get(_moves_url(table)).json()
            assert data["status"] == "running" and data["move_count"] == 3
            assert "seed" not in data and "final_state" not in data and "config" not in data
            actions = {move["number"]: (move["seat"], move["action"]) for move in data["moves"]}
            assert actions[1] == (0, offers[0])  # the auctioned card is public
            for number, seat in ((2, 1), (3, 2)):
                expected = offers[seat] if viewer == seat else {"type": "offer"}
                assert actions[number] == (seat, expected)
            text = json.dumps(data)
            for seat in (1, 2):
                if viewer != seat:
                    assert f'"{offers[seat]["card"]}"' not in text

    def test_after_the_end_everything_is_shown(
        self, duel: Game, players: list[Player], client_for: ClientFor
    ) -> None:
        client_for(players[0]).post(
            _moves_url(duel), {"action": game_state(duel).legal_actions(0)[2]}, format="json"
        )
        offer = game_state(duel).legal_actions(1)[0]
        client_for(players[1]).post(_moves_url(duel), {"action": offer}, format="json")
        client_for(players[0]).post(_moves_url(duel), {"action": {"type": "mulligan"}}, format="json")
        running = APIClient().get(_moves_url(duel)).json()
        assert running["moves"][1]["action"] == {"type": "offer"}
        client_for(players[1]).post(_moves_url(duel), {"action": {"type": "fold"}}, format="json")

        data = APIClient().get(_moves_url(duel)).json()
        duel.refresh_from_db()
        assert data["status"] == "finished"
        assert data["seed"] == SEED and data["config"] == duel.config
        assert [m["action"] for m in data["moves"]] == [
            a for _, a in duel.moves.values_list("seat", "action")
        ]
        assert data["moves"][1]["action"] == offer
        assert data["final_state"] == normalized(game_state(duel).to_json())
        assert data["final_state"]["seed"] == SEED
        assert data["outcome"] == duel.outcome
        assert data["move_count"] == 4

    def test_a_finished_bot_game_can_be_replayed_from_its_record(
        self, random_bot: Bot, heuristic_bot: Bot, api_client: APIClient
    ) -> None:
        from engine import replay

        game = create_game(
            [random_bot.competitor, heuristic_bot.competitor, random_bot.competitor], seed=SEED
        )
        play_to_end(game, random.Random(0))
        data = api_client.get(_moves_url(game)).json()
        rebuilt = replay(
            data["game"], data["config"], data["seed"], [(m["seat"], m["action"]) for m in data["moves"]]
        )
        assert normalized(rebuilt.to_json()) == data["final_state"]
        assert normalized(rebuilt.outcome().to_json()) == data["outcome"]


# -- ladder, players, bots, schema -------------------------------------------------------------------


class TestLadder:
    def test_ranked_by_rating_and_paginated(self, api_client: APIClient) -> None:
        ratings = [1500 + (i * 37) % 211 for i in range(55)]
        for value in ratings:
            RatingFactory(rating=value, games_played=3)
        RatingFactory(game_id="golf", rating=9999)
        first = api_client.get("/api/ladder/?game=mulligan").json()
        assert first["count"] == 55 and len(first["results"]) == 50
        assert first["next"] is not None and first["previous"] is None
        second = api_client.get(first["next"]).json()
        assert len(second["results"]) == 5 and second["next"] is None
        shown = [row["rating"] for row in first["results"] + second["results"]]
        assert shown == sorted(ratings, reverse=True)
        assert {row["game_id"] for row in first["results"]} == {"mulligan"}
        assert set(first["results"][0]) == {
            "competitor",
            "name",
            "kind",
            "player",
            "game_id",
            "rating",
            "games_played",
            "provisional",
        }

    def test_a_rating_is_provisional_until_enough_games(self, api_client: APIClient, settings: Any) -> None:
        settings.ELO_PROVISIONAL_GAMES = 30
        RatingFactory(rating=1600, games_played=29)
        RatingFactory(rating=1500, games_played=30)
        rows = api_client.get("/api/ladder/?game=mulligan").json()["results"]
        assert [(row["games_played"], row["provisional"]) for row in rows] == [(29, True), (30, False)]

    def test_ties_are_broken_by_competitor(self, api_client: APIClient) -> None:
        rows = [RatingFactory(rating=1600) for _ in range(3)]
        data = api_client.get("/api/ladder/?game=mulligan").json()
        assert [r["competitor"] for r in data["results"]] == sorted(r.competitor.pk for r in rows)

    def test_players_and_bots_are_told_apart(
        self, players: list[Player], random_bot: Bot, api_client: APIClient
    ) -> None:
        RatingFactory(competitor=players[0].competitor, rating=1600)
        RatingFactory(competitor=random_bot.competitor, rating=1400)
        data = api_client.get("/api/ladder/?game=mulligan").json()["results"]
        assert [(r["kind"], r["player"], r["name"]) for r in data] == [
            ("player", players[0].pk, players[0].competitor.name),
            ("bot", None, random_bot.competitor.name),
        ]

    @pytest.mark.parametrize(
        ("query", "words"),
        [
            ("", "say which game's ladder"),
            ("?game=croquet", "no game is registered as 'croquet'"),
            ("?game=", "say which"),
        ],
    )
    def test_a_missing_or_unknown_game_is_400(self, api_client: APIClient, query: str, words: str) -> None:
        response = api_client.get(f"/api/ladder/{query}")
        assert response.status_code == 400
        assert words in _messages(response.json())

    def test_after_real_games(
        self, players: list[Player], client_for: ClientFor, api_client: APIClient
    ) -> None:
        for seed in range(3):
            game = create_game([players[0].competitor, players[1].competitor], seed=seed)
            client_for(players[0]).post(_moves_url(game), {"action": {"type": "fold"}}, format="json")
        data = api_client.get("/api/ladder/?game=mulligan").json()["results"]
        assert len(data) == 2
        assert data[0]["rating"] >= data[1]["rating"]
        assert data[0]["rating"] + data[1]["rating"] == pytest.approx(3000)
        assert {r["games_played"] for r in data} == {3}
        stored = {r.competitor_id: r.rating for r in Rating.objects.all()}
        assert {r["competitor"]: r["rating"] for r in data} == stored


def test_player_profile_has_the_rating_history(
    players: list[Player], client_for: ClientFor, api_client: APIClient
) -> None:
    games = []
    for seed in range(2):
        game = create_game([players[0].competitor, players[1].competitor], seed=seed)
        client_for(players[0]).post(_moves_url(game), {"action": {"type": "fold"}}, format="json")
        games.append(game)
    data = api_client.get(f"/api/players/{players[0].pk}/").json()
    assert data["id"] == players[0].pk and data["competitor"] == players[0].competitor.pk
    rating = Rating.objects.get(competitor=players[0].competitor)
    assert data["ratings"] == {"mulligan": {"rating": rating.rating, "games_played": 2}}
    history = data["rating_history"]
    assert [h["game_pk"] for h in history] == [g.pk for g in games]
    assert history[0]["rating_before"] == 1500.0
    assert history[1]["rating_before"] == history[0]["rating_after"]
    assert history[-1]["rating_after"] == rating.rating
    assert all(h["delta"] == pytest.approx(h["rating_after"] - h["rating_before"]) for h in history)
    assert api_client.get("/api/players/999999/").status_code == 404


def test_bots_are_listed(random_bot: Bot, heuristic_bot: Bot, api_client: APIClient) -> None:
    BotFactory(game_id="golf", engine_bot="random")
    data = api_client.get("/api/bots/").json()
    assert data["count"] == 3
    mulligan = api_client.get("/api/bots/?game=mulligan").json()["results"]
    assert [(b["engine_bot"], b["game_id"], b["kind"]) for b in mulligan] == [
        ("heuristic", "mulligan", "builtin"),
        ("random", "mulligan", "builtin"),
    ]
    assert mulligan[1]["id"] == random_bot.pk and mulligan[1]["competitor"] == random_bot.competitor.pk


def test_me_and_catalog(players: list[Player], client_for: ClientFor, api_client: APIClient) -> None:
    me = client_for(players[0]).get("/api/me/").json()
    assert me == {
        "player": players[0].pk,
        "competitor": players[0].competitor.pk,
        "name": players[0].competitor.name,
    }
    assert api_client.get("/api/me/").status_code == 401
    catalog = api_client.get("/api/catalog/").json()
    assert catalog == [normalized(game.metadata()) for game in registered_games()]


def test_the_token_endpoint_gives_a_working_token(players: list[Player], duel: Game) -> None:
    client = APIClient()
    response = client.post(
        "/api/auth/token/",
        {"username": players[0].user.username, "password": "correct horse battery staple"},
        format="json",
    )
    assert response.status_code == 200
    client.credentials(HTTP_AUTHORIZATION=f"Token {response.json()['token']}")
    assert client.get(_game_url(duel)).json()["your_seats"] == [0]


class TestSchema:
    def test_the_openapi_document(self, api_client: APIClient) -> None:
        response = api_client.get("/api/schema/?format=json")
        assert response.status_code == 200
        schema = json.loads(response.content)
        assert schema["openapi"].startswith("3.")
        assert schema["info"]["title"] == "Mulligan League API"
        assert {
            "/api/games/",
            "/api/games/{id}/",
            "/api/games/{id}/moves/",
            "/api/ladder/",
            "/api/bots/",
        } <= set(schema["paths"])
        move_request = schema["paths"]["/api/games/{id}/moves/"]["post"]["requestBody"]
        assert "MoveCreate" in json.dumps(move_request)

    def test_the_yaml_document_and_the_docs_page(self, api_client: APIClient) -> None:
        response = api_client.get("/api/schema/")
        assert response.status_code == 200
        assert response.content.startswith(b"openapi: 3.")
        docs = api_client.get("/api/docs/")
        assert docs.status_code == 200
        assert b"swagger" in docs.content.lower()

    def test_the_schema_generates_without_warnings(self) -> None:
        # drf-spectacular warns about what breaks generated clients, e.g. two operations sharing an id.
        from django.core.management import call_command

        call_command("spectacular", "--fail-on-warn", "--file", "/dev/null")
