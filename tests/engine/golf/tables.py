"""Building golf tables for the tests: find cards by their halves, deal chosen hands."""

from __future__ import annotations

from typing import Any

from engine.games.golf.phases import DRAW
from engine.games.golf.rules import GolfGame
from engine.games.golf.state import GolfState

GAME = GolfGame()


def card(
    state: GolfState, *, club: str | None = None, action: str | None = None, skip: set[str] | None = None
) -> str:
    """A card of the deck with that Club and/or Action half."""
    for name, (club_id, action_id) in state.names.items():
        if (
            (club is None or club_id == club)
            and (action is None or action_id == action)
            and name not in (skip or set())
        ):
            return name
    raise LookupError((club, action))


def give(state: GolfState, seat: int, cards: list[str]) -> None:
    """Make ``cards`` exactly ``seat``'s hand; the cards it held go back to the deck."""
    for name in cards:
        for place in [state.deck, *state.hands]:
            if name in place:
                place.remove(name)
    state.deck += state.hands[seat]
    state.hands[seat] = list(cards)
    state.check_invariants()


def fillers(state: GolfState, count: int, avoid: set[str]) -> list[str]:
    """Cards with harmless halves (a long iron club, a Rough action) to fill a hand."""
    found = [
        name
        for name, (club_id, action_id) in state.names.items()
        if action_id in ("rough", "slice") and name not in avoid
    ]
    return found[:count]


def plan(club: str, action: str | None, target: int) -> dict[str, Any]:
    return {"type": "plan", "club": club, "action": action, "target": target}


def to_planning(state: GolfState) -> GolfState:
    """``state`` with its draw window passed by every seat it asks: Shot Planning is open."""
    while state.phase == DRAW:
        state.apply(state.to_act()[0], {"type": "pass"})
    return state
