"""A MULLIGAN round in progress: HOLE SETUP, the turn (DRAW, SHOT PLANNING, SWING!, RESOLUTION,
CLEANUP), FINISHING A HOLE, and the engine contract (who acts, what they may do, what they see, the
outcome, storage).

The Play Anytime windows are :mod:`engine.games.golf.play_anytime`, how far a Shot goes is
:mod:`engine.games.golf.resolution`, and each alternate mode is a module of
:mod:`engine.games.golf.modes`: this module calls the modes' hooks at fixed moments and knows none
of them by name.

The state is a dataclass: its init fields are what is stored (``to_json``), each mode's own fields
are stored beside them, and the rest (the catalog, the course, the modes' declarations) is derived
from the config when a state is built or loaded.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

from engine.core import JSON, Action, EngineError, IllegalAction, Outcome, Seat, State, short
from engine.games.golf import action_ids, log_words, planning, play_anytime
from engine.games.golf import config as cfg
from engine.games.golf.action_ids import MODE, PASS, PLAN_TAG, PLAY, TAG_BITS, TAG_MASK, VOTE_PLAY, VOTE_STOP
from engine.games.golf.card_table import CardTable, card_table
from engine.games.golf.cards import NAME_MARK, PLAYER_CARD
from engine.games.golf.catalog import ActionHalf, Catalog, Club
from engine.games.golf.courses import Course, Hole
from engine.games.golf.draws import NamedDraws
from engine.games.golf.listings import Listing
from engine.games.golf.modes import REGISTRY as MODE_REGISTRY
from engine.games.golf.modes.base import Mode, Standing
from engine.games.golf.phases import (
    BACK_NINE,
    DRAW,
    OVER,
    PLAN,
    PLAY_ANYTIME,
    READY,
    RESPOND,
    REVEALED,
    SEAT_BY_SEAT,
)
from engine.games.golf.records import (
    LogEntry,
    Plan,
    PlayedCard,
    ShotReport,
    Slot,
    record_from_json,
    record_to_json,
    shown,
)
from engine.games.golf.resolution import (
    Played,
    TableShot,
    hole_score,
    note_texts,
    resolve_and_line_up_lazily,
)

HAND_SIZE = 7  # counting the 2-Putt/Practice Swing card (rule book, DRAW)
FRONT_NINE = 9  # rule book, Setup: "play the first 9 holes and then decide whether to continue"
LOG_SHOWN = 40
# A line of the log as said (GolfState.say): hole, turn, its words (the text itself, or a function
# writing it from the parts), the cards it shows, the seats it is for (None: everyone), then the
# parts. One flat tuple: a round keeps some 1,200 of them, all alive at each of the garbage
# collector's passes, and a tuple of the parts inside each one doubled what it had to walk.
Said = tuple[Any, ...]
# The phases the state itself runs; any other phase belongs to a mode.
_OWN_PHASES = (DRAW, PLAN, READY, RESPOND, REVEALED, BACK_NINE, OVER)

M = TypeVar("M", bound=Mode)


@dataclass(eq=False, repr=False, slots=True)
class GolfState(State):
    """One round. Built by :meth:`new_game` (a new round, dealt) or :meth:`from_json` (a stored one);
    the constructor alone gives an empty table the two fill in."""

    game_id: ClassVar[str] = "golf"
    game_noun: ClassVar[str] = "round"
    has_action_ids: ClassVar[bool] = True  # see engine.games.golf.action_ids
    # Every action's keys, the modes' too: the core (engine.core.State.apply) checks an action's
    # shape, and _step whether this game, with its modes and in its phase, allows it now.
    action_keys: ClassVar[Mapping[str, frozenset[str]]] = {
        "plan": frozenset({"type", "club", "action", "target", "action2", "target2"}),
        "play": frozenset({"type", "card", "discard", "target"}),
        "pass": frozenset({"type"}),
        "back_nine": frozenset({"type", "play"}),
        **{kind: keys for mode in MODE_REGISTRY for kind, keys in mode.action_keys.items()},
    }

    config: JSON
    seed: int
    phase: str = PLAN
    hole: int = 0  # the round's hole being played, from 0
    turn: int = 0  # the hole's turn, from 1 (0 before its first)
    moves: int = 0
    shuffles: int = 0
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    # Per seat: the hand (without the 2-Putt/Practice Swing), the ball, this hole's strokes, the
    # scores of the holes played, the Clubs and the Actions lined up on its board this hole (they
    # stay until the hole ends: resolution.lined_up), the face-down plan.
    hands: list[list[str]] = field(default_factory=list)
    distance: list[int] = field(default_factory=list)
    on_tee: list[bool] = field(default_factory=list)
    strokes: list[int] = field(default_factory=list)
    scores: list[list[int]] = field(default_factory=list)
    boards: list[list[str]] = field(default_factory=list)
    board_actions: list[list[str]] = field(default_factory=list)
    plans: list[Plan | None] = field(default_factory=list)
    # The seats whose plan is None, in order (to_act in SHOT PLANNING, asked before every move of a
    # playout): derived from plans and kept with them (_clear_plans, _make_plan).
    unplanned: list[Seat] = field(init=False, default_factory=list)
    # The Play Anytime windows' bookkeeping (see play_anytime): per seat, whether a Course GPS
    # showed its Actions, the seats whose Club it saw, the Play Anytime types it used this turn;
    # the seats whose Mulligan took effect; the stack and the seats still to ask about its top;
    # the phase the stack returns to; the resolution window's order, position and quiet count.
    gps: list[bool] = field(default_factory=list)
    peeks: list[list[int]] = field(default_factory=list)
    pa_used: list[list[str]] = field(default_factory=list)
    mulligans: list[int] = field(default_factory=list)
    stack: list[PlayedCard] = field(default_factory=list)
    ask: list[int] = field(default_factory=list)
    return_phase: str = PLAN
    order: list[int] = field(default_factory=list)
    pos: int = 0
    quiet: int = 0
    # The seat a draw, ready or resolution window asks now, order[pos % n] (who is to act in those
    # phases, asked three times a move): derived, set where the window rests (play_anytime).
    asked: Seat = field(init=False, default=0)
    # Per seat, the hand size its DRAW gave it this turn (the draw window draws back up to it).
    drawn_to: list[int] = field(default_factory=list)
    # Config ``decide_after_nine``: the players' votes after the front nine (per seat: play on,
    # stop, None not yet) and what they decided (None: not yet, or not asked).
    votes: list[bool | None] = field(default_factory=list)
    back_nine: bool | None = None
    # The log as written out (read it as ``log``: the lines said since are written out then).
    log_lines: list[LogEntry] = field(default_factory=list, metadata={"key": "log"})
    # The last Resolution's reports as stored (read them as ``last_results``: the shots resolved
    # since are written out then).
    results: list[ShotReport] = field(default_factory=list, metadata={"key": "last_results"})
    # Whether the round is over (the phase is OVER): read before every move of a playout, so a field
    # rather than a property (a call each time). Set from the phase as the state is built and where
    # the round ends (_end_round), the one way into OVER; check_invariants holds it to the phase.
    is_over: bool = field(init=False, default=False)

    # Derived from the config, not stored.
    catalog: Catalog = field(init=False)
    cards: CardTable = field(init=False)
    names: dict[str, tuple[str, str]] = field(init=False)
    course: Course = field(init=False)
    holes: tuple[Hole, ...] = field(init=False)
    n: int = field(init=False)
    modes: tuple[Mode, ...] = field(init=False)
    hand_size: int = field(init=False)
    second_action: bool = field(init=False)
    # Whether a mode adds plans of its own (planning.py lists and checks those another way), and
    # the plans it listed, per seat.
    plans_by_mode: bool = field(init=False)
    plan_cache: planning.PlanCache = field(init=False)
    # The generator of the named draws (the deck's shuffles, Borrow a Club's card).
    draws: NamedDraws = field(init=False)
    # The seats an Action may be aimed at: per seat, itself and its teammates ("target yourself");
    # every seat (any other Action).
    own_targets: list[list[Seat]] = field(init=False)
    everyone: list[Seat] = field(init=False)
    # Per seat, every other seat in order (what a Rangefinder or a Borrow a Club may aim at).
    others: list[tuple[Seat, ...]] = field(init=False)
    # The same seats as the parts they add to a plan's id (action_ids.IdTable.target_term).
    own_target_terms: list[tuple[int, ...]] = field(init=False)
    everyone_terms: tuple[int, ...] = field(init=False)
    # Per seat, the ids of its plans by Club and Action (action_ids.IdTable.seat_pair_ids).
    plan_rows: list[dict[str, dict[str | None, tuple[int, ...]]]] = field(init=False)
    # Per seat, how many plans each card adds as an Action (CardTable.widths).
    plan_widths: list[dict[str, int]] = field(init=False)
    # Their __getitem__, bound once per seat (CardTable.is_tee_only says why): every listing of plans.
    plan_width_of: list[Callable[[str], int]] = field(init=False)
    _phase_owners: dict[str, Mode] = field(init=False)
    _appliers: dict[str, Mode] = field(init=False)
    # Lines said and not yet written out (see say and Said).
    said: list[Said] = field(init=False, default_factory=list)
    # The modes' actions numbered as they were listed (action_ids: MODE), and back.
    _mode_actions: list[Action] = field(init=False, default_factory=list)
    # The plan id a planning listing last handed out, with the move it was listed at and its seat
    # (planning.PlanIds): while no move has been made since, it is legal, and names these fields.
    plan_offer: tuple[int, int, Seat, action_ids.PlanFields] | None = field(init=False, default=None)
    # The Play Anytime ids last listed or found for a seat (play_anytime.PlayOffer): while no move
    # has been made and its hand is the same list of the same size, they are its options.
    play_offer: play_anytime.PlayOffer | None = field(init=False, default=None)
    _mode_ids: dict[tuple[tuple[str, type, Any], ...], int] = field(init=False, default_factory=dict)
    # The shots the last Resolution resolved, not yet written out as reports (None: they are).
    shots: list[TableShot] | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        self.is_over = self.phase == OVER
        self.unplanned = [seat for seat, plan in enumerate(self.plans) if plan is None]
        self.catalog = cfg.catalog_of(self.config)
        self.cards = card_table(self.catalog)
        self.names = self.cards.names
        self.plan_cache = {}
        self.draws = NamedDraws()
        self.course = cfg.course_of(self.config)
        self.holes = self.course.holes[: FRONT_NINE if self.back_nine is False else self.config["holes"]]
        self.n = self.config["players"]
        if self.phase in SEAT_BY_SEAT:
            self.asked = self.order[self.pos % self.n]
        self._attach_modes(tuple(mode() for mode in cfg.modes_of(self.config)))

    def _attach_modes(self, modes: tuple[Mode, ...]) -> None:
        self.modes = modes
        self.hand_size = HAND_SIZE + sum(mode.extra_hand_cards for mode in modes)
        self.second_action = any(mode.second_action for mode in modes)
        self._phase_owners = {phase: mode for mode in modes for phase in mode.phases}
        self._appliers = {kind: mode for mode in modes for kind in mode.action_keys}
        self.plans_by_mode = any(planning.adds_plans(mode) for mode in modes)
        self.plan_cache = {}
        self.everyone = list(range(self.n))
        self.others = [tuple(other for other in self.everyone if other != seat) for seat in self.everyone]
        self.own_targets = [
            [seat, *(mate for mode in modes for mate in mode.teammates(self, seat))] for seat in range(self.n)
        ]
        terms = self.cards.ids.target_term
        self.everyone_terms = tuple(terms[seat] for seat in self.everyone)
        self.own_target_terms = [tuple(terms[seat] for seat in seats) for seats in self.own_targets]
        self.plan_rows = [
            self.cards.ids.seat_pair_ids(self.everyone_terms, own, self.cards.aimed_at_self)
            for own in self.own_target_terms
        ]
        self.plan_widths = [self.cards.widths(len(own), self.n) for own in self.own_targets]
        self.plan_width_of = [width.__getitem__ for width in self.plan_widths]

    @classmethod
    def new_game(cls, config: JSON, seed: int) -> GolfState:
        """The round's first hole set up, from a normalized config."""
        state = cls(config, seed)
        n = state.n
        state.hands = [[] for _ in range(n)]
        state.distance = [0] * n
        state.on_tee = [True] * n
        state.strokes = [0] * n
        state.scores = [[] for _ in range(n)]
        state.boards = [[] for _ in range(n)]
        state.board_actions = [[] for _ in range(n)]
        state._clear_plans()
        state.drawn_to = [0] * n
        state.gps = [False] * n
        state.peeks = [[] for _ in range(n)]
        state.pa_used = [[] for _ in range(n)]
        for mode in state.modes:
            mode.setup(state)
        state.deck = list(state.names)
        state.draws.shuffle(f"golf:{seed}:deck", state.deck)
        state.setup_hole()
        return state

    def mode(self, kind: type[M]) -> M:
        """This game's instance of the mode ``kind`` (LookupError if it does not play it)."""
        for mode in self.modes:
            if isinstance(mode, kind):
                return mode
        raise LookupError(f"this game does not play {kind.name!r}")

    # -- helpers the parts share ---------------------------------------------------------------------

    def club(self, card: str) -> Club:
        return self.cards.club_of[card]

    def half(self, card: str) -> ActionHalf:
        return self.cards.half_of[card]

    def say(self, text: str, to: Sequence[int] | None = None, *, cards: list[str] | None = None) -> None:
        """Log ``text`` for everyone, or for the seats ``to`` only."""
        self.said.append((self.hole + 1, self.turn, text, cards, to))

    def say_as(
        self,
        words: Callable[..., str],
        parts: tuple[Any, ...],
        to: Sequence[int] | None = None,
        cards: list[str] | None = None,
    ) -> None:
        """:meth:`say` the text ``words(*parts)``, written when the log is read (``parts`` must not
        change meanwhile)."""
        self.said.append((self.hole + 1, self.turn, words, cards, to) + parts)

    @property
    def log(self) -> list[LogEntry]:
        """The table's log. Some 25 lines are said every turn and most are never read while bots
        play, so a line is kept as said (its words' parts, see :data:`Said`) and written out here,
        when the log is read."""
        if self.said:
            self._write_out()
        return self.log_lines

    def _write_out(self) -> None:
        names = self.names
        for hole, turn, words, cards, seats, *parts in self.said:
            text = words if type(words) is str else words(*parts)
            to = None if seats is None else sorted(set(seats)) if len(seats) > 1 else list(seats)
            if cards is None and NAME_MARK in text:
                # The cards a sentence names, as card values too (pages draw them and the leak
                # checks count what a viewer was shown by value).
                named = [name for name in names if name in text]
                if named:
                    cards = sorted(named, key=text.index)
            self.log_lines.append(LogEntry(hole, turn, text, cards, to))
        self.said.clear()

    @property
    def last_results(self) -> list[ShotReport]:
        """What each seat's Shot did in the last Resolution. Written out from the shots as resolved
        when read, as the log is: every turn resolves, and bots never read them."""
        if self.shots is not None:
            self._write_out_shots()
        return self.results

    def _write_out_shots(self) -> None:
        assert self.shots is not None
        # (yards, distance to the hole, strokes, finished, ...) as resolution.Measured holds them
        self.results = [
            ShotReport(seat, shot[0], shot[1], shot[2], shot[3], note_texts(notes))
            for seat, (shot, notes) in enumerate(self.shots)
        ]
        self.shots = None

    def holds_player_card(self, seat: Seat) -> bool:
        plan = self.plans[seat]
        return plan is None or PLAYER_CARD not in (plan.club, plan.action)

    def draw(self, seat: Seat, count: int) -> list[str]:
        drawn = self.take(count)
        self.hands[seat].extend(drawn)
        return drawn

    def take(self, count: int) -> list[str]:
        """Up to ``count`` cards off the deck; an empty deck is refilled by shuffling the discard
        pile (house rule: the book does not say)."""
        deck = self.deck
        if count <= len(deck):  # one card after another off the top, as below (most draws)
            if count <= 0:
                return []
            drawn = deck[-count:]
            del deck[-count:]
            drawn.reverse()
            return drawn
        drawn = []
        for _ in range(count):
            if not self.deck:
                if not self.discard:
                    break
                self.deck = sorted(self.discard)
                self.discard = []
                self.shuffles += 1
                self.draws.shuffle(f"golf:{self.seed}:shuffle:{self.shuffles}", self.deck)
                self.say("The discard pile is shuffled into a new deck.")
            drawn.append(self.deck.pop())
        return drawn

    def targets(self, seat: Seat, card: str) -> list[int]:
        """The seats ``seat`` may aim the Action ``card`` at: any, or for an Action that says
        "target yourself" the seat itself and its teammates (if a mode gives it any)."""
        return list(self.own_targets[seat] if self.cards.aims_at_self[card] else self.everyone)

    def _round_ends_early(self) -> str | None:
        for mode in self.modes:
            reason = mode.round_ends_early(self)
            if reason is not None:
                return reason
        return None

    # -- the turn ------------------------------------------------------------------------------------

    def setup_hole(self) -> None:
        """HOLE SETUP: every ball on the tee, the hole's yards away."""
        hole = self.holes[self.hole]
        self.distance = [hole.yards] * self.n
        self.on_tee = [True] * self.n
        self.strokes = [0] * self.n
        self.turn = 0
        self.say_as(log_words.hole, (hole.number, hole.yards, hole.par))
        held = False
        for mode in self.modes:
            held = mode.start_hole(self) or held
        if not held:
            self.begin_turn()

    def begin_turn(self) -> None:
        """DRAW: every seat draws until it holds the hand size, counting its 2-Putt/Practice Swing
        (targeting cards are not cards here: a target is a seat number); then SHOT PLANNING."""
        self.turn += 1
        n = self.n
        self._clear_plans()
        self.gps = [False] * n
        # Filled in a loop, not by comprehensions (a call each): every turn.
        peeks: list[list[int]] = []
        pa_used: list[list[str]] = []
        for _ in range(n):
            peeks.append([])
            pa_used.append([])
        self.peeks, self.pa_used = peeks, pa_used
        self.mulligans = []
        modes, hands, said = self.modes, self.hands, self.said
        hole = self.hole + 1
        for seat in range(n):
            hand = hands[seat]
            count = self.hand_size - 1 - len(hand)
            for mode in modes:
                count = mode.draw_count(self, seat, count)
            deck = self.deck  # (take() may make a new deck)
            if 0 < count <= len(deck):  # take()'s common case, inlined: every seat, every turn
                drawn = deck[-count:]
                del deck[-count:]
                drawn.reverse()
            else:
                drawn = self.take(count)
            if drawn:
                hand += drawn
                said.append((hole, self.turn, log_words.you_draw, drawn, log_words.ONLY[seat], drawn))
                said.append((hole, self.turn, log_words.draws, None, None, seat, len(drawn)))
        for mode in modes:
            mode.start_turn(self)
        self.drawn_to = list(map(len, hands))
        self.phase = DRAW
        play_anytime.open_window(self)

    def end_draw(self) -> None:
        """The draw window has closed: a hand a Play Anytime card left shorter than its DRAW made it
        draws back up to that size (play_anytime: the draw goes on until the window closes); then
        SHOT PLANNING."""
        hands, said, hole = self.hands, self.said, self.hole + 1
        for seat, size in enumerate(self.drawn_to):
            short = size - len(hands[seat])
            if short > 0:
                deck = self.deck  # (take() may make a new deck)
                if short <= len(deck):  # take()'s common case, inlined as in begin_turn: most turns
                    drawn = deck[-short:]
                    del deck[-short:]
                    drawn.reverse()
                else:
                    drawn = self.take(short)
                if drawn:
                    hands[seat] += drawn
                    said.append((hole, self.turn, log_words.you_draw, drawn, log_words.ONLY[seat], drawn))
                    said.append((hole, self.turn, log_words.draws, None, None, seat, len(drawn)))
        self.phase = PLAN

    def _plan(self, seat: Seat, action: Action) -> None:
        # Plan(club, action, target, action2, target2), positional as it is made on every move.
        self._make_plan(
            seat,
            Plan(
                action["club"],
                action["action"],
                action["target"],
                action.get("action2"),
                action.get("target2"),
            ),
        )

    def _make_plan(self, seat: Seat, plan: Plan) -> None:
        hand = self.hands[seat]
        if plan.club != PLAYER_CARD:
            hand.remove(plan.club)
        if plan.action is not None and plan.action != PLAYER_CARD:
            hand.remove(plan.action)
        if plan.action2 is not None and plan.action2 != PLAYER_CARD:
            hand.remove(plan.action2)
        self.plans[seat] = plan
        unplanned = self.unplanned
        unplanned.remove(seat)
        self.said.append((self.hole + 1, self.turn, log_words.PLANS[seat], None, None))
        if unplanned:
            return
        # "Once all players are ready... SWING!": the ready window first (play_anytime).
        self.phase = READY
        play_anytime.open_window(self)

    def _clear_plans(self) -> None:
        """No seat has a plan (a new round, a new turn, a turn resolved)."""
        self.plans = [None] * self.n
        self.unplanned = list(self.everyone)

    def swing(self) -> None:
        """SWING! (the ready window has closed): every plan is turned up (and whatever the modes
        hold face down); then the resolution window."""
        self.phase = REVEALED
        said, hole = self.said, self.hole + 1
        for seat, plan in enumerate(self.plans):
            assert plan is not None
            # (the words, no cards, for everyone, then the parts: plan.cards() and the targets)
            said.append(
                (
                    hole,
                    self.turn,
                    log_words.swing,
                    None,
                    None,
                    seat,
                    plan.club,
                    plan.action,
                    plan.action2,
                    plan.target,
                    plan.target2,
                )
            )
        for mode in self.modes:
            mode.reveal(self)
        play_anytime.open_window(self)

    def resolve(self) -> None:
        """RESOLUTION and CLEANUP, once the resolution window has closed; then FINISHING A HOLE when
        a finishing club crossed or landed on the hole, or the next turn."""
        cards = self.cards
        half_of, club_of = cards.half_of, cards.club_of
        plans = self.plans
        clubs: list[Club] = []
        plays: list[Played] = []
        # The deck card of each play (None: the Practice Swing, a Mulligan already discarded).
        play_cards: list[str | None] = []
        for seat, plan in enumerate(plans):
            assert plan is not None
            clubs.append(club_of[plan.club])
            # plan.actions(), unrolled
            if plan.action is not None:
                plays.append((half_of[plan.action], seat, plan.target))
                play_cards.append(None if plan.action == PLAYER_CARD else plan.action)
            if plan.action2 is not None:
                plays.append((half_of[plan.action2], seat, plan.target2))
                play_cards.append(None if plan.action2 == PLAYER_CARD else plan.action2)
        seats_plays = len(plays)
        for mode in self.modes:
            table = mode.table_actions(self)
            plays += table
            if table:
                held = mode.table_action_cards(self)
                play_cards += held + [None] * (len(table) - len(held))
        if self.mulligans:
            assert cards.cancel_half is not None
            for seat in self.mulligans:
                plays.append((cards.cancel_half, seat, seat))
        finished: list[int] = []
        distance, strokes, on_tee, discard, said = (
            self.distance,
            self.strokes,
            self.on_tee,
            self.discard,
            self.said,
        )
        hole, turn = self.hole + 1, self.turn
        shots, where = resolve_and_line_up_lazily(clubs, distance, plays)
        self.shots = shots
        for seat, (shot, notes) in enumerate(shots):
            plan = plans[seat]
            assert plan is not None
            yards, distance[seat], shot_strokes, done, _, club_discarded = shot
            strokes[seat] += shot_strokes
            if yards > 0:
                on_tee[seat] = False
            club = plan.club
            if club != PLAYER_CARD:
                (discard if club_discarded else self.boards[seat]).append(club)
            if done:
                finished.append(seat)
            said.append((hole, turn, log_words.shot, None, None, seat, notes))
        # CLEANUP: the Actions that took effect stay lined up on the boards until the hole ends;
        # the seats' other Action cards go to the discard pile (a mode puts its own away).
        board_actions = self.board_actions
        for index, board in enumerate(where):
            card = play_cards[index] if index < len(play_cards) else None  # the Mulligans have none
            if card is None:
                continue
            if board is not None:
                board_actions[board].append(card)
            elif index < seats_plays:
                discard.append(card)
        self._clear_plans()
        for mode in self.modes:
            mode.after_resolution(self, finished)
        ends_early = self._round_ends_early() if self.modes else None  # asked every turn
        if finished:
            self._end_hole(finished)
        elif ends_early is not None:
            self.say(ends_early)
            self._end_hole([])
        elif self.turn >= self.config["turn_cap"]:
            # A hole that reaches the config's turn cap ends as if nobody finished it.
            self.say(f"Nobody finished in {self.turn} turns: the hole ends (turn cap).")
            self._end_hole([])
        else:
            self.begin_turn()

    def _end_hole(self, finished: list[int]) -> None:
        """FINISHING A HOLE: the hole ends for everyone; who did not finish adds finishing strokes."""
        strokes, distance, boards, board_actions = (
            self.strokes,
            self.distance,
            self.boards,
            self.board_actions,
        )
        discard, said, hole, turn = self.discard, self.said, self.hole + 1, self.turn
        number = self.holes[self.hole].number
        for seat in range(self.n):
            done = seat in finished
            score = hole_score(strokes=strokes[seat], finished=done, distance_to_hole=distance[seat])
            self.scores[seat].append(score)
            # say_as(), inlined: the words, no cards, for everyone, then the parts.
            said.append(
                (hole, turn, log_words.hole_score, None, None, seat, done, distance[seat], score, number)
            )
            # "clears all of the cards from the table": the boards too.
            discard += boards[seat]
            discard += board_actions[seat]
            boards[seat] = []
            board_actions[seat] = []
        for mode in self.modes:
            mode.end_hole(self)
        self.hole += 1
        if self.hole >= len(self.holes) or self._round_ends_early() is not None:
            self._end_round()
        elif self.hole == FRONT_NINE and self.config["decide_after_nine"]:
            self.phase = BACK_NINE
            self.votes = [None] * self.n
            self.say("The front nine is over: every player votes whether to play the back nine.")
        else:
            self.setup_hole()

    def _end_round(self) -> None:
        self.phase = OVER
        self.is_over = True
        self.ask, self.stack = [], []
        self.say("The round is over.")

    def _vote(self, seat: Seat, play_on: bool) -> None:
        """``seat`` votes whether to play the back nine (config ``decide_after_nine``).

        Rule book, Setup: "It's also best to play the first 9 holes and then decide whether to
        continue with the back 9"; it does not say who decides or how. House reading: the players
        decide together, every player votes at once (nobody sees a vote before all are in), and the
        back nine is played when more than half vote to play on; a tie stops, as nine holes are a
        round of their own ("At the end of 9 or 18 holes, all players' scores are tallied")."""
        votes = self.votes
        votes[seat] = play_on
        self.say(f"Seat {seat} has voted on the back nine.")
        if None in votes:
            return
        ayes = [s for s, vote in enumerate(votes) if vote]
        self.back_nine = 2 * len(ayes) > self.n
        who = f"{len(ayes)} of {self.n} vote to play on"
        if self.back_nine:
            self.say(f"The back nine: {who} (seats {ayes}); the round goes on to hole {FRONT_NINE + 1}.")
            self.setup_hole()
        else:
            self.say(f"The back nine: {who}; the round ends after the front nine.")
            self.holes = self.holes[:FRONT_NINE]
            self._end_round()

    # -- the contract ----------------------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.n

    def to_act(self) -> list[Seat]:
        phase = self.phase
        if phase == PLAN:
            return self.unplanned.copy()
        if phase in SEAT_BY_SEAT:
            return [self.asked]
        if phase == RESPOND:
            return [self.ask[0]]
        if phase == OVER:
            return []
        if phase == BACK_NINE:
            return [seat for seat, vote in enumerate(self.votes) if vote is None]
        return self._phase_owners[phase].to_act(self)

    def is_to_act(self, seat: Seat) -> bool:
        # Asked on every move and every listing: in the state's own phases without building to_act's
        # list (``seat in [x]`` is ``seat == x``, whatever ``seat`` is).
        phase = self.phase
        if phase == PLAN:
            if type(seat) is int and 0 <= seat < self.n:
                return self.plans[seat] is None
        elif phase in SEAT_BY_SEAT:
            return bool(seat == self.asked)
        elif phase == RESPOND:
            return bool(seat == self.ask[0])
        return seat in self.to_act()

    def legal_actions(self, seat: Seat) -> list[Action]:
        if not self.is_to_act(seat):
            return []
        if self.phase == PLAN:
            options = planning.plan_options(self, seat)
            options += play_anytime.options(self, seat)
            for mode in self.modes:
                options += mode.legal_actions(self, seat)
            return options
        if self.phase in PLAY_ANYTIME:
            return [{"type": "pass"}, *play_anytime.options(self, seat)]
        if self.phase == BACK_NINE:
            return [{"type": "back_nine", "play": True}, {"type": "back_nine", "play": False}]
        return self._phase_owners[self.phase].legal_actions(self, seat)

    # -- the same decisions as ints (action_ids), for playouts and bots -----------------------------

    def legal_action_ids(self, seat: Seat) -> Sequence[int]:
        phase = self.phase
        if phase in SEAT_BY_SEAT:  # a window asks one seat at a time (is_to_act(), inlined)
            if seat != self.asked:
                return []
            # play_anytime.offered_ids(), its check inlined: the window found this seat's options
            # at this move to know whether to ask it (every listing of a window's move).
            hand, offer = self.hands[seat], self.play_offer
            if (
                offer is not None
                and offer[0] == self.moves
                and offer[1] == seat
                and offer[2] is hand
                and offer[3] == len(hand)
            ):
                offered = offer[4]
            else:
                offered = play_anytime.offered_ids(self, seat)
            # A Dig Through the Bag's options are a listing (its discards made when read).
            return [PASS, *offered] if type(offered) is list else _after_pass(offered)
        if phase == RESPOND:  # is_to_act(), inlined: the seat asked about the top of the stack
            if seat != self.ask[0]:
                return []
            return [PASS, *play_anytime.offered_ids(self, seat)]  # Paces of Play: a list
        if phase == PLAN and type(seat) is int and 0 <= seat < self.n:  # is_to_act(), inlined
            if self.plans[seat] is not None:
                return []
        elif not self.is_to_act(seat):
            return []
        if phase == PLAN:
            # A hundred plans or more, of which a playout plays one: counted, made when asked for.
            # (The hand sorted in a copy: sorted() costs a call with keywords more, every listing.)
            hand = self.hands[seat].copy()
            hand.sort()
            if not self.modes:
                # No mode: the plans are a listing of their own (plan_listing's, made here), with
                # the seat's Play Anytime options (none without a card of this window in the hand).
                if self.cards.planning_play.keys().isdisjoint(hand):
                    return planning.PlanIds(self, seat, hand)
                return planning.PlanIds(self, seat, hand, play_anytime.option_ids(self, seat, hand))
            parts = [planning.plan_listing(self, seat, hand), play_anytime.option_ids(self, seat, hand)]
            for mode in self.modes:
                parts.append(self._number_mode_actions(mode.legal_actions(self, seat)))
            return Listing(parts)
        if phase in PLAY_ANYTIME:
            return [PASS, *play_anytime.option_ids(self, seat)]
        if phase == BACK_NINE:
            return [VOTE_PLAY, VOTE_STOP]
        return self._number_mode_actions(self._phase_owners[phase].legal_actions(self, seat))

    def _number_mode_actions(self, actions: list[Action]) -> list[int]:
        ids: list[int] = []
        for action in actions:
            key = _mode_key(action)
            assert key is not None, "a mode lists its actions with plain values"
            number = self._mode_ids.get(key)
            if number is None:
                number = self._mode_ids[key] = len(self._mode_actions)
                self._mode_actions.append(dict(action))
            ids.append(number << TAG_BITS | MODE)
        return ids

    def action_for_id(self, action_id: int) -> Action:
        if type(action_id) is int and action_id >= 0:
            tag, table = action_id & TAG_MASK, self.cards.ids
            if tag == PLAN_TAG:
                plan = action_ids.plan_fields(table, action_id, self.second_action)
                if plan is not None:
                    return action_ids.plan_action(plan, self.second_action)
            elif tag == PLAY:
                played = action_ids.play_fields(table, action_id)
                if played is not None:
                    return action_ids.play_action(played)
            elif tag == MODE:
                if (action_id >> TAG_BITS) < len(self._mode_actions):
                    return dict(self._mode_actions[action_id >> TAG_BITS])
            elif action_id == PASS:
                return {"type": "pass"}
            elif action_id in (VOTE_PLAY, VOTE_STOP):
                return {"type": "back_nine", "play": action_id == VOTE_PLAY}
        raise IllegalAction(f"no golf action has the id {short(action_id)}")

    def action_id(self, action: Any) -> int | None:
        if type(action) is not dict:
            return None
        kind = action.get("type")
        if kind == "plan":
            return action_ids.plan_dict_id(self.cards.ids, action, self.second_action)
        if kind == "play":
            return action_ids.play_dict_id(self.cards.ids, action)
        if kind == "pass":
            return PASS if len(action) == 1 else None
        if kind == "back_nine":
            play_on = action.get("play")
            if len(action) != 2 or type(play_on) is not bool:
                return None
            return VOTE_PLAY if play_on else VOTE_STOP
        if kind in self._appliers:
            key = _mode_key(action)
            number = self._mode_ids.get(key) if key is not None else None
            return None if number is None else number << TAG_BITS | MODE
        return None

    def _play_legal_id(self, seat: Seat, action_id: int) -> bool:
        phase, tag = self.phase, action_id & TAG_MASK
        if tag == PLAN_TAG:
            offer = self.plan_offer
            plan: action_ids.PlanFields | None
            if offer is not None and offer[0] == action_id and offer[1] == self.moves and offer[2] == seat:
                # Listed at this very move to this seat, which legal_action_ids found planning: legal,
                # and these are its fields (most plans played), so not checked again.
                plan = offer[3]
            else:
                # A plan is made in Shot Planning by a seat that has not planned (is_to_act(), inlined).
                if phase != PLAN or action_id < 0 or not 0 <= seat < self.n or self.plans[seat] is not None:
                    return False
                plan = action_ids.plan_fields(self.cards.ids, action_id, self.second_action)
                if plan is None or not (
                    planning.is_keyed_plan(self, seat, plan)
                    if self.plans_by_mode
                    else planning.is_plan(self, seat, plan[0], plan[1], plan[2])
                ):
                    return False
            self.moves += 1
            self._make_plan(seat, Plan(*plan))
            return True
        # A pass, most moves of a window, is played as soon as its seat is known to be asked.
        if phase in SEAT_BY_SEAT:  # is_to_act(), inlined: a window asks one seat at a time
            if seat != self.asked:
                return False
            if action_id == PASS:
                self.moves += 1
                play_anytime.pass_window(self)
                return True
        elif phase == RESPOND:  # is_to_act(), inlined: the seat asked about the top of the stack
            if seat != self.ask[0]:
                return False
            if action_id == PASS:
                self.moves += 1
                play_anytime.pass_response(self)
                return True
        elif not self.is_to_act(seat):
            return False
        if tag == PLAY:
            if phase not in PLAY_ANYTIME or action_id < 0:
                return False
            table = self.cards.ids
            played = table.played.get(action_id)  # play_fields()'s table, without its call
            if played is None:
                played = action_ids.play_fields(table, action_id)
                if played is None:
                    return False
            # Among the options kept for this seat at this move (play_anytime.PlayOffer), then legal:
            # checked here, not in a call of its own, as every card played is.
            kept, hand = self.play_offer, self.hands[seat]
            if not (
                kept is not None
                and kept[0] == self.moves
                and kept[1] == seat
                and kept[2] is hand
                and kept[3] == len(hand)
                and action_id in kept[4]
            ) and not play_anytime.is_choice(self, seat, *played):
                return False
            self.moves += 1
            # Its fields as arguments, not *played: a call with a star is not inlined by Python 3.11's
            # interpreter (a C call and an evaluation loop of its own), on every card played.
            card, target, discard = played
            play_anytime.play_card(self, seat, card, target, discard)
            return True
        if tag == MODE:
            number = action_id >> TAG_BITS
            if not 0 <= number < len(self._mode_actions):
                return False
            action = dict(self._mode_actions[number])
            if not self._allows(seat, action):
                return False
            self.moves += 1
            self._appliers[action["type"]].apply(self, seat, action)
            return True
        if phase == BACK_NINE:
            if action_id not in (VOTE_PLAY, VOTE_STOP):
                return False
            self.moves += 1
            self._vote(seat, action_id == VOTE_PLAY)
            return True
        return False  # a pass is played above, in the only phases that take one

    # The core's guards (engine.core.State.apply) in golf's words.
    def _no_such_seat(self, seat: object) -> str:
        return f"there is no seat {short(seat)} at this table"

    def _not_to_act(self, seat: Seat, kind: str) -> str:
        return f"seat {seat} is not to act now (waiting for {self.to_act()})"

    def _refusal(self, action: Action) -> str:
        """Why ``action`` (not among the legal actions) is refused, in words a player reads."""
        kind = action.get("type")
        if kind == "plan":
            hints = "".join(mode.plan_hint for mode in self.modes)
            return (
                "that plan is not allowed: the Club and the Action must be different cards from "
                f"your hand (the Driver only from the tee), aimed at a seat of the table{hints}: "
                f"{short(action, 120)}"
            )
        for mode in self.modes:
            if isinstance(kind, str) and kind in mode.refusals:
                return f"{mode.refusals[kind]}: {short(action, 120)}"
        if kind == "back_nine":
            return (
                "the back nine is voted on after the front nine, when the game's config says so, with "
                f'{{"type": "back_nine", "play": true or false}}: {short(action, 120)}'
            )
        if kind in ("play", "pass"):
            return f"you cannot {kind} that now: {short(action, 120)}"
        return f"not an action of this game now: {short(action, 120)}"

    def _allows(self, seat: Seat, action: Action) -> bool:
        """``action in self.legal_actions(seat)`` for a seat to act, looking only at the options of
        the action's type (no other can equal it): plans are checked without listing them, a Play
        Anytime card against that card's options."""
        kind = action["type"]
        phase = self.phase
        if phase == BACK_NINE:
            return kind == "back_nine" and len(action) == 2 and type(action.get("play")) is bool
        if phase in PLAY_ANYTIME:
            if kind == "play":
                return action in play_anytime.options(self, seat, action.get("card"))
            if phase != PLAN:
                return kind == "pass" and action == {"type": "pass"}
            if kind == "plan":
                return planning.is_plan_option(self, seat, action)
            return any(action in mode.legal_actions(self, seat) for mode in self.modes)
        return action in self._phase_owners[phase].legal_actions(self, seat)

    def _step(self, seat: Seat, action: Action) -> None:
        if not self._allows(seat, action):
            raise IllegalAction(self._refusal(action))
        self.moves += 1
        kind = action["type"]
        if kind == "plan":
            self._plan(seat, action)
        elif kind == "pass":
            play_anytime.pass_(self, seat)
        elif kind == "play":
            play_anytime.play(self, seat, action)
        elif kind == "back_nine":
            self._vote(seat, action["play"])
        else:
            self._appliers[kind].apply(self, seat, action)

    # -- views ---------------------------------------------------------------------------------------

    def plan_view(self, seat: Seat, viewer: Seat | None) -> JSON | None:
        """``seat``'s plan as ``viewer`` sees it: face down until SWING! except what a Rangefinder
        (to its player) or a Course GPS (to everyone) showed."""
        plan = self.plans[seat]
        if plan is None:
            return None
        everything = self.phase == REVEALED or viewer == seat
        club_shown = everything or (viewer is not None and seat in self.peeks[viewer])
        action_shown = everything or self.gps[seat]
        view: JSON = {
            "club": plan.club if club_shown else None,
            "action": plan.action if action_shown else None,
            "target": plan.target if action_shown else None,
            "face_down": not everything,
        }
        if self.second_action:
            view["action2"] = plan.action2 if action_shown else None
            view["target2"] = plan.target2 if action_shown else None
        return view

    def observe(self, seat: Seat | None) -> JSON:
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n
        ):
            raise EngineError(f"there is no seat {short(seat)} at this table")
        hole = self.holes[min(self.hole, len(self.holes) - 1)]
        players = []
        for other in range(self.n):
            players.append(
                {
                    "seat": other,
                    "distance": self.distance[other],
                    "on_tee": self.on_tee[other],
                    "strokes_this_hole": self.strokes[other],
                    "hole_scores": list(self.scores[other]),
                    "total": sum(self.scores[other]),
                    "board": list(self.boards[other]),
                    "board_actions": list(self.board_actions[other]),
                    "hand_size": len(self.hands[other]) + (1 if self.holds_player_card(other) else 0),
                    "planned": self.plans[other] is not None,
                    "plan": self.plan_view(other, seat),
                    "play_anytime_used": list(self.pa_used[other]),
                }
            )
        mode = self.config["mode"]
        view: JSON = {
            "phase": self.phase,
            "seat": seat,
            "course": self.course.name,
            "mode": list(mode) if isinstance(mode, list) else mode,
            "hand_limit": self.hand_size,
            "hole": hole.number,
            "hole_index": min(self.hole + 1, len(self.holes)),
            "holes": len(self.holes),
            "hole_yards": hole.yards,
            "par": hole.par,
            "turn": self.turn,
            "turn_cap": self.config["turn_cap"],
            "to_act": self.to_act(),
            "players": players,
            "stack": [shown(entry) for entry in self.stack],
            "deck_size": len(self.deck),
            "discard_size": len(self.discard),
            "last_results": [record_to_json(r) for r in self.last_results],
            "log": self._log_view(seat),
        }
        if self.config["decide_after_nine"]:
            view["back_nine"] = self._back_nine_view(seat)
        for part in self.modes:
            part.view(self, seat, view)
        if seat is not None:
            view["hand"] = sorted(self.hands[seat]) + ([PLAYER_CARD] if self.holds_player_card(seat) else [])
        if self.phase == OVER:
            view["outcome"] = self.outcome().to_json()
        return view

    def _back_nine_view(self, seat: Seat | None) -> JSON:
        """The vote after the front nine: who has voted, and how once every vote is in (a seat
        sees its own vote at once)."""
        votes = self.votes
        decided = self.back_nine is not None
        return {
            "decided": self.back_nine,
            "voted": [vote is not None for vote in votes],
            "votes": [vote if decided or other == seat else None for other, vote in enumerate(votes)],
        }

    def _log_view(self, seat: Seat | None) -> list[JSON]:
        """The last lines of the log ``seat`` may read."""
        lines: list[JSON] = []
        for entry in reversed(self.log):
            if entry.to is None or (seat is not None and seat in entry.to):
                lines.append(entry.view())
                if len(lines) == LOG_SHOWN:
                    break
        lines.reverse()
        return lines

    def outcome(self) -> Outcome:
        """Lowest total wins; equal totals share a place (``details["places"]``); a mode may
        decide otherwise."""
        if self.phase != OVER:
            raise EngineError("the round is still being played")
        totals = [sum(s) for s in self.scores]
        standing = Standing(
            totals=totals,
            key=[(0, total) for total in totals],
            details={
                "totals": totals,
                "hole_scores": [list(s) for s in self.scores],
                "course": self.course.name,
                "reason_text": f"all {len(self.holes)} holes were played; lowest total wins",
            },
        )
        for mode in self.modes:
            mode.rank(self, standing)
        key = standing.key
        ranking = tuple(sorted(range(self.n), key=lambda s: (key[s], s)))
        standing.details["places"] = [1 + sum(1 for k in key if k < key[s]) for s in range(self.n)]
        return Outcome(
            ranking=ranking, scores=tuple(float(t) for t in standing.totals), details=standing.details
        )

    # -- storage ---------------------------------------------------------------------------------------

    def to_json(self) -> JSON:
        if self.said:
            self._write_out()
        if self.shots is not None:
            self._write_out_shots()
        data: JSON = {"game": self.game_id, **record_to_json(self)}
        for mode in self.modes:
            data.update(record_to_json(mode))
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GolfState:
        state = record_from_json(
            cls, data, config=cfg.normalize_config(data["config"]), seed=int(data["seed"])
        )
        state._attach_modes(tuple(record_from_json(type(mode), data) for mode in state.modes))
        if len(state.board_actions) != state.n:  # stored before the Actions stayed on the boards
            state.board_actions = [[] for _ in range(state.n)]
        return state

    def resample_hidden(self, seat: Seat | None, rng: random.Random) -> GolfState:
        """Redraw the cards ``seat`` cannot see (the deck, other hands, others' face-down plan cards it
        was not shown, what a mode holds face down) among the places it cannot see. A full redraw is
        kept when every seat to act still has a move (being asked shows that a seat can play);
        otherwise the cards are redrawn only among cards with the same Action half, which keeps
        every seat's options."""
        data = self.to_json()
        data["seed"] = rng.getrandbits(63)
        if self.phase == OVER:
            return GolfState.from_json(data)
        for attempt in range(2):
            copy = GolfState.from_json(data)
            slots = copy._hidden_slots(seat)
            cards = [slot.get() for slot in slots]
            if attempt == 0:
                rng.shuffle(cards)
            else:
                groups: dict[str, list[int]] = {}
                for index, card in enumerate(cards):
                    groups.setdefault(self.names[card][1], []).append(index)
                for indexes in groups.values():
                    chosen = [cards[i] for i in indexes]
                    rng.shuffle(chosen)
                    for i, card in zip(indexes, chosen, strict=True):
                        cards[i] = card
            for slot, card in zip(slots, cards, strict=True):
                slot.put(card)
            if attempt == 1 or all(copy.legal_actions(s) for s in copy.to_act()):
                return copy
        raise AssertionError("unreachable")

    def _hidden_slots(self, viewer: Seat | None) -> list[Slot]:
        slots = [Slot(self.deck, i) for i in range(len(self.deck))]
        for other in range(self.n):
            if other == viewer:
                continue
            slots += [Slot(self.hands[other], i) for i in range(len(self.hands[other]))]
            plan = self.plans[other]
            view = self.plan_view(other, viewer)
            if plan is not None and view is not None:
                if view["club"] is None and plan.club != PLAYER_CARD:
                    slots.append(Slot(plan, "club"))
                if view["action"] is None and plan.action not in (None, PLAYER_CARD):
                    slots.append(Slot(plan, "action"))
                if view.get("action2") is None and plan.action2 not in (None, PLAYER_CARD):
                    slots.append(Slot(plan, "action2"))
        for mode in self.modes:
            slots += mode.hidden_slots(self)
        return slots

    def check_invariants(self) -> None:
        assert self.is_over == (self.phase == OVER), "is_over is the phase's"
        assert self.unplanned == [seat for seat, plan in enumerate(self.plans) if plan is None]
        places: list[str] = list(self.deck) + list(self.discard)
        for seat in range(self.n):
            places += self.hands[seat] + self.boards[seat] + self.board_actions[seat]
            plan = self.plans[seat]
            if plan is not None:
                places += [c for c in plan.cards() if c is not None and c != PLAYER_CARD]
        places += [entry.card for entry in self.stack]
        for mode in self.modes:
            places += mode.cards_held(self)
        assert sorted(places) == sorted(self.names), "every card is in exactly one place"
        assert all(d >= 0 for d in self.distance)
        assert all(len(s) == min(self.hole, len(self.holes)) for s in self.scores)
        if self.phase == OVER:
            assert not self.stack and all(p is None for p in self.plans)
        else:
            assert self.to_act(), "someone is to act while the round runs"
            assert 0 <= self.turn <= self.config["turn_cap"]
        if self.phase in PLAY_ANYTIME:
            assert self.turn >= 1, "a turn is being played"
        if self.phase == BACK_NINE:
            assert self.hole == FRONT_NINE and None in self.votes and self.back_nine is None
            assert not any(self.boards) and not any(self.board_actions)
        if self.back_nine is not None:
            assert self.hole >= FRONT_NINE and None not in self.votes
        assert self.phase in _OWN_PHASES or self.phase in self._phase_owners, f"unknown phase {self.phase!r}"
        if self.phase in SEAT_BY_SEAT:
            assert self.asked == self.order[self.pos % self.n], "the window asks the seat at its position"
        if self.phase == RESPOND:
            assert self.stack and self.ask
        else:
            assert not self.stack, "a Play Anytime card waits only while its responders are asked"
        for mode in self.modes:
            mode.check_invariants(self)


def _after_pass(options: Sequence[int]) -> Sequence[int]:
    """``[PASS, *options]`` for a listing of options, as a listing."""
    if type(options) is Listing:  # option_ids()'s (isinstance() of this ABC is a slow check)
        return options.after(_PASS_ALONE)
    return [PASS, *options]


_PASS_ALONE = (PASS,)


def _mode_key(action: Action) -> tuple[tuple[str, type, Any], ...] | None:
    """A mode's action as a key that tells ``1`` from ``True`` (an id names an action written
    exactly as it is listed), or None when a value cannot be a key (a list a client sent)."""
    key = tuple((name, type(value), value) for name, value in action.items())
    try:
        hash(key)
    except TypeError:
        return None
    return key
