"""/api/bots/{id}/tests/: start, list, read, stop and publish a version test over HTTP."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from rest_framework.test import APIClient

from games.models import Bot, Game, Player, VersionTest, VersionTestState
from tests.games.version_tests.conftest import add_version

pytestmark = pytest.mark.django_db


def body(baseline: Bot, **more: Any) -> dict[str, Any]:
    return {"baseline_bot": baseline.pk, "config": {"players": 2}, **more}


@pytest.fixture
def ada(client_for: Callable[[Player], APIClient], author: Player) -> APIClient:
    return client_for(author)


@pytest.fixture
def mallory(client_for: Callable[[Player], APIClient], stranger: Player) -> APIClient:
    return client_for(stranger)


def test_starting_answers_the_test_with_fishtests_defaults(
    ada: APIClient, heuristic: Bot, random_builtin: Bot, unplayed: list[list[int]]
) -> None:
    answer = ada.post(f"/api/bots/{heuristic.pk}/tests/", body(random_builtin), format="json")
    assert answer.status_code == 201, answer.json()
    data = answer.json()
    assert (data["elo0"], data["elo1"], data["alpha"], data["beta"], data["model"]) == (
        0.0,
        2.0,
        0.05,
        0.05,
        "normalized",
    )
    assert data["state"] == "running" and not data["published"] and data["pentanomial"] == [0, 0, 0, 0, 0]
    assert data["llr"]["value"] is None and data["llr"]["upper"] > 0 > data["llr"]["lower"]
    detail = ada.get(f"/api/bots/{heuristic.pk}/tests/{data['id']}/").json()
    assert detail["id"] == data["id"] and detail["deals_started"] == data["deals_started"] > 0
    listed = ada.get(f"/api/bots/{heuristic.pk}/tests/").json()
    assert [row["id"] for row in listed["results"]] == [data["id"]]


def test_a_played_test_shows_its_figures_and_keeps_them(
    ada: APIClient,
    heuristic: Bot,
    random_builtin: Bot,
    django_capture_on_commit_callbacks: Callable[..., AbstractContextManager[Any]],
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        answer = ada.post(
            f"/api/bots/{heuristic.pk}/tests/", body(random_builtin, elo0=0, elo1=30), format="json"
        )
    data = ada.get(f"/api/bots/{heuristic.pk}/tests/{answer.json()['id']}/").json()
    assert data["state"] in ("accepted", "rejected", "inconclusive") and data["finished_at"]
    assert sum(data["pentanomial"]) == data["pairs"] > 0 and data["games"] == 2 * data["pairs"]
    assert data["wins"] + data["draws"] + data["losses"] == data["games"]
    assert data["llr"]["value"] is not None and data["elo"]["value"] is not None
    assert (
        not (data["llr"]["lower"] < data["llr"]["value"] < data["llr"]["upper"])
        or data["state"] == "inconclusive"
    )


@pytest.mark.parametrize(
    ("more", "field"),
    [
        ({"elo0": 3, "elo1": 1}, "elo1"),
        ({"alpha": 0.5}, "alpha"),
        ({"alpha": -0.1}, "alpha"),
        ({"beta": 0}, "beta"),
        ({"max_deals": 10**7}, "max_deals"),
        ({"baseline_bot": 10**8}, "baseline_bot"),
        ({"candidate_version": 1}, "candidate_version"),  # a built-in bot has no versions
        ({"model": "bayes"}, "model"),
        ({"elo0": "low"}, "elo0"),
        ({"config": {"players": 4}}, "opponents"),
    ],
)
def test_bad_input_is_a_400_naming_the_field_and_starts_nothing(
    ada: APIClient,
    heuristic: Bot,
    random_builtin: Bot,
    unplayed: list[list[int]],
    more: dict[str, Any],
    field: str,
) -> None:
    games = Game.objects.count()
    answer = ada.post(f"/api/bots/{heuristic.pk}/tests/", body(random_builtin) | more, format="json")
    assert answer.status_code == 400, answer.json()
    assert field in answer.json()["errors"]
    assert VersionTest.objects.count() == 0 and Game.objects.count() == games


def test_unknown_versions_are_400s_naming_the_version(
    ada: APIClient, program_bot: Bot, unplayed: list[list[int]]
) -> None:
    add_version(program_bot, 1)
    for asked, field in (
        ({"candidate_version": 5, "baseline_version": 1}, "candidate_version"),
        ({"candidate_version": 1, "baseline_version": 7}, "baseline_version"),
    ):
        answer = ada.post(
            f"/api/bots/{program_bot.pk}/tests/", {"config": {"players": 2}, **asked}, format="json"
        )
        assert answer.status_code == 400 and field in answer.json()["errors"]
    assert VersionTest.objects.count() == 0


def test_someone_elses_bot_is_a_403(mallory: APIClient, heuristic: Bot, random_builtin: Bot) -> None:
    answer = mallory.post(f"/api/bots/{heuristic.pk}/tests/", body(random_builtin), format="json")
    assert answer.status_code == 403
    assert APIClient().post(
        f"/api/bots/{heuristic.pk}/tests/", body(random_builtin), format="json"
    ).status_code in (
        401,
        403,
    )
    assert VersionTest.objects.count() == 0


def test_a_test_is_private_until_published(
    ada: APIClient, mallory: APIClient, heuristic: Bot, random_builtin: Bot, unplayed: list[list[int]]
) -> None:
    tid = ada.post(f"/api/bots/{heuristic.pk}/tests/", body(random_builtin), format="json").json()["id"]
    for reader in (mallory, APIClient()):
        assert reader.get(f"/api/bots/{heuristic.pk}/tests/").json()["results"] == []
        assert reader.get(f"/api/bots/{heuristic.pk}/tests/{tid}/").status_code == 404
    assert (
        mallory.post(f"/api/bots/{heuristic.pk}/tests/{tid}/publish/", {}, format="json").status_code == 404
    )
    published = ada.post(f"/api/bots/{heuristic.pk}/tests/{tid}/publish/", {}, format="json")
    assert published.status_code == 200 and published.json()["published"]
    assert APIClient().get(f"/api/bots/{heuristic.pk}/tests/{tid}/").status_code == 200
    assert [row["id"] for row in mallory.get(f"/api/bots/{heuristic.pk}/tests/").json()["results"]] == [tid]
    # Seen, but not theirs to stop or hide.
    assert mallory.post(f"/api/bots/{heuristic.pk}/tests/{tid}/stop/").status_code == 403
    assert (
        mallory.post(
            f"/api/bots/{heuristic.pk}/tests/{tid}/publish/", {"published": False}, format="json"
        ).status_code
        == 403
    )
    hidden = ada.post(f"/api/bots/{heuristic.pk}/tests/{tid}/publish/", {"published": False}, format="json")
    assert hidden.status_code == 200 and not hidden.json()["published"]


def test_the_author_stops_a_test_once(
    ada: APIClient, heuristic: Bot, random_builtin: Bot, unplayed: list[list[int]]
) -> None:
    tid = ada.post(f"/api/bots/{heuristic.pk}/tests/", body(random_builtin), format="json").json()["id"]
    stopped = ada.post(f"/api/bots/{heuristic.pk}/tests/{tid}/stop/")
    assert stopped.status_code == 200 and stopped.json()["state"] == VersionTestState.STOPPED
    again = ada.post(f"/api/bots/{heuristic.pk}/tests/{tid}/stop/")
    assert again.status_code == 409 and again.json()["code"] == "test_finished"


def test_the_running_cap_is_a_409(
    ada: APIClient, heuristic: Bot, random_builtin: Bot, unplayed: list[list[int]], settings: Any
) -> None:
    settings.VERSIONTEST_MAX_RUNNING = 1
    assert (
        ada.post(f"/api/bots/{heuristic.pk}/tests/", body(random_builtin), format="json").status_code == 201
    )
    refused = ada.post(f"/api/bots/{heuristic.pk}/tests/", body(random_builtin), format="json")
    assert refused.status_code == 409 and refused.json()["code"] == "too_many_tests"
    assert VersionTest.objects.count() == 1
