"""No API response shows a card its requester may not know, or the seed, while a game runs.

Whole Mulligan games are played through the API: three people (driven by the ``legal_actions`` the
API gives them) and one built-in bot (run by the Celery task, eagerly, on commit). At every step
``GET /api/games/{id}/`` and ``GET /api/games/{id}/moves/`` are fetched as each seat holder and
anonymously, and every JSON string in them is checked against the cards that viewer cannot know,
computed from the engine's full state (``game_state(game)``):

* the deck and the face-down burnt pile (High Risk): never seen by anyone while the game runs;
* the other seats' hands and their offers on the ring, except cards that have been public at some
  point (the auctioned card, revealed offers, swapped cards, the discard pile: anything named in
  the public log) and cards the viewer itself held at some point (it knows where a card it gave
  away went).

The seed must not show either: no ``seed`` key anywhere and not its digits.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from rest_framework.test import APIClient

from engine.cards import CARD_NAMES
from games.models import Bot, Game, GameStatus, Player
from games.selectors.games import game_state
from tests.games.factories import PlayerFactory
from tests.games.helpers import choose, create_game

pytestmark = pytest.mark.django_db

CARDS = frozenset(CARD_NAMES)
# A seed whose digits cannot turn up by chance in a response (no count or id is this long).
SECRET_SEED = 7_912_345_678_901_234_567


def _strings(data: Any) -> Iterator[str]:
    """Every string in a JSON document, keys included."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield key
            yield from _strings(value)
    elif isinstance(data, list):
        for value in data:
            yield from _strings(value)
    elif isinstance(data, str):
        yield data


def _keys(data: Any) -> Iterator[str]:
    if isinstance(data, dict):
        for key, value in data.items():
            yield key
            yield from _keys(value)
    elif isinstance(data, list):
        for value in data:
            yield from _keys(value)


def _numbers(data: Any) -> Iterator[int | float]:
    if isinstance(data, dict):
        for value in data.values():
            yield from _numbers(value)
    elif isinstance(data, list):
        for value in data:
            yield from _numbers(value)
    elif isinstance(data, int | float) and not isinstance(data, bool):
        yield data


def _public_cards(full: dict[str, Any]) -> set[str]:
    """Cards named in the public log (table talk aside) or lying face up in the discard pile."""
    public = set(full["discard"])
    for event in full["log"]:
        if event["type"] != "say":
            public |= CARDS.intersection(_strings(event))
    return public


def _secret_cards(full: dict[str, Any], viewer: int | None, known: set[str]) -> set[str]:
    secret = set(full["deck"]) | set(full["burnt"])
    for seat, hand in enumerate(full["hands"]):
        if seat != viewer:
            secret |= set(hand)
    for seat, card, _chips in full["offers"]:
        if seat != viewer:
            secret.add(card)
    return secret - known


def _assert_nothing_leaks(response: Any, secret: set[str], where: str) -> None:
    assert response.status_code == 200, (where, response.status_code)
    data = response.json()
    shown = CARDS.intersection(_strings(data))
    assert not shown & secret, f"{where} shows {sorted(shown & secret)}"
    assert "seed" not in set(_keys(data)), f"{where} has a seed"
    assert SECRET_SEED not in set(_numbers(data)), f"{where} shows the seed"
    assert str(SECRET_SEED) not in response.content.decode(), f"{where} shows the seed's digits"
    assert "final_state" not in data


def _assert_offered_chips_hidden(view: dict[str, Any], full: dict[str, Any], viewer: int | None) -> None:
    """Playing for chips, the stake on a face-down offer is as secret as its card until all are in."""
    observation = view["observation"]
    if "chips" not in observation or full["phase"] != "offers":
        return
    offered = {seat: chips for seat, _card, chips in full["offers"]}
    for seat, stack in enumerate(full["chips"]):
        shown = observation["chips"][seat]
        expected = stack if seat == viewer else stack + offered.get(seat, 0)
        assert shown == expected, f"seat {viewer} sees seat {seat}'s stack as {shown}, not {expected}"
    for offer in observation["ring"]["offers"]:
        if offer["seat"] != viewer:
            assert offer.get("chips") is None and offer["card"] is None, offer


def _play_through_the_api(
    config: dict[str, Any],
    rng: random.Random,
    people: list[Player],
    bot: Bot,
    client_for: Callable[[Player], APIClient],
    on_commit: Callable[[], Any],
) -> tuple[Game, int]:
    seating: list[Player | Bot] = [people[0], bot, people[1], people[2]]
    with on_commit():
        game = create_game([who.competitor for who in seating], seed=SECRET_SEED, config=config)
    people_by_seat = {seat: who for seat, who in enumerate(seating) if isinstance(who, Player)}
    clients: dict[int | None, APIClient] = {seat: client_for(p) for seat, p in people_by_seat.items()}
    clients[None] = APIClient()
    known: dict[int | None, set[str]] = {viewer: set() for viewer in clients}
    steps = 0
    while True:
        game.refresh_from_db()
        full = game_state(game).to_json()
        if full["phase"] == "over":
            return game, steps
        public = _public_cards(full)
        views: dict[int | None, dict[str, Any]] = {}
        for viewer, client in clients.items():
            if viewer is not None:
                known[viewer] |= set(full["hands"][viewer])
            secret = _secret_cards(full, viewer, known[viewer] | public)
            who = f"move {game.version}, seat {viewer}"
            view = client.get(f"/api/games/{game.pk}/")
            _assert_nothing_leaks(view, secret, f"{who}: GET /games/{{id}}/")
            _assert_nothing_leaks(client.get(f"/api/games/{game.pk}/moves/"), secret, f"{who}: GET /moves/")
            views[viewer] = view.json()
            _assert_offered_chips_hidden(views[viewer], full, viewer)
            if viewer is not None:
                assert views[viewer]["observation"]["hand"] == sorted(
                    full["hands"][viewer], key=CARD_NAMES.index, reverse=True
                )
        # The person who must act plays one of the legal actions the API listed for them.
        acting = [seat for seat in views[None]["to_act"] if seat in people_by_seat]
        assert acting, f"the bot did not move at move {game.version}"
        seat = acting[0]
        legal = views[seat]["legal_actions"]
        assert legal, f"seat {seat} must act but was offered nothing"
        body = {"action": choose(legal, rng), "expected_move": game.version}
        with on_commit():
            response = clients[seat].post(f"/api/games/{game.pk}/moves/", body, format="json")
        assert response.status_code == 201, response.content
        steps += 1


@pytest.mark.parametrize(
    ("config", "seed"),
    [
        ({"max_turns": 7}, 1),
        ({"max_turns": 7, "secret_offers": True}, 3),
        ({"max_turns": 6, "high_risk": True, "chips": 4}, 5),
        ({"max_turns": 6, "secret_offers": True, "high_risk": True, "chips": 3}, 6),
    ],
    ids=["base", "secret-offers", "high-risk-chips", "secret-high-risk-chips"],
)
def test_a_whole_game_through_the_api_leaks_nothing(
    config: dict[str, Any],
    seed: int,
    heuristic_bot: Bot,
    client_for: Callable[[Player], APIClient],
    on_commit: Callable[[], Any],
) -> None:
    people = PlayerFactory.create_batch(3)
    game, steps = _play_through_the_api(
        config, random.Random(seed), people, heuristic_bot, client_for, on_commit
    )
    assert steps >= 4

    # Over: now everything is shown, the seed and the whole final state included.
    assert game.status == GameStatus.FINISHED
    history = APIClient().get(f"/api/games/{game.pk}/moves/").json()
    assert history["seed"] == SECRET_SEED
    assert history["final_state"]["deck"] == game_state(game).to_json()["deck"]
    assert history["final_state"]["hands"] == game_state(game).to_json()["hands"]
    assert any(m["action"]["type"] == "offer" and "card" in m["action"] for m in history["moves"])
    view = APIClient().get(f"/api/games/{game.pk}/").json()
    assert view["seed"] == SECRET_SEED
    assert view["observation"]["hands"] == [
        sorted(hand, key=CARD_NAMES.index, reverse=True) for hand in game_state(game).to_json()["hands"]
    ]


def test_the_checker_sees_a_leak(
    heuristic_bot: Bot, client_for: Callable[[Player], APIClient], players: list[Player]
) -> None:
    """The scan is not vacuous: a seat holder's own view names cards that are secret to a spectator."""
    game = create_game(
        [players[0].competitor, heuristic_bot.competitor, players[1].competitor], seed=SECRET_SEED
    )
    full = game_state(game).to_json()
    response = client_for(players[0]).get(f"/api/games/{game.pk}/")
    with pytest.raises(AssertionError, match="shows"):
        _assert_nothing_leaks(
            response, _secret_cards(full, None, _public_cards(full)), "seat 0 as a spectator"
        )
    game.status = GameStatus.FINISHED
    game.save()
    with pytest.raises(AssertionError, match="seed"):
        _assert_nothing_leaks(APIClient().get(f"/api/games/{game.pk}/"), set(), "a finished game")
