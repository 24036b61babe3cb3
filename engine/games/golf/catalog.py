"""The MULLIGAN card catalog as data: load, validate, and read it.

The deck list of MULLIGAN is not published where we can read it, so the catalog is a JSON file a
league can replace (``load_catalog(path)``) without code changes. The built-in one is
``catalog/default.json`` next to this module. Every value says where it comes from: ``"source"``
for a fact (publisher's material or the rule book), ``"assumption"`` for a house assumption, each
with a one-line reason. Exactly one of the two, never both.

Format version 1 (``"version": 1``)::

    {"format": "mulligan-golf-catalog", "version": 1, "name": "house-default", "description": "...",
     "clubs": [                                   # Club halves
       {"id": "driver", "name": "Driver", "source": "...",          # provenance of the club itself
        "yards":      {"value": 300, "source": "..."},               # ints >= 0
        "half_yards": {"value": 150, "source": "..."},               # 0..yards: the Half Distance line
        "strokes":    {"value": 1, "source": "..."},                 # 1..5: strokes the club costs
        # optional flags, each {"value": true|false, "source"|"assumption": ...}, default false:
        "tee_only": ..., "finishing": ..., "putter": ..., "fixed_distance": ...,
        "immune_to_actions": ..., "protected": ...}],
     "actions": [                                 # Action and Play Anytime halves
       {"id": "water", "name": "Water", "source": "...",
        "kind":   {"value": "action" | "play_anytime", "source"|"assumption": ...},
        "target": {"value": "player" | "self" | "play_anytime_card" | "none", ...},
        "effects": [{"effect": "halve", "source": "..."},
                    {"effect": "add_strokes", "strokes": 1, "source": "..."}]}],
     "deck": {"size": {"value": 104, "source": "..."}, "assumption": "...",   # or "source"
              "cards": [{"id": "driver+hook", "club": "driver", "action": "hook", "count": 1}]},
     "targeting_cards": {"total": {"value": 16, ...}, "colors": {"value": ["blue", ...], ...},
                         "per_color": {"value": 4, ...}},
     "player_card": {"club": "two_putt", "action": "practice_swing", "per_player": {"value": 1, ...}}}

A deck card may carry its own ``source``/``assumption``; otherwise the deck's covers its pairing
and count. Effects (see :data:`EFFECTS`; the rules engine interprets them):

- ``add_yards`` (``yards``: non-zero, -300..300): changes the shot's distance.
- ``halve``: the Half Distance line; applied once, before anything else (rule book).
- ``add_strokes`` (``strokes``: 1..5): penalty strokes.
- ``discard_club``: the shot's Club is discarded; the ball does not move.
- ``prevent_finish``: a putter still advances but does not finish the hole (Missed Putt).
- ``snap_to_hole`` (``within_yards``: 1..100): a shot ending that close to the hole stops on it.
- ``reflect_actions``: the other Actions aimed at the target go back to whoever played them.
- ``cancel_actions`` (``by``: ``"opponents"`` or ``"anyone"``): cancels Actions aimed at you.
- ``cancel_play_anytime``: cancels a Play Anytime card as it is played (Pace of Play).
- ``peek_club``: see one player's face-down Club.
- ``reveal_actions``: every face-down Action is turned up.
- ``steal_card``: take a card from the target's hand (never a protected card).
- ``redraw`` (``max_cards``: 1..7): discard up to that many cards and draw as many.
- ``none``: the null Action (Practice Swing).

Validation refuses, with a :class:`CatalogError` naming the card and the field: unknown or missing
fields, a value without exactly one provenance, unknown effects or parameters, negative distances,
a half distance above the full one, duplicate ids, deck cards missing a half or naming an unknown
one, counts not summing to 104 dual-use cards, a finishing club not among the five (Pitch In, Lob
Chip In, 1-Putt, 2-Putt, Perfect Putt) or one of the five missing, targeting cards other than 16,
and a player card other than one 2-Putt/Practice Swing each.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from engine.core import ConfigError, short

FORMAT = "mulligan-golf-catalog"
SUPPORTED_VERSIONS: tuple[int, ...] = (1,)
# Facts from the publisher (issue 9) that every catalog must honour.
DUAL_USE_CARDS = 104
TARGETING_CARDS = 16
PLAYER_CARDS_EACH = 1
FINISHING_CLUBS: dict[str, str] = {
    "pitch_in": "Pitch In",
    "lob_chip_in": "Lob Chip In",
    "one_putt": "1-Putt",
    "two_putt": "2-Putt",
    "perfect_putt": "Perfect Putt",
}
PLAYER_CARD_CLUB = "two_putt"
MAX_YARDS = 1000
MAX_STROKES = 5

KINDS: tuple[str, ...] = ("action", "play_anytime")
TARGETS: dict[str, tuple[str, ...]] = {
    # An Action goes face down with a Targeting card, so it always names a player (maybe yourself).
    "action": ("player", "self"),
    "play_anytime": ("player", "self", "play_anytime_card", "none"),
}
CLUB_FLAGS: tuple[str, ...] = (
    "tee_only",
    "finishing",
    "putter",
    "fixed_distance",
    "immune_to_actions",
    "protected",
)


@dataclass(frozen=True)
class IntParam:
    low: int
    high: int
    nonzero: bool = False


@dataclass(frozen=True)
class ChoiceParam:
    choices: tuple[str, ...]


EFFECTS: dict[str, dict[str, IntParam | ChoiceParam]] = {
    "add_yards": {"yards": IntParam(-300, 300, nonzero=True)},
    "halve": {},
    "add_strokes": {"strokes": IntParam(1, MAX_STROKES)},
    "discard_club": {},
    "prevent_finish": {},
    "snap_to_hole": {"within_yards": IntParam(1, 100)},
    "reflect_actions": {},
    "cancel_actions": {"by": ChoiceParam(("opponents", "anyone"))},
    "cancel_play_anytime": {},
    "peek_club": {},
    "reveal_actions": {},
    "steal_card": {},
    "redraw": {"max_cards": IntParam(1, 7)},
    "none": {},
}

_ID = re.compile(r"^[a-z0-9_]{1,40}$")
_CARD_ID = re.compile(r"^[a-z0-9_+\-]{1,80}$")
_MAX_REASON = 300


class CatalogError(ConfigError):
    """A catalog the engine cannot use; ``card`` and ``field`` say where (None when not about one)."""

    def __init__(self, origin: str, message: str, *, card: str | None = None, field: str | None = None):
        where = origin
        if card is not None:
            where += f": {card}"
        if field is not None:
            where += f", field {field!r}"
        super().__init__(f"{where}: {message}")
        self.card = card
        self.field = field


@dataclass(frozen=True)
class Provenance:
    """Where a value comes from: a published fact (``source``) or a house ``assumption``."""

    kind: Literal["source", "assumption"]
    reason: str

    @property
    def is_assumption(self) -> bool:
        return self.kind == "assumption"


@dataclass(frozen=True)
class Effect:
    effect: str
    params: Mapping[str, int | str] = field(hash=False)
    provenance: Provenance


@dataclass(frozen=True)
class Club:
    id: str
    name: str
    yards: int
    half_yards: int
    strokes: int
    tee_only: bool
    finishing: bool
    putter: bool
    fixed_distance: bool
    immune_to_actions: bool
    protected: bool
    # "" is the club itself (its existence and name); otherwise a field name.
    provenance: Mapping[str, Provenance] = field(hash=False, repr=False)


@dataclass(frozen=True)
class ActionHalf:
    id: str
    name: str
    kind: str
    target: str
    effects: tuple[Effect, ...]
    provenance: Mapping[str, Provenance] = field(hash=False, repr=False)
    # Derived when the half is made (a catalog is built once per process), as plain attributes:
    # the rules read them for every Action on every Shot, and a cached property is a descriptor
    # that Python 3.11 cannot specialize, so each read took the slow generic lookup.
    effect_names: frozenset[str] = field(init=False, repr=False, compare=False)
    on_shot: ShotEffects = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        names = frozenset(effect.effect for effect in self.effects)
        object.__setattr__(self, "effect_names", names)
        object.__setattr__(self, "on_shot", self._shot_effects(names))

    def _shot_effects(self, names: frozenset[str]) -> ShotEffects:
        """What it does to the Shot it lands on."""

        def values(effect: str, param: str) -> tuple[int, ...]:
            return tuple(int(e.params[param]) for e in self.effects if e.effect == effect)

        return ShotEffects(
            acts=self.kind == "action" and "none" not in names,
            screens=not names.isdisjoint(("cancel_actions", "reflect_actions")),
            strokes=values("add_strokes", "strokes"),
            yards=values("add_yards", "yards"),
            halve="halve" in names,
            discard_club="discard_club" in names,
            prevent_finish="prevent_finish" in names,
            snap_within=max(values("snap_to_hole", "within_yards"), default=0),
        )


@dataclass(frozen=True, slots=True)
class ShotEffects:
    """An Action half's effects on a Shot, as :mod:`engine.games.golf.resolution` reads them.

    A record of slots, not a named tuple: Python 3.11 reads a slot in one specialized step, where a
    named tuple's field is a descriptor call each time, and every Action of every Shot is read so."""

    acts: bool  # an Action card that does something (not the null Action)
    screens: bool  # it cancels or reflects other Actions
    strokes: tuple[int, ...]  # each add_strokes penalty, in the card's order
    yards: tuple[int, ...]  # each add_yards change, in the card's order
    halve: bool
    discard_club: bool
    prevent_finish: bool
    snap_within: int  # the widest snap_to_hole, 0 without one


@dataclass(frozen=True)
class DeckCard:
    """``count`` identical dual-use cards: one Club half and one Action or Play Anytime half."""

    id: str
    club: str
    action: str
    count: int
    provenance: Provenance


@dataclass(frozen=True)
class TargetingCards:
    colors: tuple[str, ...]
    per_color: int
    provenance: Mapping[str, Provenance] = field(hash=False, repr=False)

    @property
    def total(self) -> int:
        return len(self.colors) * self.per_color


@dataclass(frozen=True)
class PlayerCard:
    club: str
    action: str
    per_player: int
    provenance: Provenance


@dataclass(frozen=True)
class Catalog:
    name: str
    version: int
    description: str
    clubs: Mapping[str, Club] = field(hash=False)
    actions: Mapping[str, ActionHalf] = field(hash=False)
    deck: tuple[DeckCard, ...]
    deck_size: Provenance
    targeting: TargetingCards
    player_card: PlayerCard

    @property
    def finishing_clubs(self) -> tuple[str, ...]:
        return tuple(club_id for club_id, club in self.clubs.items() if club.finishing)

    def deck_list(self) -> list[str]:
        """One deck-card id per physical card (104), in catalog order: shuffle a copy."""
        return [card.id for card in self.deck for _ in range(card.count)]

    def card(self, card_id: str) -> DeckCard:
        for card in self.deck:
            if card.id == card_id:
                return card
        raise KeyError(card_id)

    def provenance(self) -> Iterator[tuple[str, Provenance]]:
        """Every value's provenance as ``(path, provenance)``; paths read ``clubs.driver.yards``."""
        for club in self.clubs.values():
            for name, prov in club.provenance.items():
                yield (f"clubs.{club.id}" + (f".{name}" if name else "")), prov
        for action in self.actions.values():
            for name, prov in action.provenance.items():
                yield (f"actions.{action.id}" + (f".{name}" if name else "")), prov
            for index, effect in enumerate(action.effects):
                yield f"actions.{action.id}.effects[{index}]", effect.provenance
        yield "deck.size", self.deck_size
        for card in self.deck:
            yield f"deck.cards.{card.id}", card.provenance
        for name, prov in self.targeting.provenance.items():
            yield f"targeting_cards.{name}", prov
        yield "player_card.per_player", self.player_card.provenance


class _Reader:
    """Reads one catalog; every error names ``origin`` and the card and field at fault."""

    def __init__(self, origin: str):
        self.origin = origin

    def fail(self, message: str, card: str | None = None, field_name: str | None = None) -> CatalogError:
        return CatalogError(self.origin, message, card=card, field=field_name)

    def obj(self, data: Any, card: str | None, what: str) -> dict[str, Any]:
        if not isinstance(data, dict):
            raise self.fail(f"{what} must be a JSON object, not {short(data)}", card)
        return data

    def keys(
        self,
        data: dict[str, Any],
        card: str | None,
        required: tuple[str, ...],
        optional: tuple[str, ...],
        prefix: str = "",
    ) -> None:
        for key in required:
            if key not in data:
                raise self.fail("missing", card, prefix + key)
        for key in data:
            if key not in required and key not in optional:
                raise self.fail(
                    f"unknown field (expected one of {', '.join(required + optional)})", card, prefix + key
                )

    def text(self, value: Any, card: str | None, field_name: str, *, limit: int = 80) -> str:
        if not isinstance(value, str) or not value.strip() or "\n" in value or len(value) > limit:
            raise self.fail(
                f"must be one line of text (1 to {limit} characters), not {short(value)}", card, field_name
            )
        return value

    def ident(self, value: Any, card: str | None, field_name: str, pattern: re.Pattern[str] = _ID) -> str:
        if not isinstance(value, str) or not pattern.match(value):
            raise self.fail(
                f"must be an id of lower-case letters, digits and underscores, not {short(value)}",
                card,
                field_name,
            )
        return value

    def integer(self, value: Any, card: str | None, field_name: str, low: int, high: int) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(f"must be a whole number, not {short(value)}", card, field_name)
        if not low <= value <= high:
            raise self.fail(f"must be between {low} and {high}, not {value}", card, field_name)
        return int(value)

    def provenance(self, data: dict[str, Any], card: str | None, field_name: str | None) -> Provenance:
        has_source, has_assumption = "source" in data, "assumption" in data
        if has_source == has_assumption:
            raise self.fail(
                'needs exactly one of "source" (a published fact) or "assumption" (a house assumption)',
                card,
                field_name,
            )
        kind: Literal["source", "assumption"] = "source" if has_source else "assumption"
        reason = self.text(
            data[kind], card, f"{field_name}.{kind}" if field_name else kind, limit=_MAX_REASON
        )
        return Provenance(kind, reason)

    def value(self, data: dict[str, Any], key: str, card: str, provenance: dict[str, Provenance]) -> Any:
        """A ``{"value": ..., "source"|"assumption": ...}`` field; records its provenance."""
        wrapped = data[key]
        if not isinstance(wrapped, dict) or "value" not in wrapped:
            raise self.fail(
                f'must be {{"value": ..., "source" or "assumption": "..."}}, not {short(wrapped)}', card, key
            )
        self.keys(wrapped, card, ("value",), ("source", "assumption"), prefix=f"{key}.")
        provenance[key] = self.provenance(wrapped, card, key)
        return wrapped["value"]

    def flag(self, data: dict[str, Any], key: str, card: str, provenance: dict[str, Provenance]) -> bool:
        if key not in data:
            return False
        value = self.value(data, key, card, provenance)
        if not isinstance(value, bool):
            raise self.fail(f"must be true or false, not {short(value)}", card, key)
        return value

    def catalog(self, data: Any) -> Catalog:
        data = self.obj(data, None, "a catalog")
        self.keys(
            data,
            None,
            ("format", "version", "name", "clubs", "actions", "deck", "targeting_cards", "player_card"),
            ("description",),
        )
        if data["format"] != FORMAT:
            raise self.fail(f"must be {FORMAT!r}, not {short(data['format'])}", None, "format")
        if data["version"] not in SUPPORTED_VERSIONS or isinstance(data["version"], bool):
            supported = ", ".join(map(str, SUPPORTED_VERSIONS))
            raise self.fail(
                f"unsupported catalog version {short(data['version'])} (supported: {supported})",
                None,
                "version",
            )
        name = self.text(data["name"], None, "name")
        description = self.text(data.get("description", name), None, "description", limit=_MAX_REASON)
        clubs = self.clubs(data["clubs"])
        actions = self.actions(data["actions"])
        player_card = self.player_card(data["player_card"], clubs, actions)
        deck, deck_size = self.deck(data["deck"], clubs, actions, player_card)
        targeting = self.targeting(data["targeting_cards"])
        return Catalog(
            name=name,
            version=data["version"],
            description=description,
            clubs=clubs,
            actions=actions,
            deck=deck,
            deck_size=deck_size,
            targeting=targeting,
            player_card=player_card,
        )

    def listed(self, data: Any, field_name: str) -> list[Any]:
        if not isinstance(data, list) or not data:
            raise self.fail(f"must be a non-empty list, not {short(data)}", None, field_name)
        return data

    def clubs(self, data: Any) -> dict[str, Club]:
        clubs: dict[str, Club] = {}
        for index, raw in enumerate(self.listed(data, "clubs")):
            club = self.club(self.obj(raw, f"clubs[{index}]", "a club"), index)
            if club.id in clubs:
                raise self.fail("duplicate club id", f"club {club.id!r}", "id")
            clubs[club.id] = club
        for club_id, name in FINISHING_CLUBS.items():
            if club_id not in clubs or not clubs[club_id].finishing:
                raise self.fail(
                    f"the five finishing clubs must all be defined with finishing true; {name} ({club_id!r}) is not",
                    None,
                    "clubs",
                )
        return clubs

    def club(self, data: dict[str, Any], index: int) -> Club:
        label = f"clubs[{index}]"
        if "id" in data:
            label = f"club {self.ident(data['id'], label, 'id')!r}"
        self.keys(
            data,
            label,
            ("id", "name", "yards", "half_yards", "strokes"),
            ("source", "assumption", *CLUB_FLAGS),
        )
        provenance: dict[str, Provenance] = {"": self.provenance(data, label, None)}
        name = self.text(data["name"], label, "name")
        yards_value = self.value(data, "yards", label, provenance)
        if isinstance(yards_value, int) and not isinstance(yards_value, bool) and yards_value < 0:
            raise self.fail(f"a distance cannot be negative ({yards_value})", label, "yards")
        yards = self.integer(yards_value, label, "yards", 0, MAX_YARDS)
        half_value = self.value(data, "half_yards", label, provenance)
        if isinstance(half_value, int) and not isinstance(half_value, bool) and half_value < 0:
            raise self.fail(f"a distance cannot be negative ({half_value})", label, "half_yards")
        half_yards = self.integer(half_value, label, "half_yards", 0, yards)
        strokes = self.integer(
            self.value(data, "strokes", label, provenance), label, "strokes", 1, MAX_STROKES
        )
        flags = {key: self.flag(data, key, label, provenance) for key in CLUB_FLAGS}
        club_id: str = data["id"]
        if flags["finishing"] and club_id not in FINISHING_CLUBS:
            allowed = ", ".join(FINISHING_CLUBS.values())
            raise self.fail(f"only the five finishing clubs ({allowed}) finish a hole", label, "finishing")
        if (flags["fixed_distance"] or flags["immune_to_actions"]) and half_yards != yards:
            raise self.fail(
                f"its distance never changes, so half_yards must equal yards ({yards}), not {half_yards}",
                label,
                "half_yards",
            )
        return Club(
            id=club_id,
            name=name,
            yards=yards,
            half_yards=half_yards,
            strokes=strokes,
            provenance=provenance,
            **flags,
        )

    def actions(self, data: Any) -> dict[str, ActionHalf]:
        actions: dict[str, ActionHalf] = {}
        for index, raw in enumerate(self.listed(data, "actions")):
            action = self.action(self.obj(raw, f"actions[{index}]", "an action"), index)
            if action.id in actions:
                raise self.fail("duplicate action id", f"action {action.id!r}", "id")
            actions[action.id] = action
        return actions

    def action(self, data: dict[str, Any], index: int) -> ActionHalf:
        label = f"actions[{index}]"
        if "id" in data:
            label = f"action {self.ident(data['id'], label, 'id')!r}"
        self.keys(data, label, ("id", "name", "kind", "target", "effects"), ("source", "assumption"))
        provenance: dict[str, Provenance] = {"": self.provenance(data, label, None)}
        name = self.text(data["name"], label, "name")
        kind = self.value(data, "kind", label, provenance)
        if kind not in KINDS:
            raise self.fail(f"must be one of {', '.join(KINDS)}, not {short(kind)}", label, "kind")
        target = self.value(data, "target", label, provenance)
        if target not in TARGETS[kind]:
            raise self.fail(
                f"a {kind} targets one of {', '.join(TARGETS[kind])}, not {short(target)}", label, "target"
            )
        raw_effects = data["effects"]
        if not isinstance(raw_effects, list) or not raw_effects:
            raise self.fail(
                f"must be a non-empty list of effects, not {short(raw_effects)}", label, "effects"
            )
        effects = tuple(self.effect(raw, label, f"effects[{i}]") for i, raw in enumerate(raw_effects))
        return ActionHalf(
            id=data["id"], name=name, kind=kind, target=target, effects=effects, provenance=provenance
        )

    def effect(self, raw: Any, label: str, where: str) -> Effect:
        if not isinstance(raw, dict):
            raise self.fail(f"an effect must be a JSON object, not {short(raw)}", label, where)
        kind = raw.get("effect")
        if kind not in EFFECTS:
            raise self.fail(
                f"unknown effect {short(kind)} (known: {', '.join(EFFECTS)})", label, f"{where}.effect"
            )
        spec = EFFECTS[kind]
        self.keys(raw, label, ("effect", *spec), ("source", "assumption"), prefix=f"{where}.")
        params: dict[str, int | str] = {}
        for param, rule in spec.items():
            value = raw[param]
            if isinstance(rule, ChoiceParam):
                if value not in rule.choices:
                    raise self.fail(
                        f"must be one of {', '.join(rule.choices)}, not {short(value)}",
                        label,
                        f"{where}.{param}",
                    )
            else:
                value = self.integer(value, label, f"{where}.{param}", rule.low, rule.high)
                if rule.nonzero and value == 0:
                    raise self.fail("must not be 0", label, f"{where}.{param}")
            params[param] = value
        return Effect(kind, params, self.provenance(raw, label, where))

    def player_card(self, data: Any, clubs: dict[str, Club], actions: dict[str, ActionHalf]) -> PlayerCard:
        label = "player_card"
        data = self.obj(data, label, "the player card")
        self.keys(data, label, ("club", "action", "per_player"), ())
        if data["club"] != PLAYER_CARD_CLUB or PLAYER_CARD_CLUB not in clubs:
            raise self.fail(f"must be {PLAYER_CARD_CLUB!r} (the 2-Putt/Practice Swing card)", label, "club")
        action_id = data["action"]
        if action_id not in actions:
            raise self.fail(f"unknown action {short(action_id)}", label, "action")
        if [effect.effect for effect in actions[action_id].effects] != ["none"]:
            raise self.fail(
                f"the Practice Swing half must be the null action (effect 'none'); {action_id!r} is not",
                label,
                "action",
            )
        holder: dict[str, Provenance] = {}
        per_player = self.value(data, "per_player", label, holder)
        if per_player != PLAYER_CARDS_EACH or isinstance(per_player, bool):
            raise self.fail(
                f"every player has exactly {PLAYER_CARDS_EACH}, not {short(per_player)}", label, "per_player"
            )
        return PlayerCard(PLAYER_CARD_CLUB, action_id, PLAYER_CARDS_EACH, holder["per_player"])

    def deck(
        self, data: Any, clubs: dict[str, Club], actions: dict[str, ActionHalf], player_card: PlayerCard
    ) -> tuple[tuple[DeckCard, ...], Provenance]:
        data = self.obj(data, "deck", "the deck")
        self.keys(data, "deck", ("size", "cards"), ("source", "assumption"))
        deck_provenance = self.provenance(data, "deck", None)
        holder: dict[str, Provenance] = {}
        size = self.value(data, "size", "deck", holder)
        if size != DUAL_USE_CARDS or isinstance(size, bool):
            raise self.fail(
                f"MULLIGAN has {DUAL_USE_CARDS} dual-use cards, not {short(size)}", "deck", "size"
            )
        cards: list[DeckCard] = []
        seen_ids: set[str] = set()
        seen_pairs: dict[tuple[str, str], str] = {}
        for index, raw in enumerate(self.listed(data["cards"], "deck.cards")):
            label = f"deck card {index}"
            raw = self.obj(raw, label, "a deck card")
            if "id" in raw:
                label = f"deck card {self.ident(raw['id'], label, 'id', _CARD_ID)!r}"
            for half, what in (("club", "a Club half"), ("action", "an Action or Play Anytime half")):
                if half not in raw:
                    raise self.fail(f"missing: every card has {what}", label, half)
            self.keys(raw, label, ("id", "club", "action", "count"), ("source", "assumption"))
            card_id: str = raw["id"]
            if card_id in seen_ids:
                raise self.fail("duplicate deck card id", label, "id")
            seen_ids.add(card_id)
            club_id, action_id = raw["club"], raw["action"]
            if club_id not in clubs:
                raise self.fail(f"unknown club {short(club_id)}", label, "club")
            if action_id not in actions:
                raise self.fail(f"unknown action {short(action_id)}", label, "action")
            if club_id == player_card.club or clubs[club_id].protected:
                raise self.fail(
                    f"{clubs[club_id].name} is each player's own card, never in the deck", label, "club"
                )
            if action_id == player_card.action:
                raise self.fail(
                    f"{actions[action_id].name} is each player's own card, never in the deck", label, "action"
                )
            if (club_id, action_id) in seen_pairs:
                raise self.fail(
                    f"same halves as deck card {seen_pairs[club_id, action_id]!r}; add to its count",
                    label,
                    "action",
                )
            seen_pairs[club_id, action_id] = card_id
            count = self.integer(raw["count"], label, "count", 1, DUAL_USE_CARDS)
            own = (
                self.provenance(raw, label, None)
                if ("source" in raw or "assumption" in raw)
                else deck_provenance
            )
            cards.append(DeckCard(card_id, club_id, action_id, count, own))
        total = sum(card.count for card in cards)
        if total != DUAL_USE_CARDS:
            raise self.fail(
                f"the counts sum to {total}, not {DUAL_USE_CARDS} dual-use cards", "deck", "cards"
            )
        return tuple(cards), holder["size"]

    def targeting(self, data: Any) -> TargetingCards:
        label = "targeting_cards"
        data = self.obj(data, label, "the targeting cards")
        self.keys(data, label, ("total", "colors", "per_color"), ())
        provenance: dict[str, Provenance] = {}
        total = self.value(data, "total", label, provenance)
        if total != TARGETING_CARDS or isinstance(total, bool):
            raise self.fail(
                f"MULLIGAN has {TARGETING_CARDS} targeting cards, not {short(total)}", label, "total"
            )
        colors = self.value(data, "colors", label, provenance)
        if (
            not isinstance(colors, list)
            or len(colors) < 2
            or len(set(colors)) != len(colors)
            or not all(isinstance(c, str) and _ID.match(c) for c in colors)
        ):
            raise self.fail(
                f"must be a list of at least 2 distinct color ids, not {short(colors)}", label, "colors"
            )
        per_color = self.integer(
            self.value(data, "per_color", label, provenance), label, "per_color", 1, TARGETING_CARDS
        )
        if per_color != len(colors):
            raise self.fail(
                f"each color needs one card naming every color ({len(colors)}), not {per_color}",
                label,
                "per_color",
            )
        if per_color * len(colors) != total:
            raise self.fail(
                f"{len(colors)} colors x {per_color} make {per_color * len(colors)}, not {total}",
                label,
                "total",
            )
        return TargetingCards(tuple(colors), per_color, provenance)


def catalog_from_json(data: Any, origin: str = "catalog") -> Catalog:
    """A validated :class:`Catalog` from parsed JSON; :class:`CatalogError` says what is wrong."""
    return _Reader(origin).catalog(data)


def load_catalog(path: str | Path | None = None) -> Catalog:
    """A league's catalog file, or the built-in ``catalog/default.json`` when ``path`` is None."""
    if path is None:
        return default_catalog()
    path = Path(path)
    try:
        text = path.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CatalogError(str(path), f"cannot read the catalog file ({exc})") from exc
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CatalogError(str(path), f"not valid JSON ({exc})") from exc
    return catalog_from_json(data, str(path))


@functools.cache
def default_catalog() -> Catalog:
    text = resources.files("engine.games.golf").joinpath("catalog/default.json").read_text("utf-8")
    return catalog_from_json(json.loads(text), "the built-in catalog (catalog/default.json)")
