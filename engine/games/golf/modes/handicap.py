"""What's Your Handicap? (rule book, "2-Player Modes"): "the player in the lead draws one less card
during the DRAW phase for each stroke they are ahead".

The lead is the difference of the totals of the holes already scored (strokes of the hole being
played do not count until it is scored); a seat never draws fewer than none.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core import Seat
from engine.games.golf.modes.base import Mode

if TYPE_CHECKING:
    from engine.games.golf.state import GolfState


def strokes_ahead(state: GolfState, seat: Seat) -> int:
    """Strokes ``seat`` leads every other player by (0 when it is not in the lead)."""
    mine = sum(state.scores[seat])
    return max(0, min(sum(state.scores[o]) for o in range(state.n) if o != seat) - mine)


@dataclass
class Handicap(Mode):
    name = "handicap"
    title = "What's Your Handicap?"
    players = 2

    def draw_count(self, state: GolfState, seat: Seat, count: int) -> int:
        return count - strokes_ahead(state, seat)
