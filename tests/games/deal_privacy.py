"""What everyone reads of the games of one deal (several games dealt from one seed) while another
of them runs, and once every one has finished (not a test module: the tournament's and the version
test's deal privacy tests use it)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.test import Client

from engine import get_game
from games.models import Game, MatchGame, Player
from games.selectors.games import DEAL_IN_PLAY
from games.services.competitions import tournament_start
from tests.games.competitions.conftest import open_tournament

API_READS = ("/api/games/{pk}/", "/api/games/{pk}/moves/", "/api/games/{pk}/moves/?limit=2")
PAGES = ("/games/{pk}/", "/games/{pk}/live/", "/games/{pk}/replay/")


def session_client(player: Player) -> Client:
    """A signed-in browser's session (it reads the API too)."""
    client = Client()
    client.force_login(player.user)
    return client


def assert_refused(game: Game, api_clients: Sequence[Any], browsers: Sequence[Client]) -> None:
    """Each client is refused the game's detail and history, each browser also its page, live part
    and replay: a 403 that says why, and nothing of the game in it."""
    for client in [*api_clients, *browsers]:
        for url in API_READS:
            answer = client.get(url.format(pk=game.pk))
            assert answer.status_code == 403, (url, answer.content)
            assert answer.json() == {"detail": DEAL_IN_PLAY, "code": "deal_in_play"}, url
    for browser in browsers:
        for url in PAGES:
            answer = browser.get(url.format(pk=game.pk))
            text = answer.content.decode()
            assert answer.status_code == 403, url
            assert "every table has finished" in text and str(game.seed) not in text, url


def assert_read_as_running(game: Game, seat: int, client: Any, browser: Client) -> None:
    """A finished game's own player while its deal is in play: their observation and the history
    redacted as while it ran, without its seed, final state or replay."""
    assert game.is_finished
    view = client.get(f"/api/games/{game.pk}/").json()
    assert view["status"] == "finished" and view["your_seats"] == [seat]
    assert "seed" not in view
    history = client.get(f"/api/games/{game.pk}/moves/").json()
    assert not {"seed", "final_state", "config"} & set(history)
    engine_game = get_game(game.game_id)
    stored = list(game.moves.order_by("number").values_list("seat", "action"))
    assert [move["action"] for move in history["moves"]] == [
        action if by == seat else engine_game.redact_action(by, action, seat) for by, action in stored
    ]
    page = browser.get(f"/games/{game.pk}/")
    assert page.status_code == 200
    text = page.content.decode()
    assert 'data-testid="replay-later"' in text and 'data-testid="replay-link"' not in text
    assert browser.get(f"/games/{game.pk}/replay/").status_code == 403


def assert_record_open(game: Game, client: Any) -> None:
    """The finished game's whole record: its seed, its final state, every move as played."""
    view = client.get(f"/api/games/{game.pk}/").json()
    assert view["seed"] == game.seed
    history = client.get(f"/api/games/{game.pk}/moves/").json()
    assert history["seed"] == game.seed and "final_state" in history
    stored = list(game.moves.order_by("number").values_list("seat", "action"))
    assert [(move["seat"], move["action"]) for move in history["moves"]] == stored


def assert_pages_open(game: Game, browser: Client) -> None:
    page = browser.get(f"/games/{game.pk}/").content.decode()
    assert 'data-testid="replay-link"' in page
    assert browser.get(f"/games/{game.pk}/replay/").status_code == 200


def duplicate_round_one(people: list[Player]) -> tuple[Game, Game]:
    """A three_card tournament of these people started: its first round's two tables, one deal."""
    tournament = open_tournament(
        field=[person.competitor for person in people], game_id="three_card", rounds=1, config={"hands": 2}
    )
    tournament_start(tournament_pk=tournament.pk)
    games = MatchGame.objects.filter(match__round__tournament=tournament).select_related("game")
    first, second = (match_game.game for match_game in games.order_by("match__table"))
    assert first.seed == second.seed and first.status == second.status == "running"
    return first, second


def seated_people(game: Game, people: list[Player]) -> dict[int, Player]:
    """Who of these people sits in each seat of the game."""
    by_competitor = {person.competitor_id: person for person in people}
    return {seat.index: by_competitor[seat.competitor_id] for seat in game.seats.all()}
