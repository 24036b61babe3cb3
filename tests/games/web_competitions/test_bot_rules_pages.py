"""The rules for submitted bots in words on tournament and league pages, and a bot's profile linking
to its bot page."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.urls import reverse

from games.models import Competitor
from games.services.leagues import league_create
from tests.games.competitions.conftest import open_tournament
from tests.games.factories import PlayerFactory
from tests.games.web_competitions.pages import page

pytestmark = pytest.mark.django_db

Bots = Callable[[int], list[Competitor]]


def settings_of(path: str) -> dict[str, str]:
    soup = page(path)
    return {row.th.text: " ".join(row.td.text.split()) for row in soup.select("table.settings tr")}


def test_tournament_shows_the_default_move_policy_in_words() -> None:
    cup = open_tournament(entrants="bots", bot_move_time_ms=2000, bot_time_bank_ms=10_000, bot_max_strikes=3)
    assert settings_of(reverse("tournament", args=[cup.pk]))["submitted bots"] == (
        "bots: 2 s per move + 10 s bank; a fault plays a default move and strikes, disqualified at 3 strikes"
    )


def test_tournament_shows_the_forfeit_policy_in_words() -> None:
    cup = open_tournament(bot_move_time_ms=1500, bot_time_bank_ms=0, bot_fault_policy="forfeit")
    assert settings_of(reverse("tournament", args=[cup.pk]))["submitted bots"] == (
        "bots: 1.5 s per move; a fault forfeits the game"
    )


def test_league_shows_its_bot_rules_in_words() -> None:
    league = league_create(
        name="ladder", game_id="mulligan", bot_move_time_ms=250, bot_time_bank_ms=120_000, bot_max_strikes=1
    )
    assert settings_of(reverse("league", args=[league.pk]))["submitted bots"] == (
        "bots: 250 ms per move + 2 min bank; a fault plays a default move and strikes, disqualified at 1 strike"
    )


def test_a_people_only_competition_leaves_the_bot_rules_out() -> None:
    cup = open_tournament(entrants="people")
    league = league_create(name="people's ladder", game_id="mulligan", entrants="people")
    shown: dict[str, Any] = settings_of(reverse("tournament", args=[cup.pk]))
    assert shown["entrants"] == "people only" and "submitted bots" not in shown
    assert "submitted bots" not in settings_of(reverse("league", args=[league.pk]))


def test_a_bot_profile_links_to_its_bot_page(bots: Bots) -> None:
    (competitor,) = bots(1)
    soup = page(reverse("profile", args=[competitor.pk]))
    link = soup.select_one('a[data-testid="bot-page"]')
    assert (
        link is not None
        and link["href"] == reverse("bot", args=[competitor.bot.pk]) == f"/bots/{competitor.bot.pk}/"
    )
    page(link["href"])  # the bot page itself is there


def test_a_person_profile_has_no_bot_link() -> None:
    player = PlayerFactory()
    soup = page(reverse("profile", args=[player.competitor_id]))
    assert soup.select_one('a[data-testid="bot-page"]') is None
