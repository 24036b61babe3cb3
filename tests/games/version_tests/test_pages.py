"""The version test pages: the bot page's form and list, a test's page, its buttons and live part."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from games.models import Bot, Player, VersionTest, VersionTestState

pytestmark = pytest.mark.django_db


def logged_in(player: Player) -> Client:
    client = Client()
    client.force_login(player.user)
    return client


def form(baseline: Bot, **more: str) -> dict[str, str]:
    return {
        "baseline_bot": str(baseline.pk),
        "config": '{"players": 2}',
        "opponents": "",
        "elo0": "0",
        "elo1": "2",
        "model": "normalized",
        "alpha": "0.05",
        "beta": "0.05",
        "max_deals": "",
        **more,
    }


def test_the_owner_starts_a_test_from_the_bot_page(
    author: Player, heuristic: Bot, random_builtin: Bot, unplayed: list[list[int]]
) -> None:
    client = logged_in(author)
    page = client.get(f"/bots/{heuristic.pk}/").content.decode()
    assert 'data-testid="version-test-form"' in page and 'name="elo1"' in page
    sent = client.post(f"/bots/{heuristic.pk}/tests/new/", form(random_builtin))
    test = VersionTest.objects.get()
    assert sent.status_code == 302 and sent["Location"] == f"/bots/{heuristic.pk}/tests/{test.pk}/"
    shown = client.get(sent["Location"]).content.decode()
    assert 'data-testid="test-figures"' in shown and 'data-testid="stop-form"' in shown
    assert f'data-stream-url="/api/bots/{heuristic.pk}/tests/{test.pk}/stream/"' in shown


def test_a_refused_form_says_why_next_to_the_field_and_starts_nothing(
    author: Player, heuristic: Bot, random_builtin: Bot, unplayed: list[list[int]]
) -> None:
    client = logged_in(author)
    bounds = client.post(f"/bots/{heuristic.pk}/tests/new/", form(random_builtin, elo0="5", elo1="1"))
    assert bounds.status_code == 400 and 'data-errors-for="elo1"' in bounds.content.decode()
    alpha = client.post(f"/bots/{heuristic.pk}/tests/new/", form(random_builtin, alpha="0.9"))
    assert alpha.status_code == 400 and 'data-errors-for="alpha"' in alpha.content.decode()
    opponents = client.post(f"/bots/{heuristic.pk}/tests/new/", form(random_builtin, opponents="three"))
    assert opponents.status_code == 400 and 'data-errors-for="opponents"' in opponents.content.decode()
    assert VersionTest.objects.count() == 0


def test_others_see_no_form_and_no_private_test(
    author: Player, stranger: Player, heuristic: Bot, random_builtin: Bot, unplayed: list[list[int]]
) -> None:
    logged_in(author).post(f"/bots/{heuristic.pk}/tests/new/", form(random_builtin))
    test = VersionTest.objects.get()
    other = logged_in(stranger)
    page = other.get(f"/bots/{heuristic.pk}/").content.decode()
    assert 'data-testid="version-test-form"' not in page and f'data-test="{test.pk}"' not in page
    assert other.get(f"/bots/{heuristic.pk}/tests/{test.pk}/").status_code == 404
    assert other.post(f"/bots/{heuristic.pk}/tests/new/", form(random_builtin)).status_code == 403
    assert VersionTest.objects.count() == 1


def test_stop_and_publish_buttons(
    author: Player, stranger: Player, heuristic: Bot, random_builtin: Bot, unplayed: list[list[int]]
) -> None:
    client = logged_in(author)
    client.post(f"/bots/{heuristic.pk}/tests/new/", form(random_builtin))
    test = VersionTest.objects.get()
    base = f"/bots/{heuristic.pk}/tests/{test.pk}"
    assert client.post(f"{base}/publish/", {"published": "true"}).status_code == 302
    public = Client().get(f"/bots/{heuristic.pk}/").content.decode()
    assert f'data-test="{test.pk}"' in public
    assert logged_in(stranger).post(f"{base}/stop/").status_code == 403
    assert client.post(f"{base}/stop/").status_code == 302
    test.refresh_from_db()
    assert test.state == VersionTestState.STOPPED and test.published
    again = client.post(f"{base}/stop/")
    assert again.status_code == 409


def test_the_live_part_and_the_long_poll(
    author: Player, heuristic: Bot, random_builtin: Bot, unplayed: list[list[int]], settings: Any
) -> None:
    settings.GAME_PAGE_WAIT_SECONDS = 0
    client = logged_in(author)
    client.post(f"/bots/{heuristic.pk}/tests/new/", form(random_builtin))
    test = VersionTest.objects.get()
    base = f"/bots/{heuristic.pk}/tests/{test.pk}"
    assert 'data-testid="test-status"' in client.get(f"{base}/part/").content.decode()
    waited = client.get(f"{base}/wait/?after=0").json()
    assert waited == {"pairs": 0, "state": "running", "changed": False}
    assert client.get(f"{base}/wait/?after=5").json()["changed"] is True
    assert client.get(f"{base}/wait/?after=x").status_code == 400
    assert Client().get(f"{base}/wait/?after=0").status_code == 404  # private
