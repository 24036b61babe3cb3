"""Wolf (rule book, "Alternate Play Modes"; 3 players), a side game on a standard round.

"Players pick a rotation order and take turns being the Wolf on each hole" (seat order: seat
``h % 3`` is the Wolf of the round's hole ``h``, counted from 0). "Before each hole begins, the Wolf
either picks another player to be on their team, or decides to go Lone Wolf": a ``wolf`` phase
before the hole's first DRAW, where the Wolf alone acts, ``{"type": "wolf", "partner": P}`` (another
seat, or ``null`` for Lone Wolf; public). "If the Wolf or their partner makes the lowest score on the
hole, they each win a point. If the Wolf went Lone Wolf and makes the lowest score, they win 2
points. Only the Wolf and their partner score points. If any other players beat or tie their score,
no points are scored for that hole." The outcome ranks by points, most first; equal points are split
by total strokes (fewer first; a house rule, the book names no winner); the Outcome's scores stay
strokes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.core import JSON, Action, Seat
from engine.games.golf.modes.base import Mode, Standing
from engine.games.golf.phases import OVER
from engine.games.golf.records import record_to_json

if TYPE_CHECKING:
    from engine.games.golf.state import GolfState

WOLF = "wolf"  # the hole's Wolf picks a partner or goes Lone Wolf before the hole


@dataclass(slots=True)
class WolfHole:
    """One hole's Wolf, its partner (None: Lone Wolf) and the points each seat won on it."""

    wolf: int
    partner: int | None
    points: list[int]


@dataclass
class Wolf(Mode):
    name = "wolf"
    title = "Wolf"
    players = 3
    ranks_by = "most Wolf points"
    phases = (WOLF,)
    action_keys = {"wolf": frozenset({"type", "partner"})}
    refusals = {"wolf": "the Wolf picks a partner (another seat) or null for Lone Wolf"}

    # One entry per hole begun; the points each seat has won.
    wolves: list[WolfHole] = field(default_factory=list)
    points: list[int] = field(default_factory=list)

    @classmethod
    def describe_action(cls, action: Mapping[str, Any]) -> str | None:
        if action.get("type") == "wolf" and set(action) == {"type", "partner"}:
            partner = action["partner"]
            if partner is None:
                return "Go Lone Wolf"
            if isinstance(partner, int) and not isinstance(partner, bool):
                return f"Pick seat {partner} as partner"
        return None

    def setup(self, state: GolfState) -> None:
        self.points = [0] * state.n

    def start_hole(self, state: GolfState) -> bool:
        wolf = state.hole % state.n
        self.wolves.append(WolfHole(wolf=wolf, partner=None, points=[0] * state.n))
        state.say(f"Seat {wolf} is the Wolf: a partner, or Lone Wolf?")
        state.phase = WOLF
        return True

    def to_act(self, state: GolfState) -> list[Seat]:
        return [self.wolves[-1].wolf]

    def legal_actions(self, state: GolfState, seat: Seat) -> list[Action]:
        if state.phase != WOLF:
            return []
        others: list[int | None] = [o for o in range(state.n) if o != seat]
        return [{"type": "wolf", "partner": p} for p in [*others, None]]

    def apply(self, state: GolfState, seat: Seat, action: Action) -> None:
        partner = action["partner"]
        self.wolves[-1].partner = partner
        state.say(f"Seat {seat} goes Lone Wolf." if partner is None else f"Seat {seat} picks seat {partner}.")
        state.begin_turn()

    def end_hole(self, state: GolfState) -> None:
        """The book: "If the Wolf or their partner makes the lowest score on the hole, they each win
        a point. If the Wolf went Lone Wolf and makes the lowest score, they win 2 points. ... If any
        other players beat or tie their score, no points are scored for that hole" (its points)."""
        entry = self.wolves[-1]
        team = [entry.wolf] if entry.partner is None else [entry.wolf, entry.partner]
        score = {seat: state.scores[seat][-1] for seat in range(state.n)}
        best = min(score[s] for s in team)
        if all(score[o] > best for o in range(state.n) if o not in team):
            for seat in team:
                entry.points[seat] = 2 if entry.partner is None else 1
                self.points[seat] += entry.points[seat]
            won = (
                "the Lone Wolf wins 2 points"
                if entry.partner is None
                else "the Wolf and partner win a point each"
            )
            state.say(f"Wolf: {won}.")
        else:
            state.say("Wolf: another player beat or tied the Wolf's side; no points this hole.")

    def view(self, state: GolfState, seat: Seat | None, view: JSON) -> None:
        view["wolf"] = {"holes": [record_to_json(w) for w in self.wolves], "points": list(self.points)}

    def rank(self, state: GolfState, standing: Standing) -> None:
        # Most points wins; equal points are split by strokes (house rule: the book names no winner
        # of the side game). Outcome scores stay strokes, as the game's scoring says.
        standing.key = [(-self.points[s], standing.totals[s]) for s in range(state.n)]
        standing.details["points"] = list(self.points)
        standing.details["reason_text"] = (
            f"all {len(state.holes)} holes were played; most Wolf points wins, fewer strokes breaks a tie"
        )

    def check_invariants(self, state: GolfState) -> None:
        if state.phase != OVER:
            assert len(self.wolves) == state.hole + 1
        if state.phase == WOLF:
            assert state.turn == 0, "the Wolf decides before the hole's first turn"
