"""``/tournaments/new/`` and ``/leagues/new/``: forms made from the API's create serializers, which
create what the API creates for the same options and refuse what it refuses, next to the field."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from games.api.competition_serializers import TournamentCreateSerializer
from games.api.league_serializers import LeagueCreateSerializer
from games.models import League, Player, Tournament
from games.web.competition_forms import LeagueForm, TournamentForm
from games.web.serializer_forms import writable_fields
from tests.games.web_competitions.acting import as_json, said, signed_in, soup_of

pytestmark = pytest.mark.django_db

ClientFor = Callable[[Player], APIClient]
# What the API shows of a competition that two creations with the same options may differ in.
OWN = {"id", "created_at"}

FORMS = [
    pytest.param(TournamentForm, TournamentCreateSerializer, "tournament-new", id="tournament"),
    pytest.param(LeagueForm, LeagueCreateSerializer, "league-new", id="league"),
]


@pytest.mark.parametrize(("form", "serializer", "route"), FORMS)
def test_the_form_offers_exactly_the_api_create_fields(form: Any, serializer: Any, route: str) -> None:
    assert list(form.base_fields) == list(writable_fields(serializer))


@pytest.mark.parametrize(("form", "serializer", "route"), FORMS)
def test_each_field_shows_the_api_default_and_help_with_a_label(
    form: Any, serializer: Any, route: str, players: list[Player]
) -> None:
    page = soup_of(signed_in(players[0]).get(reverse(route)))
    fields = writable_fields(serializer)
    for name, field in fields.items():
        box = page.select_one(f'[data-field="{name}"]')
        assert box is not None, name
        control = box.select_one(f'[name="{name}"]')
        assert box.select_one(f'label[for="{control["id"]}"]') is not None, name
        help_line = box.select_one(f"#{control['id']}_helptext")
        assert help_line is not None and help_line.text.strip(), name
        assert control.get("aria-describedby") == f"{control['id']}_helptext", name
        if field.help_text and name != "game":
            assert help_line.text.strip() == str(field.help_text), name
        default = field.default
        if default is not None and not callable(default) and name != "move_time_limit":
            shown = _shown_value(control)
            assert shown == default, (name, shown, default)
    assert page.select_one('[name="move_time_limit"]')["value"] == "86400"  # the API's default: a day
    assert page.select_one('[name="config"]').text.strip() == "{}"


def _shown_value(control: Any) -> Any:
    if control.name == "select":
        selected = control.select_one("option[selected]")
        return selected["value"] if selected else None
    if control.get("type") == "checkbox":
        return control.has_attr("checked")
    value = control.get("value")
    return int(value) if value is not None and value.lstrip("-").isdigit() else value


def page_body(options: dict[str, Any]) -> dict[str, Any]:
    """The form's post for ``options`` (API values): a checkbox sent when true, left out when false."""
    body: dict[str, Any] = {}
    for name, value in options.items():
        if value is True:
            body[name] = "on"
        elif value is False:
            continue
        elif isinstance(value, dict):
            body[name] = json.dumps(value)
        else:
            body[name] = str(value)
    return body


def api_view(client: APIClient, path: str) -> dict[str, Any]:
    data = client.get(path).json()
    return {key: value for key, value in data.items() if key not in OWN}


SWISS = {
    "name": "autumn swiss",
    "game": "mulligan",
    "config": {"high_risk": True, "max_turns": 60},
    "format": "swiss",
    "seats_per_table": 2,
    "rounds": 4,
    "best_of": 3,
    "entrants": "people",
    "late_entries": True,
    "rated": False,
    "move_time_limit": "PT36H",
    "timeout_policy": "default_action",
    "allow_vacations": False,
    "bot_move_time_ms": 500,
    "bot_time_bank_ms": 0,
    "bot_fault_policy": "forfeit",
    "bot_max_strikes": 5,
}
LEAGUE = {
    "name": "four-seat ladder",
    "game": "mulligan",
    "config": {"secret_offers": True},
    "seats_per_table": 4,
    "rating_system": "openskill",
    "entrants": "bots",
    "challenge_range": 7,
    "ratings_per_season": True,
    "move_time_limit": 5400,
    "timeout_policy": "default_action",
    "allow_vacations": False,
    "bot_move_time_ms": 1500,
    "bot_time_bank_ms": 30000,
    "bot_fault_policy": "default_move",
    "bot_max_strikes": 9,
}


@pytest.mark.parametrize(
    ("route", "options", "model", "api"),
    [
        pytest.param("tournament-new", SWISS, Tournament, "/api/tournaments/", id="swiss"),
        pytest.param("league-new", LEAGUE, League, "/api/leagues/", id="league"),
    ],
)
def test_the_form_creates_what_the_api_creates(
    route: str, options: dict[str, Any], model: Any, api: str, players: list[Player], client_for: ClientFor
) -> None:
    organiser = players[0]
    response = signed_in(organiser).post(reverse(route), page_body(options))
    assert response.status_code == 302, said(response)
    made = model.objects.get()
    assert response["Location"] == reverse(route.replace("-new", ""), args=[made.pk])
    assert made.organiser == organiser and made.state == "draft"

    client = client_for(organiser)
    created = client.post(api, options, format="json")
    assert created.status_code == 201, created.json()
    from_page = api_view(client, f"{api}{made.pk}/")
    from_api = api_view(client, f"{api}{created.json()['id']}/")
    assert from_page == from_api
    # The options sent, not the defaults: the comparison alone would hold for a form that ignored them.
    for name in ("entrants", "timeout_policy", "allow_vacations", "bot_fault_policy", "bot_max_strikes"):
        assert from_page[name] == options[name], name
    assert from_page["config"] | options["config"] == from_page["config"]


# (page values, the field the refusal is shown next to, whether the API takes the same values)
TOURNAMENT_REFUSALS = [
    pytest.param({"best_of": "4"}, "best_of", True, id="even best-of (service)"),
    pytest.param(
        {"seats_per_table": "4", "format": "single_elimination"},
        "seats_per_table",
        True,
        id="multi-seat knockout",
    ),
    pytest.param(
        {"late_entries": "on", "format": "round_robin"}, "late_entries", True, id="late entries not Swiss"
    ),
    pytest.param({"config": '{"high_risk": "very"}'}, "config", True, id="bad game option (engine)"),
    pytest.param({"bot_move_time_ms": "5"}, "bot_move_time_ms", True, id="bot clock out of range"),
    pytest.param({"rounds": "0"}, "rounds", True, id="no rounds"),
    pytest.param({"move_time_limit": "forever"}, "move_time_limit", True, id="time limit not a duration"),
    pytest.param({"move_time_limit": "0"}, "move_time_limit", True, id="time limit zero"),
    pytest.param({"bot_max_strikes": "3.5"}, "bot_max_strikes", True, id="strikes not whole"),
    pytest.param({"name": "x" * 121}, "name", True, id="name too long"),
    pytest.param({"config": "[1, 2]"}, "config", False, id="options not an object"),
    pytest.param({"config": "{high_risk: true"}, "config", False, id="options not JSON"),
    pytest.param({"name": "  "}, "name", False, id="blank name"),
    pytest.param({"game": "chess"}, "game", False, id="unknown game"),
    pytest.param({"format": "knockout"}, "format", False, id="unknown format"),
    pytest.param({"format": ""}, "format", False, id="no format chosen"),
    pytest.param({"game": ""}, "game", False, id="no game chosen"),
]


def _api_words(client: APIClient, path: str, page_values: dict[str, Any], base: dict[str, Any]) -> list[str]:
    body = {**base, **page_values}
    body = {key: json.loads(value) if key == "config" else value for key, value in body.items()}
    body = {key: True if value == "on" else as_json(value) for key, value in body.items()}
    response = client.post(path, body, format="json")
    assert response.status_code == 400, response.json()
    data = response.json()
    return data["errors"][next(iter(data["errors"]))] if "errors" in data else [data["detail"]]


def _assert_refused_next_to(
    route: str,
    path: str,
    base: dict[str, Any],
    values: dict[str, Any],
    field: str,
    same_as_api: bool,
    organiser: Player,
    client_for: ClientFor,
    model: Any,
) -> None:
    response = signed_in(organiser).post(reverse(route), {**base, **values})
    assert response.status_code == 400
    assert not model.objects.exists()
    page = soup_of(response)
    shown = [li.text for li in page.select(f'[data-errors-for="{field}"] li')]
    assert shown, (field, page.select(".errorlist"))
    assert page.select_one(f'[data-field="{field}"] [name="{field}"]') is not None
    # What the person typed is still there to correct.
    control = page.select_one(f'[data-field="{field}"] input[name="{field}"]')
    if control is not None and control.get("type") in ("text", "number"):
        assert control.get("value", "") == values[field]
    if same_as_api:
        assert shown == _api_words(client_for(organiser), path, values, base)
        assert not model.objects.exists()


@pytest.mark.parametrize(("values", "field", "same_as_api"), TOURNAMENT_REFUSALS)
def test_a_bad_tournament_option_is_refused_next_to_its_field(
    values: dict[str, Any], field: str, same_as_api: bool, players: list[Player], client_for: ClientFor
) -> None:
    base = page_body({key: SWISS[key] for key in ("name", "game", "format")}) | {
        "seats_per_table": "2",
        "best_of": "1",
        "move_time_limit": "86400",
        "timeout_policy": "forfeit",
        "bot_move_time_ms": "2000",
        "bot_time_bank_ms": "10000",
        "bot_fault_policy": "default_move",
        "bot_max_strikes": "3",
        "entrants": "both",
    }
    _assert_refused_next_to(
        "tournament-new",
        "/api/tournaments/",
        base,
        values,
        field,
        same_as_api,
        players[0],
        client_for,
        Tournament,
    )


@pytest.mark.parametrize(
    ("values", "field", "same_as_api"),
    [
        pytest.param({"rating_system": "openskill"}, "rating_system", True, id="openskill at two seats"),
        pytest.param({"challenge_range": "0"}, "challenge_range", True, id="no challenge range"),
        pytest.param({"seats_per_table": "7"}, "seats_per_table", True, id="too many seats"),
        pytest.param({"seats_per_table": ""}, "seats_per_table", False, id="seats emptied"),
    ],
)
def test_a_bad_league_option_is_refused_next_to_its_field(
    values: dict[str, Any], field: str, same_as_api: bool, players: list[Player], client_for: ClientFor
) -> None:
    base = {
        "name": "ladder",
        "game": "mulligan",
        "seats_per_table": "2",
        "rating_system": "elo",
        "entrants": "both",
        "challenge_range": "3",
        "move_time_limit": "86400",
        "timeout_policy": "forfeit",
        "bot_move_time_ms": "2000",
        "bot_time_bank_ms": "10000",
        "bot_fault_policy": "default_move",
        "bot_max_strikes": "3",
    }
    _assert_refused_next_to(
        "league-new", "/api/leagues/", base, values, field, same_as_api, players[0], client_for, League
    )


@pytest.mark.parametrize("route", ["tournament-new", "league-new"])
def test_only_people_signed_in_organise(route: str) -> None:
    response = Client().get(reverse(route))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    assert Client().post(reverse(route), {"name": "x"}).status_code == 302
    assert not Tournament.objects.exists() and not League.objects.exists()


@pytest.mark.parametrize(("route", "new"), [("tournaments", "tournament-new"), ("leagues", "league-new")])
def test_the_lists_link_to_the_forms(route: str, new: str) -> None:
    page = soup_of(Client().get(reverse(route)))
    assert page.select_one(f'a[href="{reverse(new)}"]') is not None
