"""/games/new/ and /lobby/: the form built from each game's config metadata, the engine's refusals
on it, a game against bots started at once, and a challenge between two people from the pages."""

from __future__ import annotations

import json

import pytest
from bs4 import BeautifulSoup
from django.test import Client

from engine import ConfigError, get_game, registered_games
from games.models import Challenge, ChallengeState, Game, Player

pytestmark = pytest.mark.django_db

GAMES = registered_games()


def logged_in(player: Player) -> Client:
    client = Client()
    client.force_login(player.user)
    return client


def form_defaults(html: str) -> dict[str, str]:
    """What the new-game form would post as the page shows it (the browser's defaults)."""
    form = BeautifulSoup(html, "html.parser").find("form", attrs={"data-testid": "new-game-form"})
    assert form is not None
    data: dict[str, str] = {}
    for element in form.find_all(["input", "select", "textarea"]):
        name = element.get("name")
        if not name:
            continue
        if element.name == "select":
            chosen = element.find("option", selected=True) or element.find("option")
            data[name] = chosen.get("value", "")
        elif element.name == "textarea":
            data[name] = element.text
        elif element.get("type") == "checkbox":
            if element.has_attr("checked"):
                data[name] = element.get("value", "on")
        else:
            data[name] = element.get("value", "")
    return data


def field_box(html: str, name: str) -> str:
    """The text of the box that holds the form field ``name`` (its label, help and errors)."""
    soup = BeautifulSoup(html, "html.parser")
    element = soup.find(attrs={"name": name})
    assert element is not None, name
    return element.find_parent(class_="newgame-field").get_text(" ")


@pytest.fixture
def person(players: list[Player]) -> Player:
    return players[0]


def test_the_page_needs_a_login() -> None:
    response = Client().get("/games/new/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_the_first_step_offers_every_registered_game(person) -> None:
    html = logged_in(person).get("/games/new/").content.decode()
    offered = {o["value"] for o in BeautifulSoup(html, "html.parser").select("#id_pick_game option")}
    assert offered == {game.id for game in GAMES}


def test_an_unknown_game_is_refused_with_the_list_again(person) -> None:
    response = logged_in(person).get("/games/new/?game=chess")
    assert response.status_code == 400
    assert "no game called" in response.content.decode()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_the_form_shows_every_option_of_the_games_metadata(person, game) -> None:
    html = logged_in(person).get(f"/games/new/?game={game.id}").content.decode()
    soup = BeautifulSoup(html, "html.parser")
    for field in game.config_fields():
        if field.name == "players":
            seats = soup.find("input", attrs={"name": "seats"})
            assert seats["value"] == str(field.default)
            continue
        box = field_box(html, f"option_{field.name}")
        assert field.label in box and field.help in box
        element = soup.find(attrs={"name": f"option_{field.name}"})
        if field.kind == "choice":
            chosen = element.find("option", selected=True)
            assert json.loads(chosen["value"]) == field.default
            assert [json.loads(o["value"]) for o in element.find_all("option")] == [
                v for v, _ in field.choices
            ]
        elif field.kind == "int":
            assert element["value"] == str(field.default)
        elif field.kind == "bool":
            assert element.has_attr("checked") == field.default
    presets = [o.get_text() for o in soup.select("#id_preset option")]
    assert len(presets) == len(game.config_presets())
    assert all(text.startswith(p.label) for text, p in zip(presets, game.config_presets(), strict=True))


def test_a_preset_fills_the_form_in(person) -> None:
    golf = get_game("golf")
    preset = next(p for p in golf.config_presets() if p.config.get("players") and p.config.get("mode"))
    html = logged_in(person).get(f"/games/new/?game=golf&preset={preset.name}").content.decode()
    soup = BeautifulSoup(html, "html.parser")
    assert soup.find("input", attrs={"name": "seats"})["value"] == str(preset.config["players"])
    chosen = soup.find(attrs={"name": "option_mode"}).find("option", selected=True)
    assert json.loads(chosen["value"]) == preset.config["mode"]


def test_a_bad_config_shows_the_engines_words_and_creates_nothing(person) -> None:
    client = logged_in(person)
    page = form_defaults(client.get("/games/new/?game=mulligan").content.decode())
    page.update({"option_open_hands": "on", "option_secret_offers": "on"})
    with pytest.raises(ConfigError) as engine:
        get_game("mulligan").normalize_config({"open_hands": True, "secret_offers": True, "players": 2})
    response = client.post("/games/new/", page)
    assert response.status_code == 400
    errors = BeautifulSoup(response.content, "html.parser").find(attrs={"data-testid": "form-errors"})
    assert errors is not None and str(engine.value) in errors.get_text()
    assert Game.objects.count() == 0 and Challenge.objects.count() == 0


def test_an_engine_refusal_naming_an_option_is_shown_next_to_it(person) -> None:
    client = logged_in(person)
    page = form_defaults(client.get("/games/new/?game=opening_hand").content.decode())
    page["option_hand_size_modifiers"] = "1, 2, 3"
    with pytest.raises(ConfigError) as engine:
        get_game("opening_hand").normalize_config({"hand_size_modifiers": [1, 2, 3], "players": 2})
    response = client.post("/games/new/", page)
    assert response.status_code == 400
    assert str(engine.value) in field_box(response.content.decode(), "option_hand_size_modifiers")
    assert Game.objects.count() == 0 and Challenge.objects.count() == 0


def test_a_form_error_is_shown_next_to_its_field(person) -> None:
    client = logged_in(person)
    page = form_defaults(client.get("/games/new/?game=mulligan").content.decode())
    page["option_chips"] = "-5"
    response = client.post("/games/new/", page)
    assert response.status_code == 400
    assert "greater than or equal to 0" in field_box(response.content.decode(), "option_chips")
    assert Game.objects.count() == 0


@pytest.mark.parametrize("value", ["1e308", "7", "x" * 60_000])
@pytest.mark.parametrize(
    ("game_id", "name"),
    [
        ("golf", "option_catalog"),
        ("opening_hand", "option_deck"),
        ("opening_hand", "option_hand_size_modifiers"),
    ],
)
def test_a_json_or_list_option_that_is_a_number_or_too_long_is_refused_next_to_it(
    person, game_id, name, value
) -> None:
    # Found by the form fuzz test: the length check ran on the parsed value, and a number has no length.
    client = logged_in(person)
    page = form_defaults(client.get(f"/games/new/?game={game_id}").content.decode())
    assert name in page
    response = client.post("/games/new/", {**page, name: value})
    assert response.status_code == 400
    html = response.content.decode()
    if len(value) > 50_000:
        assert "at most" in field_box(html, name)
    assert "errorlist" in html
    assert Game.objects.count() == 0 and Challenge.objects.count() == 0


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_a_game_against_bots_starts_at_once_and_opens_its_page(person, on_commit, game) -> None:
    client = logged_in(person)
    page = form_defaults(client.get(f"/games/new/?game={game.id}").content.decode())
    if game.id == "golf":
        page["option_holes"] = "1"  # a short round: the bots play it at once
    page["time_per_move"] = "1h"
    with on_commit():
        response = client.post("/games/new/", page)
    assert response.status_code == 302, response.content.decode()[:2000]
    created = Game.objects.get()
    assert response["Location"] == f"/games/{created.pk}/"
    seats = list(created.seats.order_by("index").select_related("competitor__bot"))
    assert seats[0].competitor_id == person.competitor_id
    assert all(seat.competitor.is_bot for seat in seats[1:])
    assert len(seats) == created.config.get("players", len(seats))
    assert logged_in(person).get(response["Location"]).status_code == 200


def test_a_challenge_between_two_people_from_the_pages(players, on_commit) -> None:
    alice, bob, carol = players[:3]
    alice_client, bob_client, carol_client = logged_in(alice), logged_in(bob), logged_in(carol)
    page = form_defaults(alice_client.get("/games/new/?game=mulligan").content.decode())
    page.update({"seats": "2", "seat_1": "player", "seat_1_player": bob.user.username})
    page.pop("rated", None)  # unchecked
    response = alice_client.post("/games/new/", page)
    assert response.status_code == 302 and response["Location"] == "/lobby/"
    challenge = Challenge.objects.get()
    assert Game.objects.count() == 0

    # Bob sees it addressed to him; Carol does not see it at all; Alice may only cancel it.
    lobby = BeautifulSoup(bob_client.get("/lobby/").content, "html.parser")
    mine = lobby.find(attrs={"data-testid": "challenges-for-me"})
    assert f"Accept challenge {challenge.pk}" in mine.get_text()
    assert f"Decline challenge {challenge.pk}" in mine.get_text()
    assert f"challenge {challenge.pk}" not in carol_client.get("/lobby/").content.decode()
    alice_lobby = alice_client.get("/lobby/").content.decode()
    assert f"Cancel challenge {challenge.pk}" in alice_lobby
    assert f"Accept challenge {challenge.pk}" not in alice_lobby

    refused = carol_client.post(f"/challenges/{challenge.pk}/accept/")
    assert refused.status_code == 403
    assert "not one of them" in refused.content.decode()

    with on_commit():
        accepted = bob_client.post(f"/challenges/{challenge.pk}/accept/")
    challenge.refresh_from_db()
    assert challenge.state == ChallengeState.ACCEPTED
    game = challenge.started_game
    assert accepted.status_code == 302 and accepted["Location"] == f"/games/{game.pk}/"
    assert list(game.seats.order_by("index").values_list("competitor_id", flat=True)) == [
        alice.competitor_id,
        bob.competitor_id,
    ]
    assert game.rated is False
    assert bob_client.get(accepted["Location"]).status_code == 200


def test_an_open_challenge_is_taken_from_the_lobby(players, on_commit) -> None:
    alice, dave = players[0], players[3]
    client = logged_in(alice)
    page = form_defaults(client.get("/games/new/?game=three_card").content.decode())
    page.update({"seats": "2", "seat_1": "open"})
    assert client.post("/games/new/", page).status_code == 302
    challenge = Challenge.objects.get()
    lobby = BeautifulSoup(logged_in(dave).get("/lobby/").content, "html.parser")
    row = lobby.find(attrs={"data-testid": "challenges-open"}).find(
        attrs={"data-testid": f"challenge-{challenge.pk}"}
    )
    assert "Three Card Mulligan" in row.get_text() and "0 of 1" not in row.get_text()
    with on_commit():
        response = logged_in(dave).post(f"/challenges/{challenge.pk}/accept/")
    challenge.refresh_from_db()
    assert response["Location"] == f"/games/{challenge.started_game_id}/"
    assert logged_in(alice).post(f"/challenges/{challenge.pk}/cancel/").status_code == 409


def test_decline_and_cancel_from_the_pages(players) -> None:
    alice, bob = players[:2]
    client = logged_in(alice)
    page = form_defaults(client.get("/games/new/?game=mulligan").content.decode())
    page.update({"seat_1": "player", "seat_1_player": bob.user.username})
    client.post("/games/new/", page)
    client.post("/games/new/", page)
    first, second = Challenge.objects.order_by("pk")
    assert logged_in(bob).post(f"/challenges/{second.pk}/cancel/").status_code == 403
    assert logged_in(bob).post(f"/challenges/{first.pk}/decline/")["Location"] == "/lobby/"
    assert client.post(f"/challenges/{second.pk}/cancel/")["Location"] == "/lobby/"
    states = dict(Challenge.objects.values_list("pk", "state"))
    assert states == {first.pk: ChallengeState.DECLINED, second.pk: ChallengeState.CANCELLED}
    assert Game.objects.count() == 0


def test_naming_nobody_who_exists_is_refused_on_the_form(person) -> None:
    client = logged_in(person)
    page = form_defaults(client.get("/games/new/?game=mulligan").content.decode())
    page.update({"seat_1": "player", "seat_1_player": "no-such-person"})
    response = client.post("/games/new/", page)
    assert response.status_code == 400
    assert "no player called 'no-such-person'" in BeautifulSoup(response.content, "html.parser").get_text()
    page["seat_1_player"] = ""
    response = client.post("/games/new/", page)
    assert response.status_code == 400 and "name the player for seat 2" in response.content.decode()
    assert Challenge.objects.count() == 0


def test_the_navigation_links_to_new_game_and_lobby(person) -> None:
    html = logged_in(person).get("/lobby/").content.decode()
    nav = BeautifulSoup(html, "html.parser").find("nav")
    links = {a["href"] for a in nav.find_all("a")}
    assert {"/games/new/", "/lobby/"} <= links


def test_the_lobby_is_public_but_its_buttons_need_a_login(players) -> None:
    alice = players[0]
    client = logged_in(alice)
    page = form_defaults(client.get("/games/new/?game=mulligan").content.decode())
    page.update({"seat_1": "open"})
    client.post("/games/new/", page)
    challenge = Challenge.objects.get()
    html = Client().get("/lobby/").content.decode()
    assert f"challenge-{challenge.pk}" in html and "Accept challenge" not in html
    response = Client().post(f"/challenges/{challenge.pk}/accept/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
