"""What the rules ask of a card in play, by its name, computed once per catalog.

Every move asks the same questions of the cards in a hand (is its Action half an Action card, is
its Club the Driver, whom may its Action target, which Play Anytime effect does it play as): the
answers never change during a game, so they are looked up in dicts built here rather than walked
out of the catalog's records each time. The built-in catalog's table is built once per process; a
league's own catalog (a config's ``catalog`` object) gets its own table with each state.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.games.golf.action_ids import IdTable, build_id_table
from engine.games.golf.cards import PLAYER_CARD, card_names
from engine.games.golf.catalog import ActionHalf, Catalog, Club, default_catalog
from engine.games.golf.play_anytime import PLANNING_EFFECTS, RESOLUTION_EFFECTS, effect_of


@dataclass(frozen=True, eq=False)
class CardTable:
    """Per card name (the deck's cards, and :data:`PLAYER_CARD` where a plan may name it)."""

    # The deck's cards only, in catalog order: name -> (club id, action id).
    names: dict[str, tuple[str, str]]
    club_of: dict[str, Club]
    half_of: dict[str, ActionHalf]
    # The id of each card's Action half: its Play Anytime type, asked on every window's type check.
    kind_of: dict[str, str]
    # The Play Anytime effect a card plays as (play_anytime.effect_of), None for the others.
    effect: dict[str, str | None]
    # Whether the Action half is an Action card (it may be planned), and whether it says "target
    # yourself"; whether the Club is played only from the tee.
    is_action: dict[str, bool]
    aims_at_self: dict[str, bool]
    # The same as sets: the deck's Action cards; every card that says "target yourself".
    actions: frozenset[str]
    aimed_at_self: frozenset[str]
    tee_only: dict[str, bool]
    tee_clubs: frozenset[str]  # the cards whose Club is played only from the tee
    # The effect a card plays as in the planning window and in the resolution window (None: it
    # cannot be played there).
    planning_effect: dict[str, str | None]
    resolution_effect: dict[str, str | None]
    # The same for the cards that can be played in each window at all.
    planning_play: dict[str, str]
    resolution_play: dict[str, str]
    # The planning window's cards that can be played before anyone has planned (the draw window's,
    # without a mode that holds an Action face down): a Rangefinder and a Course GPS need a plan.
    draw_play: dict[str, str]
    # The cards that cancel a Play Anytime card as it is played (Pace of Play).
    paces: frozenset[str]
    # A Dig Through the Bag's most cards (its ``redraw`` effect's ``max_cards``).
    redraw_most: dict[str, int]
    # The half a Mulligan that took effect is resolved as (the catalog's first that cancels Actions).
    cancel_half: ActionHalf | None
    # The cards' slots in action ids (engine.games.golf.action_ids).
    ids: IdTable
    # Per way of aiming (a seat's own targets, every seat: how many of each), how many plans each
    # card adds as an Action (see widths), made as first asked for.
    _widths: dict[tuple[int, int], dict[str, int]] = field(default_factory=dict, repr=False)
    # tee_only.__getitem__ and ids.play_base.__getitem__, bound once: Python 3.11 does not specialize
    # reading a dict's method as an attribute (a lookup in the type and a bound method made each
    # time), and the rules map them over hands on every planning listing and response window.
    is_tee_only: Callable[[str], bool] = field(init=False, repr=False)
    play_base_of: Callable[[str], int] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "is_tee_only", self.tee_only.__getitem__)
        object.__setattr__(self, "play_base_of", self.ids.play_base.__getitem__)

    def widths(self, own: int, everyone: int) -> dict[str, int]:
        """Per card (and the Practice Swing), how many plans it adds as the Action of one Club for
        a seat with ``own`` targets of its own and ``everyone`` seats at the table: its targets, or
        0 for a card that is no Action (the caller's to read, not to change)."""
        found = self._widths.get((own, everyone))
        if found is None:
            found = self._widths[own, everyone] = dict.fromkeys(self.names, 0)
            for card in [*self.actions, PLAYER_CARD]:
                found[card] = own if card in self.aimed_at_self else everyone
        return found


def build_card_table(catalog: Catalog) -> CardTable:
    names = card_names(catalog)
    clubs, actions = catalog.clubs, catalog.actions
    club_of = {name: clubs[club] for name, (club, _) in names.items()}
    half_of = {name: actions[action] for name, (_, action) in names.items()}
    club_of[PLAYER_CARD] = clubs[catalog.player_card.club]
    half_of[PLAYER_CARD] = actions[catalog.player_card.action]
    effect = {card: effect_of(half) for card, half in half_of.items()}
    planning_effect = {card: e if e in PLANNING_EFFECTS else None for card, e in effect.items()}
    resolution_effect = {card: e if e in RESOLUTION_EFFECTS else None for card, e in effect.items()}
    return CardTable(
        names=names,
        club_of=club_of,
        half_of=half_of,
        kind_of={card: half.id for card, half in half_of.items()},
        effect=effect,
        planning_effect=planning_effect,
        resolution_effect=resolution_effect,
        planning_play={card: e for card, e in planning_effect.items() if e is not None},
        resolution_play={card: e for card, e in resolution_effect.items() if e is not None},
        draw_play={card: e for card, e in planning_effect.items() if e in ("steal_card", "redraw")},
        is_action={card: half.kind == "action" for card, half in half_of.items()},
        aims_at_self={card: half.target == "self" for card, half in half_of.items()},
        actions=frozenset(card for card in names if half_of[card].kind == "action"),
        aimed_at_self=frozenset(card for card, half in half_of.items() if half.target == "self"),
        tee_only={card: club.tee_only for card, club in club_of.items()},
        tee_clubs=frozenset(card for card, club in club_of.items() if club.tee_only),
        paces=frozenset(card for card, e in effect.items() if e == "cancel_play_anytime"),
        redraw_most={
            card: next(int(e.params["max_cards"]) for e in half.effects if e.effect == "redraw")
            for card, half in half_of.items()
            if effect_of(half) == "redraw"
        },
        cancel_half=next((h for h in actions.values() if effect_of(h) == "cancel_actions"), None),
        ids=build_id_table(list(names), PLAYER_CARD),
    )


@functools.cache
def _default_table() -> CardTable:
    return build_card_table(default_catalog())


def card_table(catalog: Catalog) -> CardTable:
    """The table of ``catalog``: shared by every game of the built-in catalog (nothing changes it)."""
    if catalog is default_catalog():
        return _default_table()
    return build_card_table(catalog)
