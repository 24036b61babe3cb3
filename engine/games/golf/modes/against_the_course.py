"""It's You Against the Course (rule book, "2-Player Modes"): "the course fights back against the
player in the lead!"

"Whichever player has the lowest total score when a hole begins will be the target for the entire
hole. If both players are tied going into a hole ... the course plays no Actions that hole." On such
a hole, "At the beginning of each turn, place one card from the deck face down in the center of the
table" (after the DRAW; nobody sees it); at SWING! it is turned up, "If it is not an Action card,
draw another card until you reveal an Action card" (the others go to the discard pile): the course
plays it on the leader, as if a third player (``by=None`` in :mod:`engine.games.golf.resolution`).

- "Sometimes the course will help you out with a Lucky Bounce or Bad Karma! In this case, continue
  as if you had played it on yourself."
- "If you use Bad Karma to reflect the course's Action, it targets back at the course (and does
  nothing)."
- "If any player plays Course GPS, the Action for the course is also revealed": the Course GPS
  turns it up (and further cards until an Action) at once.
- A Mulligan cancels the course's Action like an opponent's, and may be played when it is aimed at
  you.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.core import JSON, Seat
from engine.games.golf.modes.base import Mode
from engine.games.golf.phases import OVER
from engine.games.golf.records import Slot
from engine.games.golf.resolution import Action as PlayedAction

if TYPE_CHECKING:
    from engine.games.golf.state import GolfState

# A course's Action that helps its target is played as if the target played it on itself.
_HELPING_EFFECTS = ("snap_to_hole", "reflect_actions")


@dataclass
class AgainstTheCourse(Mode):
    name = "against_the_course"
    title = "It's You Against the Course"
    players = 2

    # The leader the course plays on this hole (None: no course Actions), and the course's card in
    # the centre (at most one; face down until course_up).
    course_target: int | None = None
    course_card: list[str] = field(default_factory=list)
    course_up: bool = False

    def start_hole(self, state: GolfState) -> bool:
        totals = [sum(s) for s in state.scores]
        low = min(totals)
        leaders = [seat for seat in range(state.n) if totals[seat] == low]
        self.course_target = leaders[0] if len(leaders) == 1 else None
        if self.course_target is None:
            state.say("The players are tied: the course plays no Actions this hole.")
        else:
            state.say(f"Seat {self.course_target} leads: the course plays its Actions on them this hole.")
        return False

    def start_turn(self, state: GolfState) -> None:
        if self.course_target is not None:
            self.course_card, self.course_up = state.take(1), False
            if self.course_card:
                state.say("The course places a card face down in the centre of the table.")

    def face_down_actions(self, state: GolfState) -> bool:
        return bool(self.course_card) and not self.course_up

    def reveal(self, state: GolfState) -> None:
        """Turn up the course's card, and more deck cards until an Action card; the cards that are
        not Actions go to the discard pile."""
        if not self.face_down_actions(state):
            return
        card = self.course_card.pop() if self.course_card else None
        for _ in range(len(state.names) + 1):
            if card is None:
                break
            if state.half(card).kind == "action":
                self.course_card = [card]
                self.course_up = True
                assert self.course_target is not None
                state.say(f"The course plays {card} on seat {self.course_target}.")
                return
            state.discard.append(card)
            state.say(f"The course turns up {card}: not an Action, it turns up another.")
            taken = state.take(1)
            card = taken[0] if taken else None
        if card is not None:
            state.discard.append(card)
        self.course_card, self.course_up = [], False
        state.say("The course finds no Action card this turn.")

    def table_actions(self, state: GolfState) -> list[PlayedAction]:
        if not (self.course_card and self.course_up and self.course_target is not None):
            return []
        half = state.half(self.course_card[0])
        helps = any(e.effect in _HELPING_EFFECTS for e in half.effects)
        return [PlayedAction(half, by=self.course_target if helps else None, target=self.course_target)]

    def table_action_cards(self, state: GolfState) -> list[str]:
        return list(self.course_card)

    def after_resolution(self, state: GolfState, finished: Sequence[Seat]) -> None:
        # An Action the course played that took effect stays lined up on its target's board.
        lined = state.board_actions
        state.discard += [card for card in self.course_card if not any(card in board for board in lined)]
        self.course_card, self.course_up = [], False

    def cards_held(self, state: GolfState) -> list[str]:
        return list(self.course_card)

    def hidden_slots(self, state: GolfState) -> list[Slot]:
        return [Slot(self.course_card, 0)] if self.face_down_actions(state) else []

    def view(self, state: GolfState, seat: Seat | None, view: JSON) -> None:
        view["course_play"] = {
            "target": self.course_target,
            "card": self.course_card[0] if self.course_card and self.course_up else None,
            "face_down": self.face_down_actions(state),
        }

    def check_invariants(self, state: GolfState) -> None:
        assert len(self.course_card) <= 1 and (self.course_target is not None or not self.course_card)
        if state.phase == OVER:
            assert not self.course_card
