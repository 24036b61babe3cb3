"""The organiser's buttons on the tournament and league pages: only they see them; anyone else who
posts gets the API's 403 and changes nothing; open and start run the tournament's first round."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from games.models import CompetitionState, GameStatus, League, MatchGame, Player, Round, Tournament
from games.services.competitions import tournament_create
from games.services.leagues import league_create
from games.services.players import builtin_bots_ensure
from tests.games.web_competitions.acting import api_detail, owned_bots, said, signed_in, soup_of

pytestmark = pytest.mark.django_db

ClientFor = Callable[[Player], APIClient]
OnCommit = Callable[[], AbstractContextManager[Any]]

TOURNAMENT_BUTTONS = ["tournament-open", "tournament-start", "tournament-cancel"]
LEAGUE_BUTTONS = ["league-open", "league-start", "league-next-season", "league-finish", "league-cancel"]


def transition_forms(soup: Any, routes: list[str], pk: int) -> list[str]:
    """The routes among ``routes`` that the page has a button for."""
    return [
        route for route in routes if soup.select_one(f'form[action="{reverse(route, args=[pk])}"] button')
    ]


def snapshot(model: Any, pk: int) -> tuple[Any, ...]:
    return tuple(model.objects.filter(pk=pk).values_list("state", "started_at", "finished_at").get())


@pytest.fixture
def organiser(players: list[Player]) -> Player:
    return players[0]


@pytest.fixture
def cup(organiser: Player) -> Tournament:
    return tournament_create(name="club swiss", game_id="mulligan", format="swiss", organiser=organiser)


@pytest.fixture
def league(organiser: Player) -> League:
    return league_create(name="club ladder", game_id="mulligan", organiser=organiser)


def test_only_the_organiser_sees_the_tournament_controls(
    cup: Tournament, organiser: Player, players: list[Player]
) -> None:
    path = reverse("tournament", args=[cup.pk])
    mine = soup_of(signed_in(organiser).get(path))
    assert mine.select_one('[data-testid="organiser-controls"]') is not None
    assert transition_forms(mine, TOURNAMENT_BUTTONS, cup.pk) == ["tournament-open", "tournament-cancel"]
    for other in (signed_in(players[1]), Client()):
        soup = soup_of(other.get(path))
        assert soup.select_one('[data-testid="organiser-controls"]') is None
        assert transition_forms(soup, TOURNAMENT_BUTTONS, cup.pk) == []


def test_only_the_organiser_sees_the_league_controls(
    league: League, organiser: Player, players: list[Player]
) -> None:
    path = reverse("league", args=[league.pk])
    mine = soup_of(signed_in(organiser).get(path))
    assert transition_forms(mine, LEAGUE_BUTTONS, league.pk) == ["league-open", "league-cancel"]
    for other in (signed_in(players[1]), Client()):
        soup = soup_of(other.get(path))
        assert soup.select_one('[data-testid="organiser-controls"]') is None
        assert transition_forms(soup, LEAGUE_BUTTONS, league.pk) == []


@pytest.mark.parametrize("route", TOURNAMENT_BUTTONS)
@pytest.mark.parametrize("state", [CompetitionState.DRAFT, CompetitionState.REGISTRATION])
def test_anyone_else_posting_a_tournament_transition_gets_403(
    route: str, state: str, cup: Tournament, players: list[Player], client_for: ClientFor
) -> None:
    Tournament.objects.filter(pk=cup.pk).update(state=state)
    before = snapshot(Tournament, cup.pk)
    stranger = players[1]
    response = signed_in(stranger).post(reverse(route, args=[cup.pk]))
    assert response.status_code == 403
    assert snapshot(Tournament, cup.pk) == before
    status, detail = api_detail(client_for(stranger), f"/api/tournaments/{cup.pk}/{route.split('-')[1]}/")
    assert (status, said(response)) == (403, [detail])
    assert snapshot(Tournament, cup.pk) == before


@pytest.mark.parametrize("route", LEAGUE_BUTTONS)
def test_anyone_else_posting_a_league_transition_gets_403(
    route: str, league: League, players: list[Player], client_for: ClientFor
) -> None:
    League.objects.filter(pk=league.pk).update(state=CompetitionState.RUNNING)
    before = snapshot(League, league.pk)
    response = signed_in(players[1]).post(reverse(route, args=[league.pk]))
    assert response.status_code == 403
    assert said(response) == ["only the organiser of club ladder may do that"]
    assert snapshot(League, league.pk) == before
    assert not league.seasons.exists()


def test_a_transition_the_state_does_not_allow_is_409_in_the_api_words(
    cup: Tournament, organiser: Player, client_for: ClientFor
) -> None:
    before = snapshot(Tournament, cup.pk)
    response = signed_in(organiser).post(reverse("tournament-start", args=[cup.pk]))
    assert response.status_code == 409
    status, detail = api_detail(client_for(organiser), f"/api/tournaments/{cup.pk}/start/")
    assert (status, said(response)) == (
        409,
        [detail],
    ) and detail == "cannot start a tournament that is in draft"
    assert snapshot(Tournament, cup.pk) == before


def test_a_get_changes_nothing(cup: Tournament, organiser: Player) -> None:
    assert signed_in(organiser).get(reverse("tournament-open", args=[cup.pk])).status_code == 405
    assert Tournament.objects.get(pk=cup.pk).state == CompetitionState.DRAFT


def test_open_then_start_plays_the_first_round(
    cup: Tournament, organiser: Player, on_commit: OnCommit
) -> None:
    """The organiser opens registration, enters the built-in bots and two bots of their own from the
    page, and starts: round 1 is paired and, the entrants being bots, played (eager Celery)."""
    browser = signed_in(organiser)
    response = browser.post(reverse("tournament-open", args=[cup.pk]), follow=True)
    assert said(response, "success") == ["Registration is open."]
    assert transition_forms(soup_of(response), TOURNAMENT_BUTTONS, cup.pk) == [
        "tournament-start",
        "tournament-cancel",
    ]

    builtins = [bot for bot in builtin_bots_ensure() if bot.game_id == "mulligan"]
    field = builtins + owned_bots(organiser, 2)
    for bot in field:
        offered = soup_of(browser.get(reverse("tournament", args=[cup.pk]))).select(
            '[data-testid="enter-bot"] option'
        )
        assert str(bot.pk) in [option["value"] for option in offered]
        assert browser.post(reverse("tournament-join", args=[cup.pk]), {"bot": bot.pk}).status_code == 302
    assert sorted(cup.entries.values_list("competitor_id", flat=True)) == sorted(
        b.competitor_id for b in field
    )

    with on_commit():
        response = browser.post(reverse("tournament-start", args=[cup.pk]))
    assert response.status_code == 302
    first = Round.objects.get(tournament=cup, number=1)
    games = MatchGame.objects.filter(match__round=first).select_related("game")
    assert games and all(mg.game.status == GameStatus.FINISHED for mg in games)
    assert Round.objects.get(pk=first.pk).finished

    page = soup_of(browser.get(reverse("tournament", args=[cup.pk])))
    progress = [" ".join(li.text.split()) for li in page.select('[data-testid="round-progress"] li')]
    assert progress[0] == f"Round 1: {first.matches.count()} of {first.matches.count()} matches done"
    assert len(progress) == Round.objects.filter(tournament=cup).count()


def test_the_organiser_runs_a_league_through_its_seasons(
    league: League, organiser: Player, players: list[Player]
) -> None:
    browser = signed_in(organiser)

    def press(route: str) -> Any:
        response = browser.post(reverse(route, args=[league.pk]), follow=True)
        assert response.redirect_chain, said(response)
        return soup_of(response)

    press("league-open")
    for player in players[1:3]:
        signed_in(player).post(reverse("league-join", args=[league.pk]))
    soup = press("league-start")
    assert transition_forms(soup, LEAGUE_BUTTONS, league.pk) == [
        "league-next-season",
        "league-finish",
        "league-cancel",
    ]
    press("league-next-season")
    assert list(league.seasons.values_list("number", "state")) == [(1, "finished"), (2, "running")]
    soup = press("league-finish")
    assert League.objects.get(pk=league.pk).state == CompetitionState.FINISHED
    assert transition_forms(soup, LEAGUE_BUTTONS, league.pk) == []
    assert "Nothing is left to do" in soup.select_one('[data-testid="organiser-controls"]').text


def test_the_organiser_withdraws_any_entrant(
    cup: Tournament, organiser: Player, players: list[Player]
) -> None:
    signed_in(organiser).post(reverse("tournament-open", args=[cup.pk]))
    signed_in(players[1]).post(reverse("tournament-join", args=[cup.pk]))
    entry = cup.entries.get()
    row = soup_of(signed_in(organiser).get(reverse("tournament", args=[cup.pk]))).select_one(
        f'tr[data-entry="{entry.pk}"]'
    )
    button = row.select_one("button")
    assert button.text == f"Withdraw {players[1].competitor.name}"
    signed_in(organiser).post(reverse("tournament-leave", args=[cup.pk]), {"entry": entry.pk})
    assert not cup.entries.exists()
