"""The deadline policy of tournaments and leagues: set on create, shown on the detail, bad values 400."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from games.models import League, Player, TimeoutPolicy, Tournament
from games.services.competitions import tournament_create
from games.services.errors import InvalidInput
from games.services.leagues import league_create
from tests.games.api_me.conftest import ClientFor

pytestmark = pytest.mark.django_db

TOURNAMENT = {"name": "cup", "game": "mulligan", "format": "round_robin"}
LEAGUE = {"name": "ladder", "game": "mulligan"}
KINDS = [("/api/tournaments/", TOURNAMENT, Tournament), ("/api/leagues/", LEAGUE, League)]


@pytest.fixture
def client(players: list[Player], client_for: ClientFor) -> APIClient:
    return client_for(players[0])


@pytest.mark.parametrize(("url", "base", "model"), KINDS)
def test_defaults_are_shown(client: APIClient, url: str, base: dict, model: type) -> None:
    response = client.post(url, base, format="json")
    assert response.status_code == 201, response.content
    data = response.json()
    assert data["timeout_policy"] == TimeoutPolicy.FORFEIT and data["allow_vacations"] is True
    assert data["timeout_policy_display"] == "forfeit the game"
    assert data["move_time_limit"] == 86400


@pytest.mark.parametrize(("url", "base", "model"), KINDS)
def test_the_policy_is_set_on_create_and_shown_on_the_detail(
    client: APIClient, url: str, base: dict, model: type
) -> None:
    body = base | {"timeout_policy": "default_action", "allow_vacations": False, "move_time_limit": "PT2H"}
    response = client.post(url, body, format="json")
    assert response.status_code == 201, response.content
    pk = response.json()["id"]
    row = model.objects.get(pk=pk)
    assert (row.timeout_policy, row.allow_vacations, row.move_time_limit.total_seconds()) == (
        "default_action",
        False,
        7200,
    )
    detail = APIClient().get(f"{url}{pk}/").json()
    assert detail["timeout_policy"] == "default_action" and detail["allow_vacations"] is False
    assert detail["timeout_policy_display"] == "play a default action" and detail["move_time_limit"] == 7200


@pytest.mark.parametrize(("url", "base", "model"), KINDS)
@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ({"timeout_policy": "shrug"}, "timeout_policy"),
        ({"timeout_policy": None}, "timeout_policy"),
        ({"allow_vacations": "perhaps"}, "allow_vacations"),
        ({"move_time_limit": 0}, "move_time_limit"),
        ({"move_time_limit": "P365D"}, "move_time_limit"),
        ({"move_time_limit": "soon"}, "move_time_limit"),
    ],
)
def test_bad_values_are_refused_and_create_nothing(
    client: APIClient, url: str, base: dict, model: type, extra: dict, field: str
) -> None:
    response = client.post(url, base | extra, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid" and field in response.json()["errors"]
    assert not model.objects.exists()


def test_the_services_refuse_an_unknown_policy_too() -> None:
    with pytest.raises(InvalidInput, match="timeout policies"):
        tournament_create(name="cup", game_id="mulligan", format="round_robin", timeout_policy="shrug")
    with pytest.raises(InvalidInput, match="timeout policies"):
        league_create(name="ladder", game_id="mulligan", timeout_policy="shrug")
    assert not Tournament.objects.exists() and not League.objects.exists()
