"""What schemathesis found where the OpenAPI document and the service disagreed (issue 17, point 3),
each held here on its own: the fixes in the service, and the document's promises about refusals.

The whole run is tests/faults/test_schemathesis.py; these are its findings, one test each.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from engine import registered_games
from games.models import Game, Player
from tests.games.factories import BotFactory, PlayerFactory
from tests.games.helpers import create_game

ClientFor = Callable[[Player], APIClient]
pytestmark = pytest.mark.django_db


@pytest.fixture
def document(api_client: APIClient) -> dict[str, Any]:
    answer = api_client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert answer.status_code == 200
    return dict(answer.json())


def component(document: dict[str, Any], ref: str) -> dict[str, Any]:
    return dict(document["components"]["schemas"][ref.rsplit("/", 1)[-1]])


def test_the_catalog_is_a_list_of_games_as_documented(
    api_client: APIClient, document: dict[str, Any]
) -> None:
    # It was documented as an object; it has always been a list.
    schema = document["paths"]["/api/catalog/"]["get"]["responses"]["200"]["content"]["application/json"][
        "schema"
    ]
    assert schema["type"] == "array"
    game = component(document, schema["items"]["$ref"])
    body = api_client.get("/api/catalog/").json()
    assert [item["id"] for item in body] == [game.id for game in registered_games()]
    assert all(set(item) == set(game["properties"]) for item in body)


def test_every_operation_documents_its_refusals_in_one_shape(document: dict[str, Any]) -> None:
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            responses = operation["responses"]
            assert "401" in responses, f"{method} {path}"
            for status, response in responses.items():
                if status.startswith("4"):
                    schema = response["content"]["application/json"]["schema"]
                    assert schema == {"$ref": "#/components/schemas/Error"}, f"{method} {path} {status}"
            if "{" in path:
                assert "404" in responses, f"{method} {path}"
            if "requestBody" in operation:
                assert {"400", "415"} <= set(responses), f"{method} {path}"


def test_request_bodies_are_json_but_for_an_upload(document: dict[str, Any]) -> None:
    # The token login also takes a plain form (curl -d), unlisted: generators given two content types
    # of one body make clients that do not import or send the wrong one (issue 23).
    taken = {
        f"{method.upper()} {path}": sorted(operation["requestBody"]["content"])
        for path, operations in document["paths"].items()
        for method, operation in operations.items()
        if "requestBody" in operation
    }
    assert taken.pop("POST /api/bots/{id}/versions/") == ["application/json", "multipart/form-data"]
    assert set(map(tuple, taken.values())) == {("application/json",)}


class TestEveryRefusalNamesTheField:
    def test_a_rule_of_the_game(self, players: list[Player], client_for: ClientFor) -> None:
        duel = create_game([players[0].competitor, players[1].competitor], seed=7)
        answer = client_for(players[0]).post(f"/api/games/{duel.pk}/moves/", {"action": {"type": "nonsense"}})
        assert answer.status_code == 400
        assert answer.json()["code"] == "illegal_move"
        assert list(answer.json()["errors"]) == ["action"]

    def test_a_service_refusal_of_one_field(self, players: list[Player], client_for: ClientFor) -> None:
        seats = [{"player": players[0].pk}, {"bot": BotFactory().pk}]
        answer = client_for(players[0]).post(
            "/api/games/", {"game": "mulligan", "config": {"chips": -5}, "seats": seats}
        )
        assert answer.status_code == 400
        assert list(answer.json()["errors"]) == ["config"]

    def test_a_refusal_of_the_whole_request(self, players: list[Player], client_for: ClientFor) -> None:
        # Overlapping another vacation is neither the start's fault nor the end's: the request's.
        client = client_for(players[0])
        days = [(timezone.now() + timedelta(days=day)).isoformat() for day in (2, 4, 3, 5)]
        booked = client.post("/api/me/vacations/", {"starts_at": days[0], "ends_at": days[1]})
        assert booked.status_code == 201
        answer = client.post("/api/me/vacations/", {"starts_at": days[2], "ends_at": days[3]})
        assert answer.status_code == 400
        assert answer.json()["errors"] == {"non_field_errors": [answer.json()["detail"]]}

    def test_a_body_that_is_not_json(self, players: list[Player], client_for: ClientFor) -> None:
        answer = client_for(players[0]).generic(
            "POST", "/api/games/", b"{nope", content_type="application/json"
        )
        assert answer.status_code == 400
        assert answer.json()["code"] == "parse_error"
        assert answer.json()["errors"] == {"non_field_errors": [answer.json()["detail"]]}


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"rated": 0}, "rated"),  # DRF reads 0 and "yes" as booleans; JSON's booleans are true and false
        ({"rated": "true"}, "rated"),
        ({"seats": [{"bot": "1"}, {"bot": 1}]}, "seats"),  # and "1" as a number
        ({"game": 5}, "game"),  # and 5 as text
        ({"game": "   "}, "game"),  # text is trimmed: white space alone is blank
    ],
)
def test_json_values_are_taken_in_their_json_types(
    players: list[Player], client_for: ClientFor, body: dict[str, Any], field: str
) -> None:
    bot = BotFactory()
    request = {"game": "mulligan", "seats": [{"player": players[0].pk}, {"bot": bot.pk}], **body}
    answer = client_for(players[0]).post("/api/games/", request)
    assert answer.status_code == 400, answer.content
    assert field in answer.json()["errors"]
    assert not Game.objects.exists()


def test_the_document_says_text_may_not_be_only_white_space(document: dict[str, Any]) -> None:
    game = component(document, "GameCreateRequest")["properties"]["game"]
    assert game["minLength"] == 1 and game["pattern"] == r"\S"


@pytest.mark.parametrize("page", ["", "²", "0", "x"])
@pytest.mark.parametrize("url", ["/api/tournaments/", "/api/games/", "/api/ladder/?game=mulligan"])
def test_a_page_that_is_not_a_number_is_not_found(api_client: APIClient, url: str, page: str) -> None:
    # An empty page was read as page 1 by DRF's pages, and "²" (a digit to str.isdigit) was a 500
    # on the cursor lists; the document says a page is an integer.
    separator = "&" if "?" in url else "?"
    assert api_client.get(f"{url}{separator}page={page}").status_code == 404


@pytest.mark.parametrize("after", ["²", "-1", "9223372036854775808"])
def test_a_move_number_that_is_not_one_is_refused_not_a_crash(api_client: APIClient, after: str) -> None:
    game = create_game([PlayerFactory().competitor, PlayerFactory().competitor], seed=3)
    answer = api_client.get(f"/api/games/{game.pk}/moves/", {"after": after})
    assert answer.status_code == 400 and "after" in answer.json()["errors"]


def test_every_move_number_the_document_allows_is_taken(api_client: APIClient) -> None:
    # It used to stop at 12 digits, below the documented maximum.
    game = create_game([PlayerFactory().competitor, PlayerFactory().competitor], seed=3)
    answer = api_client.get(f"/api/games/{game.pk}/moves/", {"after": 2**63 - 2, "limit": 1})
    assert answer.status_code == 200 and answer.json()["moves"] == []


class TestTokenLogin:
    @pytest.fixture
    def person(self) -> Player:
        player = PlayerFactory()
        player.user.set_password("pw")
        player.user.save()
        return player

    def test_json_and_a_form_both_log_in(self, api_client: APIClient, person: Player) -> None:
        credentials = {"username": person.user.username, "password": "pw"}
        as_json = api_client.post("/api/auth/token/", credentials, format="json")
        as_form = api_client.post(
            "/api/auth/token/",
            f"username={person.user.username}&password=pw",
            content_type="application/x-www-form-urlencoded",
        )
        assert as_json.status_code == as_form.status_code == 200
        assert set(as_json.json()) == {"token"}

    def test_other_content_types_are_refused(self, api_client: APIClient, person: Player) -> None:
        credentials = {"username": person.user.username, "password": "pw"}
        assert api_client.post("/api/auth/token/", credentials, format="multipart").status_code == 415
