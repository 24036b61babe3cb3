"""Best Ball (rule book, "Alternate Play Modes"): two sides of two golfers; a seat is a golfer, seats
0 and 2 are one side, 1 and 3 the other (so the sides alternate in turn order).

"For 2 players, each player controls 2 golfers (and two hands)", "or 4 players in teams of 2, or 3
players with a team of 2 players competing against 1 player with two hands": who holds which seat is
the table's business (a person may hold two seats), and each seat sees only its own hand. "Play
proceeds just like a normal 4-player game, except at the end of each hole, each of the 2 players (or
teams) takes the lower score of their 2 golfers as their score for the hole." "Action cards that say
'target yourself' can be applied to either of the golfers under your control (or your teammate)."
The outcome ranks the sides by the sum of their hole scores, both golfers of a side sharing its
place and score.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core import JSON, Seat
from engine.games.golf.modes.base import Mode, Standing

if TYPE_CHECKING:
    from engine.games.golf.state import GolfState

SIDES = ((0, 2), (1, 3))


def partner_of(state: GolfState, seat: Seat) -> Seat:
    return (seat + 2) % state.n


def side_scores(state: GolfState) -> list[list[int]]:
    """Each seat's side's hole scores, the lower of its two golfers' per hole."""
    return [
        [min(a, b) for a, b in zip(state.scores[s], state.scores[partner_of(state, s)], strict=True)]
        for s in range(state.n)
    ]


@dataclass
class BestBall(Mode):
    name = "best_ball"
    title = "Best Ball"
    players = 4
    seats_are = "golfers (seats; one person may hold two)"
    ranks_by = "the lower score of each side's two golfers"

    def teammates(self, state: GolfState, seat: Seat) -> list[Seat]:
        return [partner_of(state, seat)]

    def view(self, state: GolfState, seat: Seat | None, view: JSON) -> None:
        sides = side_scores(state)
        view["best_ball"] = {
            "sides": [list(side) for side in SIDES],
            "side_hole_scores": [sides[0], sides[1]],
            "side_totals": [sum(sides[0]), sum(sides[1])],
        }

    def rank(self, state: GolfState, standing: Standing) -> None:
        totals = [sum(s) for s in side_scores(state)]
        standing.totals = totals
        standing.key = [(0, total) for total in totals]
        standing.details["totals"] = totals
        standing.details["golfer_totals"] = [sum(s) for s in state.scores]
        standing.details["reason_text"] = f"all {len(state.holes)} holes were played; lowest side total wins"
