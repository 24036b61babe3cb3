"""A version test's games export as every game does (``GET /api/games/export/?version_test=``)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from rest_framework.test import APIClient

from games.models import Bot, Player, VersionTest
from tests.games.version_tests.test_service import WIN, deals, end_game, play_two_seat_deal, start

pytestmark = pytest.mark.django_db


@pytest.fixture
def commit(django_capture_on_commit_callbacks: Any) -> Any:
    return lambda: django_capture_on_commit_callbacks(execute=True)


def exported(client: APIClient, test: VersionTest) -> tuple[int, Any]:
    response = client.get("/api/games/export/", {"version_test": test.pk})
    if response.status_code != 200:
        return response.status_code, response.json()
    body = b"".join(response.streaming_content).decode()  # type: ignore[attr-defined]
    return 200, [json.loads(line) for line in body.splitlines()]


def test_a_version_tests_games_export_to_its_author_and_once_published_to_everyone(
    author: Player,
    stranger: Player,
    heuristic: Bot,
    random_builtin: Bot,
    unplayed: list[list[int]],
    commit: Any,
    client_for: Callable[[Player], APIClient],
    settings: Any,
) -> None:
    settings.VERSIONTEST_DEALS_IN_FLIGHT = 2
    test = start(heuristic, author, commit, baseline_bot=random_builtin.pk, config={"players": 2})
    first, second = deals(test)
    play_two_seat_deal(first, WIN, WIN, commit)
    # One game of the second deal ended: it waits for its twin, which still plays the same cards.
    end_game(second.first_game_id, {0: 1.0, 1: 0.0}, commit)
    expected = {first.first_game_id, first.second_game_id}

    status, lines = exported(client_for(author), test)
    assert status == 200
    assert {line["id"] for line in lines} == expected
    assert all(line["seed"] == first.seed for line in lines)

    # Another author's unpublished test reads as none, as its page does; nothing is exported.
    status, problem = exported(client_for(stranger), test)
    assert status == 400 and "version_test" in json.dumps(problem)

    VersionTest.objects.filter(pk=test.pk).update(published=True)
    status, lines = exported(client_for(stranger), test)
    assert status == 200 and {line["id"] for line in lines} == expected

    end_game(second.second_game_id, {1: 1.0, 0: 0.0}, commit)
    status, lines = exported(client_for(stranger), test)
    assert {line["id"] for line in lines} == expected | {second.first_game_id, second.second_game_id}
