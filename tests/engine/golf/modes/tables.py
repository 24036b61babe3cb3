"""Building golf tables for the mode tests: find cards by their halves, deal chosen hands (the
course's card too), plans with and without a second Action."""

from __future__ import annotations

from typing import Any

from engine.games.golf.modes.against_the_course import AgainstTheCourse
from engine.games.golf.state import GolfState
from tests.engine.golf.tables import GAME as GAME
from tests.engine.golf.tables import card as card


def give(state: GolfState, seat: int, cards: list[str]) -> None:
    """Make ``cards`` exactly ``seat``'s hand (taken from wherever they are, the course's card too);
    the cards it held go back to the deck."""
    course = (
        [state.mode(AgainstTheCourse).course_card] if state.config["mode"] == "against_the_course" else []
    )
    for name in cards:
        for place in [state.deck, state.discard, *course, *state.hands]:
            if name in place:
                place.remove(name)
    state.deck += state.hands[seat]
    state.hands[seat] = list(cards)


def fillers(state: GolfState, count: int, avoid: set[str]) -> list[str]:
    found = [
        name
        for name, (_c, action_id) in state.names.items()
        if action_id in ("rough", "slice", "out_of_bounds") and name not in avoid
    ]
    return found[:count]


def set_course_card(state: GolfState, name: str) -> None:
    for place in [state.deck, state.discard, *state.hands]:
        if name in place:
            place.remove(name)
    course = state.mode(AgainstTheCourse)
    state.deck += course.course_card
    course.course_card, course.course_up = [name], False


def plan(
    club: str, action: str | None, target: int, action2: str | None = None, target2: int | None = None
) -> dict[str, Any]:
    return {
        "type": "plan",
        "club": club,
        "action": action,
        "target": target,
        "action2": action2,
        "target2": target2,
    }


def simple(club: str, action: str | None, target: int) -> dict[str, Any]:
    return {"type": "plan", "club": club, "action": action, "target": target}
