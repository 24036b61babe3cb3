"""The tournament API (``/api/tournaments/...``) through ``APIClient``, on eager Celery."""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from django.core.management import call_command
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from games.models import Bot, Entry, GameStatus, MatchGame, Player, Tournament
from tests.games.competitions.checks import assert_finished_and_reproducible
from tests.games.competitions.conftest import make_bots
from tests.games.factories import UserFactory

pytestmark = pytest.mark.django_db

ClientFor = Callable[[Player], APIClient]
OnCommit = Callable[[], AbstractContextManager[Any]]
URL = "/api/tournaments/"


def url(tournament: Tournament | int, action: str = "") -> str:
    pk = getattr(tournament, "pk", tournament)
    return f"{URL}{pk}/{action + '/' if action else ''}"


def owned_bots(owner: Player, count: int, *, game_id: str = "mulligan") -> list[Bot]:
    bots = make_bots(count, game_id=game_id)
    Bot.objects.filter(pk__in=[b.pk for b in bots]).update(owner=owner)
    return bots


def create(client: APIClient, **body: Any) -> dict[str, Any]:
    response = client.post(
        URL, {"name": "spring cup", "game": "mulligan", "format": "swiss", **body}, format="json"
    )
    assert response.status_code == 201, response.json()
    return response.json()


@pytest.fixture
def organiser(players: list[Player]) -> Player:
    return players[0]


@pytest.fixture
def boss(organiser: Player, client_for: ClientFor) -> APIClient:
    return client_for(organiser)


@pytest.fixture
def open_cup(boss: APIClient) -> dict[str, Any]:
    """A Swiss in registration, organised by players[0]."""
    cup = create(boss)
    assert boss.post(url(cup["id"], "open")).status_code == 200
    return cup


def assert_error(response: Any, status: int, *words: str, code: str | None = None) -> dict[str, Any]:
    assert response.status_code == status, (response.status_code, response.content[:400])
    body = response.json()
    assert isinstance(body.get("detail"), str) and body.get("code"), body
    for word in words:
        assert word in body["detail"], body
    if code is not None:
        assert body["code"] == code, body
    return body


def no_secrets(data: Any) -> None:
    """Neither a tournament's nor a game's seed appears anywhere in a body."""
    if isinstance(data, dict):
        # A "seed" here is a seeding position (1 = top seed), never a 63-bit random seed.
        assert data.get("seed") is None or 1 <= data["seed"] <= 1000, data
        assert not {"deck", "hands", "game_seed"} & set(data), data
        for value in data.values():
            no_secrets(value)
    elif isinstance(data, list):
        for item in data:
            no_secrets(item)


# -- Create, list, detail ----------------------------------------------------------------------------------


class TestCreate:
    def test_the_requester_organises_and_everything_is_shown_plainly(
        self, boss: APIClient, organiser: Player
    ) -> None:
        body = create(
            boss,
            format="round_robin",
            seats_per_table=4,
            entrants="bots",
            move_time_limit="PT90S",
            rated=False,
            config={"high_risk": False},
        )
        tournament = Tournament.objects.get(pk=body["id"])
        assert tournament.organiser == organiser
        assert body["organiser"] == {"player": organiser.pk, "name": organiser.competitor.name}
        assert body["state"] == "draft" and body["state_display"] == "draft"
        assert body["entrants"] == "bots" and body["entrants_display"] == "bots only"
        assert body["move_time_limit"] == 90
        assert body["match_format"]["kind"] == "table" and "per table" in body["match_format"]["description"]
        assert body["min_table_size"] == 3 and body["config"]["high_risk"] is False
        assert body["progress"] == {
            "games_finished": 0,
            "games_total": 0,
            "rounds_finished": 0,
            "planned_rounds": None,
        }
        assert body["entry_count"] == 0 and body["rated"] is False
        assert "seed" not in body and str(tournament.seed) not in json.dumps(body)

    def test_best_of_and_seconds(self, boss: APIClient) -> None:
        body = create(boss, format="single_elimination", best_of=3, move_time_limit=3600)
        assert body["move_time_limit"] == 3600
        assert body["match_format"] == {
            "kind": "best_of",
            "games": 3,
            "scoring": "wins",
            "description": "best of 3 games, replayed one game at a time while drawn",
        }

    @pytest.mark.parametrize(
        ("body", "words"),
        [
            ({"name": ""}, "name"),
            ({"format": "ladder"}, "format"),
            ({"game": "chess"}, "chess"),
            ({"best_of": 2}, "N odd"),
            ({"best_of": 3, "seats_per_table": 4}, "two-seat"),
            ({"seats_per_table": 9}, "seats_per_table"),
            ({"seats_per_table": 1}, "seats_per_table"),
            ({"format": "single_elimination", "seats_per_table": 4}, "two-seat tables only"),
            ({"format": "round_robin", "late_entries": True}, "only possible in a Swiss"),
            ({"entrants": "robots"}, "entrants"),
            ({"rounds": 0}, "rounds"),
            ({"move_time_limit": "soon"}, "ISO 8601"),
            ({"move_time_limit": 0}, "1 second"),
            ({"move_time_limit": -5}, "1 second"),
            ({"move_time_limit": True}, "move_time_limit"),
            ({"move_time_limit": "P99999999999D"}, "move_time_limit"),
            ({"move_time_limit": 1e308}, "move_time_limit"),
            ({"config": [1, 2]}, "config"),
            ({"config": {"max_turns": -3}}, "invalid config"),
            ({"config": {"x": "\x00"}}, "NUL"),
        ],
    )
    def test_bad_bodies_are_400_with_the_reason(
        self, boss: APIClient, body: dict[str, Any], words: str
    ) -> None:
        full = {"name": "cup", "game": "mulligan", "format": "swiss", **body}
        assert_error(boss.post(URL, full, format="json"), 400, words, code="invalid")
        assert not Tournament.objects.exists()

    def test_a_missing_field_is_named(self, boss: APIClient) -> None:
        body = assert_error(boss.post(URL, {"name": "cup"}, format="json"), 400)
        assert {"game", "format"} <= set(body["errors"])

    def test_anonymous_may_read_but_not_create(self, boss: APIClient) -> None:
        create(boss)
        assert APIClient().get(URL).status_code == 200
        assert (
            APIClient()
            .post(URL, {"name": "x", "game": "mulligan", "format": "swiss"}, format="json")
            .status_code
            == 401
        )


class TestListAndDetail:
    def test_filters_and_pagination(self, boss: APIClient) -> None:
        first = create(boss)
        second = create(boss, format="round_robin")
        boss.post(url(second["id"], "open"))
        listing = APIClient().get(URL).json()
        assert listing["count"] == 2 and [t["id"] for t in listing["results"]] == [second["id"], first["id"]]
        assert [t["id"] for t in APIClient().get(URL, {"state": "registration"}).json()["results"]] == [
            second["id"]
        ]
        assert APIClient().get(URL, {"game": "golf"}).json()["count"] == 0
        assert APIClient().get(URL, {"game": "mulligan", "state": "draft"}).json()["count"] == 1
        assert_error(APIClient().get(URL, {"state": "sleeping"}), 400)
        assert APIClient().get(URL, {"page": 1}).status_code == 200
        assert APIClient().get(URL, {"page": 9}).status_code == 404

    def test_detail_and_unknown_ids(self, boss: APIClient) -> None:
        cup = create(boss)
        assert APIClient().get(url(cup["id"])).json() == cup
        assert_error(APIClient().get(url(10**9)), 404, code="not_found")
        assert_error(APIClient().get(url(10**30)), 404, code="not_found")
        for action in ("entries", "rounds", "standings", "bracket", "rounds/1"):
            assert_error(APIClient().get(url(10**9, action)), 404)
        for action in ("open", "start", "cancel", "join", "leave", "drop"):
            assert_error(boss.post(url(10**9, action)), 404)
            assert_error(boss.post(url(10**25, action)), 404)


# -- The organiser's transitions ------------------------------------------------------------------------


class TestTransitions:
    def test_only_the_organiser_opens_starts_and_cancels(
        self, boss: APIClient, players: list[Player], client_for: ClientFor
    ) -> None:
        cup = create(boss)
        stranger = client_for(players[1])
        staff_user = UserFactory(is_staff=True)
        staff = APIClient()
        staff.force_authenticate(staff_user)
        for client in (stranger, staff):
            for action in ("open", "start", "cancel"):
                assert_error(client.post(url(cup["id"], action)), 403, "organiser", code="not_organiser")
        assert Tournament.objects.get(pk=cup["id"]).state == "draft"
        for action in ("open", "start", "cancel"):
            assert APIClient().post(url(cup["id"], action)).status_code == 401

    def test_illegal_transitions_are_409(self, boss: APIClient) -> None:
        cup = create(boss)
        assert_error(boss.post(url(cup["id"], "start")), 409, "cannot start a tournament that is in draft")
        opened = boss.post(url(cup["id"], "open"))
        assert opened.status_code == 200 and opened.json()["state"] == "registration"
        assert_error(boss.post(url(cup["id"], "open")), 409, code="conflict")
        cancelled = boss.post(url(cup["id"], "cancel"))
        assert cancelled.status_code == 200 and cancelled.json()["state"] == "cancelled"
        assert_error(boss.post(url(cup["id"], "cancel")), 409, "cancelled")

    def test_starting_with_too_few_entrants_is_409(self, boss: APIClient, open_cup: dict[str, Any]) -> None:
        assert boss.post(url(open_cup["id"], "join")).status_code == 201
        assert_error(
            boss.post(url(open_cup["id"], "start")), 409, "cannot start with 1 entrant", "at least 2"
        )
        assert Tournament.objects.get(pk=open_cup["id"]).state == "registration"


# -- Join, leave, drop ------------------------------------------------------------------------------------


class TestJoin:
    def test_people_join_as_themselves(
        self, open_cup: dict[str, Any], players: list[Player], client_for: ClientFor
    ) -> None:
        response = client_for(players[1]).post(url(open_cup["id"], "join"))
        assert response.status_code == 201
        entry = response.json()
        assert entry["kind"] == "player" and entry["player"] == players[1].pk and entry["bot"] is None
        assert entry["name"] == players[1].competitor.name and entry["late"] is False
        assert_error(client_for(players[1]).post(url(open_cup["id"], "join")), 409, "already entered")
        entries = APIClient().get(url(open_cup["id"], "entries")).json()
        assert entries["count"] == 1 and entries["results"][0]["id"] == entry["id"]

    def test_owners_enter_their_own_bots_only(
        self, open_cup: dict[str, Any], players: list[Player], client_for: ClientFor
    ) -> None:
        mine, theirs = owned_bots(players[1], 1)[0], owned_bots(players[2], 1)[0]
        response = client_for(players[1]).post(url(open_cup["id"], "join"), {"bot": mine.pk}, format="json")
        assert response.status_code == 201
        assert response.json()["kind"] == "bot" and response.json()["bot"] == mine.pk
        assert_error(
            client_for(players[1]).post(url(open_cup["id"], "join"), {"bot": theirs.pk}, format="json"),
            403,
            "your own bots",
            code="not_your_entrant",
        )
        # The organiser may not enter someone else's bot either.
        assert_error(
            client_for(players[0]).post(url(open_cup["id"], "join"), {"bot": theirs.pk}, format="json"), 403
        )

    def test_built_in_bots_are_entered_by_staff_or_the_organiser(
        self,
        open_cup: dict[str, Any],
        players: list[Player],
        client_for: ClientFor,
        random_bot: Bot,
        heuristic_bot: Bot,
    ) -> None:
        join = url(open_cup["id"], "join")
        assert_error(client_for(players[1]).post(join, {"bot": random_bot.pk}, format="json"), 403)
        assert client_for(players[0]).post(join, {"bot": random_bot.pk}, format="json").status_code == 201
        staff = APIClient()
        staff.force_authenticate(UserFactory(is_staff=True))
        assert staff.post(join, {"bot": heuristic_bot.pk}, format="json").status_code == 201
        assert Entry.objects.filter(tournament_id=open_cup["id"]).count() == 2

    def test_who_may_enter_is_enforced(
        self, boss: APIClient, players: list[Player], client_for: ClientFor
    ) -> None:
        bots_only = create(boss, entrants="bots")
        people_only = create(boss, entrants="people")
        for cup in (bots_only, people_only):
            boss.post(url(cup["id"], "open"))
        bot = owned_bots(players[0], 1)[0]
        assert_error(boss.post(url(bots_only["id"], "join")), 400, "bots only")
        assert_error(
            boss.post(url(people_only["id"], "join"), {"bot": bot.pk}, format="json"), 400, "people only"
        )

    def test_a_bot_for_another_game_is_400(
        self, open_cup: dict[str, Any], organiser: Player, boss: APIClient
    ) -> None:
        golfer = owned_bots(organiser, 1, game_id="golf")[0]
        assert_error(
            boss.post(url(open_cup["id"], "join"), {"bot": golfer.pk}, format="json"), 400, "plays golf"
        )

    def test_unknown_bots_and_bad_bodies(self, open_cup: dict[str, Any], boss: APIClient) -> None:
        join = url(open_cup["id"], "join")
        assert_error(boss.post(join, {"bot": 10**9}, format="json"), 404, "no bot")
        for body in ({"bot": "seven"}, {"bot": 0}, {"bot": 10**30}, [1], "x", {"bot": None}):
            assert_error(boss.post(join, body, format="json"), 400)
        # A parse error is DRF's own 400 (the shared handler gives it no "code" yet).
        malformed = boss.post(join, "{", content_type="application/json")
        assert malformed.status_code == 400 and "JSON parse error" in malformed.json()["detail"]
        assert not Entry.objects.exists()

    def test_joining_in_the_wrong_state_is_409(
        self, boss: APIClient, players: list[Player], client_for: ClientFor
    ) -> None:
        draft = create(boss)
        assert_error(boss.post(url(draft["id"], "join")), 409, "in draft")
        cup = create(boss)
        boss.post(url(cup["id"], "open"))
        for player in players[:2]:
            assert client_for(player).post(url(cup["id"], "join")).status_code == 201
        assert boss.post(url(cup["id"], "start")).status_code == 200
        assert_error(client_for(players[2]).post(url(cup["id"], "join")), 409, "allows no late entries")

    def test_a_late_entry_joins_a_running_swiss_that_allows_it(
        self, boss: APIClient, players: list[Player], client_for: ClientFor
    ) -> None:
        cup = create(boss, late_entries=True)
        boss.post(url(cup["id"], "open"))
        for player in players[:2]:
            client_for(player).post(url(cup["id"], "join"))
        boss.post(url(cup["id"], "start"))
        response = client_for(players[2]).post(url(cup["id"], "join"))
        assert response.status_code == 201
        assert response.json()["late"] is True and response.json()["first_round"] == 2


class TestLeaveAndDrop:
    def test_leave_before_the_start(
        self, open_cup: dict[str, Any], players: list[Player], client_for: ClientFor
    ) -> None:
        leave = url(open_cup["id"], "leave")
        assert_error(client_for(players[1]).post(leave), 404, "has not entered")
        client_for(players[1]).post(url(open_cup["id"], "join"))
        assert client_for(players[1]).post(leave).status_code == 204
        assert not Entry.objects.exists()

    def test_the_organiser_or_the_bot_owner_removes_an_entry(
        self, open_cup: dict[str, Any], players: list[Player], client_for: ClientFor
    ) -> None:
        leave = url(open_cup["id"], "leave")
        person = client_for(players[1]).post(url(open_cup["id"], "join")).json()
        bot = owned_bots(players[2], 1)[0]
        robot = (
            client_for(players[2]).post(url(open_cup["id"], "join"), {"bot": bot.pk}, format="json").json()
        )
        assert_error(
            client_for(players[3]).post(leave, {"entry": person["id"]}, format="json"), 403, "organiser"
        )
        assert_error(client_for(players[1]).post(leave, {"entry": robot["id"]}, format="json"), 403)
        assert_error(client_for(players[1]).post(leave, {"entry": 10**9}, format="json"), 404, "no entry")
        assert client_for(players[2]).post(leave, {"entry": robot["id"]}, format="json").status_code == 204
        assert client_for(players[0]).post(leave, {"entry": person["id"]}, format="json").status_code == 204
        assert not Entry.objects.exists()

    def test_drop_while_running_and_leave_is_refused(
        self, boss: APIClient, players: list[Player], client_for: ClientFor
    ) -> None:
        cup = create(boss)
        assert_error(client_for(players[1]).post(url(cup["id"], "drop")), 409, "in draft")
        boss.post(url(cup["id"], "open"))
        entries = [client_for(p).post(url(cup["id"], "join")).json() for p in players]
        assert_error(client_for(players[1]).post(url(cup["id"], "drop")), 409, "open for registration")
        boss.post(url(cup["id"], "start"))
        assert_error(client_for(players[1]).post(url(cup["id"], "leave")), 409, "drop out instead")
        dropped = client_for(players[1]).post(url(cup["id"], "drop"))
        assert dropped.status_code == 200
        assert dropped.json()["dropped"] is True and dropped.json()["dropped_after_round"] == 1
        assert_error(client_for(players[1]).post(url(cup["id"], "drop")), 409, "already dropped")
        other = {"entry": entries[3]["id"]}
        assert_error(client_for(players[2]).post(url(cup["id"], "drop"), other, format="json"), 403)
        by_organiser = boss.post(url(cup["id"], "drop"), other, format="json")
        assert by_organiser.status_code == 200 and by_organiser.json()["id"] == entries[3]["id"]
        assert_error(boss.post(url(cup["id"], "drop"), {"entry": "all"}, format="json"), 400)

    def test_anonymous_cannot_join_leave_or_drop(self, open_cup: dict[str, Any]) -> None:
        for action in ("join", "leave", "drop"):
            assert APIClient().post(url(open_cup["id"], action)).status_code == 401


# -- Running: rounds, standings, bracket ----------------------------------------------------------------


@pytest.fixture
def bot_cup(organiser: Player, boss: APIClient) -> Callable[..., dict[str, Any]]:
    """An all-bot tournament of the organiser's bots, created, opened and joined over the API."""

    def make(count: int, **options: Any) -> dict[str, Any]:
        cup = create(boss, entrants="bots", **options)
        assert boss.post(url(cup["id"], "open")).status_code == 200
        for bot in owned_bots(organiser, count):
            assert boss.post(url(cup["id"], "join"), {"bot": bot.pk}, format="json").status_code == 201
        return cup

    return make


def test_a_small_all_bot_swiss_runs_itself_through_the_api(
    bot_cup: Callable[..., dict[str, Any]], boss: APIClient, on_commit: OnCommit
) -> None:
    cup = bot_cup(5, rounds=3)
    with on_commit():
        started = boss.post(url(cup["id"], "start"))
    assert started.status_code == 200 and started.json()["state"] == "running"
    assert_finished_and_reproducible(Tournament.objects.get(pk=cup["id"]))

    detail = APIClient().get(url(cup["id"])).json()
    assert detail["state"] == "finished" and detail["current_round"] == 3 and detail["planned_rounds"] == 3
    progress = detail["progress"]
    assert progress["games_finished"] == progress["games_total"] == MatchGame.objects.count() > 0
    assert progress["rounds_finished"] == 3 and detail["entry_count"] == 5

    rounds = APIClient().get(url(cup["id"], "rounds")).json()
    assert rounds["count"] == 3 and [r["number"] for r in rounds["results"]] == [1, 2, 3]
    names = {
        e.pk: e.competitor.name
        for e in Entry.objects.filter(tournament_id=cup["id"]).select_related("competitor")
    }
    for rnd in rounds["results"]:
        assert rnd["finished"] and len(rnd["matches"]) == 3  # two tables and a bye
        byes = [m for m in rnd["matches"] if m["bye"]]
        assert len(byes) == 1 and byes[0]["games"] == [] and byes[0]["result"]["kind"] == "bye"
        for match in rnd["matches"]:
            assert all(seat["name"] == names[seat["entry"]] for seat in match["seats"])
            assert all(game["status"] == "finished" for game in match["games"])
            assert match["finished"] and match["result"]
    one = APIClient().get(url(cup["id"], "rounds/2")).json()
    assert one == rounds["results"][1]
    assert_error(APIClient().get(url(cup["id"], "rounds/4")), 404, "no round 4")
    assert_error(APIClient().get(url(cup["id"], "rounds/99999")), 404)

    final = APIClient().get(url(cup["id"], "standings")).json()
    assert final["final"] is True and final["live"] is False and final["round"] == 3
    rows = final["standings"]
    assert [row["rank"] for row in rows] == [1, 2, 3, 4, 5]
    tiebreakers = {"match_points", "opp_match_win_pct", "game_win_pct", "opp_game_win_pct"}
    assert tiebreakers | {"name", "entry", "seed", "record", "dropped"} <= set(rows[0]), rows[0]
    assert {row["name"] for row in rows} == set(names.values())
    after_one = APIClient().get(url(cup["id"], "standings"), {"round": 1}).json()
    assert after_one["round"] == 1 and after_one["live"] is False
    assert after_one["standings"] == Tournament.objects.get(pk=cup["id"]).round_set.get(number=1).standings
    assert_error(APIClient().get(url(cup["id"], "standings"), {"round": 7}), 404, "no round 7")
    for bad in ("x", "0", "-1", "1.5", "99999999"):
        assert_error(APIClient().get(url(cup["id"], "standings"), {"round": bad}), 400, "round")
    assert_error(APIClient().get(url(cup["id"], "bracket")), 404, "no bracket")
    for body in (detail, rounds, final):
        no_secrets(body)


def test_an_elimination_bracket_over_the_api(
    bot_cup: Callable[..., dict[str, Any]], boss: APIClient, on_commit: OnCommit
) -> None:
    cup = bot_cup(5, format="single_elimination")
    assert_error(APIClient().get(url(cup["id"], "bracket")), 409, "drawn when it starts")
    with on_commit():
        boss.post(url(cup["id"], "start"))
    assert_finished_and_reproducible(Tournament.objects.get(pk=cup["id"]))
    bracket = APIClient().get(url(cup["id"], "bracket")).json()
    assert bracket["kind"] == "single" and len(bracket["seeds"]) == 5
    matches = [m for rnd in bracket["rounds"] for m in rnd["matches"]]
    assert len(matches) == 4 and all(m["status"] == "played" and m["winner"] for m in matches)
    assert all(m["round"] and m["table"] for m in matches)
    final = bracket["rounds"][-1]["matches"][0]
    assert bracket["champion"] == final["winner"]
    assert {s["from"].keys() == {"winner_of"} for s in final["slots"]} == {True}
    standings = APIClient().get(url(cup["id"], "standings")).json()["standings"]
    assert standings[0]["entry"] == bracket["champion"]["entry"] and standings[0]["place"] == 1


def test_a_running_tournament_shows_only_public_facts(
    boss: APIClient, players: list[Player], client_for: ClientFor, on_commit: OnCommit
) -> None:
    cup = create(boss)
    boss.post(url(cup["id"], "open"))
    for player in players:
        client_for(player).post(url(cup["id"], "join"))
    with on_commit():
        boss.post(url(cup["id"], "start"))
    rounds = APIClient().get(url(cup["id"], "rounds")).json()["results"]
    games = [g for m in rounds[0]["matches"] for g in m["games"]]
    assert len(games) == 2 and {g["status"] for g in games} == {"running"}
    text = json.dumps(rounds)
    for match_game in MatchGame.objects.select_related("game"):
        assert str(match_game.game.seed) not in text
    assert "seed" not in text and "hand" not in text
    live = APIClient().get(url(cup["id"], "standings")).json()
    assert (
        live["live"] is True and live["final"] is False and live["round"] == 1 and len(live["standings"]) == 4
    )
    assert_error(APIClient().get(url(cup["id"], "standings"), {"round": 1}), 409, "still being played")
    detail = APIClient().get(url(cup["id"])).json()
    assert detail["progress"]["games_total"] == 2 and detail["progress"]["games_finished"] == 0

    cancelled = boss.post(url(cup["id"], "cancel"))
    assert cancelled.status_code == 200 and cancelled.json()["state"] == "cancelled"
    assert set(MatchGame.objects.values_list("game__status", flat=True)) == {GameStatus.ABORTED}


def test_standings_before_the_start_are_empty(open_cup: dict[str, Any], boss: APIClient) -> None:
    boss.post(url(open_cup["id"], "join"))
    assert APIClient().get(url(open_cup["id"], "standings")).json() == {
        "round": 0,
        "final": False,
        "live": True,
        "standings": [],
    }
    assert APIClient().get(url(open_cup["id"], "rounds")).json()["count"] == 0
    assert_error(APIClient().get(url(open_cup["id"], "rounds/1")), 404)


# -- Nothing a client sends gets a 500 ---------------------------------------------------------------------

# Strict JSON only: NaN and Infinity are a parse error, DRF's own 400 (see test_unknown_bots_and_bad_bodies).
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)
CREATE_BODIES = (
    st.fixed_dictionaries(
        {},
        optional={
            "name": st.text(max_size=130) | JSON_VALUES,
            "game": st.sampled_from(["mulligan", "golf", "", "MULLIGAN"]) | JSON_VALUES,
            "config": st.dictionaries(
                st.sampled_from(["players", "max_turns", "high_risk", "hand_size", "x"]),
                JSON_VALUES,
                max_size=3,
            )
            | JSON_VALUES,
            "format": st.sampled_from(
                ["swiss", "round_robin", "single_elimination", "double_elimination", "x"]
            )
            | JSON_VALUES,
            "seats_per_table": st.integers(-1, 10) | JSON_VALUES,
            "min_table_size": st.integers(-1, 10) | JSON_VALUES,
            "rounds": st.integers(-1, 200) | JSON_VALUES,
            "best_of": st.integers(-1, 12) | JSON_VALUES,
            "move_time_limit": st.sampled_from(["PT1S", "P1D", "1:00:00", "P-1D", "PT0S", "P1000000D"])
            | st.floats(allow_nan=False, allow_infinity=False)
            | JSON_VALUES,
            "entrants": st.sampled_from(["people", "bots", "both", "all"]) | JSON_VALUES,
            "late_entries": JSON_VALUES,
            "rated": JSON_VALUES,
        },
    )
    | JSON_VALUES
)
JOIN_BODIES = (
    st.fixed_dictionaries({}, optional={"bot": st.integers(-2, 2**64) | JSON_VALUES, "entry": JSON_VALUES})
    | JSON_VALUES
)
FUZZ = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@FUZZ
@given(body=CREATE_BODIES)
def test_random_json_to_create_never_gets_a_500(boss: APIClient, body: Any) -> None:
    response = boss.generic("POST", URL, json.dumps(body), content_type="application/json")
    assert response.status_code in (201, 400), (body, response.status_code, response.content[:300])
    if response.status_code == 400:
        assert_error(response, 400)


@FUZZ
@given(body=JOIN_BODIES, action=st.sampled_from(["join", "leave", "drop"]))
def test_random_json_to_join_leave_and_drop_never_gets_a_500(
    open_cup: dict[str, Any], boss: APIClient, random_bot: Bot, body: Any, action: str
) -> None:
    response = boss.generic(
        "POST", url(open_cup["id"], action), json.dumps(body), content_type="application/json"
    )
    assert response.status_code < 500, (body, response.content[:300])
    assert response.status_code in (201, 204, 400, 403, 404, 409), (body, response.status_code)
    if response.status_code >= 400:
        assert_error(response, response.status_code)
    Entry.objects.filter(tournament_id=open_cup["id"]).delete()


# -- Schema ------------------------------------------------------------------------------------------------


def test_the_schema_documents_the_tournament_api_without_warnings() -> None:
    schema = json.loads(APIClient().get("/api/schema/?format=json").content)
    paths = schema["paths"]
    expected = {
        "/api/tournaments/",
        "/api/tournaments/{id}/",
        "/api/tournaments/{id}/open/",
        "/api/tournaments/{id}/start/",
        "/api/tournaments/{id}/cancel/",
        "/api/tournaments/{id}/join/",
        "/api/tournaments/{id}/leave/",
        "/api/tournaments/{id}/drop/",
        "/api/tournaments/{id}/entries/",
        "/api/tournaments/{id}/rounds/",
        "/api/tournaments/{id}/rounds/{number}/",
        "/api/tournaments/{id}/standings/",
        "/api/tournaments/{id}/bracket/",
    }
    assert expected <= set(paths)
    assert "TournamentCreate" in json.dumps(paths["/api/tournaments/"]["post"]["requestBody"])
    assert {p["name"] for p in paths["/api/tournaments/"]["get"]["parameters"]} >= {"game", "state", "page"}
    assert "round" in {p["name"] for p in paths["/api/tournaments/{id}/standings/"]["get"]["parameters"]}
    call_command("spectacular", "--fail-on-warn", "--file", "/dev/null")


def test_a_user_without_a_player_gets_one_when_creating() -> None:
    user = UserFactory()
    client = APIClient()
    client.force_authenticate(user)
    body = create(client)
    assert body["organiser"]["name"] == user.username
    assert Player.objects.filter(user=user).exists()
