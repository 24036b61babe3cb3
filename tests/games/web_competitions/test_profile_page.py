"""A competitor's profile: ratings, the rating-history chart (one point per change), recent games."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from django.urls import reverse

from games.models import Competitor, Game, RatingChange, TournamentFormat
from games.services.competitions import tournament_start
from tests.games.competitions.conftest import open_tournament
from tests.games.factories import PlayerFactory
from tests.games.web_competitions.pages import page, texts

pytestmark = pytest.mark.django_db

Bots = Callable[[int], list[Competitor]]
OnCommit = Callable[[], AbstractContextManager[Any]]


@pytest.fixture
def field(bots: Bots, on_commit: OnCommit) -> list[Competitor]:
    """Five bots after a round robin: four rated games each."""
    competitors = bots(5)
    tournament = open_tournament(field=competitors, entrants="bots", format=TournamentFormat.ROUND_ROBIN)
    with on_commit():
        tournament_start(tournament_pk=tournament.pk)
    return competitors


def test_the_chart_has_one_point_per_rating_change(field: list[Competitor]) -> None:
    competitor = field[0]
    changes = list(RatingChange.objects.filter(competitor=competitor).order_by("id"))
    assert len(changes) == 4
    soup = page(reverse("profile", args=[competitor.pk]))

    svg = soup.select_one('svg[data-testid="rating-chart"]')
    assert svg is not None and svg["role"] == "img"
    assert competitor.name in svg.title.text and svg.desc.text
    assert len(svg.select("circle")) == len(changes)
    (polyline,) = svg.select("polyline")
    assert len(polyline["points"].split()) == len(changes)
    # Higher ratings are drawn higher up (smaller y), in the order the changes were applied.
    ys = [float(circle["cy"]) for circle in svg.select("circle")]
    afters = [change.rating_after for change in changes]
    for k in range(len(afters) - 1):
        if afters[k + 1] != afters[k]:
            assert (ys[k + 1] < ys[k]) == (afters[k + 1] > afters[k])
    y_labels = [float(label) for label in texts(svg.select('text[text-anchor="end"]'))]
    assert min(y_labels) <= min(afters) and max(afters) <= max(y_labels)  # the axis spans the data

    rows = soup.select('[data-testid="rating-history"] tbody tr')
    assert [row.select_one("a")["href"] for row in rows] == [
        reverse("game", args=[c.game_id]) for c in changes
    ]
    assert [row.select("td")[3].text for row in rows] == [f"{c.rating_after:.1f}" for c in changes]

    ratings = texts(soup.select('[data-testid="ratings"] tbody td'))
    assert ratings[0] == "mulligan" and ratings[1] == f"{afters[-1]:.1f}" and ratings[2] == "4"


def test_recent_games_are_linked_newest_first(field: list[Competitor]) -> None:
    competitor = field[1]
    soup = page(reverse("profile", args=[competitor.pk]))
    games = Game.objects.filter(seats__competitor=competitor).order_by("-id")
    links = [a["href"] for a in soup.select('[data-testid="recent-games"] tbody td:nth-of-type(1) a')]
    assert links == [reverse("game", args=[g.pk]) for g in games] and links
    assert "Tournament" in soup.text and "test cup" in soup.text


def test_a_new_player_has_no_chart_and_says_so() -> None:
    player = PlayerFactory()
    soup = page(reverse("profile", args=[player.competitor_id]))
    assert soup.h1.text == player.competitor.name
    assert soup.select_one("svg") is None
    assert "No rating changes yet." in soup.text and "No games yet." in soup.text


def test_the_ladder_links_each_name_to_its_profile(field: list[Competitor]) -> None:
    soup = page(reverse("ladder", args=["mulligan"]))
    links = {a.text: a["href"] for a in soup.select("table a")}
    for competitor in field:
        assert links[competitor.name] == reverse("profile", args=[competitor.pk])


@pytest.mark.parametrize("pk", [987_654, 2**63, 2**80])
def test_unknown_competitor_is_a_clear_404(pk: int) -> None:
    soup = page(f"/players/{pk}/", status=404)
    assert f"There is no player or bot {pk}" in " ".join(soup.text.split())


def test_profile_queries_are_bounded(field: list[Competitor], django_assert_max_num_queries: Any) -> None:
    with django_assert_max_num_queries(10):
        page(reverse("profile", args=[field[2].pk]))
