"""One id path converter (games.converters) and one 404 (games.web.errors) for every URL with an id."""

from __future__ import annotations

import pytest
from django.test import Client

from games.converters import MAX_ID, IdConverter
from games.web.errors import API_KINDS, missing_thing

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "path,what",
    [
        ("/api/tournaments/{id}/", "tournament"),
        ("/api/tournaments/{id}/join/", "tournament"),
        ("/api/leagues/{id}/ladder/", "league"),
        ("/api/games/{id}/moves/", "game"),
        ("/api/bots/{id}/versions/", "bot"),
        ("/api/players/{id}/", "player"),
        ("/api/me/vacations/{id}/", "vacation"),
    ],
)
@pytest.mark.parametrize("number", [MAX_ID + 1, 10**30])
def test_an_id_no_row_can_have_is_the_api_s_json_404(path: str, what: str, number: int) -> None:
    response = Client().get(path.format(id=number))
    assert response.status_code == 404
    assert response.json() == {"detail": f"no {what} {number}", "code": "not_found"}


def test_an_unknown_api_address_is_a_json_404_too() -> None:
    response = Client().get("/api/no-such-thing/")
    assert response.status_code == 404
    assert response.json() == {"detail": "no API address /api/no-such-thing/", "code": "not_found"}


@pytest.mark.parametrize("path,words", [("/games/{id}/", "game"), ("/bots/{id}/", "bot")])
def test_a_page_for_an_impossible_id_names_what_is_missing(path: str, words: str) -> None:
    response = Client().get(path.format(id=2**64))
    assert response.status_code == 404
    assert f"There is no {words} {2**64}" in " ".join(response.content.decode().split())


def test_the_converter_takes_every_row_id_and_nothing_else() -> None:
    converter = IdConverter()
    assert converter.to_python("1") == 1 and converter.to_python(str(MAX_ID)) == MAX_ID
    for value in ("0", str(MAX_ID + 1)):
        with pytest.raises(ValueError):
            converter.to_python(value)
    assert converter.to_url(42) == "42"


def test_the_words_name_the_last_id_of_the_path() -> None:
    assert missing_thing("/bots/3/versions/99/", API_KINDS) == "version 99"
    assert missing_thing("/nothing/here/", API_KINDS) is None


@pytest.mark.parametrize(
    "path,what",
    [
        ("/api/bots/{id}/", "bot"),
        ("/api/bots/{id}/games/", "bot"),
        ("/api/leagues/{id}/", "league"),
        ("/api/leagues/{id}/games/", "league"),
    ],
)
def test_an_id_of_no_row_yet_is_the_same_json_404(path: str, what: str) -> None:
    """The hand-written reads (a bot's games, a league) say so as the ORM's reads do."""
    response = Client().get(path.format(id=987_654))
    assert response.status_code == 404
    assert response.json() == {"detail": f"no {what} 987654", "code": "not_found"}
