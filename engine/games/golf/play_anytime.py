"""The Play Anytime windows of MULLIGAN: when a Play Anytime card may be played, who is asked, and
what each card does when it takes effect.

The rule book (``001_b0f00b7950c1e11c.txt``, Game Info): Play Anytime cards "may be played at any
point during a turn". Made precise here so that there is a window at every point of the turn, a turn
always ends, every seat gets the same chances and a seat is asked only when it holds a card it can
play:

- *Draw window* (DRAW, phase ``draw``): every seat has drawn up to its hand size; the seats are
  asked one at a time (below). House reading, as the DRAW says "draws cards until they have seven":
  the draw goes on until the window closes, so a seat whose hand a card played in it left shorter
  than the draw made it draws back up to that size then (a What's Your Handicap? leader's shortfall
  is counted once). Playable here: Borrow a Club, Dig Through the Bag, and Course GPS when a mode
  holds an Action face down (It's You Against the Course); nothing is planned yet, so no Rangefinder.
- *Planning window* (SHOT PLANNING, phase ``plan``): while a seat has not yet planned, its legal
  actions are its plans and every Play Anytime card it can play now (``{"type": "play", "card": X,
  ...}``). Once it has planned it waits for the ready window; planning ends when every seat has
  planned. Playable here: Rangefinder (``peek_club``: see one planned seat's face-down Club), Course
  GPS (``reveal_actions``: turn up every face-down Action already planned), Borrow a Club
  (``steal_card``: a random card from another hand; cards already face down are not in the hand, as
  the book's timing rule says) and Dig Through the Bag (``redraw``: discard up to N cards, never the
  2-Putt, and draw as many).
- *Ready window* (phase ``ready``): every seat has planned; before SWING! ("Once all players are
  ready...") the seats are asked one at a time, so a seat may play after its own plan, every plan
  now a Rangefinder's possible target. Playable: the planning window's cards.
- *Resolution window* (after SWING!, before the Shots are resolved, phase ``revealed``): playable
  here: Mulligan (``cancel_actions``: only when an opponent's Action is aimed at you, "after they
  have been revealed", rule book, Tips), Borrow a Club and Dig Through the Bag.
- The draw, ready and resolution windows ask the seats one at a time, in turn order starting one
  seat further round each turn and hole; a seat with a playable card plays one or passes (``{"type":
  "pass"}``), a seat without one is skipped. A window closes when a full round of seats has passed or
  been skipped since the last card played.
- *Response window*, whenever a Play Anytime card is played (in any window): the seats holding a
  Pace of Play (``cancel_play_anytime``) are asked one at a time, in turn order from the player's
  left, whether to cancel it (the player itself is not asked). A Pace of Play opens its own response
  window, so Paces of Play stack; when a window closes with every asked seat passing, the top card
  takes effect (a Pace of Play discards the card beneath it unresolved) and the window of the card
  beneath, if any, opens afresh.
- Every window closes: every card played leaves the hands for good (a Dig Through the Bag draws no
  more than it discards, a Borrow a Club moves a card between hands), so the cards in the hands fall
  with every card played and a window sees a full round of passes in the end; the draw window's
  draw back up comes once, as it closes.
- A seat may play each *type* of Play Anytime card once successfully per turn (the whole turn, its
  draw included): a type it has played successfully, or has waiting on the stack, is not playable
  again that turn.

Turn-taking shows which seat holds a playable Play Anytime card when it is asked: that is the price
of never asking a seat that cannot play.

The windows keep their bookkeeping on the state (``stack``, ``ask``, ``order``, ``pos``, ``quiet``,
``return_phase``, ``drawn_to``, and per seat ``pa_used``, ``peeks``, ``gps``, ``mulligans``) so it
is stored and replayed with everything else.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING

from engine.core import Action, Seat
from engine.games.golf import log_words
from engine.games.golf.action_ids import Discards, play_action
from engine.games.golf.cards import PLAYER_CARD
from engine.games.golf.catalog import ActionHalf
from engine.games.golf.listings import Listing
from engine.games.golf.phases import DRAW, READY, RESPOND, REVEALED, SEAT_BY_SEAT
from engine.games.golf.records import PlayedCard

if TYPE_CHECKING:
    from engine.games.golf.state import GolfState

# Play Anytime effects this engine can play, and where (the response window plays Pace of Play).
PLANNING_EFFECTS = ("peek_club", "reveal_actions", "steal_card", "redraw")
RESOLUTION_EFFECTS = ("cancel_actions", "steal_card", "redraw")
EFFECTS = (*PLANNING_EFFECTS, "cancel_actions", "cancel_play_anytime")


def effect_of(half: ActionHalf) -> str | None:
    """The Play Anytime effect a card plays as, if this engine knows how to play it."""
    if half.kind != "play_anytime":
        return None
    for effect in half.effects:
        if effect.effect in EFFECTS:
            return effect.effect
    return None


# One way to play a Play Anytime card: (card, target, discard), None where the card takes none.
Choice = tuple[str, int | None, list[str] | None]


def options(state: GolfState, seat: Seat, card: object = None) -> list[Action]:
    """The Play Anytime cards ``seat`` may play now, each with what it is played with (only the
    ``card`` ones when it is given: checking a move needs no others)."""
    return [play_action(choice) for choice in choices(state, seat, card)]


def option_ids(
    state: GolfState, seat: Seat, hand: list[str] | None = None, effects: Mapping[str, str] | None = None
) -> Sequence[int]:
    """The ids of :func:`options`, in its order (``hand``: the seat's hand sorted, if the caller has
    it): a list, or with a Dig Through the Bag a listing (its dozens of discards, every set of up to
    three of the hand's other cards, counted and each id made when read: action_ids.Discards).
    ``effects``: the playable cards' effects in this window (not a response), if the caller has them."""
    table = state.cards.ids
    base = table.play_base
    if effects is None:
        phase = state.phase
        if phase == RESPOND:
            return list(map(state.cards.play_base_of, _response_cards(state, seat)))
        effects = state.cards.resolution_play if phase == REVEALED else state.cards.planning_play
    # _playable_cards() and _targets() in one walk, each target written as its id's term at once:
    # a window finds the options of every seat it asks this way, about once per move of a playout.
    held = effects.keys() & (state.hands[seat] if hand is None else hand)
    if not held:
        return []
    used, stack = state.pa_used[seat], state.stack
    terms = table.play_target_term
    ids: list[int] = []
    parts: list[Sequence[int]] | None = None  # with a Dig Through the Bag: the ids around its discards
    size = 0  # the parts' ids counted
    in_order: Collection[str] = held
    if len(held) > 1:  # sorted in a list of its own: sorted() costs a call with keywords more
        listed = [*held]
        listed.sort()
        in_order = listed
    for card in in_order:
        if used or stack:  # _type_unused(), inlined: asked of every card of every seat a window asks
            kind = state.cards.kind_of[card]
            if kind in used or (stack and _waiting(stack, seat, kind)):
                continue
        effect = effects[card]
        # (Loops, not comprehensions, which are calls of their own: every seat a window asks.)
        if effect == "peek_club":
            first, peeked, plans = base[card], state.peeks[seat], state.plans
            for o in state.others[seat]:
                if plans[o] is not None and o not in peeked:
                    ids.append(first + terms[o])
        elif effect == "reveal_actions":
            plans, gps = state.plans, state.gps  # _may_reveal(), inlined
            for o in state.others[seat]:
                if plans[o] is not None and not gps[o]:
                    ids.append(base[card])
                    break
            else:
                if state.modes and _may_reveal(state, seat):  # an Action a mode holds face down
                    ids.append(base[card])
        elif effect == "steal_card":
            first, hands = base[card], state.hands
            for o in state.others[seat]:
                if hands[o]:
                    ids.append(first + terms[o])
        elif effect == "redraw":
            if hand is None:  # sorted only for the discards, which are listed in its order
                hand = state.hands[seat].copy()  # (sorted in place: sorted() looks up list.sort)
                hand.sort()
            rest = hand.copy()  # the hand's other cards, in its order
            rest.remove(card)
            discards = Discards(table, card, rest, state.cards.redraw_most[card])
            if parts is None:
                parts = []
            parts += (ids, discards)
            size += len(ids) + discards.size
            ids = []
        elif effect == "cancel_actions" and seat not in state.mulligans and _aimed_at(state, seat):
            ids.append(base[card])
    if parts is None:
        return ids
    parts.append(ids)
    return Listing(parts, size + len(ids))


# A seat's options found while its state stands still: (state.moves, seat, its hand, the hand's
# size, the ids of its options). A window and a response window find a seat's options to know
# whether to ask it, and a listing is followed by the move it lists, so the ids are kept for that
# move: the listing after the search, and the check of the id played, take them as they are.
PlayOffer = tuple[int, Seat, list[str], int, Sequence[int]]


def offered_ids(state: GolfState, seat: Seat) -> Sequence[int]:
    """:func:`option_ids` of ``seat``, the seat a window or a response window asks: those found at
    this move if they were (the caller's to read, not to change), else found now and kept."""
    hand = state.hands[seat]
    offer = state.play_offer
    if (
        offer is not None
        and offer[0] == state.moves
        and offer[1] == seat
        and offer[2] is hand
        and offer[3] == len(hand)
    ):
        return offer[4]
    ids = option_ids(state, seat)
    state.play_offer = (state.moves, seat, hand, len(hand), ids)
    return ids


def choices(state: GolfState, seat: Seat, card: object = None) -> list[Choice]:
    """:func:`options` before they are written as dicts."""
    if state.phase == RESPOND:
        return [(c, None, None) for c in _response_cards(state, seat) if card is None or c == card]
    hand = sorted(state.hands[seat])
    found: list[Choice] = []
    for playable, effect in _playable_cards(state, seat, hand, card):
        if effect == "redraw":
            rest = [c for c in hand if c != playable]
            found += [
                (playable, None, list(combo))
                for size in range(1, min(state.cards.redraw_most[playable], len(rest)) + 1)
                for combo in itertools.combinations(rest, size)
            ]
        else:
            found += [(playable, target, None) for target in _targets(state, seat, effect)]
    return found


def is_choice(state: GolfState, seat: Seat, card: str, target: int | None, discard: list[str] | None) -> bool:
    """Whether ``(card, target, discard)`` is among :func:`choices` (``card`` a card of the deck),
    checked without listing them: a Dig Through the Bag's discard is some of the hand's other cards
    in order, as many as it allows."""
    if state.phase == RESPOND:
        return target is None and discard is None and card in _response_cards(state, seat)
    effect = (state.cards.resolution_effect if state.phase == REVEALED else state.cards.planning_effect)[card]
    hand = state.hands[seat]
    if effect is None or card not in hand or not _type_unused(state, seat, card):
        return False
    if effect != "redraw":
        return discard is None and target in _targets(state, seat, effect)
    if target is not None or not discard or len(discard) > min(state.cards.redraw_most[card], len(hand) - 1):
        return False
    previous = ""
    for other in discard:  # the hand's other cards, each once, in the sorted hand's order
        if other <= previous or other == card or other not in hand:
            return False
        previous = other
    return True


def _playable_cards(state: GolfState, seat: Seat, hand: list[str], only: object) -> list[tuple[str, str]]:
    """The cards of ``hand`` whose Play Anytime type ``seat`` may play in this window, with their
    effects (all of them, or the ``only`` one), in the sorted hand's order."""
    # Every listing and every seat a window asks comes here: most hands hold no card of the window
    # and the rest one or two, so those are found by a set's intersection (not a walk of the hand),
    # and the type checks only count once this seat has played or has waiting a card this turn.
    effects = state.cards.resolution_play if state.phase == REVEALED else state.cards.planning_play
    held = effects.keys() & hand
    if not held:
        return []
    typed = bool(state.pa_used[seat] or state.stack)
    playable: list[tuple[str, str]] = []
    for card in sorted(held) if len(held) > 1 else held:
        if (only is None or card == only) and (not typed or _type_unused(state, seat, card)):
            playable.append((card, effects[card]))
    return playable


def _targets(state: GolfState, seat: Seat, effect: str) -> list[int | None]:
    """What ``seat`` may aim a playable card of ``effect`` (not a Dig Through the Bag) at now: seats,
    or None for a card without a target; empty when it may not be played."""
    others = state.others[seat]
    if effect == "peek_club":
        peeked, plans = state.peeks[seat], state.plans
        return [o for o in others if plans[o] is not None and o not in peeked]
    if effect == "reveal_actions":
        return [None] if _may_reveal(state, seat) else []
    if effect == "steal_card":
        hands = state.hands
        return [o for o in others if hands[o]]
    if effect == "cancel_actions" and seat not in state.mulligans and _aimed_at(state, seat):
        return [None]
    return []


def _may_reveal(state: GolfState, seat: Seat) -> bool:
    """Whether a Course GPS of ``seat`` would turn up an Action: another seat's planned face down, or
    one a mode holds face down."""
    plans, gps = state.plans, state.gps
    for o in state.others[seat]:
        if plans[o] is not None and not gps[o]:
            return True
    # (No generator made for a table without modes: every Course GPS holder a window asks gets here.)
    return bool(state.modes) and any(mode.face_down_actions(state) for mode in state.modes)


def _aimed_at(state: GolfState, seat: Seat) -> bool:
    """Whether an opponent's Action (or one a mode plays, the course's) is aimed at ``seat``: a
    Mulligan's condition."""
    for other, plan in enumerate(state.plans):
        # plan.actions(), unrolled: asked of every seat holding a Mulligan whenever it is asked.
        if (
            plan is not None
            and other != seat
            and (
                (plan.target == seat and plan.action is not None and plan.action != PLAYER_CARD)
                or (plan.target2 == seat and plan.action2 is not None and plan.action2 != PLAYER_CARD)
            )
        ):
            return True
    return bool(state.modes) and any(
        played.target == seat for mode in state.modes for played in mode.table_actions(state)
    )


def _response_cards(state: GolfState, seat: Seat) -> list[str]:
    """The Paces of Play ``seat`` may answer the top of the stack with (sorted)."""
    stack = state.stack
    if not stack or stack[-1].seat == seat:
        return []
    held = state.cards.paces.intersection(state.hands[seat])  # a hand's cards are all different
    if not held:
        return []
    kind_of, used = state.cards.kind_of, state.pa_used[seat]
    cards = []
    in_order: Collection[str] = held
    if len(held) > 1:  # sorted in a list of its own: sorted() costs a call with keywords more
        listed = [*held]
        listed.sort()
        in_order = listed
    for card in in_order:  # a loop: asked of every seat a card is played past
        kind = kind_of[card]
        if kind not in used and not _waiting(stack, seat, kind):
            cards.append(card)
    return cards


def _type_unused(state: GolfState, seat: Seat, card: str) -> bool:
    """Whether ``seat`` has neither played ``card``'s Play Anytime type this turn nor has one waiting."""
    kind = state.cards.kind_of[card]
    return kind not in state.pa_used[seat] and not _waiting(state.stack, seat, kind)


def _waiting(stack: list[PlayedCard], seat: Seat, kind: str) -> bool:
    """Whether ``seat`` has a card of the Play Anytime type ``kind`` waiting on ``stack``."""
    for entry in stack:  # noqa: SIM110  (a loop, not any() of a generator: asked of every card a window sees)
        if entry.seat == seat and entry.action == kind:
            return True
    return False


@functools.cache
def _responders(n: int, player: Seat) -> tuple[int, ...]:
    """The seats of a table of ``n`` asked about ``player``'s card, from its left (the caller copies
    it into a list of its own: the window pops it)."""
    return _window_order(n, (player + 1) % n)[: n - 1]


def open_window(state: GolfState) -> None:
    """Open the draw, ready or resolution window (``state.phase``): ask the seats in turn order, one
    seat further round each turn and hole."""
    state.order = list(_window_order(state.n, (state.turn - 1 + state.hole) % state.n))
    state.pos = 0
    state.quiet = 0
    _advance_window(state)


@functools.cache
def _window_order(n: int, first: int) -> tuple[int, ...]:
    """The seats of a table of ``n`` in turn order from ``first``."""
    return tuple((first + k) % n for k in range(n))


def _advance_window(state: GolfState) -> None:
    n, order, hands, phase = state.n, state.order, state.hands, state.phase
    # The window's effects are handed to option_ids(), which would find them again for every seat.
    effects = state.cards.resolution_play if phase == REVEALED else state.cards.planning_play
    if phase == DRAW and not state.modes and state.plans.count(None) == n:
        # Most draw windows ask seats holding only a Rangefinder or a Course GPS, which have nothing
        # to aim at before a plan is made: their options, always none, are not looked for.
        cards = state.cards.draw_play.keys()
    else:
        cards = effects.keys()
    quiet, pos = state.quiet, state.pos  # counted here, stored once the window stops or closes
    while quiet < n:
        seat = order[pos % n]
        hand = hands[seat]
        # For a hand holding a card of this window at all (most hold none), its options: the seat
        # is asked when it has some, and they are kept for its listing and its move (the window
        # rests here; a seat passed over is not kept, as the move may go on to change its hand).
        if not cards.isdisjoint(hand):
            ids = option_ids(state, seat, None, effects)
            if ids:
                state.play_offer = (state.moves, seat, hand, len(hand), ids)
                state.quiet, state.pos, state.asked = quiet, pos, seat
                return
        quiet += 1
        pos += 1
    state.quiet, state.pos = quiet, pos
    if phase == DRAW:
        state.end_draw()
    elif phase == READY:
        state.swing()
    else:
        state.resolve()


def pass_(state: GolfState, seat: Seat) -> None:
    """``seat`` plays nothing when asked (in the resolution or a response window)."""
    if state.phase == RESPOND:
        pass_response(state)
    else:
        pass_window(state)


def pass_window(state: GolfState) -> None:
    """The seat a draw, ready or resolution window asks passes."""
    state.quiet += 1
    state.pos += 1
    _advance_window(state)


def pass_response(state: GolfState) -> None:
    """The seat asked about the top of the stack passes."""
    state.ask.pop(0)
    _advance_response(state)


def play(state: GolfState, seat: Seat, action: Action) -> None:
    """``seat`` plays a Play Anytime card (a legal ``{"type": "play", ...}``)."""
    discard = action.get("discard")  # the client's list: the log keeps its own
    play_card(state, seat, action["card"], action.get("target"), None if discard is None else list(discard))


def play_card(state: GolfState, seat: Seat, card: str, target: int | None, discard: list[str] | None) -> None:
    """``seat`` plays ``card`` (one of its :func:`choices`): it goes on the stack and the seats that
    may cancel it are asked (when no other hand holds a Pace of Play, it takes effect at once)."""
    state.hands[seat].remove(card)
    stack = state.stack
    # state.say_as(), inlined (a line said on every card played): its words, no cards, for everyone,
    # then the parts.
    if stack:
        against: tuple[int, str] | None = (stack[-1].seat, stack[-1].card)
    else:
        state.return_phase = state.phase
        against = None
    state.said.append(
        (state.hole + 1, state.turn, log_words.plays, None, None, seat, card, target, discard, against)
    )
    if not stack:
        paces, hands = state.cards.paces, state.hands
        for other in state.others[seat]:
            if not paces.isdisjoint(hands[other]):
                break
        else:
            # Nobody holds a Pace of Play to answer it with: it takes effect at once, as it would
            # once nobody had answered it on the stack.
            state.ask = []
            _take_effect(state, seat, card, target, discard)
            state.phase = state.return_phase
            if state.phase in SEAT_BY_SEAT:
                state.quiet = 0
                state.pos += 1
                _advance_window(state)
            return
    # PlayedCard(seat, card, action, target, discard), positional as it is made on every play.
    stack.append(
        PlayedCard(seat, card, state.cards.kind_of[card], target, None if discard is None else list(discard))
    )
    state.ask = list(_responders(state.n, seat))
    _advance_response(state)


def _advance_response(state: GolfState) -> None:
    paces, hands = state.cards.paces, state.hands
    while True:
        ask = state.ask
        while ask:
            seat = ask[0]
            hand = hands[seat]
            # _response_cards(), for a hand holding a Pace of Play at all (most hold none)
            if not paces.isdisjoint(hand):
                cards = _response_cards(state, seat)
                if cards:
                    # Its options, as option_ids() lists them: kept for its listing and its move.
                    ids = list(map(state.cards.play_base_of, cards))
                    state.play_offer = (state.moves, seat, hand, len(hand), ids)
                    state.phase = RESPOND
                    return
            ask.pop(0)
        top = state.stack.pop()
        if top.card in state.cards.paces:
            half = state.cards.half_of[top.card]
            beneath = state.stack.pop()
            state.discard += [top.card, beneath.card]
            state.pa_used[top.seat].append(half.id)
            # state.say_as(), inlined: the words, no cards, for everyone, then the parts.
            state.said.append(
                (
                    state.hole + 1,
                    state.turn,
                    log_words.cancels,
                    None,
                    None,
                    top.seat,
                    half.name,
                    beneath.seat,
                    beneath.card,
                )
            )
        else:
            _take_effect(state, top.seat, top.card, top.target, top.discard)
        if state.stack:
            state.ask = list(_responders(state.n, state.stack[-1].seat))
            continue
        state.phase = state.return_phase
        if state.phase in SEAT_BY_SEAT:
            state.quiet = 0
            state.pos += 1
            _advance_window(state)
        return


def _take_effect(
    state: GolfState, seat: Seat, card: str, target: int | None, discard: list[str] | None
) -> None:
    """``seat``'s ``card`` (played with ``target`` and ``discard``) takes effect."""
    half = state.cards.half_of[card]
    effect = state.cards.effect[card]
    state.discard.append(card)
    state.pa_used[seat].append(half.id)
    # Its lines are said as state.say_as() says them, inlined (every card that takes effect says one
    # or two): the words, the cards shown (None: those it names), the seats it is for (None:
    # everyone), then the parts.
    said, hole, turn = state.said, state.hole + 1, state.turn
    if effect == "cancel_actions":
        state.mulligans.append(seat)
        said.append((hole, turn, log_words.mulligan, None, None, seat, half.name))
    elif effect == "peek_club":
        assert target is not None
        plan = state.plans[target]
        assert plan is not None
        state.peeks[seat].append(target)
        said.append(
            (hole, turn, log_words.club_seen, [plan.club], log_words.ONLY[seat], half.name, target, plan.club)
        )
        said.append((hole, turn, log_words.sees_club, None, None, seat, target, half.name))
    elif effect == "reveal_actions":
        for other, plan in enumerate(state.plans):
            if plan is not None and not state.gps[other]:
                state.gps[other] = True
                said.append(
                    (
                        hole,
                        turn,
                        log_words.actions_shown,
                        None,
                        None,
                        half.name,
                        other,
                        plan.action,
                        plan.target,
                        plan.action2,
                        plan.target2,
                    )
                )
        for mode in state.modes:
            # It's You Against the Course: "If any player plays Course GPS, the Action for the
            # course is also revealed."
            mode.reveal(state)
    elif effect == "steal_card":
        assert target is not None
        if state.hands[target]:
            held = state.hands[target].copy()
            held.sort()
            stolen = state.draws.choice(f"golf:{state.seed}:steal:{state.moves}", held)
            state.hands[target].remove(stolen)
            state.hands[seat].append(stolen)
            said.append((hole, turn, log_words.you_take, [stolen], [seat, target], seat, stolen, target))
            said.append((hole, turn, log_words.takes, None, None, seat, target, half.name))
        else:
            state.say(f"Seat {target} has no card to take.")
    elif effect == "redraw":
        assert discard is not None
        gone = list(filter(state.hands[seat].__contains__, discard))
        for c in gone:
            state.hands[seat].remove(c)
        state.discard += gone
        drawn = state.draw(seat, len(gone))
        said.append((hole, turn, log_words.redraws, None, None, seat, gone, len(drawn), half.name))
        if drawn:
            said.append((hole, turn, log_words.you_draw, drawn, log_words.ONLY[seat], drawn))
