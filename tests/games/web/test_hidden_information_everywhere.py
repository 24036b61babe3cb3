"""Every registered game, played by people through the pages and the API, shows no viewer a card it
may not see, the deck order or the seed before the game ends (issue 5, point 5).

Each seat is a person; moves alternate between the page's form and the API. Before every move the
game is fetched as every seat holder and as an anonymous spectator: the game page, the home page,
the replay page (refused while the game runs), the game page's live part and its wait,
``GET /api/games/{id}/``, ``/moves/`` and, for seat
holders, ``/api/me/turns/``. What a viewer may know is what the engine has shown it: every card in
any ``observe(viewer)`` so far. Every other card in the engine's full state (other hands, the
deck, face-down offers) is secret and must not appear in any response: not as a card element
(``data-card``), not in a JSON string, not drawn (``J♦``), not by name ("jack of diamonds").

The check is generic: it knows each game only through the engine's registry, ``observe`` and
``to_json``. Mulligan's own precise API check (cards public once, cards given away) is
tests/games/test_api_hidden_information.py.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from engine import Game as EngineGame
from engine import get_game, registered_games
from engine.cards import CARD_INDEX
from games.models import Game, GameStatus, Player
from games.selectors.games import game_state
from games.services.games import game_create
from games.templatetags.cards import card_symbol, card_title
from tests.games.factories import PlayerFactory
from tests.games.helpers import create_game

pytestmark = pytest.mark.django_db

# Long enough that its digits cannot turn up by chance in a page (no id or count is this long).
SECRET_SEED = 8_123_456_789_012_345_677
MAX_MOVES = 120


def _cards(data: Any, game: EngineGame | None = None) -> set[str]:
    """The cards named anywhere in ``data``, as the game names its cards (``Game.is_card``)."""
    game = game or get_game("mulligan")
    if isinstance(data, str):
        return {data} if game.is_card(data) else set()
    if isinstance(data, dict):
        return set().union(set(), *(_cards(key, game) | _cards(value, game) for key, value in data.items()))
    if isinstance(data, list | tuple):
        return set().union(set(), *(_cards(item, game) for item in data))
    return set()


class _PageText(HTMLParser):
    """A page's visible text, its attribute values and its scripts, apart (styles are left out:
    a CSS length such as ``.2s`` is not a card)."""

    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.attributes: list[str] = []
        self.scripts: list[str] = []
        self._in: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._in.append(tag)
        self.attributes.extend(value for _, value in attrs if value)

    def handle_endtag(self, tag: str) -> None:
        if tag in self._in:
            while self._in.pop() != tag:
                pass

    def handle_data(self, data: str) -> None:
        if "style" in self._in:
            return
        (self.scripts if "script" in self._in else self.text).append(data)


def _leaks_in_html(html: str, secret: set[str]) -> set[str]:
    page = _PageText()
    page.feed(html)
    text = " ".join(page.text).lower()
    raw = page.attributes + page.scripts
    shown = set()
    for card in secret:
        in_attributes = any(value == card or f'"{card}"' in value or f"'{card}'" in value for value in raw)
        if card in CARD_INDEX:  # a playing card is drawn as "J♦" or named "jack of diamonds"
            drawn = card_symbol(card).lower() in text or card_title(card).lower() in text
        else:  # other games' cards have unique names, shown as they are
            drawn = card.lower() in text
        if in_attributes or drawn:
            shown.add(card)
    return shown


def _strings(data: Any) -> Iterator[str]:
    if isinstance(data, dict):
        for key, value in data.items():
            yield key
            yield from _strings(value)
    elif isinstance(data, list):
        for value in data:
            yield from _strings(value)
    elif isinstance(data, str):
        yield data


def _check(response: Any, secret: set[str], where: str) -> None:
    assert response.status_code in {200, 403}, (where, response.status_code)
    body = response.content.decode()
    assert str(SECRET_SEED) not in body, f"{where} shows the seed"
    if response["Content-Type"].startswith("application/json"):
        data = response.json()
        assert "seed" not in set(_strings(data)), f"{where} names a seed"
        shown = secret & set(_strings(data))
    else:
        shown = _leaks_in_html(body, secret)
    assert not shown, f"{where} shows {sorted(shown)}, which this viewer may not see"


def _config(engine_game: EngineGame, players: int) -> dict[str, Any]:
    defaults = engine_game.normalize_config({})
    config: dict[str, Any] = {"players": players} if "players" in defaults else {}
    # A whole game in a few dozen moves, where the game has a length to set (ended by its own cap).
    short = {"max_turns": 6, "hands": 3, "turn_cap": 4, "holes": 1}
    config.update({key: value for key, value in short.items() if key in defaults})
    return config


def _play(game_id: str, seed: int) -> tuple[Game, int, dict[int | None, set[str]]]:
    engine_game = get_game(game_id)
    count = max(engine_game.min_players, min(3, engine_game.max_players))
    people: list[Player] = PlayerFactory.create_batch(count)
    game = game_create(
        game_id=game_id,
        competitors=[p.competitor for p in people],
        seed=SECRET_SEED,
        config=_config(engine_game, count),
    )
    pages: dict[int | None, Client] = {None: Client()}
    apis: dict[int | None, APIClient] = {None: APIClient()}
    for seat, person in enumerate(people):
        pages[seat] = Client()
        pages[seat].force_login(person.user)
        apis[seat] = APIClient()
        apis[seat].force_authenticate(person.user)
    known: dict[int | None, set[str]] = {viewer: set() for viewer in pages}
    rng = random.Random(seed)
    moves = 0
    while moves < MAX_MOVES:
        game.refresh_from_db()
        state = game_state(game)
        if state.is_over:
            break
        everything = _cards(state.to_json(), engine_game)
        for viewer in pages:
            known[viewer] |= _cards(state.observe(viewer), engine_game)
            secret = everything - known[viewer]
            who = f"{game_id} move {game.version} as {'a spectator' if viewer is None else f'seat {viewer}'}"
            _check(pages[viewer].get(f"/games/{game.pk}/"), secret, f"{who}: the game page")
            _check(pages[viewer].get("/"), secret, f"{who}: the home page")
            _check(pages[viewer].get(f"/games/{game.pk}/replay/?step=1"), secret, f"{who}: the replay")
            _check(pages[viewer].get(f"/games/{game.pk}/live/"), secret, f"{who}: the live game part")
            _check(pages[viewer].get(f"/games/{game.pk}/wait/?after=0"), secret, f"{who}: the page's wait")
            _check(apis[viewer].get(f"/api/games/{game.pk}/"), secret, f"{who}: GET /api/games/{{id}}/")
            _check(apis[viewer].get(f"/api/games/{game.pk}/moves/"), secret, f"{who}: GET .../moves/")
            if viewer is not None:
                _check(apis[viewer].get("/api/me/turns/"), secret, f"{who}: GET /api/me/turns/")
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat))
        if moves % 2:
            response = apis[seat].post(
                f"/api/games/{game.pk}/moves/",
                {"action": action, "expected_move": game.version},
                format="json",
            )
            assert response.status_code == 201, response.content
        else:
            response = pages[seat].post(
                f"/games/{game.pk}/move/",
                {"action": json.dumps(action), "expected_move": game.version, "seat": seat},
            )
            assert response.status_code == 302, response.content.decode()[:500]
        moves += 1
    game.refresh_from_db()
    return game, moves, known


@pytest.mark.parametrize("game_id", [game.id for game in registered_games()])
def test_no_page_or_response_shows_what_its_viewer_may_not_see(game_id: str, settings: Any) -> None:
    settings.RATELIMIT_MOVES = "100000/m"
    settings.GAME_PAGE_WAIT_SECONDS = 0
    game, moves, known = _play(game_id, seed=11)
    assert moves >= 5
    # Not vacuous: each seat saw cards the spectator did not (its own hand at least).
    for seat in range(len(known) - 1):
        assert known[seat] - known[None], f"seat {seat} saw nothing private"
    assert game.status == GameStatus.FINISHED, f"{game_id} did not end in {MAX_MOVES} moves"
    # Once over, everything is shown: the replay's last step draws every seat's hand.
    final = game_state(game)
    html = Client().get(f"/games/{game.pk}/replay/?step={game.version}").content.decode()
    engine_game = get_game(game.game_id)
    hands = set().union(*(_cards(final.observe(seat), engine_game) for seat in range(final.num_players)))
    assert _leaks_in_html(html, hands) == hands, "the replay's last step does not show every hand"


def test_the_page_check_sees_a_card_that_leaks(players: list[Player]) -> None:
    """A seat holder's page, checked against what a spectator may see, fails the check."""
    game = create_game([p.competitor for p in players[:3]], seed=SECRET_SEED, config={"players": 3})
    state = game_state(game)
    spectator_secret = _cards(state.to_json()) - _cards(state.observe(None))
    client = Client()
    client.force_login(players[0].user)
    with pytest.raises(AssertionError, match="may not see"):
        _check(client.get(f"/games/{game.pk}/"), spectator_secret, "seat 0 as a spectator")
    assert _leaks_in_html(client.get(f"/games/{game.pk}/").content.decode(), spectator_secret) == set(
        state.observe(0)["hand"]
    )
