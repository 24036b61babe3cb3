"""What an alternate play mode is to the golf state: its own stored data, a few declarations, and
hooks the state calls at fixed moments. Standard MULLIGAN is the absence of a mode; every hook's
default leaves the standard game as it is.

A mode is a dataclass: its init fields are its stored data, written into the state's JSON beside
the state's own fields (so two modes, and a mode and the state, never share a field name; a test
checks). One instance lives on each state that plays the mode (``state.modes``), and hooks get the
state to read and change it. Hooks, by the moment they are called:

- the round: ``setup`` (a new game, before the first hole), ``start_hole`` (after HOLE SETUP; a
  mode may hold the hole for a decision of its own, in a phase it owns), ``start_turn`` (after the
  DRAW), ``after_resolution`` (every Shot resolved), ``round_ends_early`` (the round ends before its
  last hole), ``end_hole`` (the hole scored);
- the cards: ``draw_count`` (how many cards a seat draws), ``teammates`` (who "target yourself"
  may also mean), ``more_plans`` (plans beyond one Club and one Action);
- the mode's own decisions: ``legal_actions`` (added to Shot Planning, or all of them in a phase
  the mode owns), ``to_act`` (in its phases), ``apply`` (its action types);
- Actions the table plays without a seat (the course): ``face_down_actions``, ``reveal``,
  ``table_actions``, ``table_action_cards``, ``cards_held``, ``hidden_slots``;
- what leaves the engine: ``view`` (its part of ``observe``), ``rank`` (who wins, when the mode
  decides it), ``describe_action`` (its actions in words);
- ``check_invariants``.

Modes combine (config ``mode: [a, b]``): the state calls each mode's hooks in the registry's order.
What cannot work together is refused by the config (:mod:`engine.games.golf.config`): modes for
different fixed numbers of players, and two modes that each decide who wins (``ranks_by``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from engine.core import JSON, Action, ConfigError, Seat
from engine.games.golf.resolution import Action as PlayedAction

if TYPE_CHECKING:
    from engine.games.golf.records import PlanKey, Slot
    from engine.games.golf.state import GolfState


@dataclass
class Standing:
    """The round's result while the modes shape it: ``totals`` are the Outcome's scores (strokes),
    ``key`` ranks the seats (smaller first; equal keys share a place), ``details`` are public."""

    totals: list[int]
    key: list[tuple[int, int]]
    details: JSON


@dataclass
class Mode:
    # The config's name of the mode, and the book's.
    name: ClassVar[str]
    title: ClassVar[str]
    # A mode made for one number of players (None: any the game allows), and what a seat is called
    # in the message refusing another number.
    players: ClassVar[int | None] = None
    seats_are: ClassVar[str] = "players"
    # How the mode decides who wins, in words ("" when it leaves that to the strokes; at most one
    # mode of a game may decide it).
    ranks_by: ClassVar[str] = ""
    # Cards a hand holds beyond the standard seven.
    extra_hand_cards: ClassVar[int] = 0
    # Whether every plan names a second Action and its target (``action2``, ``target2``), and the
    # words added to the refusal of a plan that does not.
    second_action: ClassVar[bool] = False
    plan_hint: ClassVar[str] = ""
    # The phases the mode owns (it says who acts and what they may do there), the actions it
    # applies (each type with the keys it carries: the engine's core checks their shape), and the
    # words refusing one of them that is not allowed now.
    phases: ClassVar[tuple[str, ...]] = ()
    action_keys: ClassVar[Mapping[str, frozenset[str]]] = {}
    refusals: ClassVar[Mapping[str, str]] = {}

    @classmethod
    def describe_action(cls, action: Mapping[str, Any]) -> str | None:
        """One of the mode's actions in words a person reads (the game's ``describe_action``), or
        None when ``action`` is not one; never raises, whatever a client stored."""
        return None

    @classmethod
    def check_config(cls, config: Mapping[str, Any]) -> None:
        """Raise :class:`ConfigError` if the mode cannot be played with ``config`` (besides its
        number of players, which the config checks first)."""

    # -- the round -------------------------------------------------------------------------------

    def setup(self, state: GolfState) -> None:
        """A new game: set the mode's data up, before the first hole."""

    def start_hole(self, state: GolfState) -> bool:
        """After HOLE SETUP. True: the mode holds the hole (its phase is set) and begins its first
        turn itself (``state.begin_turn()``)."""
        return False

    def start_turn(self, state: GolfState) -> None:
        """After the turn's DRAW, before Shot Planning."""

    def after_resolution(self, state: GolfState, finished: Sequence[Seat]) -> None:
        """Every Shot of the turn is resolved and its cards are put away (``finished``: the seats
        that finished the hole)."""

    def round_ends_early(self, state: GolfState) -> str | None:
        """Why the round ends before its last hole (the current hole ends at once), if it does."""
        return None

    def end_hole(self, state: GolfState) -> None:
        """The hole is scored (every seat's score for it is the last of ``state.scores``)."""

    # -- the cards ---------------------------------------------------------------------------------

    def draw_count(self, state: GolfState, seat: Seat, count: int) -> int:
        """How many cards ``seat`` draws in the DRAW, given ``count`` (up to the hand size)."""
        return count

    def teammates(self, state: GolfState, seat: Seat) -> list[Seat]:
        """The other seats an Action that says "target yourself" may be aimed at (fixed for the
        game, like ``more_plans``)."""
        return []

    def more_plans(self, state: GolfState, seat: Seat, club: str, actions: Sequence[str]) -> list[PlanKey]:
        """Plans with ``club`` beyond one Action (``actions``: the hand's other Action cards, sorted).
        They may depend on nothing else that changes during the game: the state keeps a seat's
        plans until its hand or its ball's place on the tee changes."""
        return []

    # -- the mode's own decisions ------------------------------------------------------------------

    def legal_actions(self, state: GolfState, seat: Seat) -> list[Action]:
        """The mode's actions for ``seat``: added to its Shot Planning options, or all of them in a
        phase the mode owns. Only called for a seat that is to act."""
        return []

    def to_act(self, state: GolfState) -> list[Seat]:
        """Who acts in a phase the mode owns."""
        return []

    def apply(self, state: GolfState, seat: Seat, action: Action) -> None:
        """Apply one of the mode's legal actions."""
        raise NotImplementedError(f"{self.name} has no action {action.get('type')!r}")

    # -- Actions the table plays without a seat ------------------------------------------------------

    def face_down_actions(self, state: GolfState) -> bool:
        """Whether the mode holds an Action face down that a Course GPS would turn up."""
        return False

    def reveal(self, state: GolfState) -> None:
        """Turn up the mode's face-down Action (at SWING!, or when a Course GPS is played)."""

    def table_actions(self, state: GolfState) -> list[PlayedAction]:
        """Actions the mode plays this turn (turned up), resolved with the seats' own."""
        return []

    def table_action_cards(self, state: GolfState) -> list[str]:
        """The cards of ``table_actions``, in its order (one that took effect is lined up on its
        target's board, and the mode no longer puts it away: see ``after_resolution``)."""
        return []

    def cards_held(self, state: GolfState) -> list[str]:
        """The cards the mode holds out of the deck, the discard pile and the seats' hands."""
        return []

    def hidden_slots(self, state: GolfState) -> list[Slot]:
        """Where the mode holds cards nobody has seen (redrawn by ``resample_hidden``)."""
        return []

    # -- what leaves the engine ------------------------------------------------------------------------

    def view(self, state: GolfState, seat: Seat | None, view: JSON) -> None:
        """Add the mode's public data to ``seat``'s observation (``view``)."""

    def rank(self, state: GolfState, standing: Standing) -> None:
        """Decide who wins (a mode with ``ranks_by``): change ``standing``."""

    def check_invariants(self, state: GolfState) -> None:
        """Raise AssertionError if the mode's data breaks a rule that must always hold."""


def refuse_players(mode: type[Mode], players: int) -> None:
    if mode.players is not None and players != mode.players:
        raise ConfigError(f"mode {mode.name!r} is for {mode.players} {mode.seats_are}, not {players}")
