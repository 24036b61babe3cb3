"""Tournament pages: the list, and one tournament's settings, rounds, standings, bracket and progress."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import timedelta
from typing import Any

import pytest
from django.urls import reverse

from games.models import Competitor, Game, GameStatus, Match, MatchGame, Tournament, TournamentFormat
from games.selectors.tournaments import tournament_bracket_view, tournament_public_standings
from games.services.competitions import tournament_start
from tests.games.competitions.conftest import open_tournament
from tests.games.web_competitions.pages import page, texts

pytestmark = pytest.mark.django_db

Bots = Callable[[int], list[Competitor]]
OnCommit = Callable[[], AbstractContextManager[Any]]


@pytest.fixture
def played(bots: Bots, on_commit: OnCommit) -> Callable[..., Tournament]:
    """A tournament of bots played to the end (eager Celery)."""

    def run(entrants: int, **options: Any) -> Tournament:
        tournament = open_tournament(field=bots(entrants), entrants="bots", **options)
        with on_commit():
            tournament_start(tournament_pk=tournament.pk)
        tournament.refresh_from_db()
        return tournament

    return run


def detail(tournament: Tournament) -> Any:
    return page(reverse("tournament", args=[tournament.pk]))


def game_links(node: Any) -> list[str]:
    return [a["href"] for a in node.select("a") if a["href"].startswith("/games/") or "game" in a.text]


def assert_pairings_link_their_games(tournament: Tournament, soup: Any) -> None:
    matches = Match.objects.filter(round__tournament=tournament).select_related("round")
    assert matches
    for match in matches:
        row = soup.select_one(f'section[data-round="{match.round.number}"] tr[data-table="{match.table}"]')
        assert row is not None, (match.round.number, match.table)
        expected = [
            reverse("game", args=[game_pk])
            for game_pk in MatchGame.objects.filter(match=match)
            .order_by("number")
            .values_list("game_id", flat=True)
        ]
        linked = [a["href"] for a in row.select("td:nth-of-type(3) a")]
        assert linked == expected
        seat_names = texts(row.select("td:nth-of-type(2) a"))
        names = dict(tournament.entries.values_list("id", "competitor__name"))
        assert seat_names == [names[e] for e in match.entries]


def standing_names(soup: Any) -> list[str]:
    return texts(soup.select('[data-testid="standings"] tbody tr td:nth-of-type(2) a'))


def test_round_robin_page_shows_pairings_results_standings_and_settings(
    played: Callable[..., Tournament],
) -> None:
    tournament = played(4, format=TournamentFormat.ROUND_ROBIN)
    Tournament.objects.filter(pk=tournament.pk).update(
        timeout_policy="default_action", allow_vacations=False, move_time_limit=timedelta(hours=36)
    )
    soup = detail(tournament)

    assert soup.title and tournament.name in soup.title.text
    assert_pairings_link_their_games(tournament, soup)
    assert len(soup.select("section[data-round]")) == tournament.current_round == 3
    # every finished two-seat match says who won, or that it was drawn
    results = texts(soup.select("section[data-round] tbody td:nth-of-type(4)"))
    assert results and all(": " in text and ("wins" in text or "drawn" in text) for text in results)

    expected = [row["name"] for row in tournament_public_standings(tournament)["standings"]]
    assert standing_names(soup) == expected and len(expected) == 4
    headers = texts(soup.select('[data-testid="standings"] thead th'))
    assert headers[:2] == ["rank", "name"]
    assert {"match points", "opp. match win %", "game win %", "opp. game win %"} <= set(headers)
    assert "Final standings" in soup.text

    settings = {row.th.text: " ".join(row.td.text.split()) for row in soup.select("table.settings tr")}
    assert settings["time per move"] == "1 day 12 hours"
    assert settings["on timeout"].startswith("play a default action")
    assert "default move played for them" in settings["on timeout"]
    assert settings["vacations"].startswith("not allowed")
    assert settings["format"] == "round robin"

    profile_links = {a["href"] for a in soup.select("#entrants ~ table a")}
    for competitor_id in tournament.entries.values_list("competitor_id", flat=True):
        assert reverse("profile", args=[competitor_id]) in profile_links


def test_forfeit_policy_and_vacations_allowed_are_shown_in_words(bots: Bots) -> None:
    tournament = open_tournament(field=bots(2), format="swiss", move_time_limit=timedelta(hours=6))
    soup = detail(tournament)
    settings = {row.th.text: " ".join(row.td.text.split()) for row in soup.select("table.settings tr")}
    assert settings["on timeout"] == (
        "forfeit the game: a player who lets the time limit pass forfeits the game"
    )
    assert settings["time per move"] == "6 hours"
    assert settings["vacations"].startswith("allowed")
    assert "No round has been paired yet." in soup.text
    progress = soup.select_one('[data-testid="progress"] progress')
    assert progress is not None and progress["value"] == "0"


def test_swiss_with_byes_matches_the_selector(played: Callable[..., Tournament]) -> None:
    tournament = played(5, format=TournamentFormat.SWISS)
    soup = detail(tournament)
    assert_pairings_link_their_games(tournament, soup)
    byes = Match.objects.filter(round__tournament=tournament, bye=True).count()
    bye_rows = [
        text for text in texts(soup.select("section[data-round] tbody td:nth-of-type(4)")) if "bye" in text
    ]
    assert byes >= 1 and len(bye_rows) == byes
    expected = [row["name"] for row in tournament_public_standings(tournament)["standings"]]
    assert standing_names(soup) == expected
    ranks = texts(soup.select('[data-testid="standings"] tbody tr td:nth-of-type(1)'))
    assert ranks == [str(k) for k in range(1, 6)]


def test_multi_seat_tables_rank_every_seat(played: Callable[..., Tournament]) -> None:
    tournament = played(8, format=TournamentFormat.ROUND_ROBIN, seats_per_table=4)
    soup = detail(tournament)
    assert_pairings_link_their_games(tournament, soup)
    results = texts(soup.select("section[data-round] tbody td:nth-of-type(4)"))
    assert results and all(text.startswith("1. ") and text.count(". ") == 4 for text in results)
    headers = texts(soup.select('[data-testid="standings"] thead th'))
    assert {"points", "first places", "tablemates' points"} <= set(headers)
    assert standing_names(soup) == [row["name"] for row in tournament.standings]


@pytest.mark.parametrize("format", [TournamentFormat.SINGLE_ELIMINATION, TournamentFormat.DOUBLE_ELIMINATION])
def test_bracket_shows_winners_advancing_to_the_champion(
    played: Callable[..., Tournament], format: str
) -> None:
    tournament = played(5, format=format)
    bracket = tournament_bracket_view(tournament)
    assert bracket["champion"] is not None
    soup = detail(tournament)

    champion = soup.select_one('[data-testid="champion"]')
    assert champion is not None and bracket["champion"]["name"] in champion.text
    played_matches = [m for rnd in bracket["rounds"] for m in rnd["matches"] if m["winner"]]
    assert played_matches
    for match in played_matches:
        box = soup.select_one(f'li[data-match="{match["id"]}"]')
        assert box is not None
        assert texts(box.select('[data-winner="true"] a')) == [match["winner"]["name"]]
        # the winner turns up in the match fed by this one, if any
        for rnd in bracket["rounds"]:
            for later in rnd["matches"]:
                for slot in later["slots"]:
                    if slot["from"].get("winner_of") == match["id"]:
                        later_box = soup.select_one(f'li[data-match="{later["id"]}"]')
                        assert match["winner"]["name"] in texts(later_box.select(".slot a"))
    columns = texts(soup.select("[data-bracket-round] > h4"))
    assert columns == [rnd["name"] for rnd in bracket["rounds"]]
    headers = texts(soup.select('[data-testid="standings"] thead th'))
    assert "place" in headers
    assert standing_names(soup)[0] == bracket["champion"]["name"]


def test_progress_counts_finished_and_aborted_games_of_all_scheduled(bots: Bots) -> None:
    tournament = open_tournament(field=bots(6), format="swiss", entrants="bots")
    tournament_start(tournament_pk=tournament.pk)  # no on_commit: round 1 is paired, nobody plays
    games = list(Game.objects.filter(match_game__match__round__tournament=tournament).order_by("pk"))
    assert len(games) == 3
    Game.objects.filter(pk=games[0].pk).update(status=GameStatus.ABORTED)
    Game.objects.filter(pk=games[1].pk).update(status=GameStatus.FINISHED)

    soup = detail(tournament)
    box = soup.select_one('[data-testid="progress"]')
    assert box is not None
    bar = box.select_one("progress")
    assert (bar["value"], bar["max"]) == ("2", "3")
    assert "2 of 3 games played (67%)" in " ".join(box.text.split())
    assert "(in play)" in soup.select_one('section[data-round="1"] h3').text

    listing = page(reverse("tournaments"))
    row = listing.select_one(f'a[href="{reverse("tournament", args=[tournament.pk])}"]').find_parent("tr")
    cells = texts(row.select("td"))
    assert cells[1:5] == ["running", "mulligan", "Swiss", "6"]
    assert "2 of 3 games played" in cells[5]


def test_the_list_shows_every_tournament_and_its_state(bots: Bots, played: Callable[..., Tournament]) -> None:
    done = played(3, format=TournamentFormat.ROUND_ROBIN, name="done cup")
    draft = open_tournament(name="open cup", format="swiss")
    soup = page(reverse("tournaments"))
    rows = {texts(tr.select("td"))[0]: texts(tr.select("td")) for tr in soup.select("tbody tr")}
    assert rows["done cup"][1] == "finished" and rows["done cup"][4] == "3"
    total = MatchGame.objects.filter(match__round__tournament=done).count()
    assert f"{total} of {total} games played (100%)" in rows["done cup"][5]
    assert rows["open cup"][1] == "registration open" and rows["open cup"][2:4] == ["mulligan", "Swiss"]
    assert draft.pk != done.pk
    assert page(reverse("tournaments") + "?page=zzz").select_one("tbody tr")  # a bad page: the first


@pytest.mark.parametrize("pk", [999_999, 2**63, 2**70])
def test_unknown_tournament_is_a_clear_404(pk: int) -> None:
    soup = page(f"/tournaments/{pk}/", status=404)
    assert f"There is no tournament {pk}" in " ".join(soup.text.split())


def test_page_queries_do_not_grow_with_the_field(
    played: Callable[..., Tournament], django_assert_max_num_queries: Any
) -> None:
    tournament = played(9, format=TournamentFormat.SWISS)
    with django_assert_max_num_queries(15):
        detail(tournament)
    elimination = played(8, format=TournamentFormat.DOUBLE_ELIMINATION)
    with django_assert_max_num_queries(18):
        detail(elimination)
