"""Lists by cursor (keyset pages): every row once, in order, both ways, whatever the ties, with a
fixed number of queries whatever the page size; page numbers still answer as before."""

from __future__ import annotations

import base64
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from games.api import pagination
from games.models import Bot, GameStatus, League, LeagueEntry, Player, Rating
from games.services.games import game_create
from tests.games.competitions.conftest import make_bots
from tests.games.factories import CompetitorFactory, PlayerFactory, RatingFactory
from tests.games.helpers import play_to_end

pytestmark = pytest.mark.django_db

# Ratings with many ties, so pages end in the middle of a run of equal ratings.
TIED = [1500.0 + 25 * (i * 7 % 5) for i in range(23)]


@pytest.fixture
def page_size(settings: Any) -> Callable[[int], None]:
    def set_size(size: int) -> None:
        settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "PAGE_SIZE": size}

    return set_size


def walk(client: APIClient, url: str, link: str = "next") -> list[dict[str, Any]]:
    pages = []
    while url:
        answer = client.get(url)
        assert answer.status_code == 200, answer.content
        pages.append(answer.json())
        url = pages[-1][link]
    return pages


def ladder_order() -> list[int]:
    ordered = Rating.objects.filter(game_id="mulligan").order_by("-rating", "competitor_id")
    return list(ordered.values_list("competitor_id", flat=True))


class TestLadderByCursor:
    def test_following_next_lists_every_row_once_in_order_and_previous_walks_back(
        self, api_client: APIClient, page_size: Callable[[int], None]
    ) -> None:
        page_size(4)
        for value in TIED:
            RatingFactory(rating=value)
        pages = walk(api_client, "/api/ladder/?game=mulligan")
        assert [row["competitor"] for page in pages for row in page["results"]] == ladder_order()
        assert all("cursor=" in page["next"] for page in pages[:-1])
        assert all(page["count"] == len(TIED) for page in pages)
        back = walk(api_client, pages[-1]["previous"], link="previous")
        assert [page["results"] for page in back] == [page["results"] for page in reversed(pages[:-1])]

    def test_a_numbered_page_and_the_cursor_page_in_its_place_agree(
        self, api_client: APIClient, page_size: Callable[[int], None]
    ) -> None:
        page_size(5)
        for value in TIED:
            RatingFactory(rating=value)
        by_cursor = walk(api_client, "/api/ladder/?game=mulligan")
        for number, page in enumerate(by_cursor, 1):
            numbered = api_client.get(f"/api/ladder/?game=mulligan&page={number}").json()
            assert numbered["results"] == page["results"]
        assert (
            api_client.get("/api/ladder/?game=mulligan&page=last").json()["results"]
            == by_cursor[-1]["results"]
        )

    def test_a_row_added_meanwhile_is_neither_repeated_nor_skipped(
        self, api_client: APIClient, page_size: Callable[[int], None]
    ) -> None:
        page_size(5)
        for value in TIED:
            RatingFactory(rating=value)
        first = api_client.get("/api/ladder/?game=mulligan").json()
        RatingFactory(rating=9000.0)  # a new leader: page numbers would now shift by one
        rest = walk(api_client, first["next"])
        seen = [row["competitor"] for page in [first, *rest] for row in page["results"]]
        assert sorted(seen) == sorted(set(seen))
        assert seen == [c for c in ladder_order() if c in seen] and len(seen) == len(TIED)

    @pytest.mark.parametrize(
        "cursor",
        [
            "x",
            "%%%",
            base64.urlsafe_b64encode(b"not json").decode(),
            base64.urlsafe_b64encode(json.dumps([[1500.0], True, 3]).encode()).decode(),  # one key of two
            base64.urlsafe_b64encode(json.dumps([[1500.0, 3], "yes", 3]).encode()).decode(),
            base64.urlsafe_b64encode(json.dumps([[True, 3], True, 3]).encode()).decode(),
            base64.urlsafe_b64encode(json.dumps([[1500.0, 3], True, -1]).encode()).decode(),
            base64.urlsafe_b64encode(json.dumps({"a": 1}).encode()).decode(),
            "A" * 1000,
        ],
    )
    def test_a_forged_cursor_is_refused_with_the_reason(self, api_client: APIClient, cursor: str) -> None:
        # A cursor is a page's address: one that points at no page is not found, as a page past the end.
        RatingFactory(rating=1500.0)
        answer = api_client.get("/api/ladder/", {"game": "mulligan", "cursor": cursor})
        assert answer.status_code == 404
        assert answer.json()["code"] == "not_found" and "cursor" in answer.json()["detail"]

    @hypothesis_settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(
        cursor=st.text(max_size=120)
        | st.binary(max_size=80).map(lambda b: base64.urlsafe_b64encode(b).decode())
    )
    def test_no_cursor_is_a_server_error(self, api_client: APIClient, cursor: str) -> None:
        answer = api_client.get("/api/ladder/", {"game": "mulligan", "cursor": cursor})
        assert answer.status_code in (200, 404)

    def test_pages_past_the_end_are_not_found_as_before(self, api_client: APIClient) -> None:
        RatingFactory(rating=1500.0)
        for page in ("2", "0", "-1", "x"):
            assert api_client.get(f"/api/ladder/?game=mulligan&page={page}").status_code == 404


class TestCount:
    def test_a_short_list_is_counted_exactly_on_every_request(
        self, api_client: APIClient, page_size: Callable[[int], None]
    ) -> None:
        page_size(2)
        for value in TIED[:5]:
            RatingFactory(rating=value)
        assert api_client.get("/api/ladder/?game=mulligan").json()["count"] == 5
        RatingFactory(rating=1.0)
        assert api_client.get("/api/ladder/?game=mulligan").json()["count"] == 6

    def test_a_long_list_is_counted_once_a_while(
        self, api_client: APIClient, page_size: Callable[[int], None], monkeypatch: pytest.MonkeyPatch
    ) -> None:
        monkeypatch.setattr(pagination, "EXACT_COUNT_UP_TO", 3)
        page_size(2)
        pagination.forget_counts()
        for value in TIED[:5]:
            RatingFactory(rating=value)
        assert api_client.get("/api/ladder/?game=mulligan").json()["count"] == 5
        RatingFactory(rating=1.0)
        # Kept for API_COUNT_CACHE_SECONDS: the sixth row shows in the pages, not yet in the count.
        assert api_client.get("/api/ladder/?game=mulligan").json()["count"] == 5
        pagination.forget_counts()
        assert api_client.get("/api/ladder/?game=mulligan").json()["count"] == 6


class TestLeagueLadder:
    def test_positions_run_on_across_cursor_pages(
        self, api_client: APIClient, page_size: Callable[[int], None]
    ) -> None:
        page_size(4)
        league = League.objects.create(name="L", game_id="mulligan", organiser=PlayerFactory())
        for value in TIED:
            LeagueEntry.objects.create(league=league, competitor=CompetitorFactory(), rating=value)
        LeagueEntry.objects.create(league=league, competitor=CompetitorFactory(), rating=9999.0, active=False)
        pages = walk(api_client, f"/api/leagues/{league.pk}/ladder/")
        rows = [row for page in pages for row in page["results"]]
        assert [row["position"] for row in rows] == list(range(1, len(TIED) + 1))
        expected = LeagueEntry.objects.filter(league=league, active=True).order_by("-rating", "id")
        assert [row["id"] for row in rows] == list(expected.values_list("id", flat=True))
        numbered = api_client.get(f"/api/leagues/{league.pk}/ladder/?page=3").json()["results"]
        assert numbered == pages[2]["results"]
        assert all(page["rating_system"] == league.rating_system for page in pages)


class TestGamesAndMoves:
    def test_the_games_list_by_cursor_keeps_its_filters(
        self, api_client: APIClient, page_size: Callable[[int], None], players: list[Player]
    ) -> None:
        page_size(3)
        seated = [players[0].competitor, players[1].competitor]
        made = [game_create(game_id="mulligan", competitors=seated, seed=n) for n in range(8)]
        game_create(game_id="three_card", competitors=seated, seed=1)
        pages = walk(api_client, "/api/games/?game=mulligan&status=running")
        assert all("game=mulligan" in page["next"] for page in pages[:-1])
        assert [row["id"] for page in pages for row in page["results"]] == [g.pk for g in reversed(made)]
        assert {row["status"] for page in pages for row in page["results"]} == {GameStatus.RUNNING}
        # The list's seats (plain rows) are what the game itself shows (objects).
        for row in pages[0]["results"]:
            assert row["seats"] == api_client.get(f"/api/games/{row['id']}/").json()["seats"]

    def test_a_move_list_in_parts_is_the_whole_list(
        self, api_client: APIClient, players: list[Player]
    ) -> None:
        game = game_create(game_id="mulligan", competitors=[p.competitor for p in players[:2]], seed=7)
        play_to_end(game, random.Random(7))
        whole = api_client.get(f"/api/games/{game.pk}/moves/").json()
        assert "next" not in whole
        parts: list[dict[str, Any]] = []
        url: str | None = f"/api/games/{game.pk}/moves/?limit=6"
        while url:
            part = api_client.get(url).json()
            assert len(part["moves"]) <= 6 and part["move_count"] == whole["move_count"]
            parts += part["moves"]
            url = part["next"]
        assert parts == whole["moves"]
        assert api_client.get(f"/api/games/{game.pk}/moves/?after={whole['move_count']}&limit=5").json() == {
            **{k: v for k, v in whole.items() if k != "moves"},
            "moves": [],
            "next": None,
        }

    @pytest.mark.parametrize("query", ["limit=0", "limit=1001", "limit=x", "after=-1", "after=1.5"])
    def test_bad_parts_are_refused(self, api_client: APIClient, players: list[Player], query: str) -> None:
        game = game_create(game_id="mulligan", competitors=[p.competitor for p in players[:2]], seed=7)
        answer = api_client.get(f"/api/games/{game.pk}/moves/?{query}")
        assert answer.status_code == 400
        assert query.split("=")[0] in answer.json()["errors"]


# -- A fixed number of queries whatever the page size or the list's length --------------------------


def _ladder(n: int) -> None:
    for i in range(n):
        RatingFactory(rating=1500.0 + i % 7)


@pytest.mark.parametrize("size", [5, 50])
@pytest.mark.parametrize("rows", [12, 120])
def test_list_endpoints_read_a_fixed_number_of_queries(
    api_client: APIClient,
    page_size: Callable[[int], None],
    django_assert_max_num_queries: Any,
    players: list[Player],
    size: int,
    rows: int,
) -> None:
    page_size(size)
    _ladder(rows)
    league = League.objects.create(name="L", game_id="mulligan", organiser=players[0])
    for competitor_id in Rating.objects.values_list("competitor_id", flat=True):
        LeagueEntry.objects.create(
            league=league, competitor_id=competitor_id, rating=1500.0 + competitor_id % 5
        )
    seated = [players[0].competitor, players[1].competitor]
    games = [game_create(game_id="mulligan", competitors=seated, seed=n) for n in range(rows // 6)]
    play_to_end(games[0], random.Random(rows))  # a history to list, and a finished game's final state
    pagination.forget_counts()
    # Counting (a short list: once per request; a long one: once a while) included.
    for url, most in [
        ("/api/ladder/?game=mulligan", 3),
        (f"/api/leagues/{league.pk}/ladder/", 4),
        ("/api/games/", 2),  # a page and its seats in one statement, and the count
        (f"/api/games/{games[0].pk}/", 3),
        (f"/api/games/{games[0].pk}/moves/", 3),
        (f"/api/games/{games[1].pk}/moves/", 3),
        (f"/api/games/{games[0].pk}/moves/?limit={size}", 3),
        (f"/api/players/{players[0].pk}/", 2),
    ]:
        first = api_client.get(url).json()
        with django_assert_max_num_queries(most):
            api_client.get(url)
        if first.get("next"):
            # One query for a page, even one that starts inside a run of equal ratings.
            with django_assert_max_num_queries(most):
                assert api_client.get(first["next"]).status_code == 200
            # A page by number: the row before it found in the index, then read on as a cursor does.
            with django_assert_max_num_queries(most + 1):
                assert api_client.get(f"{url}{'&' if '?' in url else '?'}page=2").status_code == 200


def test_a_game_of_a_deal_in_play_reads_in_the_queries_of_any_game(
    django_assert_max_num_queries: Any, players: list[Player]
) -> None:
    """Whether another table still plays its deal is asked in the game's own read (an EXISTS), not
    in a query of its own: detail is the game's read and its moves', history one more at most."""
    seated = [players[0].competitor, players[1].competitor]
    lone = game_create(game_id="mulligan", competitors=seated, seed=1)
    finished, running = (game_create(game_id="mulligan", competitors=seated, seed=2) for _ in range(2))
    play_to_end(finished, random.Random(2))
    reader = APIClient()
    reader.force_authenticate(players[0].user)  # seated in every one of them
    for game in (lone, finished, running):
        for url, most in [(f"/api/games/{game.pk}/", 2), (f"/api/games/{game.pk}/moves/", 2)]:
            with django_assert_max_num_queries(most):
                assert reader.get(url).status_code == 200
    assert "seed" not in reader.get(f"/api/games/{finished.pk}/").json()  # its deal is still in play


def test_turns_read_one_query_whatever_the_number_of_games(
    django_assert_max_num_queries: Any, players: list[Player]
) -> None:
    from games.selectors.games import game_state

    client = APIClient()
    client.force_authenticate(players[0].user)
    games = []
    for n in range(12):
        seated = [players[0].competitor, players[1].competitor]
        games.append(game_create(game_id="mulligan", competitors=seated if n % 2 else seated[::-1], seed=n))
        with django_assert_max_num_queries(1):
            answer = client.get("/api/me/turns/")
        mine = {
            game.pk
            for game in games
            for seat in game.seats.all()
            if seat.competitor_id == players[0].competitor_id and seat.index in game_state(game).to_act()
        }
        assert answer.status_code == 200
        assert {turn["game"] for turn in answer.json()["turns"]} == mine
        waited = client.get("/api/me/turns/wait/?timeout=0").json()
        assert waited["cursor"] == answer.json()["cursor"]


@pytest.mark.parametrize("more", [0, 1, 30])  # fits the first page, one row over, two pages
def test_a_numbered_list_that_fits_its_first_page_is_counted_by_its_length(
    api_client: APIClient, django_assert_max_num_queries: Any, more: int
) -> None:
    """The leagues and the bots (page numbers, no cursor): the first page is read with one row more,
    so a list that fits on it needs no count; a longer one is counted as before."""
    size = pagination.PageNumbers.page_size
    assert size is not None
    League.objects.bulk_create(
        [League(name=f"league {n}", game_id="mulligan") for n in range(size - 1 + more)]
    )
    make_bots(size - Bot.objects.count() - 1 + more)
    for url, model in [("/api/leagues/", League), ("/api/bots/", Bot)]:
        listed = model.objects.count()
        fits = listed <= size
        with django_assert_max_num_queries(1 if fits else 2):
            first = api_client.get(url).json()
        assert first["count"] == listed and len(first["results"]) == min(listed, size), url
        assert (first["next"] is None) == fits and first["previous"] is None, url
        if not fits:
            second = api_client.get(first["next"]).json()
            assert second["count"] == listed and len(second["results"]) == listed - size, url
            ids = [row["id"] for row in first["results"] + second["results"]]
            assert sorted(ids) == sorted(model.objects.values_list("pk", flat=True)), url


def test_a_long_numbered_list_is_counted_once_a_while(
    api_client: APIClient, django_assert_max_num_queries: Any
) -> None:
    """Past EXACT_COUNT_UP_TO rows a numbered list's count is kept a while, as a cursor list's is."""
    pagination.forget_counts()
    listed = pagination.EXACT_COUNT_UP_TO + 1
    League.objects.bulk_create([League(name=f"league {n}", game_id="mulligan") for n in range(listed)])
    assert api_client.get("/api/leagues/").json()["count"] == listed
    with django_assert_max_num_queries(1):  # the page alone: its count is kept from the first read
        again = api_client.get("/api/leagues/").json()
    assert again["count"] == listed and len(again["results"]) == pagination.PageNumbers.page_size
    with django_assert_max_num_queries(2):  # the row before page 2 in the index, then the page
        assert api_client.get("/api/leagues/?page=2").json()["count"] == listed
