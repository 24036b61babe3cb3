"""The rules for submitted bots (clock, fault policy, strikes) set through the tournament and league
APIs, checked by the services, shown on detail, and used by the worker that plays the bots."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from rest_framework.test import APIClient

from engine.bots.referee import FaultPolicy
from games.models import League, MatchGame, Player, Tournament
from games.services.errors import InvalidInput
from games.services.leagues import league_create
from games.services.remote_play import remote_rules_for
from tests.games.competitions.conftest import open_tournament

pytestmark = pytest.mark.django_db

ClientFor = Callable[[Player], APIClient]
TOURNAMENTS = "/api/tournaments/"
LEAGUES = "/api/leagues/"
BASICS = {
    TOURNAMENTS: {"name": "bot cup", "game": "mulligan", "format": "swiss"},
    LEAGUES: {"name": "bot ladder", "game": "mulligan"},
}
RULES = {"bot_move_time_ms": 500, "bot_time_bank_ms": 0, "bot_fault_policy": "forfeit", "bot_max_strikes": 7}
DEFAULTS = {
    "bot_move_time_ms": 2000,
    "bot_time_bank_ms": 10_000,
    "bot_fault_policy": "default_move",
    "bot_max_strikes": 3,
}
MODELS = {TOURNAMENTS: Tournament, LEAGUES: League}


@pytest.fixture
def boss(players: list[Player], client_for: ClientFor) -> APIClient:
    return client_for(players[0])


def post(client: APIClient, base: str, **body: Any) -> Any:
    return client.post(base, {**BASICS[base], **body}, format="json")


def rules_of(body: dict[str, Any]) -> dict[str, Any]:
    return {name: body[name] for name in DEFAULTS}


@pytest.mark.parametrize("base", [TOURNAMENTS, LEAGUES])
def test_create_with_rules_and_detail_shows_them(boss: APIClient, api_client: APIClient, base: str) -> None:
    response = post(boss, base, **RULES)
    assert response.status_code == 201, response.json()
    created = response.json()
    assert rules_of(created) == RULES
    assert created["bot_fault_policy_display"] == "forfeit the game"
    detail = api_client.get(f"{base}{created['id']}/").json()
    assert rules_of(detail) == RULES
    stored = MODELS[base].objects.get(pk=created["id"])
    assert {name: getattr(stored, name) for name in RULES} == RULES


@pytest.mark.parametrize("base", [TOURNAMENTS, LEAGUES])
def test_defaults_are_the_models(boss: APIClient, base: str) -> None:
    created = post(boss, base).json()
    assert rules_of(created) == DEFAULTS
    assert created["bot_fault_policy_display"] == "play a default move and take a strike"


@pytest.mark.parametrize("base", [TOURNAMENTS, LEAGUES])
@pytest.mark.parametrize(
    ("bad", "words"),
    [
        ({"bot_move_time_ms": 99}, "time per move"),
        ({"bot_move_time_ms": 600_001}, "time per move"),
        ({"bot_move_time_ms": "fast"}, "valid integer"),
        ({"bot_move_time_ms": 10**30}, "time per move"),
        ({"bot_time_bank_ms": -1}, "time bank"),
        ({"bot_time_bank_ms": 3_600_001}, "time bank"),
        ({"bot_fault_policy": "shrug"}, "not a valid choice"),
        ({"bot_fault_policy": None}, "null"),
        ({"bot_max_strikes": 0}, "strikes"),
        ({"bot_max_strikes": 101}, "strikes"),
        ({"bot_max_strikes": True}, "valid integer"),
    ],
)
def test_bad_rules_are_400_and_create_nothing(
    boss: APIClient, base: str, bad: dict[str, Any], words: str
) -> None:
    response = post(boss, base, **bad)
    assert response.status_code == 400, response.content[:300]
    body = response.json()
    assert body["code"] == "invalid" and words in body["detail"], body
    assert not MODELS[base].objects.exists()


@pytest.mark.parametrize("base", [TOURNAMENTS, LEAGUES])
def test_the_limits_themselves_are_allowed(boss: APIClient, base: str) -> None:
    low = {"bot_move_time_ms": 100, "bot_time_bank_ms": 0, "bot_max_strikes": 1}
    high = {"bot_move_time_ms": 600_000, "bot_time_bank_ms": 3_600_000, "bot_max_strikes": 100}
    for rules in (low, high):
        response = post(boss, base, **rules)
        assert response.status_code == 201, response.json()
        assert {name: response.json()[name] for name in rules} == rules


@pytest.mark.parametrize(
    ("bad", "words"),
    [
        ({"bot_move_time_ms": 50}, "100 ms to 10 minutes"),
        ({"bot_time_bank_ms": 7_200_000}, "0 ms to 1 hour"),
        ({"bot_fault_policy": "pray"}, "forfeit, default_move"),
        ({"bot_max_strikes": 0}, "1 to 100 strikes"),
        ({"bot_max_strikes": 2.5}, "whole number"),
    ],
)
def test_the_services_check_the_rules_too(bad: dict[str, Any], words: str) -> None:
    with pytest.raises(InvalidInput, match=words):
        open_tournament(**bad)
    with pytest.raises(InvalidInput, match=words):
        league_create(name="ladder", game_id="mulligan", **bad)
    assert not Tournament.objects.exists() and not League.objects.exists()


def test_the_worker_plays_by_the_rules_set_through_the_api(
    boss: APIClient, players: list[Player], client_for: ClientFor
) -> None:
    cup = post(boss, TOURNAMENTS, bot_move_time_ms=750, bot_time_bank_ms=1500, bot_max_strikes=5).json()
    assert boss.post(f"{TOURNAMENTS}{cup['id']}/open/").status_code == 200
    for player in players[:2]:
        assert client_for(player).post(f"{TOURNAMENTS}{cup['id']}/join/").status_code == 201
    assert boss.post(f"{TOURNAMENTS}{cup['id']}/start/").status_code == 200

    game_pk = MatchGame.objects.filter(match__round__tournament_id=cup["id"]).values_list(
        "game_id", flat=True
    )[0]
    rules = remote_rules_for(game_pk)
    assert (rules.move_time_ms, rules.bank_ms, rules.policy, rules.max_strikes) == (
        750,
        1500,
        FaultPolicy.DEFAULT_MOVE,
        5,
    )
    assert rules.tournament_pk == cup["id"] and rules.league_pk is None and not rules.validation
