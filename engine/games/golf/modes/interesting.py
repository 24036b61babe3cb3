"""Let's Make it Interesting (rule book, "Alternate Play Modes"): "each player starts with an equal
amount of chips" (the config's ``chips``).

"At any point during a hole, any player may propose a wager of any type with one other player"; made
structured and finite here: while a seat has not yet planned its Shot it may propose one wager a
turn, ``{"type": "wager", "kind": K, "to": O, "stake": S}``, a stake of 5, 10, 25 or 50 chips both
can cover, of a kind ``beat_or_tie`` ("I beat or tie you on this hole", settled when the hole is
scored) or ``no_finish_this_turn`` with ``"subject": X`` ("X doesn't finish the hole this turn",
settled after the turn's Resolution). "The player receiving the wager has the choice whether or not
to take the bet": the game waits for the receiver alone (``accept`` or ``decline``). "If they do,
both players place that many chips in a side pot, to be resolved whenever the conditions of the bet
are met (or not)": the winner takes both stakes. Wagers are public. "The game ends when one player
has acquired all the chips, or at the end of 9 holes (the player with the most chips wins)!":
``holes`` is at most 9; when a turn's wagers give one player every chip, the hole ends at once
(scored with finishing strokes, which settles its ``beat_or_tie`` wagers) and so does the round.
Equal chips share a place; the Outcome's scores stay strokes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.core import JSON, Action, ConfigError, Seat
from engine.games.golf.modes.base import Mode, Standing
from engine.games.golf.phases import OVER, PLAN
from engine.games.golf.records import shown

if TYPE_CHECKING:
    from engine.games.golf.state import GolfState

OFFER = "offer"  # a wager waits for its receiver's answer
WAGER_KINDS = ("beat_or_tie", "no_finish_this_turn")
STAKES = (5, 10, 25, 50)
MAX_HOLES = 9


@dataclass(slots=True)
class Wager:
    """A wager ``by`` one seat ``to`` another; ``subject`` is the seat a ``no_finish_this_turn``
    wager is about."""

    kind: str
    to: int
    stake: int
    by: int
    subject: int | None = None

    def words(self) -> str:
        if self.kind == "beat_or_tie":
            return f"seat {self.by} beats or ties seat {self.to} on this hole"
        return f"seat {self.subject} does not finish the hole this turn"


@dataclass
class Interesting(Mode):
    name = "interesting"
    title = "Let's Make it Interesting"
    ranks_by = "most chips"
    phases = (OFFER,)
    action_keys = {
        "wager": frozenset({"type", "kind", "stake", "subject", "to"}),
        "accept": frozenset({"type"}),
        "decline": frozenset({"type"}),
    }
    refusals = {
        "wager": (
            f"a wager is proposed once a turn, before you plan, to another seat, with a kind "
            f"({', '.join(WAGER_KINDS)}) and a stake ({', '.join(map(str, STAKES))}) both of you "
            f"can cover"
        )
    }

    # Each seat's chips, the offer waiting for an answer, the accepted wagers not yet settled (their
    # stakes are in the side pot), the seats that proposed this turn.
    chips: list[int] = field(default_factory=list)
    offer: Wager | None = None
    wagers: list[Wager] = field(default_factory=list)
    proposed: list[int] = field(default_factory=list)

    @classmethod
    def describe_action(cls, action: Mapping[str, Any]) -> str | None:
        kind = action.get("type")
        if kind in ("accept", "decline") and set(action) == {"type"}:
            return f"{str(kind).capitalize()} the wager"
        if kind == "wager" and isinstance(action.get("stake"), int):
            what = (
                f"you beat or tie seat {action.get('to')} on this hole"
                if action.get("kind") == "beat_or_tie"
                else f"seat {action.get('subject')} does not finish the hole this turn"
            )
            return f"Bet seat {action.get('to')} {action['stake']} chips that {what}"
        return None

    @classmethod
    def check_config(cls, config: Mapping[str, Any]) -> None:
        if config["holes"] > MAX_HOLES:
            raise ConfigError(
                f"Let's Make it Interesting ends at the end of {MAX_HOLES} holes: 'holes' may be at most {MAX_HOLES}"
            )

    def setup(self, state: GolfState) -> None:
        self.chips = [state.config["chips"]] * state.n

    def start_turn(self, state: GolfState) -> None:
        self.proposed = []

    def all_chips_won(self, state: GolfState) -> bool:
        return max(self.chips) == state.n * int(state.config["chips"])

    # -- wagers ------------------------------------------------------------------------------------

    def to_act(self, state: GolfState) -> list[Seat]:
        assert self.offer is not None
        return [self.offer.to]

    def legal_actions(self, state: GolfState, seat: Seat) -> list[Action]:
        if state.phase == OFFER:
            return [{"type": "accept"}, {"type": "decline"}]
        if state.phase != PLAN or self.offer is not None or seat in self.proposed:
            return []
        options: list[Action] = []
        for other in range(state.n):
            if other == seat:
                continue
            for stake in [s for s in STAKES if s <= min(self.chips[seat], self.chips[other])]:
                options.append({"type": "wager", "kind": "beat_or_tie", "to": other, "stake": stake})
                options += [
                    {
                        "type": "wager",
                        "kind": "no_finish_this_turn",
                        "to": other,
                        "stake": stake,
                        "subject": x,
                    }
                    for x in range(state.n)
                ]
        return options

    def apply(self, state: GolfState, seat: Seat, action: Action) -> None:
        kind = action["type"]
        if kind == "wager":
            offer = Wager(
                kind=action["kind"],
                to=action["to"],
                stake=action["stake"],
                by=seat,
                subject=action.get("subject"),
            )
            self.offer = offer
            self.proposed.append(seat)
            state.say(f"Seat {seat} bets seat {offer.to} {offer.stake} chips that {offer.words()}.")
            state.phase = OFFER
            return
        answered, self.offer = self.offer, None
        assert answered is not None
        if kind == "accept":
            self.chips[answered.by] -= answered.stake
            self.chips[answered.to] -= answered.stake
            self.wagers.append(answered)
        state.say(f"Seat {seat} {kind}s the wager.")
        state.phase = PLAN

    def _settle(self, state: GolfState, kind: str, won: Callable[[Wager], bool]) -> None:
        """Settle every accepted wager of ``kind``; ``won(wager)`` is True when the proposer won."""
        for wager in [w for w in self.wagers if w.kind == kind]:
            self.wagers.remove(wager)
            winner = wager.by if won(wager) else wager.to
            self.chips[winner] += 2 * wager.stake
            state.say(f"Wager settled ({wager.words()}): seat {winner} wins {2 * wager.stake} chips.")

    # -- the round -----------------------------------------------------------------------------------

    def after_resolution(self, state: GolfState, finished: Sequence[Seat]) -> None:
        self._settle(state, "no_finish_this_turn", lambda w: w.subject not in finished)

    def round_ends_early(self, state: GolfState) -> str | None:
        return "One player has all the chips: the hole ends now." if self.all_chips_won(state) else None

    def end_hole(self, state: GolfState) -> None:
        self._settle(state, "beat_or_tie", lambda w: state.scores[w.by][-1] <= state.scores[w.to][-1])

    # -- what leaves the engine ----------------------------------------------------------------------

    def view(self, state: GolfState, seat: Seat | None, view: JSON) -> None:
        view["chips"] = list(self.chips)
        view["offer"] = shown(self.offer) if self.offer is not None else None
        view["wagers"] = [shown(w) for w in self.wagers]

    def rank(self, state: GolfState, standing: Standing) -> None:
        # "the player with the most chips wins"; equal chips share a place.
        standing.key = [(-self.chips[s], 0) for s in range(state.n)]
        standing.details["chips"] = list(self.chips)
        standing.details["reason_text"] = (
            "one player has all the chips"
            if self.all_chips_won(state)
            else f"all {len(state.holes)} holes were played; most chips wins"
        )

    def check_invariants(self, state: GolfState) -> None:
        pot = sum(2 * w.stake for w in self.wagers)
        assert sum(self.chips) + pot == state.n * state.config["chips"] and min(self.chips) >= 0
        assert (state.phase == OFFER) == (self.offer is not None)
        if state.phase == OVER:
            assert not self.wagers, "every wager is settled by the end"
