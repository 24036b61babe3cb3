"""Joining, leaving and dropping from the tournament and league pages, as a person and with one's
own bots: the same services as the API, so the same refusals in the same words, changing nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from games.models import Bot, BotKind, Competitor, Entry, League, LeagueEntry, Player, Tournament
from games.services.competitions import tournament_create, tournament_start
from games.services.leagues import league_create
from games.services.players import builtin_bots_ensure
from tests.games.competitions.conftest import open_tournament
from tests.games.leagues.conftest import running_league
from tests.games.web_competitions.acting import api_detail, as_json, owned_bots, said, signed_in, soup_of

pytestmark = pytest.mark.django_db

ClientFor = Callable[[Player], APIClient]


def entries(tournament: Tournament) -> list[tuple[int, int | None]]:
    """What a refusal must leave as it was: every entry and whether (when) it dropped."""
    return list(tournament.entries.order_by("id").values_list("competitor_id", "dropped_after_round"))


def assert_refused_as_the_api(
    player: Player,
    client_for: ClientFor,
    page_route: str,
    api_path: str,
    pk: int,
    body: dict[str, Any],
    state: Callable[[], Any],
) -> str:
    """Post ``body`` from the page and then to the API: the same status, the same words, nothing
    changed by either. Returns the words."""
    before = state()
    response = signed_in(player).post(reverse(page_route, args=[pk]), body)
    assert state() == before
    status, detail = api_detail(
        client_for(player), api_path, {key: as_json(value) for key, value in body.items()}
    )
    assert state() == before
    assert response.status_code == status, said(response)
    assert said(response) == [detail]
    return detail


class TestTournament:
    def test_a_person_joins_leaves_and_joins_again(self, players: list[Player]) -> None:
        person = players[1]
        cup = open_tournament(name="spring cup")
        browser = signed_in(person)
        page = soup_of(browser.get(reverse("tournament", args=[cup.pk])))
        assert page.select_one(f'form[action="{reverse("tournament-join", args=[cup.pk])}"] button')

        response = browser.post(reverse("tournament-join", args=[cup.pk]), follow=True)
        assert response.redirect_chain[-1][0] == reverse("tournament", args=[cup.pk])
        assert said(response, "success") == [f"{person.competitor.name} entered spring cup."]
        assert entries(cup) == [(person.competitor_id, None)]
        leave = soup_of(response).select_one(f'form[action="{reverse("tournament-leave", args=[cup.pk])}"]')
        assert leave is not None and "Leave" in leave.text

        response = browser.post(reverse("tournament-leave", args=[cup.pk]), follow=True)
        assert said(response, "success") == ["You left the tournament."]
        assert entries(cup) == []
        browser.post(reverse("tournament-join", args=[cup.pk]))
        assert entries(cup) == [(person.competitor_id, None)]

    def test_a_person_drops_out_of_a_running_tournament(self, players: list[Player], bots: Any) -> None:
        person = players[1]
        cup = open_tournament(field=[person.competitor, *bots(3)])
        tournament_start(tournament_pk=cup.pk)  # no on_commit: round 1 is paired and waits
        browser = signed_in(person)
        page = soup_of(browser.get(reverse("tournament", args=[cup.pk])))
        drop = page.select_one(f'form[action="{reverse("tournament-drop", args=[cup.pk])}"] button')
        assert drop is not None and "Drop out" in drop.text

        response = browser.post(reverse("tournament-drop", args=[cup.pk]), follow=True)
        assert said(response, "success")[0].startswith(f"{person.competitor.name} drops out after round 1")
        assert Entry.objects.get(tournament=cup, competitor=person.competitor).dropped_after_round == 1
        assert (
            soup_of(response).select_one(f'form[action="{reverse("tournament-drop", args=[cup.pk])}"]')
            is None
        )

    def test_an_owner_enters_and_withdraws_their_bot(self, players: list[Player]) -> None:
        owner = players[1]
        mine, other_game = owned_bots(owner, 1)[0], owned_bots(owner, 1, game_id="golf")[0]
        cup = open_tournament()
        browser = signed_in(owner)
        form = soup_of(browser.get(reverse("tournament", args=[cup.pk]))).select_one(
            '[data-testid="enter-bot"]'
        )
        assert form is not None and form.select_one("label")
        offered = [int(option["value"]) for option in form.select("select[name=bot] option")]
        assert offered == [mine.pk]  # its golf bot is not offered for a Mulligan cup
        assert other_game.pk not in offered

        response = browser.post(reverse("tournament-join", args=[cup.pk]), {"bot": mine.pk}, follow=True)
        assert said(response, "success") == [f"{mine.competitor.name} entered {cup.name}."]
        entry = Entry.objects.get(tournament=cup)
        assert entry.competitor_id == mine.competitor_id
        row = soup_of(response).select_one(f'[data-testid="entrants"] tr[data-entry="{entry.pk}"]')
        assert row is not None and row.select_one("button").text == f"Withdraw {mine.competitor.name}"

        response = browser.post(reverse("tournament-leave", args=[cup.pk]), {"entry": entry.pk}, follow=True)
        assert said(response, "success") == ["The entry is withdrawn."]
        assert entries(cup) == []

    def test_a_bot_that_may_not_compete_yet_is_not_offered_and_says_why(self, players: list[Player]) -> None:
        owner = players[1]
        competitor = Competitor.objects.create(name="unfinished bot")
        Bot.objects.create(competitor=competitor, owner=owner, game_id="mulligan", kind=BotKind.PROGRAM)
        cup = open_tournament()
        page = soup_of(signed_in(owner).get(reverse("tournament", args=[cup.pk])))
        assert page.select_one('[data-testid="enter-bot"]') is None
        notes = " ".join(page.select_one('[data-testid="your-entry"]').get_text(" ").split())
        assert "'unfinished bot' has no active version yet" in notes

    def test_refused_while_not_open(self, players: list[Player], client_for: ClientFor) -> None:
        draft = tournament_create(name="draft cup", game_id="mulligan", format="swiss", organiser=players[0])
        person = players[1]
        page = soup_of(signed_in(person).get(reverse("tournament", args=[draft.pk])))
        assert page.select_one(f'form[action="{reverse("tournament-join", args=[draft.pk])}"]') is None
        words = assert_refused_as_the_api(
            person,
            client_for,
            "tournament-join",
            f"/api/tournaments/{draft.pk}/join/",
            draft.pk,
            {},
            lambda: entries(draft),
        )
        assert words == "cannot join a tournament that is in draft"

    def test_refused_when_already_entered(self, players: list[Player], client_for: ClientFor) -> None:
        person = players[1]
        cup = open_tournament(field=[person.competitor])
        words = assert_refused_as_the_api(
            person,
            client_for,
            "tournament-join",
            f"/api/tournaments/{cup.pk}/join/",
            cup.pk,
            {},
            lambda: entries(cup),
        )
        assert "already entered" in words

    def test_refused_for_another_persons_bot(self, players: list[Player], client_for: ClientFor) -> None:
        theirs = owned_bots(players[2], 1)[0]
        cup = open_tournament()
        words = assert_refused_as_the_api(
            players[1],
            client_for,
            "tournament-join",
            f"/api/tournaments/{cup.pk}/join/",
            cup.pk,
            {"bot": theirs.pk},
            lambda: entries(cup),
        )
        assert "enter your own bots only" in words

    def test_refused_for_a_bot_of_another_game(self, players: list[Player], client_for: ClientFor) -> None:
        golf_bot = owned_bots(players[1], 1, game_id="golf")[0]
        cup = open_tournament()
        words = assert_refused_as_the_api(
            players[1],
            client_for,
            "tournament-join",
            f"/api/tournaments/{cup.pk}/join/",
            cup.pk,
            {"bot": golf_bot.pk},
            lambda: entries(cup),
        )
        assert "plays golf, not mulligan" in words

    def test_refused_to_leave_a_running_or_drop_an_open_tournament(
        self, players: list[Player], client_for: ClientFor, bots: Any
    ) -> None:
        person = players[1]
        cup = open_tournament(field=[person.competitor])
        assert_refused_as_the_api(
            person,
            client_for,
            "tournament-drop",
            f"/api/tournaments/{cup.pk}/drop/",
            cup.pk,
            {},
            lambda: entries(cup),
        )
        for competitor in bots(2):
            Entry.objects.create(tournament=cup, competitor=competitor)
        tournament_start(tournament_pk=cup.pk)
        words = assert_refused_as_the_api(
            person,
            client_for,
            "tournament-leave",
            f"/api/tournaments/{cup.pk}/leave/",
            cup.pk,
            {},
            lambda: entries(cup),
        )
        assert words.endswith("drop out instead")

    def test_refused_to_withdraw_someone_elses_entry(
        self, players: list[Player], client_for: ClientFor
    ) -> None:
        cup = open_tournament(field=[players[2].competitor])
        entry = cup.entries.get()
        page = soup_of(signed_in(players[1]).get(reverse("tournament", args=[cup.pk])))
        assert page.select_one(f'tr[data-entry="{entry.pk}"] form') is None
        words = assert_refused_as_the_api(
            players[1],
            client_for,
            "tournament-leave",
            f"/api/tournaments/{cup.pk}/leave/",
            cup.pk,
            {"entry": entry.pk},
            lambda: entries(cup),
        )
        assert words.startswith("only the organiser may withdraw")

    @pytest.mark.parametrize("bot", ["many", "0", "-3", "99999999999999999999999"])
    def test_a_bad_bot_value_is_refused_as_the_api_refuses_it(
        self, bot: str, players: list[Player], client_for: ClientFor
    ) -> None:
        cup = open_tournament()
        assert_refused_as_the_api(
            players[1],
            client_for,
            "tournament-join",
            f"/api/tournaments/{cup.pk}/join/",
            cup.pk,
            {"bot": bot},
            lambda: entries(cup),
        )

    @pytest.mark.parametrize("state", ["finished", "cancelled"])
    def test_an_ended_tournament_says_entry_is_closed(self, state: str, players: list[Player]) -> None:
        cup = open_tournament()
        Tournament.objects.filter(pk=cup.pk).update(state=state)
        for browser in (Client(), signed_in(players[1])):
            panel = soup_of(browser.get(reverse("tournament", args=[cup.pk]))).select_one(
                '[data-testid="your-entry"]'
            )
            assert " ".join(panel.get_text(" ").split()).endswith(
                f"Entry is closed: this tournament is {state}."
            )
            assert panel.select("form") == [] and panel.select("a") == []

    def test_anonymous_is_sent_to_log_in_and_nothing_changes(self) -> None:
        assert soup_of(Client().get(reverse("tournament", args=[open_tournament().pk]))).select_one(
            f'[data-testid="your-entry"] a[href^="{reverse("login")}?next="]'
        )
        cup = open_tournament()
        response = Client().post(reverse("tournament-join", args=[cup.pk]))
        assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
        assert entries(cup) == []


class TestLeague:
    def state(self, league: League) -> list[tuple[int, bool]]:
        return list(league.league_entries.order_by("id").values_list("competitor_id", "active"))

    def test_a_person_joins_and_leaves_a_running_league(self, players: list[Player], bots: Any) -> None:
        person = players[1]
        league = running_league(field=bots(2))
        browser = signed_in(person)
        response = browser.post(reverse("league-join", args=[league.pk]), follow=True)
        assert said(response, "success") == [f"{person.competitor.name} is on the ladder of {league.name}."]
        assert LeagueEntry.objects.get(league=league, competitor=person.competitor).active

        response = browser.post(reverse("league-leave", args=[league.pk]), follow=True)
        assert said(response, "success") == ["You left the league."]
        # A running league keeps the entry (its games and rating), off the ladder.
        assert not LeagueEntry.objects.get(league=league, competitor=person.competitor).active

    def test_an_owner_enters_and_removes_their_bot(self, players: list[Player]) -> None:
        owner = players[1]
        mine = owned_bots(owner, 1)[0]
        league = running_league(start=False)
        browser = signed_in(owner)
        response = browser.post(reverse("league-join", args=[league.pk]), {"bot": mine.pk}, follow=True)
        entry = LeagueEntry.objects.get(league=league)
        assert entry.competitor_id == mine.competitor_id
        button = soup_of(response).select_one(f'[data-testid="ladder"] tr[data-entry="{entry.pk}"] button')
        assert button is not None and button.text == f"Take {mine.competitor.name} off the ladder"
        browser.post(reverse("league-leave", args=[league.pk]), {"entry": entry.pk})
        assert self.state(league) == []  # in registration, leaving removes the entry

    def test_refusals_in_the_api_words(self, players: list[Player], client_for: ClientFor) -> None:
        person = players[1]
        draft = league_create(name="draft league", game_id="mulligan", organiser=players[0])
        assert_refused_as_the_api(
            person,
            client_for,
            "league-join",
            f"/api/leagues/{draft.pk}/join/",
            draft.pk,
            {},
            lambda: self.state(draft),
        )
        league = running_league(field=[person.competitor], start=False)
        assert "already in" in assert_refused_as_the_api(
            person,
            client_for,
            "league-join",
            f"/api/leagues/{league.pk}/join/",
            league.pk,
            {},
            lambda: self.state(league),
        )
        theirs = owned_bots(players[2], 1)[0]
        assert_refused_as_the_api(
            person,
            client_for,
            "league-join",
            f"/api/leagues/{league.pk}/join/",
            league.pk,
            {"bot": theirs.pk},
            lambda: self.state(league),
        )
        golf_bot = owned_bots(person, 1, game_id="golf")[0]
        assert_refused_as_the_api(
            person,
            client_for,
            "league-join",
            f"/api/leagues/{league.pk}/join/",
            league.pk,
            {"bot": golf_bot.pk},
            lambda: self.state(league),
        )
        stranger = players[3]
        assert_refused_as_the_api(
            stranger,
            client_for,
            "league-leave",
            f"/api/leagues/{league.pk}/leave/",
            league.pk,
            {},
            lambda: self.state(league),
        )

    def test_the_organiser_enters_a_built_in_bot_others_cannot(self, players: list[Player]) -> None:
        builtin = next(b for b in builtin_bots_ensure() if b.game_id == "mulligan")
        league = running_league(start=False)
        League.objects.filter(pk=league.pk).update(organiser=players[0])
        offered = soup_of(signed_in(players[0]).get(reverse("league", args=[league.pk]))).select(
            '[data-testid="enter-bot"] option'
        )
        assert builtin.pk in [int(option["value"]) for option in offered]
        assert not soup_of(signed_in(players[1]).get(reverse("league", args=[league.pk]))).select(
            '[data-testid="enter-bot"]'
        )
