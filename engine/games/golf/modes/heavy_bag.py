"""Heavy Bag (rule book, "Alternate Play Modes"): "the hand size is increased by three (nine
standard cards plus the 2-Putt / Practice Swing)"; "Each player can select and play TWO Action cards
per turn" and "may choose up to two targets for your two Actions".

A plan then also has ``"action2"`` and ``"target2"``: a second Action card from the hand with its
own target, or both ``null`` for one Action (the Practice Swing only ever alone). A pair is offered
once, in the hand's sorted order; both stay face down until SWING!.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core import Seat
from engine.games.golf.modes.base import Mode
from engine.games.golf.records import PlanKey

if TYPE_CHECKING:
    from engine.games.golf.state import GolfState


@dataclass
class HeavyBag(Mode):
    name = "heavy_bag"
    title = "Heavy Bag"
    extra_hand_cards = 3
    second_action = True
    plan_hint = " (Heavy Bag: also 'action2' and 'target2', a second Action card or null)"

    def more_plans(self, state: GolfState, seat: Seat, club: str, actions: Sequence[str]) -> list[PlanKey]:
        targets = {card: state.targets(seat, card) for card in actions}
        return [
            (club, first, t, other, u)
            for first, other in itertools.combinations(actions, 2)
            for t in targets[first]
            for u in targets[other]
        ]
