"""The rules of *Mulligan* (`000_43432f497e9b879c.txt`) as an engine game.

A turn: the auctioneer may ``skip``, ``fold`` or ``auction`` a card. After an auction every other
active player makes a face-down ``offer`` (a simultaneous step: nothing is shown until all are
in); then the auctioneer ``swap``s with one offer or calls a ``mulligan``. Any seat may ``say``
something at any time. Actions are dicts::

    {"type": "skip"}   {"type": "fold"}   {"type": "auction", "card": "As", "chips": 1}
    {"type": "offer", "card": "7d", "chips": 0}   {"type": "swap", "seat": 2}
    {"type": "mulligan"}   {"type": "say", "text": "I'll give you a heart for that"}

``chips`` appears only when playing for chips.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from engine.cards import CARD_INDEX, CARD_NAMES, CardError, parse_card, shuffled_deck
from engine.config_fields import ConfigField, ConfigPreset, players_field
from engine.core import (
    JSON,
    Action,
    EngineError,
    Game,
    IllegalAction,
    Outcome,
    Seat,
    State,
    described_for,
    short,
)
from engine.games.mulligan import config as cfg
from engine.games.mulligan import labels
from engine.games.mulligan.action_ids import (
    CARD_MASK,
    CARDS,
    CHIPS_SHIFT,
    FOLD,
    IDS,
    MAX_SEATS,
    MULLIGAN,
    NAMES,
    SKIP,
    SWAP_BASE,
)
from engine.games.mulligan.hands import hand_key, rank_hand

TURN, OFFERS, DECIDE, OVER = "turn", "offers", "decide", "over"

# A swap's id by the seat it swaps with, read by map rather than a comprehension, which would be a
# function made and called on every decision.
_SWAP_IDS: tuple[int, ...] = tuple(range(SWAP_BASE, SWAP_BASE + MAX_SEATS))

END_FOLD = "fold"  # two active players and one folded
END_DECK = "deck"  # after a mulligan the deck cannot deal every active player a card
# Not endings of the seed: the turn cap (a safety net) and a league's optional round of skips. The
# cap's text is kept as it was, since stored outcomes are compared with their replays (verify.py);
# the pages say "ended at the turn cap" from the reason.
END_TURN_LIMIT = "turn_limit"
END_SKIP_ROUND = "skip_round"
END_REASONS = {
    END_FOLD: "one of the last two active players folded",
    END_DECK: "the deck cannot give every active player a card",
    END_TURN_LIMIT: "the turn limit was reached",
    END_SKIP_ROUND: "every active player skipped in a row",
}

# How a refusal names each decision: "cannot call a mulligan now: ...".
_VERBS = {
    "skip": "skip",
    "fold": "fold",
    "auction": "auction",
    "offer": "make an offer",
    "swap": "swap",
    "mulligan": "call a mulligan",
}


# A move's event as said: its type, its turn, then its numbers (see _written). A tuple of ints costs a
# playout a fraction of a dict, and most events are never read.
_Said = tuple[Any, ...]


def _written(said: _Said) -> JSON:
    """The JSON object of an event kept as said, keys in the order the log has always had."""
    kind, turn, *rest = said
    if kind == "offers":
        secret, for_chips, offers = rest
        views: list[JSON] = []
        for s, (c, k) in offers:
            # Under Secret Offers only the fact (and any chips) becomes public, never the cards:
            # each offer as _offer_view showed it to a spectator then.
            view: JSON = {"seat": s, "card": None if secret else CARD_NAMES[c]}
            if for_chips:
                view["chips"] = k
            views.append(view)
        return {"turn": turn, "type": "offers_in" if secret else "offers_revealed", "offers": views}
    event: JSON = {"turn": turn, "type": kind, "seat": rest[0]}
    if kind == "auction":
        event["card"] = CARD_NAMES[rest[1]]
        if rest[2] is not None:
            event["chips"] = rest[2]
    elif kind == "swap":
        event["with"] = rest[1]
        event["auctioned"] = CARD_NAMES[rest[2]]
        if rest[3] is not None:
            event["card"] = CARD_NAMES[rest[3]]
    elif kind == "mulligan":
        event["discarded"] = _names(rest[1])
        if rest[2] is not None:
            event["pot"] = rest[2]
    return event


# By seat, for one pattern of active seats: the next active seat to its left (itself if none is),
# the other active seats in seat order (who make offers when it auctions), and the active seats from
# its left round to itself (who draw after its mulligan, in that order).
_Seating = tuple[tuple[Seat, ...], tuple[tuple[Seat, ...], ...], tuple[tuple[Seat, ...], ...]]
_SEATINGS: dict[tuple[bool, ...], _Seating] = {}
# Tables of many seats could fold into more patterns than are worth keeping.
_MAX_SEATINGS = 4096


def _seating(active: tuple[bool, ...]) -> _Seating:
    """The seating of ``active``: every turn asks it, and only a fold changes it, so it is worked out
    once per pattern of folds rather than found by walking round the table."""
    seating = _SEATINGS.get(active)
    if seating is None:
        n = len(active)
        rounds = tuple(
            tuple(s for s in (*range(seat + 1, n), *range(seat + 1)) if active[s]) for seat in range(n)
        )
        seating = (
            tuple(round_[0] if round_ else seat for seat, round_ in enumerate(rounds)),
            tuple(tuple(s for s in range(n) if active[s] and s != seat) for seat in range(n)),
            rounds,
        )
        if len(_SEATINGS) < _MAX_SEATINGS:
            _SEATINGS[active] = seating
    return seating


def _names(cards: list[int]) -> list[str]:
    return list(map(CARD_NAMES.__getitem__, sorted(cards, reverse=True)))


class MulliganState(State):
    game_id: ClassVar[str] = "mulligan"
    action_keys: ClassVar[Mapping[str, frozenset[str]]] = {
        "skip": frozenset({"type"}),
        "fold": frozenset({"type"}),
        "auction": frozenset({"type", "card", "chips"}),
        "offer": frozenset({"type", "card", "chips"}),
        "swap": frozenset({"type", "seat"}),
        "mulligan": frozenset({"type"}),
        "say": frozenset({"type", "text"}),
    }
    free_actions: ClassVar[frozenset[str]] = frozenset({"say"})  # "any seat may say something at any time"
    has_action_ids: ClassVar[bool] = True  # see engine.games.mulligan.action_ids
    # Every attribute a slot. Python 3.11 keeps at most 30 attribute names of a class's instances in
    # the keys they share; past that an instance gets a dict of its own, and the calls of its methods
    # (to_act, legal_action_ids, apply_id on every move) are no longer specialized. A slot is read as
    # fast as a shared key, and a new one cannot tip the state over.
    __slots__ = (
        "_draw_orders",
        "_next_seat",
        "_offerers_of",
        "active",
        "auction_card",
        "auction_chips",
        "auctioneer",
        "burnt",
        "chips",
        "config",
        "deck",
        "discard",
        "end_on_skip_round",
        "end_reason",
        "hands",
        "is_over",
        "leftover",
        "log",
        "max_turns",
        "moves",
        "n",
        "offers",
        "open_hands",
        "pending",
        "phase",
        "playing_for_chips",
        "pot",
        "secret_offers",
        "seed",
        "skips_in_a_row",
        "turn",
    )
    # The phase's "over", kept as a plain attribute: a playout asks before every move, and a
    # property is a call each time. A slot rather than a class attribute with a default, which a
    # slot of the same name cannot have.
    is_over: bool

    def __init__(self, config: dict[str, Any], seed: int, *, deal: bool = True) -> None:
        self.config = config
        self.seed = seed
        n: int = config["players"]
        self.n = n
        self.secret_offers: bool = config["secret_offers"]
        self.open_hands: bool = config["open_hands"]
        self.playing_for_chips: bool = config["chips"] > 0
        self.end_on_skip_round: bool = config["end_on_skip_round"]
        self.max_turns: int = config["max_turns"]
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.deck: list[int] = []  # the top of the deck is the end of the list
        self.discard: list[int] = []  # face up, public
        self.burnt: list[int] = []  # High Risk: face down, never seen until the record
        self.active = [True] * n
        self._reseat()
        self.chips = [config["chips"]] * n
        self.pot = 0
        self.phase = TURN
        self.is_over = False
        self.auctioneer: Seat = config["first_auctioneer"]
        self.auction_card: int | None = None
        self.auction_chips = 0
        self.offers: dict[Seat, tuple[int, int]] = {}  # seat -> (card, chips), in seat order
        self.pending: list[Seat] = []  # seats that still owe an offer
        self.turn = 0  # turns completed
        self.skips_in_a_row = 0
        self.end_reason: str | None = None
        self.leftover: list[int] = []
        # Public events, shown to everyone: each a JSON object, or a move's event kept as said (see
        # _Said) and written out when the log is read.
        self.log: list[JSON | _Said] = []
        self.moves = 0
        if deal:
            self._deal(random.Random(seed))

    # -- set-up --------------------------------------------------------------------------------

    def _deal(self, rng: random.Random) -> None:
        deck = shuffled_deck(rng)
        # One card at a time round the table from the top (the end of the list), as dealt by hand:
        # seat s gets the cards at s, s + n, s + 2n, ... counted from the top.
        n, dealt = self.n, cfg.HAND_SIZE * self.n
        top = deck[-dealt:][::-1]
        self.hands = [top[seat::n] for seat in range(n)]
        del deck[-dealt:]
        # High Risk: "at the beginning of the game, 13 cards from the *deck pile* are sent face-down to
        # the *discard pile*": the deck pile exists once the hands are dealt, so the burn comes after.
        if self.config["high_risk"]:
            for _ in range(cfg.HIGH_RISK_BURN):
                self.burnt.append(deck.pop())
        self.deck = deck
        self._begin_turn()

    # -- the contract --------------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.n

    def to_act(self) -> list[Seat]:
        phase = self.phase
        if phase == OFFERS:
            return [*self.pending]
        if phase == OVER:
            return []
        return [self.auctioneer]

    def legal_actions(self, seat: Seat) -> list[Action]:
        phase = self.phase
        if phase == TURN:
            if seat != self.auctioneer:
                return []
            actions: list[Action] = [{"type": "skip"}, {"type": "fold"}]
            cards = self.hands[seat]
            if self.playing_for_chips:
                stakes = range(1, self.chips[seat] + 1)
                actions += [
                    {"type": "auction", "card": CARD_NAMES[c], "chips": k} for c in cards for k in stakes
                ]
            else:
                actions += [{"type": "auction", "card": CARD_NAMES[c]} for c in cards]
            return actions
        if phase == OFFERS:
            if seat not in self.pending:
                return []
            cards = self.hands[seat]
            if self.playing_for_chips:
                stakes = range(self.chips[seat] + 1)
                return [{"type": "offer", "card": CARD_NAMES[c], "chips": k} for c in cards for k in stakes]
            return [{"type": "offer", "card": CARD_NAMES[c]} for c in cards]
        if phase == DECIDE:
            if seat != self.auctioneer:
                return []
            swaps: list[Action] = [{"type": "swap", "seat": s} for s in self.offers]
            return swaps + [{"type": "mulligan"}]
        return []

    def is_to_act(self, seat: Seat) -> bool:
        phase = self.phase
        if phase == OFFERS:
            return seat in self.pending
        return seat == self.auctioneer and phase != OVER

    def _step(self, seat: Seat, action: Action) -> None:
        _HANDLERS[action["type"]](self, seat, action)
        self.moves += 1

    # -- the same decisions as ints (action_ids), for playouts and bots ---------------------------

    def legal_action_ids(self, seat: Seat) -> list[int]:
        phase = self.phase
        if phase == TURN:
            if seat != self.auctioneer:
                return []
            if self.playing_for_chips:
                stakes = range(1 << CHIPS_SHIFT, (self.chips[seat] + 1) << CHIPS_SHIFT, 1 << CHIPS_SHIFT)
                return [SKIP, FOLD, *[c | k for c in self.hands[seat] for k in stakes]]
            return [SKIP, FOLD, *self.hands[seat]]
        if phase == OFFERS:
            if seat not in self.pending:
                return []
            if self.playing_for_chips:
                stakes = range(0, (self.chips[seat] + 1) << CHIPS_SHIFT, 1 << CHIPS_SHIFT)
                return [c | k for c in self.hands[seat] for k in stakes]
            return self.hands[seat][:]
        if phase == DECIDE:
            if seat != self.auctioneer:
                return []
            return [*map(_SWAP_IDS.__getitem__, self.offers), MULLIGAN]
        return []

    def action_for_id(self, action_id: int) -> Action:
        if type(action_id) is int and action_id >= 0:
            low, chips = action_id & CARD_MASK, action_id >> CHIPS_SHIFT
            if low < CARDS and (chips == 0 or self.playing_for_chips):
                # A card auctions on the auctioneer's turn and is offered at any other time (refused
                # then in the words of an offer out of turn).
                kind = "auction" if self.phase == TURN else "offer"
                action: Action = {"type": kind, "card": CARD_NAMES[low]}
                if self.playing_for_chips:
                    action["chips"] = chips
                return action
            if action_id in NAMES:
                return {"type": NAMES[action_id]}
            if SWAP_BASE <= action_id < SWAP_BASE + MAX_SEATS:
                return {"type": "swap", "seat": action_id - SWAP_BASE}
        raise IllegalAction(f"no Mulligan action has the id {short(action_id)}")

    def action_id(self, action: Any) -> int | None:
        if type(action) is not dict:
            return None
        kind = action.get("type")
        size = len(action)
        # A card's id means an auction in the auctioneer's turn and an offer in the offers: an action
        # of the other kind has none now (and is refused on the long road, in words).
        if (kind == "offer" and self.phase == OFFERS) or (kind == "auction" and self.phase == TURN):
            name = action.get("card")
            card = CARD_INDEX.get(name) if type(name) is str else None
            if card is None:
                return None
            if not self.playing_for_chips:
                return card if size == 2 else None
            chips = action.get("chips")
            if size != 3 or type(chips) is not int or chips < 0:
                return None
            return card | chips << CHIPS_SHIFT
        if kind == "swap":
            partner = action.get("seat")
            if size != 2 or type(partner) is not int or not 0 <= partner < MAX_SEATS:
                return None
            return SWAP_BASE + partner
        return IDS.get(kind) if size == 1 and type(kind) is str else None

    def apply_id(self, seat: Seat, action_id: int) -> None:
        # State.apply_id with the rules' checks (as membership tests) in its own body rather than in
        # _play_legal_id's: a call less on every move of a playout. A legal id is played by the same
        # _play_* the dict path ends in; a refused one is refused by apply(), in words.
        if type(seat) is int and type(action_id) is int:
            phase = self.phase
            # A card without chips is its own id, so one membership test in the hand checks the card
            # and that there is no stake; only a game for chips takes an id apart.
            if phase == OFFERS:
                if seat in self.pending:
                    if action_id in self.hands[seat]:
                        self._play_offer(seat, action_id, 0)
                        self.moves += 1
                        return
                    if self.playing_for_chips and (card := self._staked_card(seat, action_id)) is not None:
                        self._play_offer(seat, card, action_id >> CHIPS_SHIFT)
                        self.moves += 1
                        return
            elif seat != self.auctioneer:
                pass
            elif phase == TURN:
                # An auction carries at least one chip in a game for chips, none otherwise.
                if self.playing_for_chips:
                    if (card := self._staked_card(seat, action_id)) is not None:
                        self._play_auction(seat, card, action_id >> CHIPS_SHIFT)
                        self.moves += 1
                        return
                elif action_id in self.hands[seat]:
                    self._play_auction(seat, action_id, 0)
                    self.moves += 1
                    return
                if action_id == SKIP:
                    self._play_skip(seat)
                    self.moves += 1
                    return
                if action_id == FOLD:
                    self._play_fold(seat)
                    self.moves += 1
                    return
            elif phase == DECIDE:
                if action_id == MULLIGAN:
                    self._play_mulligan(seat)
                    self.moves += 1
                    return
                if action_id - SWAP_BASE in self.offers:
                    self._play_swap(seat, action_id - SWAP_BASE)
                    self.moves += 1
                    return
        self.apply(seat, self.action_for_id(action_id))
        # apply() took what the fast check refused: the two disagree, which is the game's bug.
        raise EngineError(f"{type(self).__name__}: id {action_id} was refused, then played")

    def _staked_card(self, seat: Seat, action_id: int) -> int | None:
        """The card of ``action_id`` if it is in ``seat``'s hand with a stake of one chip or more that
        the seat can pay, else None."""
        card, chips = action_id & CARD_MASK, action_id >> CHIPS_SHIFT
        return card if card in self.hands[seat] and 0 < chips <= self.chips[seat] else None

    def _play_legal_id(self, seat: Seat, action_id: int) -> bool:
        # The dict road (State.apply) asks here: legal_action_ids is the rules' list, apply_id plays
        # what is on it.
        if action_id in self.legal_action_ids(seat):
            self.apply_id(seat, action_id)
            return True
        return False

    def _not_to_act(self, seat: Seat, kind: str) -> str:
        # An offer out of turn gets the reason this seat has none to make; the auctioneer waiting for
        # offers, what the table waits for; anyone else, whose turn it is.
        if kind == "offer":
            if self.phase != OFFERS:
                return self._cannot_now(kind)
            if seat == self.auctioneer:
                return "the auctioneer does not bid on their own card"
            if not self.active[seat]:
                return f"seat {seat} has folded and no longer takes part in auctions"
            return f"seat {seat} has already made an offer"
        if seat == self.auctioneer:
            return self._cannot_now(kind)
        return f"it is seat {self.auctioneer}'s turn, not seat {seat}'s"

    # -- actions (each validates everything before it changes anything) -------------------------

    def _cannot_now(self, kind: str) -> str:
        return f"cannot {_VERBS[kind]} now: {self._phase_text()}"

    def _card_in_hand(self, seat: Seat, action: Action) -> int:
        name = action.get("card")
        card = CARD_INDEX.get(name) if type(name) is str else None
        if card is None:
            if not isinstance(name, str):
                raise IllegalAction('say which card, e.g. {"card": "As"}')
            try:
                card = parse_card(name)
            except CardError as exc:
                raise IllegalAction(str(exc)) from None
        if card not in self.hands[seat]:
            raise IllegalAction(f"{CARD_NAMES[card]} is not in seat {seat}'s hand")
        return card

    def _stake(self, seat: Seat, action: Action, lowest: int) -> int:
        if not self.playing_for_chips:
            if "chips" in action:
                raise IllegalAction("this game is not played for chips")
            return 0
        chips = action.get("chips", 0)
        if not isinstance(chips, int) or isinstance(chips, bool):
            raise IllegalAction(f"chips must be a whole number, not {short(chips)}")
        if chips < lowest:
            raise IllegalAction(
                f"the auctioneer must stake at least {lowest} chip" if lowest else "chips cannot be negative"
            )
        if chips > self.chips[seat]:
            raise IllegalAction(f"seat {seat} has only {self.chips[seat]} chips")
        return chips

    def _say(self, seat: Seat, action: Action) -> None:
        text = action.get("text")
        if not isinstance(text, str) or not text.strip():
            raise IllegalAction("say needs some text")
        if len(text) > cfg.MAX_SAY_LENGTH:
            raise IllegalAction(f"say at most {cfg.MAX_SAY_LENGTH} characters")
        if any(ord(ch) < 32 and ch not in "\n\t" for ch in text):
            raise IllegalAction("say takes printable text (no control characters)")
        self.log.append({"turn": self.turn, "type": "say", "seat": seat, "text": text})

    def _skip(self, seat: Seat, action: Action) -> None:
        if self.phase != TURN:
            raise IllegalAction(self._cannot_now("skip"))
        self._play_skip(seat)

    def _play_skip(self, seat: Seat) -> None:
        self.log.append(("skip", self.turn, seat))
        self.skips_in_a_row += 1
        self._end_turn()

    def _fold(self, seat: Seat, action: Action) -> None:
        if self.phase != TURN:
            raise IllegalAction(self._cannot_now("fold"))
        self._play_fold(seat)

    def _play_fold(self, seat: Seat, forced: bool = False) -> None:
        if forced:
            self.log.append({"turn": self.turn, "type": "fold", "seat": seat, "forced": "no chips left"})
        else:
            self.log.append(("fold", self.turn, seat))
        self.skips_in_a_row = 0
        if self._active_count() == 2:
            self.active[seat] = False
            self.turn += 1  # the fold ends this turn as well as the game
            self._finish(END_FOLD)
            return
        self.active[seat] = False
        self._reseat()
        self._end_turn()

    def _auction(self, seat: Seat, action: Action) -> None:
        if self.phase != TURN:
            raise IllegalAction(self._cannot_now("auction"))
        card = self._card_in_hand(seat, action)
        # "you must place some amount of chips on top of the auctioned card": at least one; an offer's
        # chips are optional ("may choose to place chips"), so zero or more.
        chips = self._stake(seat, action, 1) if self.playing_for_chips or "chips" in action else 0
        self._play_auction(seat, card, chips)

    def _play_auction(self, seat: Seat, card: int, chips: int) -> None:
        self.hands[seat].remove(card)
        self.auction_card, self.auction_chips = card, chips
        self.skips_in_a_row = 0
        self.phase = OFFERS
        self.pending = [*self._offerers_of[seat]]
        if self.playing_for_chips:
            self.chips[seat] -= chips
            self.log.append(("auction", self.turn, seat, card, chips))
        else:
            self.log.append(("auction", self.turn, seat, card, None))

    def _offer(self, seat: Seat, action: Action) -> None:
        if self.phase != OFFERS:
            # Outside the offers only the auctioneer is to act, and an auctioneer makes no offer.
            raise IllegalAction(self._cannot_now("offer"))
        card = self._card_in_hand(seat, action)
        chips = self._stake(seat, action, 0) if self.playing_for_chips or "chips" in action else 0
        self._play_offer(seat, card, chips)

    def _play_offer(self, seat: Seat, card: int, chips: int) -> None:
        self.hands[seat].remove(card)
        if chips:
            self.chips[seat] -= chips
        offers = self.offers
        offers[seat] = (card, chips)
        pending = self.pending
        pending.remove(seat)
        self.log.append(("offer", self.turn, seat))
        if not pending:
            # Seats are unique, so sorting the items compares seats only; the sorted list is also the
            # log's record of the offers as they stand now (the swap takes one out of the dict).
            items = sorted(offers.items())
            self.offers = dict(items)
            self.phase = DECIDE
            self.log.append(("offers", self.turn, self.secret_offers, self.playing_for_chips, items))

    def _swap(self, seat: Seat, action: Action) -> None:
        if self.phase != DECIDE:
            raise IllegalAction(self._cannot_now("swap"))
        partner = action.get("seat")
        if isinstance(partner, bool) or not isinstance(partner, int) or partner not in self.offers:
            raise IllegalAction(
                f"seat {short(partner)} has no offer on the ring; offers: {sorted(self.offers)}"
            )
        self._play_swap(seat, partner)

    def _play_swap(self, seat: Seat, partner: Seat) -> None:
        auctioned = self.auction_card
        assert auctioned is not None
        hands, offers = self.hands, self.offers
        card, chips = offers.pop(partner)
        hands[seat].append(card)
        hands[partner].append(auctioned)
        for other, (other_card, _) in offers.items():
            hands[other].append(other_card)
        if self.playing_for_chips:
            stacks = self.chips
            stacks[seat] += chips
            stacks[partner] += self.auction_chips
            for other, (_, other_chips) in offers.items():
                stacks[other] += other_chips
        self.log.append(("swap", self.turn, seat, partner, auctioned, None if self.secret_offers else card))
        self.auction_card = None
        self.auction_chips = 0
        self.offers = {}
        self._end_turn()

    def _mulligan(self, seat: Seat, action: Action) -> None:
        if self.phase != DECIDE:
            raise IllegalAction(self._cannot_now("mulligan"))
        self._play_mulligan(seat)

    def _play_mulligan(self, seat: Seat) -> None:
        assert self.auction_card is not None
        ring = [self.auction_card]
        for card, _ in self.offers.values():
            ring.append(card)
        self.discard.extend(ring)
        if self.playing_for_chips:
            self.pot += self.auction_chips + sum(chips for _, chips in self.offers.values())
            self.log.append(("mulligan", self.turn, seat, ring, self.pot))
        else:
            self.log.append(("mulligan", self.turn, seat, ring, None))
        self.auction_card = None
        self.auction_chips = 0
        self.offers = {}
        # "each of the players are drawn a new card": the seed names no order; from the auctioneer's
        # left round to the auctioneer, one card each, as play goes round the table.
        hands, deck = self.hands, self.deck
        draw_order = self._draw_orders[seat]
        for receiver in draw_order:
            hands[receiver].append(deck.pop())
        # "not enough cards in the deck pile to deal for every player" (The Deck Nears Empty) read with
        # "for each *active player*" (End States): folded players draw no more.
        if len(deck) < len(draw_order):
            self._finish(END_DECK)
            return
        self._end_turn()

    # -- turn flow -------------------------------------------------------------------------------

    def _clear_ring(self) -> None:
        self.auction_card = None
        self.auction_chips = 0
        self.offers = {}

    def _end_turn(self) -> None:
        self.turn = turn = self.turn + 1
        self.phase = TURN
        if self.end_on_skip_round and self.skips_in_a_row >= self.active.count(True):
            self._finish(END_SKIP_ROUND)
            return
        if self.max_turns and turn >= self.max_turns:
            self._finish(END_TURN_LIMIT)
            return
        self.auctioneer = self._next_seat[self.auctioneer]
        if self.playing_for_chips:
            self._begin_turn()

    def _begin_turn(self) -> None:
        # "If you have no chips. Once you become the auctioneer, you are forced to Fold."
        if self.playing_for_chips and self.chips[self.auctioneer] == 0:
            self._play_fold(self.auctioneer, forced=True)

    def _finish(self, reason: str) -> None:
        self.phase = OVER
        self.is_over = True
        self.end_reason = reason
        if reason != END_FOLD:
            # "Any left-over cards are revealed and then sent to the discard pile." The seed says so of
            # the deck's end only; a fold's end leaves the deck unseen, and the cap and the round of
            # skips (not the seed's) end as the deck does.
            self.leftover = list(self.deck)
            self.discard.extend(self.deck)
            self.deck = []
        winner = self._ranking()[0]
        self.chips[winner] += self.pot
        event: JSON = {"turn": self.turn, "type": "end", "reason": reason, "winner": winner}
        if self.leftover:
            event["revealed"] = _names(self.leftover)
        if self.pot:
            event["pot"] = self.pot
        self.log.append(event)

    def _ranking(self) -> list[Seat]:
        # The seed names only the winner ("the most valuable hand"); every seat is ranked by its hand,
        # folded ones included (their hands are "frozen", not out), so places below first mean something.
        keys = [hand_key(hand) for hand in self.hands]
        return sorted(range(self.n), key=keys.__getitem__, reverse=True)

    def outcome(self) -> Outcome:
        if self.phase != OVER:
            raise EngineError("the game is not over")
        ranking = self._ranking()
        # Playing for chips, a seat scores its net chips (the pot went to the winner); otherwise the
        # seed's game has a winner and nothing more: 1 for the winner, 0 for the others.
        if self.playing_for_chips:
            start = self.config["chips"]
            scores = tuple(float(c - start) for c in self.chips)
        else:
            scores = tuple(1.0 if seat == ranking[0] else 0.0 for seat in range(self.n))
        hands = {str(seat): rank_hand(hand).to_json() for seat, hand in enumerate(self.hands)}
        assert self.end_reason is not None
        return Outcome(
            ranking=tuple(ranking),
            scores=scores,
            details={"reason": self.end_reason, "reason_text": END_REASONS[self.end_reason], "hands": hands},
        )

    # -- what each viewer sees -----------------------------------------------------------------

    def _phase_text(self) -> str:
        if self.phase == TURN:
            return f"seat {self.auctioneer} is the auctioneer and must skip, auction or fold"
        if self.phase == OFFERS:
            return f"offers are being made for seat {self.auctioneer}'s auctioned card"
        if self.phase == DECIDE:
            return f"seat {self.auctioneer} must swap with an offer or call a mulligan"
        return "the game is over"

    def _offer_view(self, seat: Seat, viewer: Seat | None) -> JSON:
        card, chips = self.offers[seat]
        revealed = self.phase == DECIDE and not self.secret_offers
        view: JSON = {"seat": seat, "card": CARD_NAMES[card] if revealed or viewer == seat else None}
        if self.playing_for_chips:
            view["chips"] = chips if self.phase == DECIDE or viewer == seat else None
        return view

    def _visible_hand(self, seat: Seat, viewer: Seat | None) -> list[str]:
        hand = self.hands[seat]
        # Under Open Hands a card offered face down must not show by its absence from the hand.
        if viewer != seat and self.phase == OFFERS and seat in self.offers:
            hand = hand + [self.offers[seat][0]]
        return _names(hand)

    def observe(self, seat: Seat | None) -> JSON:
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n
        ):
            raise EngineError(f"there is no seat {short(seat)} in a {self.n}-player game")
        over = self.phase == OVER
        ring: JSON | None = None
        if self.auction_card is not None:
            auction: JSON = {"seat": self.auctioneer, "card": CARD_NAMES[self.auction_card]}
            if self.playing_for_chips:
                auction["chips"] = self.auction_chips
            offers = [
                self._offer_view(s, seat) if s in self.offers else {"seat": s, "card": None, "made": False}
                for s in self._offerers()
            ]
            for offer in offers:
                offer.setdefault("made", True)
            ring = {"auction": auction, "offers": offers}
        view: JSON = {
            "game": "mulligan",
            "seat": seat,
            "players": self.n,
            "variants": {name: self.config[name] for name in cfg.VARIANTS},
            "phase": self.phase,
            "turn": self.turn,
            "max_turns": self.config["max_turns"],
            "auctioneer": None if over else self.auctioneer,
            "to_act": self.to_act(),
            "active": list(self.active),
            "hand_sizes": [len(h) for h in self.hands],
            "ring": ring,
            "deck_count": len(self.deck),
            "discard": _names(self.discard),
            "discard_face_down": len(self.burnt),
            "history": [event if isinstance(event, dict) else _written(event) for event in self.log],
        }
        if seat is not None:
            view["hand"] = _names(self.hands[seat])
        if self.open_hands or over:
            view["hands"] = [self._visible_hand(s, seat) for s in range(self.n)]
        if self.playing_for_chips:
            chips = list(self.chips)
            if self.phase == OFFERS:
                # Chips on a face-down offer stay hidden: other seats see the stack as it was.
                for other, (_, offered) in self.offers.items():
                    if other != seat:
                        chips[other] += offered
            view["chips"] = chips
            view["pot"] = self.pot
        if over:
            view["outcome"] = self.outcome().to_json()
        return view

    def _active_count(self) -> int:
        return self.active.count(True)

    def _offerers(self) -> list[Seat]:
        return list(self._offerers_of[self.auctioneer])

    def _reseat(self) -> None:
        self._next_seat, self._offerers_of, self._draw_orders = _seating(tuple(self.active))

    # -- storage ---------------------------------------------------------------------------------

    def to_json(self) -> JSON:
        return {
            "game": self.game_id,
            "config": dict(self.config),
            "seed": self.seed,
            "hands": [_names_in_order(h) for h in self.hands],
            "deck": _names_in_order(self.deck),
            "discard": _names_in_order(self.discard),
            "burnt": _names_in_order(self.burnt),
            "active": list(self.active),
            "chips": list(self.chips),
            "pot": self.pot,
            "phase": self.phase,
            "auctioneer": self.auctioneer,
            "auction": None
            if self.auction_card is None
            else [CARD_NAMES[self.auction_card], self.auction_chips],
            "offers": [[s, CARD_NAMES[c], k] for s, (c, k) in self.offers.items()],
            "turn": self.turn,
            "skips_in_a_row": self.skips_in_a_row,
            "end_reason": self.end_reason,
            "leftover": _names_in_order(self.leftover),
            "log": [dict(event) if isinstance(event, dict) else _written(event) for event in self.log],
            "moves": self.moves,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MulliganState:
        state = cls(cfg.normalize_config(data["config"]), int(data["seed"]), deal=False)
        state.hands = [[parse_card(c) for c in h] for h in data["hands"]]
        state.deck = [parse_card(c) for c in data["deck"]]
        state.discard = [parse_card(c) for c in data["discard"]]
        state.burnt = [parse_card(c) for c in data["burnt"]]
        state.active = [bool(a) for a in data["active"]]
        state._reseat()
        state.chips = [int(c) for c in data["chips"]]
        state.pot = int(data["pot"])
        state.phase = str(data["phase"])
        state.is_over = state.phase == OVER
        state.auctioneer = int(data["auctioneer"])
        auction = data["auction"]
        if auction is not None:
            state.auction_card, state.auction_chips = parse_card(auction[0]), int(auction[1])
        state.offers = {int(s): (parse_card(c), int(k)) for s, c, k in data["offers"]}
        if state.phase == OFFERS:
            state.pending = [s for s in state._offerers() if s not in state.offers]
        state.turn = int(data["turn"])
        state.skips_in_a_row = int(data["skips_in_a_row"])
        state.end_reason = data["end_reason"]
        state.leftover = [parse_card(c) for c in data["leftover"]]
        state.log = [dict(event) for event in data["log"]]
        state.moves = int(data["moves"])
        return state

    def resample_hidden(self, seat: Seat | None, rng: random.Random) -> MulliganState:
        copy = MulliganState.from_json(self.to_json())
        copy.seed = rng.getrandbits(63)
        if copy.phase == OVER:
            return copy
        # Each hidden slot is (list, index); the cards in them are shuffled among the slots.
        slots: list[tuple[list[int], int]] = [(copy.deck, i) for i in range(len(copy.deck))]
        slots += [(copy.burnt, i) for i in range(len(copy.burnt))]
        offer_cards = {s: [card] for s, (card, _) in copy.offers.items()}
        for other in range(copy.n):
            if other == seat:
                continue
            pending = copy.phase == OFFERS and other in offer_cards
            secret = copy.phase == DECIDE and copy.secret_offers and other in offer_cards
            if not copy.open_hands:
                slots += [(copy.hands[other], i) for i in range(len(copy.hands[other]))]
                if pending or secret:
                    slots.append((offer_cards[other], 0))
            elif pending:
                # Others see the hand and the face-down offer together; which card is the offer is hidden.
                pool = copy.hands[other] + offer_cards[other]
                rng.shuffle(pool)
                copy.hands[other][:] = pool[:-1]
                offer_cards[other][0] = pool[-1]
        cards = [lst[i] for lst, i in slots]
        rng.shuffle(cards)
        for (lst, i), card in zip(slots, cards, strict=True):
            lst[i] = card
        copy.offers = {s: (offer_cards[s][0], chips) for s, (_, chips) in copy.offers.items()}
        return copy

    # -- the seed's "Assertions" ------------------------------------------------------------------

    def check_invariants(self) -> None:
        assert self.is_over == (self.phase == OVER), "is_over is the phase's"
        places = [*self.deck, *self.discard, *self.burnt, *(c for h in self.hands for c in h)]
        if self.auction_card is not None:
            places.append(self.auction_card)
        places += [card for card, _ in self.offers.values()]
        assert sorted(places) == list(range(52)), "every card is in exactly one place"
        if self.phase == TURN or self.phase == OVER:
            assert all(len(h) == cfg.HAND_SIZE for h in self.hands), "five cards each when a turn ends"
            assert self.auction_card is None and not self.offers, "the ring is empty between turns"
        else:
            assert self.auction_card is not None, "an auction has its card on the ring"
            assert len(self.hands[self.auctioneer]) == cfg.HAND_SIZE - 1
        if self.phase == DECIDE:
            assert set(self.offers) == set(self._offerers()), "every active player has a card on the ring"
        if self.phase != OVER:
            assert self._active_count() >= 2, "at least two active players while the game runs"
            assert self.active[self.auctioneer], "the auctioneer is active"
        ring_chips = self.auction_chips + sum(k for _, k in self.offers.values())
        assert sum(self.chips) + self.pot * (self.phase != OVER) + ring_chips == self.config["chips"] * self.n
        assert min(self.chips) >= 0


_Handler = Callable[[MulliganState, Seat, Action], None]
_HANDLERS: dict[str, _Handler] = {
    "say": MulliganState._say,
    "offer": MulliganState._offer,
    "skip": MulliganState._skip,
    "fold": MulliganState._fold,
    "auction": MulliganState._auction,
    "swap": MulliganState._swap,
    "mulligan": MulliganState._mulligan,
}


def _names_in_order(cards: list[int]) -> list[str]:
    return [CARD_NAMES[c] for c in cards]


class MulliganGame(Game):
    id: ClassVar[str] = "mulligan"
    name: ClassVar[str] = "Mulligan"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = cfg.max_players(high_risk=False)
    simultaneous: ClassVar[bool] = True
    chance: ClassVar[bool] = True
    hidden_information: ClassVar[bool] = True
    table_talk: ClassVar[bool] = True
    rules: ClassVar[str] = "000_43432f497e9b879c.txt"

    def normalize_config(self, config: Mapping[str, Any] | None) -> JSON:
        return cfg.normalize_config(config)

    def redact_action(self, seat: Seat, action: Action, viewer: Seat | None) -> Action:
        # An offer is made face down; what became public of it is in the observation's history.
        if action.get("type") == "offer" and viewer != seat:
            return {"type": "offer"}
        return action

    def describe_action(self, action: Any) -> str:
        if not isinstance(action, Mapping):
            return super().describe_action(action)
        kind = action.get("type")
        card = action.get("card")
        chips = action.get("chips")
        stake = f" with {chips} chip{'s' if chips != 1 else ''}" if isinstance(chips, int) and chips else ""
        if kind in ("skip", "fold", "mulligan") and len(action) == 1:
            return str(kind).capitalize()
        if kind == "auction" and isinstance(card, str):
            return f"Auction {card}{stake}"
        if kind == "offer":
            # A redacted offer has no card: it was made face down.
            return f"Offer {card}{stake}" if isinstance(card, str) else "Offer (face down)"
        if kind == "swap" and isinstance(action.get("seat"), int):
            return f"Swap with seat {action['seat']}"
        if kind == "say" and isinstance(action.get("text"), str):
            return f"Say: {action['text']}"
        return super().describe_action(action)

    def describe_action_for(self, observation: Mapping[str, Any], action: Any) -> str:
        return described_for(self, labels.describe_for, observation, action)

    def max_players_for(self, config: Mapping[str, Any] | None) -> int:
        return cfg.max_players(bool((config or {}).get("high_risk", False)))

    def config_fields(self) -> list[ConfigField]:
        defaults = cfg.DEFAULTS
        return [
            players_field(self.min_players, self.max_players, defaults["players"]),
            ConfigField(
                "first_auctioneer",
                "First auctioneer",
                "int",
                defaults["first_auctioneer"],
                min=0,
                max=self.max_players - 1,
                help="the seat (counted from 0) that takes the first turn",
            ),
            ConfigField(
                "secret_offers",
                "Secret Offers",
                "bool",
                defaults["secret_offers"],
                help="offers stay face down until the auctioneer picks one",
            ),
            ConfigField(
                "high_risk",
                "High Risk",
                "bool",
                defaults["high_risk"],
                help=f"{cfg.HIGH_RISK_BURN} cards are burnt before the deal (fewer seats fit one deck)",
            ),
            ConfigField(
                "open_hands",
                "Open Hands",
                "bool",
                defaults["open_hands"],
                help="every hand is dealt face up (not with Secret Offers)",
            ),
            ConfigField(
                "chips",
                "Chips",
                "int",
                defaults["chips"],
                min=0,
                max=1000,
                help="each player's starting stack; 0 plays without chips",
            ),
            ConfigField(
                "max_turns",
                "Turn cap",
                "int",
                defaults["max_turns"],
                # 0 (no cap) is accepted only with the round of skips on, so the form's least is 1.
                min=1,
                max=10_000,
                help="a safety net: a game still running after this many turns ends there and is "
                "scored as when the deck runs out",
            ),
            ConfigField(
                "end_on_skip_round",
                "End on a round of skips",
                "bool",
                defaults["end_on_skip_round"],
                help="a house rule, not the seed's: a full round in which everyone skips ends the game",
            ),
        ]

    def config_presets(self) -> list[ConfigPreset]:
        return [
            ConfigPreset("base", "Base rules", {}, "the seed's game, no variant"),
            ConfigPreset("secret_offers", "Secret Offers", {"secret_offers": True}),
            ConfigPreset("high_risk", "High Risk", {"high_risk": True}),
            ConfigPreset("open_hands", "Open Hands", {"open_hands": True}),
            ConfigPreset(
                "chips",
                "Playing for chips",
                {"chips": cfg.DEFAULT_CHIP_STACK},
                f"{cfg.DEFAULT_CHIP_STACK} chips each; offers and auctions may carry a stake",
            ),
            ConfigPreset("two_players", "Heads-up (2 players)", {"players": 2}),
        ]

    def new_state(self, config: Mapping[str, Any] | None, seed: int) -> MulliganState:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise EngineError(f"a seed is a whole number, not {seed!r}")
        return MulliganState(cfg.normalize_config(config), seed)

    def state_from_json(self, data: Mapping[str, Any]) -> MulliganState:
        return MulliganState.from_json(data)

    def bots(self) -> Mapping[str, type[Any]]:
        from engine.games.mulligan.bots import HeuristicBot

        return {"heuristic": HeuristicBot}
