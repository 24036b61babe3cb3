"""/api/challenges/: the same services as the lobby pages, the same words, the right statuses."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from engine import ConfigError, get_game
from games.models import Challenge, ChallengeState, Game

pytestmark = pytest.mark.django_db


def propose(client, **body):
    body.setdefault("game", "mulligan")
    return client.post("/api/challenges/", body, format="json")


def test_a_game_against_bots_starts_at_once(players, client_for, on_commit) -> None:
    with on_commit():
        response = propose(
            client_for(players[0]),
            opponents=[{"kind": "builtin", "name": "random"}],
            time_per_move="12h",
            rated=False,
        )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["state"] == "accepted" and body["started_game"] is not None
    game = Game.objects.get(pk=body["started_game"])
    assert game.move_time_limit == timedelta(hours=12) and game.rated is False
    assert body["time_per_move"] == "12 hours"


def test_a_named_challenge_is_accepted_over_the_api(players, client_for, on_commit) -> None:
    alice, bob = players[:2]
    created = propose(
        client_for(alice), opponents=[{"kind": "player", "name": bob.user.username}], config={"chips": 20}
    ).json()
    assert created["state"] == "open" and created["started_game"] is None
    assert created["options"] == ["Chips: 20"]
    assert [seat["accepted"] for seat in created["seats"]] == [True, False]

    listed = client_for(bob).get("/api/challenges/").json()["results"]
    assert [c["id"] for c in listed] == [created["id"]]
    assert listed[0]["may_accept"] and listed[0]["may_decline"] and not listed[0]["may_cancel"]

    with on_commit():
        accepted = client_for(bob).post(f"/api/challenges/{created['id']}/accept/")
    assert accepted.status_code == 200
    game = Game.objects.get(pk=accepted.json()["started_game"])
    assert list(game.seats.order_by("index").values_list("competitor_id", flat=True)) == [
        alice.competitor_id,
        bob.competitor_id,
    ]
    assert game.config["chips"] == 20


def test_refusals_carry_the_services_words_and_statuses(players, client_for) -> None:
    alice, bob, carol = players[:3]
    pk = propose(client_for(alice), opponents=[{"kind": "player", "name": bob.user.username}]).json()["id"]

    own = client_for(alice).post(f"/api/challenges/{pk}/accept/")
    assert own.status_code == 403 and "your own challenge" in own.json()["detail"]
    stranger = client_for(carol).post(f"/api/challenges/{pk}/accept/")
    assert stranger.status_code == 403 and stranger.json()["code"] == "not_your_challenge"
    not_theirs = client_for(bob).post(f"/api/challenges/{pk}/cancel/")
    assert not_theirs.status_code == 403 and "only the player who made" in not_theirs.json()["detail"]

    assert client_for(bob).post(f"/api/challenges/{pk}/decline/").status_code == 200
    late = client_for(bob).post(f"/api/challenges/{pk}/accept/")
    assert late.status_code == 409 and late.json()["code"] == "challenge_not_open"
    assert "it was declined" in late.json()["detail"]
    assert Game.objects.count() == 0


def test_an_expired_challenge_answers_409(players, client_for) -> None:
    pk = propose(client_for(players[0]), opponents=[{"kind": "open"}]).json()["id"]
    Challenge.objects.filter(pk=pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    response = client_for(players[1]).post(f"/api/challenges/{pk}/accept/")
    assert response.status_code == 409 and "it was expired" in response.json()["detail"]
    assert client_for(players[1]).get(f"/api/challenges/{pk}/").json()["state"] == ChallengeState.EXPIRED


def test_a_bad_config_is_a_400_in_the_engines_words(players, client_for) -> None:
    config = {"max_turns": 0, "end_on_skip_round": False}
    with pytest.raises(ConfigError) as engine:
        get_game("mulligan").normalize_config({**config, "players": 2})
    response = propose(client_for(players[0]), opponents=[{"kind": "open"}], config=config)
    assert response.status_code == 400
    assert response.json()["detail"] == str(engine.value)
    assert Challenge.objects.count() == 0


@pytest.mark.parametrize(
    "body",
    [
        {"opponents": [{"kind": "robot"}]},
        {"opponents": "everyone"},
        {"opponents": [{"kind": "open"}], "time_per_move": "5m"},
        {"opponents": [{"kind": "open"}], "game": "chess"},
        {"opponents": [{"kind": "bot"}]},
        {"opponents": [{"kind": "bot", "bot": 10**30}]},
        {"opponents": [{"kind": "open"}], "config": []},
    ],
)
def test_bad_requests_are_400_and_change_nothing(players, client_for, body) -> None:
    response = propose(client_for(players[0]), **body)
    assert response.status_code == 400, response.json()
    assert response.json()["detail"]
    assert Challenge.objects.count() == 0


def test_the_list_is_public_and_writes_need_a_login(players, client_for, api_client) -> None:
    pk = propose(client_for(players[0]), opponents=[{"kind": "open"}]).json()["id"]
    listed = api_client.get("/api/challenges/").json()["results"]
    assert [c["id"] for c in listed] == [pk] and not listed[0]["may_accept"]
    assert api_client.get(f"/api/challenges/{pk}/").status_code == 200
    assert api_client.post(f"/api/challenges/{pk}/accept/").status_code in (401, 403)
    assert propose(api_client, opponents=[{"kind": "open"}]).status_code in (401, 403)
    assert api_client.get("/api/challenges/999999/").status_code == 404


def test_the_catalog_shows_each_games_fields_and_presets(api_client) -> None:
    catalog = {game["id"]: game for game in api_client.get("/api/catalog/").json()}
    for game_id, entry in catalog.items():
        game = get_game(game_id)
        assert [f["name"] for f in entry["config_fields"]] == [f.name for f in game.config_fields()]
        assert [p["name"] for p in entry["config_presets"]] == [p.name for p in game.config_presets()]
