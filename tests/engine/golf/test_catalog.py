"""The MULLIGAN card catalog: the built-in data honours every published fact, marks every other value
as a house assumption, and a malformed league catalog is refused with a message naming the card and field."""

from __future__ import annotations

import copy
import json
import tomllib
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from engine import ConfigError
from engine.games.golf.catalog import Catalog, CatalogError, catalog_from_json, default_catalog, load_catalog

ROOT = Path(__file__).resolve().parents[3]

# Values the publisher's material (issue 9) or the rule book states, and may therefore carry
# "source"; every other path in the catalog must be an assumption.
KNOWN_FACT_PATHS = {
    *(f"clubs.{club}" for club in ("driver", "fairway_wood", "hybrid", "pitching_wedge", "lob_wedge")),
    *(f"clubs.{club}.{f}" for club in ("driver", "fairway_wood", "hybrid", "pitching_wedge", "lob_wedge") for f in ("yards", "half_yards")),
    # Rule book, Finishing a Hole: one stroke per Club used (the 2-Putt's count is not stated).
    *(f"clubs.{club}.strokes" for club in (
        "driver", "fairway_wood", "hybrid", "four_iron", "seven_iron", "nine_iron", "pitching_wedge",
        "lob_wedge", "pitch_in", "lob_chip_in", "one_putt", "perfect_putt",
    )),
    "clubs.driver.tee_only",
    *(f"clubs.{club}" for club in ("pitch_in", "lob_chip_in", "one_putt", "perfect_putt", "two_putt")),
    *(f"clubs.{club}.finishing" for club in ("pitch_in", "lob_chip_in", "one_putt", "perfect_putt", "two_putt")),
    *(f"clubs.{club}.putter" for club in ("one_putt", "perfect_putt", "two_putt")),
    "clubs.one_putt.yards", "clubs.one_putt.half_yards", "clubs.one_putt.fixed_distance",
    "clubs.perfect_putt.immune_to_actions", "clubs.two_putt.immune_to_actions", "clubs.two_putt.protected",
    # The named Action and Play Anytime cards exist; some of their kinds and targets are stated.
    *(f"actions.{a}" for a in (
        "hook", "slice", "rough", "sand_trap", "water", "out_of_bounds", "duff_shot", "missed_putt",
        "lucky_bounce", "bad_karma", "mulligan", "pace_of_play", "rangefinder", "borrow_a_club",
        "dig_through_the_bag", "course_gps", "practice_swing",
    )),
    *(f"actions.{a}.kind" for a in (
        "slice", "sand_trap", "water", "lucky_bounce", "bad_karma", "mulligan", "rangefinder", "practice_swing",
    )),
    *(f"actions.{a}.target" for a in ("slice", "sand_trap", "water", "lucky_bounce", "bad_karma", "mulligan", "pace_of_play")),
    "actions.hook.effects[0]", "actions.slice.effects[0]", "actions.rough.effects[0]",
    "actions.sand_trap.effects[0]", "actions.water.effects[0]", "actions.water.effects[1]",
    "actions.duff_shot.effects[0]", "actions.missed_putt.effects[0]", "actions.pace_of_play.effects[0]",
    "actions.practice_swing.effects[0]",
    "deck.size", "targeting_cards.total", "targeting_cards.colors", "player_card.per_player",
}  # fmt: skip


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def default_json() -> dict[str, Any]:
    text = resources.files("engine.games.golf").joinpath("catalog/default.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def effects_of(catalog: Catalog, action: str) -> list[tuple[str, dict[str, int | str]]]:
    return [(e.effect, dict(e.params)) for e in catalog.actions[action].effects]


def test_the_default_catalog_has_104_dual_use_cards_16_targeting_cards_and_one_player_card_each(
    catalog: Catalog,
) -> None:
    assert catalog.version == 1
    assert len(catalog.deck_list()) == 104
    assert sum(card.count for card in catalog.deck) == 104
    assert catalog.targeting.total == 16
    assert catalog.targeting.colors == ("blue", "green", "yellow", "purple")
    assert (catalog.player_card.club, catalog.player_card.action, catalog.player_card.per_player) == (
        "two_putt",
        "practice_swing",
        1,
    )
    for card in catalog.deck:  # two halves each: a Club, and an Action or Play Anytime card
        assert card.club in catalog.clubs
        assert catalog.actions[card.action].kind in ("action", "play_anytime")
    assert catalog is default_catalog()


@pytest.mark.parametrize(
    ("club", "yards"),
    [
        ("driver", 300),
        ("fairway_wood", 250),
        ("hybrid", 200),
        ("pitching_wedge", 100),
        ("lob_wedge", 50),
        ("one_putt", 25),
    ],
)
def test_published_club_distances(catalog: Catalog, club: str, yards: int) -> None:
    assert catalog.clubs[club].yards == yards
    assert catalog.clubs[club].provenance["yards"].kind == "source"


def test_the_driver_is_for_the_tee_shot_only_and_no_other_club_is(catalog: Catalog) -> None:
    assert [club.id for club in catalog.clubs.values() if club.tee_only] == ["driver"]


def test_the_1_putt_distance_cannot_change(catalog: Catalog) -> None:
    one_putt = catalog.clubs["one_putt"]
    assert one_putt.fixed_distance and one_putt.half_yards == one_putt.yards == 25


def test_the_half_distance_example_of_the_rule_book(catalog: Catalog) -> None:
    # Sand Trap + Hook on a Fairway Wood: 250 halved to 125, then +25 = 150 yd.
    assert (
        catalog.clubs["fairway_wood"].half_yards
        + int(dict(effects_of(catalog, "hook"))["add_yards"]["yards"])
        == 150
    )


@pytest.mark.parametrize(
    ("action", "effects"),
    [
        ("hook", [("add_yards", {"yards": 25})]),
        ("slice", [("add_yards", {"yards": -25})]),
        ("rough", [("add_yards", {"yards": -50})]),
        ("sand_trap", [("halve", {})]),
        ("water", [("halve", {}), ("add_strokes", {"strokes": 1})]),
    ],
)
def test_published_action_effects(catalog: Catalog, action: str, effects: list[Any]) -> None:
    assert effects_of(catalog, action) == effects
    assert all(e.provenance.kind == "source" for e in catalog.actions[action].effects)


def test_out_of_bounds_adds_one_or_two_strokes_as_a_marked_assumption(catalog: Catalog) -> None:
    [(effect, params)] = effects_of(catalog, "out_of_bounds")
    assert effect == "add_strokes" and params["strokes"] in (1, 2)
    assert catalog.actions["out_of_bounds"].effects[0].provenance.is_assumption


def test_the_five_finishing_clubs(catalog: Catalog) -> None:
    names = {catalog.clubs[club_id].name for club_id in catalog.finishing_clubs}
    assert names == {"Pitch In", "Lob Chip In", "1-Putt", "2-Putt", "Perfect Putt"}


def test_every_card_named_by_the_publisher_is_in_the_catalog(catalog: Catalog) -> None:
    names = {action.name for action in catalog.actions.values()}
    assert {
        "Hook", "Slice", "Rough", "Sand Trap", "Water", "Out of Bounds", "Lucky Bounce", "Bad Karma",
        "Duff Shot", "Missed Putt", "Pace of Play", "Rangefinder", "Mulligan", "Borrow a Club",
        "Dig Through the Bag", "Course GPS", "Practice Swing",
    } <= names  # fmt: skip
    dealt = {catalog.actions[card.action].name for card in catalog.deck}
    assert "Practice Swing" not in dealt and "Pace of Play" in dealt


def test_2_putt_and_perfect_putt_are_immune_and_the_2_putt_is_protected(catalog: Catalog) -> None:
    assert catalog.clubs["two_putt"].immune_to_actions and catalog.clubs["perfect_putt"].immune_to_actions
    assert catalog.clubs["two_putt"].protected
    assert all(card.club != "two_putt" for card in catalog.deck)


def test_only_known_facts_carry_a_source_and_everything_else_is_an_assumption(catalog: Catalog) -> None:
    provenance = dict(catalog.provenance())
    sourced = {path for path, prov in provenance.items() if prov.kind == "source"}
    assert sourced == KNOWN_FACT_PATHS
    assumed = set(provenance) - sourced
    # A few values that are not published must be among them.
    assert {
        "clubs.four_iron", "clubs.four_iron.yards", "clubs.pitch_in.yards", "clubs.two_putt.yards",
        "clubs.two_putt.strokes", "actions.out_of_bounds.effects[0]", "actions.lucky_bounce.effects[0]",
        "actions.rangefinder.effects[0]", "targeting_cards.per_color",
    } <= assumed  # fmt: skip
    assert all(path in assumed for path in provenance if path.startswith("deck.cards."))
    for path, prov in provenance.items():
        assert prov.reason.strip() and "\n" not in prov.reason, path


def test_the_json_files_ship_with_the_package() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    patterns = pyproject["tool"]["setuptools"]["package-data"]["engine.games.golf"]
    package = ROOT / "engine" / "games" / "golf"
    shipped = {path for pattern in patterns for path in package.glob(pattern)}
    assert package / "catalog" / "default.json" in shipped
    assert {p.name for p in shipped if p.parent.name == "courses"} >= {
        "pebble_coast.json",
        "st_andres.json",
        "augustine_national.json",
    }


def test_a_league_loads_its_own_catalog_file_without_code_changes(tmp_path: Path) -> None:
    data = default_json()
    data["name"] = "printed counts"
    oob = next(a for a in data["actions"] if a["id"] == "out_of_bounds")
    oob["effects"][0] = {"effect": "add_strokes", "strokes": 2, "source": "our printing says 2"}
    # Their printed deck has a Driver/Course GPS card where ours has a Driver/Slice.
    cards = data["deck"]["cards"]
    assert cards[1]["id"] == "driver+slice"
    cards[1] = {
        "id": "driver+course_gps",
        "club": "driver",
        "action": "course_gps",
        "count": cards[1]["count"],
        "source": "printed deck",
    }
    path = tmp_path / "league.json"
    path.write_text(json.dumps(data), "utf-8")
    league = load_catalog(path)
    assert league.name == "printed counts"
    assert effects_of(league, "out_of_bounds") == [("add_strokes", {"strokes": 2})]
    assert league.actions["out_of_bounds"].effects[0].provenance.kind == "source"
    assert league.card("driver+course_gps").provenance.reason == "printed deck"
    assert league.card("driver+hook").provenance.is_assumption
    assert len(league.deck_list()) == 104


def test_unreadable_catalog_files_are_refused(tmp_path: Path) -> None:
    with pytest.raises(CatalogError, match="cannot read the catalog file"):
        load_catalog(tmp_path / "missing.json")
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", "utf-8")
    with pytest.raises(CatalogError, match=r"broken\.json: not valid JSON"):
        load_catalog(broken)


def club(data: dict[str, Any], club_id: str) -> dict[str, Any]:
    found: dict[str, Any] = next(c for c in data["clubs"] if c["id"] == club_id)
    return found


def action(data: dict[str, Any], action_id: str) -> dict[str, Any]:
    found: dict[str, Any] = next(a for a in data["actions"] if a["id"] == action_id)
    return found


def card(data: dict[str, Any], index: int = 0) -> dict[str, Any]:
    found: dict[str, Any] = data["deck"]["cards"][index]
    return found


Mutation = Callable[[dict[str, Any]], object]

MALFORMED: list[tuple[str, Mutation, str]] = [
    ("empty catalog", lambda d: [d.pop(key) for key in list(d)], "field 'format': missing"),
    ("wrong format", lambda d: d.update(format="pay-table"), "field 'format': must be 'mulligan-golf-catalog'"),
    ("future version", lambda d: d.update(version=2), "field 'version': unsupported catalog version 2 (supported: 1)"),
    ("unknown top-level field", lambda d: d.update(extra=1), "field 'extra': unknown field"),
    ("unknown effect", lambda d: action(d, "hook")["effects"][0].update(effect="teleport"),
     "action 'hook', field 'effects[0].effect': unknown effect 'teleport'"),
    ("effect parameter missing", lambda d: action(d, "hook")["effects"][0].pop("yards"),
     "action 'hook', field 'effects[0].yards': missing"),
    ("effect parameter of another effect", lambda d: action(d, "sand_trap")["effects"][0].update(yards=5),
     "action 'sand_trap', field 'effects[0].yards': unknown field"),
    ("zero yards", lambda d: action(d, "hook")["effects"][0].update(yards=0),
     "action 'hook', field 'effects[0].yards': must not be 0"),
    ("text strokes", lambda d: action(d, "water")["effects"][1].update(strokes="one"),
     "action 'water', field 'effects[1].strokes': must be a whole number, not 'one'"),
    ("no effects", lambda d: action(d, "hook").update(effects=[]),
     "action 'hook', field 'effects': must be a non-empty list"),
    ("unknown kind", lambda d: action(d, "hook")["kind"].update(value="reaction"),
     "action 'hook', field 'kind': must be one of action, play_anytime, not 'reaction'"),
    ("action without a player target", lambda d: action(d, "hook")["target"].update(value="none"),
     "action 'hook', field 'target': a action targets one of player, self, not 'none'"),
    ("negative distance", lambda d: club(d, "driver")["yards"].update(value=-5),
     "club 'driver', field 'yards': a distance cannot be negative (-5)"),
    ("negative half distance", lambda d: club(d, "driver")["half_yards"].update(value=-1),
     "club 'driver', field 'half_yards': a distance cannot be negative (-1)"),
    ("half distance above the distance", lambda d: club(d, "hybrid")["half_yards"].update(value=201),
     "club 'hybrid', field 'half_yards': must be between 0 and 200, not 201"),
    ("fractional distance", lambda d: club(d, "hybrid")["yards"].update(value=199.5),
     "club 'hybrid', field 'yards': must be a whole number, not 199.5"),
    ("zero strokes", lambda d: club(d, "hybrid")["strokes"].update(value=0),
     "club 'hybrid', field 'strokes': must be between 1 and 5, not 0"),
    ("a halved 1-Putt", lambda d: club(d, "one_putt")["half_yards"].update(value=12),
     "club 'one_putt', field 'half_yards': its distance never changes, so half_yards must equal yards (25), not 12"),
    ("value without provenance", lambda d: club(d, "driver")["yards"].pop("source"),
     "club 'driver', field 'yards': needs exactly one of \"source\" (a published fact) or \"assumption\""),
    ("value with both provenances", lambda d: club(d, "driver")["yards"].update(assumption="why not"),
     "club 'driver', field 'yards': needs exactly one of"),
    ("unwrapped value", lambda d: club(d, "driver").update(yards=300),
     "club 'driver', field 'yards': must be {\"value\": ..., \"source\" or \"assumption\": \"...\"}"),
    ("misspelt provenance", lambda d: club(d, "driver").update(yards={"value": 300, "sorce": "publisher"}),
     "club 'driver', field 'yards.sorce': unknown field"),
    ("card without provenance", lambda d: club(d, "four_iron").pop("assumption"),
     "club 'four_iron': needs exactly one of"),
    ("empty assumption", lambda d: club(d, "four_iron").update(assumption=" "),
     "club 'four_iron', field 'assumption': must be one line of text"),
    ("multi-line reason", lambda d: club(d, "four_iron").update(assumption="one\ntwo"),
     "club 'four_iron', field 'assumption': must be one line of text"),
    ("typo in a field", lambda d: club(d, "driver").update(yard=club(d, "driver").pop("yards")),
     "club 'driver', field 'yards': missing"),
    ("flag that is not a boolean", lambda d: club(d, "driver")["tee_only"].update(value="yes"),
     "club 'driver', field 'tee_only': must be true or false, not 'yes'"),
    ("duplicate club id", lambda d: d["clubs"].append(copy.deepcopy(club(d, "driver"))),
     "club 'driver', field 'id': duplicate club id"),
    ("duplicate action id", lambda d: d["actions"].append(copy.deepcopy(action(d, "hook"))),
     "action 'hook', field 'id': duplicate action id"),
    ("bad id", lambda d: club(d, "driver").update(id="Big Driver"),
     "clubs[0], field 'id': must be an id of lower-case letters"),
    ("finishing club not among the five", lambda d: club(d, "nine_iron").update(finishing={"value": True, "assumption": "x"}),
     "club 'nine_iron', field 'finishing': only the five finishing clubs (Pitch In, Lob Chip In, 1-Putt, 2-Putt, Perfect Putt) finish a hole"),
    ("one of the five not finishing", lambda d: club(d, "perfect_putt")["finishing"].update(value=False),
     "field 'clubs': the five finishing clubs must all be defined with finishing true; Perfect Putt ('perfect_putt') is not"),
    ("one of the five missing", lambda d: d.update(clubs=[c for c in d["clubs"] if c["id"] != "lob_chip_in"]),
     "Lob Chip In ('lob_chip_in') is not"),
    ("counts not summing to 104", lambda d: card(d).update(count=card(d)["count"] + 1),
     "deck, field 'cards': the counts sum to 105, not 104 dual-use cards"),
    ("zero count", lambda d: card(d).update(count=0), "deck card 'driver+hook', field 'count': must be between 1 and 104, not 0"),
    ("deck of another size", lambda d: d["deck"]["size"].update(value=100),
     "deck, field 'size': MULLIGAN has 104 dual-use cards, not 100"),
    ("card missing its Action half", lambda d: card(d).pop("action"),
     "deck card 'driver+hook', field 'action': missing: every card has an Action or Play Anytime half"),
    ("card missing its Club half", lambda d: card(d).pop("club"),
     "deck card 'driver+hook', field 'club': missing: every card has a Club half"),
    ("card with an unknown club", lambda d: card(d).update(club="putter_9000"),
     "deck card 'driver+hook', field 'club': unknown club 'putter_9000'"),
    ("card with an unknown action", lambda d: card(d).update(action="earthquake"),
     "deck card 'driver+hook', field 'action': unknown action 'earthquake'"),
    ("duplicate deck card id", lambda d: card(d, 1).update(id=card(d)["id"]),
     "deck card 'driver+hook', field 'id': duplicate deck card id"),
    ("the same halves twice", lambda d: card(d, 1).update(action=card(d)["action"]),
     "deck card 'driver+slice', field 'action': same halves as deck card 'driver+hook'; add to its count"),
    ("a 2-Putt in the deck", lambda d: card(d).update(club="two_putt"),
     "deck card 'driver+hook', field 'club': 2-Putt is each player's own card, never in the deck"),
    ("a Practice Swing in the deck", lambda d: card(d).update(action="practice_swing"),
     "deck card 'driver+hook', field 'action': Practice Swing is each player's own card, never in the deck"),
    ("player card of another club", lambda d: d["player_card"].update(club="one_putt"),
     "player_card, field 'club': must be 'two_putt'"),
    ("practice swing that does something", lambda d: d["player_card"].update(action="hook"),
     "player_card, field 'action': the Practice Swing half must be the null action"),
    ("two player cards each", lambda d: d["player_card"]["per_player"].update(value=2),
     "player_card, field 'per_player': every player has exactly 1, not 2"),
    ("12 targeting cards", lambda d: d["targeting_cards"]["total"].update(value=12),
     "targeting_cards, field 'total': MULLIGAN has 16 targeting cards, not 12"),
    ("a repeated color", lambda d: d["targeting_cards"]["colors"].update(value=["blue", "blue", "green", "red"]),
     "targeting_cards, field 'colors': must be a list of at least 2 distinct color ids"),
    ("targeting cards that do not cover every color", lambda d: d["targeting_cards"]["per_color"].update(value=3),
     "targeting_cards, field 'per_color': each color needs one card naming every color (4), not 3"),
]  # fmt: skip


@pytest.mark.parametrize(("mutate", "message"), [pytest.param(m, msg, id=name) for name, m, msg in MALFORMED])
def test_malformed_catalogs_are_refused_with_the_card_and_field(mutate: Mutation, message: str) -> None:
    data = default_json()
    mutate(data)
    with pytest.raises(CatalogError) as caught:
        catalog_from_json(data, "league.json")
    assert isinstance(caught.value, ConfigError)
    assert str(caught.value).startswith("league.json")
    assert message in str(caught.value)


def test_a_catalog_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(CatalogError, match=r"^league.json: a catalog must be a JSON object, not \[\]$"):
        catalog_from_json([], "league.json")


def test_the_error_carries_the_card_and_field() -> None:
    data = default_json()
    club(data, "driver")["yards"]["value"] = -5
    with pytest.raises(CatalogError) as caught:
        catalog_from_json(data)
    assert (caught.value.card, caught.value.field) == ("club 'driver'", "yards")
