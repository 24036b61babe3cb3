"""The tournament and league lists, filtered by game and state with a GET form, paginated."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from games.models import CompetitionState, League, Tournament
from games.services.competitions import tournament_create
from games.services.leagues import league_create
from games.web import competition_views
from tests.games.web_competitions.pages import page, texts

pytestmark = pytest.mark.django_db


def listed(path: str, status: int = 200) -> list[str]:
    return texts(page(path, status).select("tbody tr td:first-child a"))


def make_tournaments() -> dict[str, Tournament]:
    made = {}
    for name, game, state in [
        ("mulligan open", "mulligan", CompetitionState.REGISTRATION),
        ("mulligan running", "mulligan", CompetitionState.RUNNING),
        ("golf open", "golf", CompetitionState.REGISTRATION),
        ("golf done", "golf", CompetitionState.FINISHED),
        ("golf called off", "golf", CompetitionState.CANCELLED),
        ("mulligan draft", "mulligan", CompetitionState.DRAFT),
    ]:
        made[name] = tournament_create(name=name, game_id=game, format="round_robin")
        # The list only reads the state; how it got there is the lifecycle tests' business.
        Tournament.objects.filter(pk=made[name].pk).update(state=state)
    return made


def make_leagues() -> None:
    for name, game, state in [
        ("mulligan ladder", "mulligan", CompetitionState.RUNNING),
        ("golf ladder", "golf", CompetitionState.REGISTRATION),
        ("old golf ladder", "golf", CompetitionState.FINISHED),
    ]:
        league = league_create(name=name, game_id=game)
        League.objects.filter(pk=league.pk).update(state=state)


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        (
            "",
            {
                "mulligan open",
                "mulligan running",
                "golf open",
                "golf done",
                "golf called off",
                "mulligan draft",
            },
        ),
        ("?game=golf", {"golf open", "golf done", "golf called off"}),
        ("?state=registration", {"mulligan open", "golf open"}),
        ("?state=running", {"mulligan running"}),
        ("?state=finished", {"golf done"}),
        ("?state=cancelled", {"golf called off"}),
        ("?state=draft", {"mulligan draft"}),
        ("?game=golf&state=registration", {"golf open"}),
        ("?game=mulligan&state=finished", set()),
        (
            "?game=&state=",
            {
                "mulligan open",
                "mulligan running",
                "golf open",
                "golf done",
                "golf called off",
                "mulligan draft",
            },
        ),
    ],
)
def test_tournaments_filtered_by_game_and_state(query: str, expected: set[str]) -> None:
    make_tournaments()
    names = listed(reverse("tournaments") + query)
    assert set(names) == expected and len(names) == len(expected)


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("?game=golf", {"golf ladder", "old golf ladder"}),
        ("?state=registration", {"golf ladder"}),
        ("?game=mulligan&state=running", {"mulligan ladder"}),
        ("?game=golf&state=running", set()),
    ],
)
def test_leagues_filtered_by_game_and_state(query: str, expected: set[str]) -> None:
    make_leagues()
    assert set(listed(reverse("leagues") + query)) == expected


@pytest.mark.parametrize("route", ["tournaments", "leagues"])
def test_the_filter_is_a_labelled_get_form_that_keeps_the_choice(route: str) -> None:
    soup = page(reverse(route) + "?game=golf&state=registration")
    form = soup.select_one('form[data-testid="filter"]')
    assert form is not None and form.get("method") == "get"
    for name in ("game", "state"):
        select = form.select_one(f'select[name="{name}"]')
        assert form.select_one(f'label[for="{select["id"]}"]') is not None
    assert form.select_one('select[name="game"] option[selected]')["value"] == "golf"
    chosen = form.select_one('select[name="state"] option[selected]')
    assert chosen["value"] == "registration" and chosen.text == "open for entry"
    offered = [option["value"] for option in form.select('select[name="state"] option')]
    assert offered == ["", "registration", "running", "finished", "draft", "cancelled"]


@pytest.mark.parametrize(
    ("route", "field"), [("tournaments", "state"), ("tournaments", "game"), ("leagues", "state")]
)
def test_a_value_not_offered_is_refused_next_to_its_field(route: str, field: str) -> None:
    make_tournaments()
    make_leagues()
    soup = page(reverse(route) + f"?{field}=bogus", status=400)
    select = soup.select_one(f'form[data-testid="filter"] select[name="{field}"]')
    errors = select.find_next_sibling("ul", class_="errorlist")
    assert errors is not None and "bogus" in errors.text
    everything = Tournament.objects.count() if route == "tournaments" else League.objects.count()
    assert len(soup.select("tbody tr td:first-child a")) == everything  # the refused filter is not applied


def test_the_pager_keeps_the_filter(monkeypatch: Any) -> None:
    monkeypatch.setattr(competition_views, "PAGE_SIZE", 2)
    for k in range(5):
        tournament_create(name=f"golf {k}", game_id="golf", format="swiss")
    tournament_create(name="a mulligan cup", game_id="mulligan", format="swiss")
    soup = page(reverse("tournaments") + "?game=golf")
    older = soup.select_one('nav[aria-label="pages"] a')
    assert older is not None and older["href"] == "?game=golf&page=2"
    seen = []
    for number in (1, 2, 3):
        seen += listed(reverse("tournaments") + f"?game=golf&page={number}")
    assert sorted(seen) == [f"golf {k}" for k in range(5)]
