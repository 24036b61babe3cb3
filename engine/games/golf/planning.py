"""SHOT PLANNING's choices: the plans a seat may make now, and whether a plan is one of them.

A plan is a Club (a card from the hand, or the 2-Putt; the Driver only while the ball is on the
tee) and one Action card with its target, any seat, yourself included (an Action that says "target
yourself": the seat and its teammates, if a mode gives it any). The Action may be the Practice
Swing (the player card's other half) unless the 2-Putt is the Club; it is None only when the hand
holds no Action. A mode may add plans of its own (:meth:`Mode.more_plans`: Heavy Bag's two Actions).

A seat's plans are listed once or twice a turn and checked once, and the hand changes every turn,
so the common case does no more than that:

- plans of one Action (standard rules, and every mode that adds none) are listed straight from the
  hand as the dicts the API shows, and a move is checked card by card, without listing anything;
- a mode's own plans (thousands of them in Heavy Bag) are listed once per hand as keys, kept until
  the hand or the tee changes, and a move is checked by set membership.

Both answer exactly what ``action in plan_options(state, seat)`` would.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, overload

from engine.core import Action, Seat
from engine.games.golf.cards import PLAYER_CARD
from engine.games.golf.listings import Listing
from engine.games.golf.modes.base import Mode
from engine.games.golf.records import PlanKey

if TYPE_CHECKING:
    from engine.games.golf.state import GolfState

# A seat's listed plans, as keys, for the hand (sorted) and tee they were made for.
# Their ids are numbered only once asked for (None until then).
PlanCache = dict[
    Seat, tuple[tuple[tuple[str, ...], bool], list[PlanKey], frozenset[PlanKey], list[int] | None]
]


def adds_plans(mode: Mode) -> bool:
    return type(mode).more_plans is not Mode.more_plans


def plan_options(state: GolfState, seat: Seat) -> list[Action]:
    """Every plan ``seat`` may make now, in order: by Club (the hand's, sorted, then the 2-Putt),
    then Action, then target. Fresh dicts, the caller's own."""
    if state.plans_by_mode:
        keys = _keyed_plans(state, seat)[0]
        if state.second_action:
            return [
                {"type": "plan", "club": c, "action": a, "target": t, "action2": a2, "target2": t2}
                for c, a, t, a2, t2 in keys
            ]
        return [{"type": "plan", "club": c, "action": a, "target": t} for c, a, t, _, _ in keys]
    cards = state.cards
    is_action, aims_at_self, tee_only = cards.is_action, cards.aims_at_self, cards.tee_only
    hand = sorted(state.hands[seat])
    mine, everyone = state.own_targets[seat], state.everyone
    # Each Action card of the hand with its targets; with a Club of the hand, the Practice Swing too.
    actions = [(a, mine if aims_at_self[a] else everyone) for a in hand if is_action[a]]
    with_swing = [*actions, (PLAYER_CARD, mine if aims_at_self[PLAYER_CARD] else everyone)]
    on_tee = state.on_tee[seat]
    # One comprehension, tested per card rather than per plan: this is most of a move's work.
    options: list[Action] = [
        {"type": "plan", "club": club, "action": a, "target": t}
        for club in hand
        if on_tee or not tee_only[club]
        for a, targets in with_swing
        if a != club
        for t in targets
    ]
    if actions:
        options += [
            {"type": "plan", "club": PLAYER_CARD, "action": a, "target": t}
            for a, targets in actions
            for t in targets
        ]
    else:
        options.append({"type": "plan", "club": PLAYER_CARD, "action": None, "target": seat})
    return options


def plan_ids(state: GolfState, seat: Seat, hand: list[str] | None = None) -> list[int]:
    """The ids of :func:`plan_options`, in its order (engine.games.golf.action_ids): each the sum of
    its club's, action's and target's terms, so the same walk as there, adding ints (``hand``: the
    seat's hand sorted, if the caller has it)."""
    if state.plans_by_mode:
        return list(_keyed_plan_ids(state, seat))  # the caller's own, the cache's kept
    if hand is None:
        hand = sorted(state.hands[seat])
    # Each plan's ids come made, by Club and Action (action_ids.IdTable.seat_pair_ids).
    clubs, actions = _clubs_and_actions(state, seat, hand)
    return _walk(state.plan_rows[seat], clubs, actions, _alone(state, seat))


def _clubs_and_actions(state: GolfState, seat: Seat, hand: list[str]) -> tuple[list[str], list[str]]:
    """The hand's cards ``seat`` may play as its Club (Tee-only ones only from the tee), and its
    Actions, in order."""
    cards = state.cards
    is_action = cards.actions
    actions = list(filter(is_action.__contains__, hand))  # in the sorted hand's order, no Python loop
    if state.on_tee[seat] or cards.tee_clubs.isdisjoint(hand):  # most hands hold no Driver
        return hand, actions
    return list(itertools.filterfalse(cards.tee_only.__getitem__, hand)), actions


def _alone(state: GolfState, seat: Seat) -> int:
    """The id of the 2-Putt planned with no Action (a hand without Actions), aimed at ``seat``."""
    table = state.cards.ids
    return table.club_term[PLAYER_CARD] + table.action_term[None] + table.target_term[seat]


def _walk(
    rows: dict[str, dict[str | None, tuple[int, ...]]], clubs: list[str], actions: list[str], alone: int
) -> list[int]:
    ids: list[int] = []
    for club in clubs:
        row = rows[club]
        for a in actions:
            if a != club:
                ids += row[a]
        ids += row[PLAYER_CARD]  # the Practice Swing
    if actions:
        row = rows[PLAYER_CARD]
        for a in actions:
            ids += row[a]
    else:
        ids.append(alone)
    return ids


class PlanIds(Listing):
    """:func:`plan_ids` made one id at a time when asked for (:mod:`engine.games.golf.listings`): the
    number of plans is counted from the hand, and an id is found by walking the Clubs and Actions
    to it, so a move that plays one plan makes one id (a game whose modes add no plans). A listing
    of its own, with the seat's Play Anytime options after its plans (``options``, the caller's, not
    changed after) when it has some: no listing of parts around it (a layer less on each of a
    playout's reads)."""

    __slots__ = ("_clubs", "_hand", "_options", "_per_club", "_plans", "_seat", "_stamp", "_state", "_width")

    def __init__(self, state: GolfState, seat: Seat, hand: list[str], options: Sequence[int] = ()) -> None:
        # Listing's own fields are set here: its parts are this object's walk, its ids made once read.
        self._parts = ()
        self._ids = None
        # How many plans each card adds as an Action (its targets; 0 for a card that is no Action),
        # so the plans are counted by sums over the hand, and walked over the hand itself (a card
        # of width 0 is passed over by the walk's arithmetic): no list of the hand's Actions is made
        # for a listing, of which a playout reads one id.
        width, width_of = state.plan_widths[seat], state.plan_width_of[seat]
        every = sum(map(width_of, hand))
        # A Club of the hand: every Action but itself, then the Practice Swing; then the 2-Putt with
        # every Action, or alone with no Action (``every`` 0). With every card of the hand a Club
        # (most hands), the Actions the Clubs skip are the hand's Actions, as many plans as ``every``.
        per_club = every + width[PLAYER_CARD]
        if state.on_tee[seat] or state.cards.tee_clubs.isdisjoint(hand):
            clubs = hand
            plans = per_club * len(hand) - every
        else:
            clubs = list(itertools.filterfalse(state.cards.is_tee_only, hand))
            plans = per_club * len(clubs) - sum(map(width_of, clubs))
        self._plans = plans = plans + (every or 1)
        self._size = plans + len(options)
        self._options = options
        self._hand, self._clubs, self._per_club, self._width = hand, clubs, per_club, width
        self._state, self._seat, self._stamp = state, seat, state.moves

    def __len__(self) -> int:
        # Listing's, as a method of its own: Python 3.11 specializes an attribute read for one class,
        # and this listing's length and a Listing's are both read on most moves of a playout (one
        # shared method would miss its specialization on every other read, and look it up whole).
        return self._size

    @overload
    def __getitem__(self, index: int) -> int: ...

    @overload
    def __getitem__(self, index: slice) -> list[int]: ...

    def __getitem__(self, index: int | slice) -> int | list[int]:
        if type(index) is not int or not 0 <= index < self._size:
            return self.ids()[index]
        if index >= self._plans:
            return self._options[index - self._plans]
        # Walked by counts (each Action its number of targets, any other card 0), not by the seat's
        # rows of ids: the one id read is then added up from its terms, and no other row is looked at.
        hand, width = self._hand, self._width
        for club in self._clubs:
            size = self._per_club - width[club]
            if index < size:
                for action in hand:
                    if action != club:
                        if index < width[action]:
                            break
                        index -= width[action]
                else:
                    action = PLAYER_CARD  # the Practice Swing
                break
            index -= size
        else:
            club = PLAYER_CARD
            for action in hand:
                if index < width[action]:
                    break
                index -= width[action]
            else:  # no Action in the hand: the 2-Putt alone, aimed at the seat itself
                return self._offer(club, None, self._seat, _alone(self._state, self._seat))
        state = self._state
        cards = state.cards
        target = (state.own_targets[self._seat] if action in cards.aimed_at_self else state.everyone)[index]
        terms = cards.ids
        action_id = terms.club_term[club] + terms.action_term[action] + terms.target_term[target]
        # _offer(), inlined: the one id of most listings.
        state.plan_offer = (action_id, self._stamp, self._seat, (club, action, target, None, None))
        return action_id

    def _offer(self, club: str, action: str | None, target: int, action_id: int) -> int:
        """``action_id``, the id of this plan, told to the state with the move it was listed at: a
        playout reads one id and plays it at once, and the state then makes the plan it names
        without reading it back and checking it again (GolfState.plan_offer)."""
        self._state.plan_offer = (action_id, self._stamp, self._seat, (club, action, target, None, None))
        return action_id

    def __contains__(self, value: object) -> bool:
        return value in self.ids()  # its parts are its walk, not Listing's

    def after(self, first: Sequence[int]) -> Listing:
        return Listing((first, self))

    def ids(self) -> list[int]:
        ids = self._ids
        if ids is None:
            state, seat, hand = self._state, self._seat, self._hand
            actions = list(filter(state.cards.actions.__contains__, hand))
            ids = self._ids = _walk(state.plan_rows[seat], self._clubs, actions, _alone(state, seat))
            ids += self._options
        return ids


def plan_listing(state: GolfState, seat: Seat, hand: list[str]) -> Sequence[int]:
    """:func:`plan_ids` as a part of a :class:`engine.games.golf.listings.Listing` (``hand``: the
    seat's hand sorted, the caller's, not changed after): counted now, made when asked for. A
    mode's plans are kept listed (their cache's own list, shared: a listing changes nothing)."""
    if state.plans_by_mode:
        return _keyed_plan_ids(state, seat)
    return PlanIds(state, seat, hand)


def is_plan_option(state: GolfState, seat: Seat, action: Action) -> bool:
    """``action in plan_options(state, seat)`` (``type`` is known to be ``plan``): the same keys, and
    values equal to one plan's."""
    try:
        if state.plans_by_mode:
            return _keyed_plan(state, action) in _keyed_plans(state, seat)[1]
        if len(action) != 4:
            return False
        return is_plan(state, seat, action["club"], action["action"], action["target"])
    except (KeyError, TypeError):  # a key missing, or a value no plan can equal (unhashable)
        return False


def is_plan(state: GolfState, seat: Seat, club: Any, played: Any, target: Any) -> bool:
    """Whether ``seat`` may plan ``club`` with the one Action ``played`` aimed at ``target`` (a game
    whose modes add no plans)."""
    cards = state.cards
    hand = state.hands[seat]
    # `in` on lists and `==` compare as the listed plans' values would, whatever a client sent.
    if club != PLAYER_CARD and (club not in hand or (cards.tee_only[club] and not state.on_tee[seat])):
        return False
    if played is None:
        # Only the 2-Putt with no Action card in the hand, aimed at yourself.
        return club == PLAYER_CARD and not any(cards.is_action[c] for c in hand) and target == seat
    if played == PLAYER_CARD:
        if club == PLAYER_CARD:
            return False
    elif played == club or played not in hand or not cards.is_action[played]:
        return False
    return target in (state.own_targets[seat] if cards.aims_at_self[played] else state.everyone)


def is_keyed_plan(state: GolfState, seat: Seat, key: PlanKey) -> bool:
    """Whether ``key`` is one of the plans ``seat`` may make now, in a game whose modes add plans."""
    return key in _keyed_plans(state, seat)[1]


def _keyed_plan(state: GolfState, action: Action) -> PlanKey | None:
    if state.second_action:
        if len(action) != 6:
            return None
        return (action["club"], action["action"], action["target"], action["action2"], action["target2"])
    if len(action) != 4:
        return None
    return (action["club"], action["action"], action["target"], None, None)


def _keyed_plan_ids(state: GolfState, seat: Seat) -> list[int]:
    """The ids of :func:`_keyed_plans`' plans, in order, kept with them once asked for: a move is
    checked against the keys alone, and a Heavy Bag seat has thousands of plans to number."""
    plans = _keyed_plans(state, seat)[0]
    entry = state.plan_cache[seat]
    ids = entry[3]
    if ids is None:
        plan_id = state.cards.ids.plan_id
        ids = [plan_id(*plan) for plan in plans]
        state.plan_cache[seat] = (entry[0], entry[1], entry[2], ids)
    return ids


def _keyed_plans(state: GolfState, seat: Seat) -> tuple[list[PlanKey], frozenset[PlanKey]]:
    """The plans with a mode's own, as keys and as a set, kept per seat for the hand and tee they
    were made for."""
    hand = tuple(sorted(state.hands[seat]))
    key = (hand, state.on_tee[seat])
    cached = state.plan_cache.get(seat)
    if cached is not None and cached[0] == key:
        return cached[1], cached[2]
    on_tee = state.on_tee[seat]
    cards = state.cards
    clubs = [c for c in hand if on_tee or not cards.tee_only[c]]
    clubs.append(PLAYER_CARD)
    action_cards = [c for c in hand if cards.is_action[c]]
    targets = {card: state.targets(seat, card) for card in [*action_cards, PLAYER_CARD]}
    plans: list[PlanKey] = []
    for club in clubs:
        real = [c for c in action_cards if c != club]
        actions = real + ([PLAYER_CARD] if club != PLAYER_CARD else [])
        for action in actions:
            plans += [(club, action, t, None, None) for t in targets[action]]
        for mode in state.modes:
            plans += mode.more_plans(state, seat, club, real)
        if not actions:
            plans.append((club, None, seat, None, None))
    found = frozenset(plans)
    state.plan_cache[seat] = (key, plans, found, None)
    return plans, found
