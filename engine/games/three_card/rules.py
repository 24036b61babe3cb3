"""The rules of *Three Card Mulligan* (`003_8201fe0072244558.txt`) as an engine game.

One to six seats play a session of ``hands`` hands against the house dealer, who is played by
the rules. Each hand:

1. *Bets* (only when the table offers Pair Plus): each seat in seat order antes and says whether
   it also bets Pair Plus, before seeing any card: ``{"type": "bet", "pair_plus": true}``. Without
   Pair Plus on offer the Ante is placed automatically and this step is skipped.
2. *Decisions*: each seat in seat order sees its three cards and plays ``{"type": "stand"}`` or
   ``{"type": "mulligan", "pair_plus": false}``: a Mulligan bet equal to the Ante, the three cards
   discarded face down (they leave play) and three new ones; ``"pair_plus": true`` also places the
   new Pair Plus bet on the Mulligan hand (before it is seen, as a casino takes bets). The seed says
   only that the player "may make a new Pair Plus bet based on the Mulligan hand", so that bet is
   open to a seat that made no first one. Seats decide in seat order, each seeing its own cards
   only; the bets already made (who took a Mulligan) are public, as chips on a table are.
3. *Showdown*: the dealer turns his cards over, stands with king-high or better and otherwise
   takes a Mulligan himself; every seat is settled and the next hand begins. Every final hand and
   both of the dealer's are shown to all; a seat's Mulligan discards stay face down (only that seat
   ever sees them).

Every bet is one Ante (the config's ``ante`` chips): the Ante itself, the Mulligan bet, and each
Pair Plus bet. Settlement, in Antes: a seat with the higher final hand wins its Ante and its Mulligan bet at the
ante pay table's odds for its final hand (the seed's return table: "straight flush, Mulligan"
pays 12 = 6 + 6); the dealer's higher hand takes both; a tie (:func:`hands.hand_value` equal:
same category and ranks, suits never count) pushes. Each Pair Plus bet is paid by the Pair Plus
table on the hand it was made on (the first bet on the first hand, the new one on the Mulligan
hand), whatever the dealer holds. Chips are a seat's net winnings, kept as exact fractions (3 to 2
on one chip is 1/2 a chip more than 1 to 1).

The deal: a fresh 52-card deck for every hand, shuffled by ``random.Random(f"three_card:{seed}:{hand}")``
so hand ``k`` of a session depends only on the seed and ``k`` and never on any decision (duplicate
play gives every table the same cards). With ``n`` seats the deck is laid out, top first, as:
seat 0's three cards, seat 1's, ..., the dealer's three; then a Mulligan packet of three per seat in
seat order; then the dealer's Mulligan packet. A packet nobody calls for stays in the deck, unseen.
Since unseen cards are interchangeable this is the same game as dealing Mulligans off the top in
seat order, but a seat's cards never depend on what the seats before it decided.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, ClassVar

from engine.cards import CARD_NAMES, parse_card, reseed, shuffled_deck
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
from engine.games.three_card import config as cfg
from engine.games.three_card import labels
from engine.games.three_card.hands import (
    CATEGORIES,
    CATEGORY_STEP,
    CATEGORY_TITLES,
    DEALER_STANDS_AT,
    category_of_value,
    hand_category,
    hand_value,
)

BET, DECIDE, OVER = "bet", "decide", "over"
HAND_SIZE = 3

# The decisions as ints (State.legal_action_ids), each the same action all game long.
BET_ANTE, BET_PAIR_PLUS, STAND, MULLIGAN, MULLIGAN_PAIR_PLUS = range(5)
_ID_ACTIONS: dict[int, Action] = {
    BET_ANTE: {"type": "bet", "pair_plus": False},
    BET_PAIR_PLUS: {"type": "bet", "pair_plus": True},
    STAND: {"type": "stand"},
    MULLIGAN: {"type": "mulligan", "pair_plus": False},
    MULLIGAN_PAIR_PLUS: {"type": "mulligan", "pair_plus": True},
}

# Chips: exact, as ints while they are whole (most pays are) and Fractions once they are not
# (3 to 2 on one chip), since int sums cost a fraction of Fraction sums; the two compare, add and
# print alike.
Chips = int | Fraction


# A finished hand as its settlement needs it: its number (0-based), deck and bets, the hand's own
# lists (a new hand gets new ones: _begin_hand replaces them, never changes them).
_Hand = tuple[int, list[int], list[bool | None], list[bool | None], list[bool]]
# A seat's settlement (ThreeCardState._settle).
_Settlement = tuple[list[int], list[int], int, Chips, Chips, Chips | None, Chips | None, Chips]


def _num(value: Chips) -> int | float:
    """Chips for JSON views: whole numbers stay whole."""
    if type(value) is int:
        return value
    return int(value) if value.denominator == 1 else float(value)


def _whole_if_whole(value: Fraction) -> Chips:
    return int(value) if value.denominator == 1 else value


# hands.hand_value's category strengths (value // CATEGORY_STEP, 0 = high card) -> category names.
_BY_STRENGTH: tuple[str, ...] = CATEGORIES[::-1]

# What a winning Ante and a Pair Plus bet return in chips, by strength, at the standard pay table,
# by ante: made once for every session at a table (ten Fraction products a session otherwise).
_STANDARD_PAYS: dict[int, tuple[tuple[Chips, ...], tuple[Chips, ...]]] = {}


def _pays(paytable: cfg.PayTable, ante: int) -> tuple[tuple[Chips, ...], tuple[Chips, ...]]:
    """What a winning Ante (or Mulligan) bet and a Pair Plus bet return in chips, by strength."""
    standard = paytable is cfg.DEFAULT_PAYTABLE
    pays = _STANDARD_PAYS.get(ante) if standard else None
    if pays is None:
        pays = (
            tuple(_whole_if_whole(ante * paytable.ante_pays(category)) for category in _BY_STRENGTH),
            tuple(_whole_if_whole(ante * paytable.pair_plus_pays(category)) for category in _BY_STRENGTH),
        )
        if standard:
            _STANDARD_PAYS[ante] = pays
    return pays


def _names(cards: list[int]) -> list[str]:
    return [CARD_NAMES[c] for c in cards]


def _shown(cards: list[int]) -> list[str]:
    """A hand as people read it: highest card first."""
    if len(cards) != HAND_SIZE:
        return [CARD_NAMES[c] for c in sorted(cards, reverse=True)]
    # Every showdown shows each hand twice: three distinct cards are ordered by hand, as
    # hands.hand_value orders ranks, not by sorted() and a comprehension.
    high, mid, low = cards
    if high < mid:
        high, mid = mid, high
    if mid < low:
        mid, low = low, mid
        if high < mid:
            high, mid = mid, high
    return [CARD_NAMES[high], CARD_NAMES[mid], CARD_NAMES[low]]


def hand_deck(seed: int, hand: int) -> list[int]:
    """The deck of hand ``hand`` (0-based) of the session dealt from ``seed``, top first."""
    return shuffled_deck(random.Random(_deal_key(seed, hand)))


def _deal_key(seed: int, hand: int) -> str:
    return f"three_card:{seed}:{hand}"


class ThreeCardState(State):
    game_id: ClassVar[str] = "three_card"
    action_keys: ClassVar[Mapping[str, frozenset[str]]] = {
        "bet": frozenset({"type", "pair_plus"}),
        "stand": frozenset({"type"}),
        "mulligan": frozenset({"type", "pair_plus"}),
    }
    game_noun: ClassVar[str] = "session"  # of ``hands`` hands
    has_action_ids: ClassVar[bool] = True
    # The phase's "over", kept as a plain attribute: a playout asks before every move, and a
    # property is a call each time.
    is_over: bool = False

    def __init__(self, config: dict[str, Any], seed: int, *, deal: bool = True) -> None:
        self.config = config
        self.seed = seed
        self.n: int = config["players"]
        self.ante: int = config["ante"]
        self.offered: bool = config["pair_plus"]
        self.total_hands: int = config["hands"]
        self.paytable = cfg.config_paytable(config)
        self.hand = 0  # hands finished so far; the current hand's number is hand + 1
        self.phase = BET
        self.current: Seat = 0
        self.deck: list[int] = []
        self.pair_plus: list[bool | None] = [None] * self.n
        self.mulligan: list[bool | None] = [None] * self.n
        self.pair_plus_mulligan: list[bool] = [False] * self.n
        self.chips: list[Chips] = [0] * self.n
        self._ante_wins, self._pair_plus_returns = _pays(self.paytable, self.ante)
        self._results: list[JSON] = []  # the records written so far (see the results property)
        self._unwritten: list[_Hand] = []  # the finished hands after them
        self.moves = 0
        # The deal's generator, reseeded for every hand rather than a new one allocated.
        self._rng: random.Random | None = None
        if deal:
            self._begin_hand()

    # -- the deck layout -------------------------------------------------------------------------

    def _first_cards(self, seat: Seat) -> list[int]:
        return self.deck[HAND_SIZE * seat : HAND_SIZE * (seat + 1)]

    def _packet(self, seat: Seat) -> list[int]:
        start = HAND_SIZE * (self.n + 1 + seat)
        return self.deck[start : start + HAND_SIZE]

    def _visible_positions(self, seat: Seat | None) -> list[int]:
        """Deck positions ``seat`` has seen in the current hand (nobody sees any before the decisions)."""
        if seat is None or self.phase != DECIDE:
            return []
        seen = list(range(HAND_SIZE * seat, HAND_SIZE * (seat + 1)))
        if self.mulligan[seat]:
            start = HAND_SIZE * (self.n + 1 + seat)
            seen += range(start, start + HAND_SIZE)
        return seen

    # -- the contract ------------------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.n

    def to_act(self) -> list[Seat]:
        return [] if self.phase == OVER else [self.current]

    def legal_actions(self, seat: Seat) -> list[Action]:
        if self.phase == OVER or seat != self.current:
            return []
        if self.phase == BET:
            return [{"type": "bet", "pair_plus": False}, {"type": "bet", "pair_plus": True}]
        if self.offered:
            return [
                {"type": "stand"},
                {"type": "mulligan", "pair_plus": False},
                {"type": "mulligan", "pair_plus": True},
            ]
        return [{"type": "stand"}, {"type": "mulligan"}]

    def is_to_act(self, seat: Seat) -> bool:
        return seat == self.current and self.phase != OVER

    def _step(self, seat: Seat, action: Action) -> None:
        kind = action["type"]
        pair_plus = action.get("pair_plus", False)
        if not isinstance(pair_plus, bool):
            raise IllegalAction(f"pair_plus is true or false, not {short(pair_plus)}")
        if pair_plus and not self.offered:
            raise IllegalAction("this table does not offer Pair Plus")
        if kind == "bet":
            if self.phase != BET:
                raise IllegalAction("the bets are in: stand or take a Mulligan")
            self._play_bet(seat, pair_plus)
        else:
            if self.phase != DECIDE:
                raise IllegalAction("place your Ante first (and say whether you bet Pair Plus)")
            self._play_decision(seat, kind == "mulligan", pair_plus and kind == "mulligan")
        self.moves += 1

    def _play_bet(self, seat: Seat, pair_plus: bool) -> None:
        self.pair_plus[seat] = pair_plus
        self._next_seat()

    def _play_decision(self, seat: Seat, mulligan: bool, pair_plus: bool) -> None:
        self.mulligan[seat] = mulligan
        self.pair_plus_mulligan[seat] = pair_plus
        self._next_seat()

    # -- the same decisions as ints ----------------------------------------------------------------

    def legal_action_ids(self, seat: Seat) -> list[int]:
        if self.phase == OVER or seat != self.current:
            return []
        if self.phase == BET:
            return [BET_ANTE, BET_PAIR_PLUS]
        return [STAND, MULLIGAN, MULLIGAN_PAIR_PLUS] if self.offered else [STAND, MULLIGAN]

    def action_for_id(self, action_id: int) -> Action:
        if type(action_id) is int and action_id in _ID_ACTIONS:
            if action_id == MULLIGAN and not self.offered:
                return {"type": "mulligan"}  # as legal_actions writes it at a table without Pair Plus
            return dict(_ID_ACTIONS[action_id])
        raise IllegalAction(f"no Three Card Mulligan action has the id {short(action_id)}")

    def action_id(self, action: Any) -> int | None:
        if type(action) is not dict:
            return None
        kind = action.get("type")
        pair_plus = action.get("pair_plus")
        if len(action) == 1:
            if kind == "stand":
                return STAND
            return MULLIGAN if kind == "mulligan" and not self.offered else None
        if len(action) != 2 or type(pair_plus) is not bool or not self.offered:
            return None
        if kind == "bet":
            return BET_PAIR_PLUS if pair_plus else BET_ANTE
        if kind == "mulligan":
            return MULLIGAN_PAIR_PLUS if pair_plus else MULLIGAN
        return None

    def apply_id(self, seat: Seat, action_id: int) -> None:
        # Every move of a playout comes here: the legal ones are played without State.apply_id's frame.
        if type(seat) is not int or type(action_id) is not int or not self._play_legal_id(seat, action_id):
            State.apply_id(self, seat, action_id)

    def _play_legal_id(self, seat: Seat, action_id: int) -> bool:
        # _play_bet and _play_decision, and _next_seat, written out: a call each on every move.
        if seat != self.current or self.phase == OVER:
            return False
        if self.phase == BET:
            if action_id == BET_ANTE:
                self.pair_plus[seat] = False
            elif action_id == BET_PAIR_PLUS:
                self.pair_plus[seat] = True
            else:
                return False
        elif action_id == STAND:
            self.mulligan[seat] = False
            self.pair_plus_mulligan[seat] = False
        elif action_id == MULLIGAN:
            self.mulligan[seat] = True
            self.pair_plus_mulligan[seat] = False
        elif action_id == MULLIGAN_PAIR_PLUS and self.offered:
            self.mulligan[seat] = True
            self.pair_plus_mulligan[seat] = True
        else:
            return False
        if seat + 1 < self.n:
            self.current = seat + 1
        else:
            self.current = 0
            if self.phase == BET:
                self.phase = DECIDE
            else:
                self._showdown()
        self.moves += 1
        return True

    # -- hand flow -----------------------------------------------------------------------------------

    def _begin_hand(self) -> None:
        key = _deal_key(self.seed, self.hand)
        rng = self._rng
        if rng is None:
            rng = self._rng = random.Random(key)
        else:
            reseed(rng, key)
        self.deck = shuffled_deck(rng)
        self.pair_plus = [None if self.offered else False] * self.n
        self.mulligan = [None] * self.n
        self.pair_plus_mulligan = [False] * self.n
        self.current = 0
        self.phase = BET if self.offered else DECIDE

    def _next_seat(self) -> None:
        self.current += 1
        if self.current < self.n:
            return
        self.current = 0
        if self.phase == BET:
            self.phase = DECIDE
            return
        self._showdown()

    def _showdown(self) -> None:
        # The chips are settled now; the hand's record is written when the results are read (by
        # views and storage, never by a playout): the hand is kept as its settlement needs it.
        finished = (self.hand, self.deck, self.pair_plus, self.mulligan, self.pair_plus_mulligan)
        dealer_value = self._dealer_hand(self.deck)[2]
        chips = self.chips
        for seat in range(self.n):
            chips[seat] += self._settle(seat, dealer_value, finished)[-1]
        self._unwritten.append(finished)
        self.hand += 1
        if self.hand >= self.total_hands:
            self.phase = OVER
            self.is_over = True
            self.current = 0
        else:
            self._begin_hand()

    def _dealer_hand(self, deck: list[int]) -> tuple[list[int], list[int], int]:
        """The dealer's first cards, final cards and final value in a hand's ``deck`` (laid out as
        _first_cards and _packet read the current one, the dealer after the seats)."""
        start = HAND_SIZE * self.n
        first = deck[start : start + HAND_SIZE]
        # dealer_stands(), with the value kept: a dealer who stands is valued once.
        value = hand_value(first)
        if value >= DEALER_STANDS_AT:
            return first, first, value
        start = HAND_SIZE * (2 * self.n + 1)  # the dealer's Mulligan packet
        final = deck[start : start + HAND_SIZE]
        return first, final, hand_value(final)

    def _settle(self, seat: Seat, dealer_value: int, finished: _Hand) -> _Settlement:
        """``seat``'s first cards, final cards, final value, Ante and Mulligan bets' results, Pair
        Plus returns and net in the finished hand (None for a Pair Plus bet not made)."""
        _, deck, pair_plus_bets, mulligans, pair_plus_mulligans = finished
        start = HAND_SIZE * seat
        first = deck[start : start + HAND_SIZE]
        took_mulligan = mulligans[seat]
        final = first
        if took_mulligan:
            start = HAND_SIZE * (self.n + 1 + seat)
            final = deck[start : start + HAND_SIZE]
        value = hand_value(final)
        strength = value // CATEGORY_STEP
        per_bet: Chips
        if value > dealer_value:
            per_bet = self._ante_wins[strength]
        elif value < dealer_value:
            per_bet = -self.ante
        else:
            per_bet = 0
        mulligan_bet = per_bet if took_mulligan else 0
        pair_plus = None
        if pair_plus_bets[seat]:
            pair_plus = self._pair_plus_returns[
                hand_value(first) // CATEGORY_STEP if took_mulligan else strength
            ]
        pair_plus_mulligan = self._pair_plus_returns[strength] if pair_plus_mulligans[seat] else None
        net = per_bet + mulligan_bet + (pair_plus or 0) + (pair_plus_mulligan or 0)
        return first, final, value, per_bet, mulligan_bet, pair_plus, pair_plus_mulligan, net

    @property
    def results(self) -> list[JSON]:
        """Every finished hand's record, first to last (shown by _result_view: discards face down)."""
        unwritten = self._unwritten
        if unwritten:
            self._results += map(self._written, unwritten)
            unwritten.clear()
        return self._results

    @results.setter
    def results(self, results: list[JSON]) -> None:
        self._results = results
        self._unwritten = []

    def _written(self, finished: _Hand) -> JSON:
        """A finished hand's record."""
        dealer_first, dealer_final, dealer_value = self._dealer_hand(finished[1])
        dealer_category = category_of_value(dealer_value)
        seats = []
        for seat in range(self.n):
            first, final, value, per_bet, mulligan_bet, pair_plus, pair_plus_mulligan, net = self._settle(
                seat, dealer_value, finished
            )
            took_mulligan = bool(finished[3][seat])
            category = category_of_value(value)
            seats.append(
                {
                    "seat": seat,
                    "cards": _shown(first),
                    "mulligan": took_mulligan,
                    "final": _shown(final),
                    "category": category,
                    "title": CATEGORY_TITLES[category],
                    "result": "win" if value > dealer_value else "loss" if value < dealer_value else "push",
                    # Chips are ints but for odds like 3 to 2: _num is called only for the Fractions.
                    "ante": per_bet if type(per_bet) is int else _num(per_bet),
                    "mulligan_bet": (mulligan_bet if type(mulligan_bet) is int else _num(mulligan_bet))
                    if took_mulligan
                    else None,
                    "pair_plus": pair_plus
                    if pair_plus is None or type(pair_plus) is int
                    else _num(pair_plus),
                    "pair_plus_mulligan": pair_plus_mulligan
                    if pair_plus_mulligan is None or type(pair_plus_mulligan) is int
                    else _num(pair_plus_mulligan),
                    "net": net if type(net) is int else _num(net),
                }
            )
        return {
            "hand": finished[0] + 1,
            "dealer": {
                "cards": _shown(dealer_first),
                "mulligan": dealer_final is not dealer_first,
                "final": _shown(dealer_final),
                "category": dealer_category,
                "title": CATEGORY_TITLES[dealer_category],
            },
            "seats": seats,
        }

    # -- the result -------------------------------------------------------------------------------

    def _places(self) -> list[int]:
        """Shared places by net chips: equal chips, equal place (1, 1, 3)."""
        return [1 + sum(other > mine for other in self.chips) for mine in self.chips]

    def outcome(self) -> Outcome:
        if self.phase != OVER:
            raise EngineError("the session is not over")
        ranking = sorted(range(self.n), key=lambda s: (-self.chips[s], s))
        return Outcome(
            ranking=tuple(ranking),
            scores=tuple(float(c) for c in self.chips),
            details={
                "hands": self.total_hands,
                "chips": [_num(c) for c in self.chips],
                # Outcome.ranking is a strict order (ties by seat); these are the shared places.
                "places": self._places(),
            },
        )

    # -- what each viewer sees ---------------------------------------------------------------------

    def _staked(self, seat: Seat) -> int:
        bets = 1 + bool(self.pair_plus[seat]) + bool(self.mulligan[seat]) + self.pair_plus_mulligan[seat]
        return self.ante * bets

    @staticmethod
    def _result_view(result: JSON, viewer: Seat | None) -> JSON:
        """A finished hand as ``viewer`` sees it: a Mulligan's discards went face down, so only their
        owner sees them (their Pair Plus payout is public)."""
        seats = [
            {**s, "cards": None} if s["mulligan"] and s["seat"] != viewer else s for s in result["seats"]
        ]
        return {**result, "seats": seats}

    def observe(self, seat: Seat | None) -> JSON:
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n
        ):
            raise EngineError(f"there is no seat {short(seat)} at this {self.n}-seat table")
        over = self.phase == OVER
        view: JSON = {
            "game": self.game_id,
            "seat": seat,
            "players": self.n,
            "hand_number": min(self.hand + 1, self.total_hands),
            "hands": self.total_hands,
            "phase": self.phase,
            "to_act": self.to_act(),
            "ante": self.ante,
            "pair_plus_offered": self.offered,
            "paytable": self.paytable.to_json(),
            "chips": [_num(c) for c in self.chips],
            "last_hand": self._result_view(self.results[-1], seat) if self.results else None,
            "nets": [[seat_result["net"] for seat_result in r["seats"]] for r in self.results],
        }
        if not over:
            view["bets"] = [
                {
                    "seat": s,
                    "pair_plus": self.pair_plus[s],
                    "mulligan": self.mulligan[s],
                    "pair_plus_mulligan": self.pair_plus_mulligan[s],
                    "staked": self._staked(s),
                }
                for s in range(self.n)
            ]
            # Other seats' cards and the dealer's stay face down until the showdown (last_hand).
            view["dealer"] = {"cards": None}
        if seat is not None and not over:
            cards: list[int] | None = None
            discarded: list[int] = []
            if self.phase == DECIDE:
                cards = self._first_cards(seat)
                if self.mulligan[seat]:
                    discarded, cards = cards, self._packet(seat)
            # "hand" is the viewer's own cards, as in every game (the pages draw it); None before the deal.
            view["hand"] = None if cards is None else _shown(cards)
            view["category"] = None if cards is None else CATEGORY_TITLES[hand_category(cards)]
            view["discarded"] = _shown(discarded)
        if over:
            view["outcome"] = self.outcome().to_json()
        return view

    # -- storage ------------------------------------------------------------------------------------

    def to_json(self) -> JSON:
        return {
            "game": self.game_id,
            "config": dict(self.config),
            "seed": self.seed,
            "hand": self.hand,
            "phase": self.phase,
            "current": self.current,
            "deck": _names(self.deck),
            "pair_plus": list(self.pair_plus),
            "mulligan": list(self.mulligan),
            "pair_plus_mulligan": list(self.pair_plus_mulligan),
            "chips": [str(c) for c in self.chips],
            "results": [dict(r) for r in self.results],
            "moves": self.moves,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ThreeCardState:
        state = cls(cfg.normalize_config(data["config"]), int(data["seed"]), deal=False)
        state.hand = int(data["hand"])
        state.phase = str(data["phase"])
        state.is_over = state.phase == OVER
        state.current = int(data["current"])
        state.deck = [parse_card(c) for c in data["deck"]]
        state.pair_plus = [None if p is None else bool(p) for p in data["pair_plus"]]
        state.mulligan = [None if m is None else bool(m) for m in data["mulligan"]]
        state.pair_plus_mulligan = [bool(p) for p in data["pair_plus_mulligan"]]
        state.chips = [Fraction(str(c)) for c in data["chips"]]
        state.results = [dict(r) for r in data["results"]]
        state.moves = int(data["moves"])
        return state

    def resample_hidden(self, seat: Seat | None, rng: random.Random) -> ThreeCardState:
        copy = ThreeCardState.from_json(self.to_json())
        copy.seed = rng.getrandbits(63)  # the hands to come
        if copy.phase == OVER:
            return copy
        seen = set(copy._visible_positions(seat))
        hidden = [i for i in range(len(copy.deck)) if i not in seen]
        cards = [copy.deck[i] for i in hidden]
        rng.shuffle(cards)
        for i, card in zip(hidden, cards, strict=True):
            copy.deck[i] = card
        return copy

    def check_invariants(self) -> None:
        assert sorted(self.deck) == list(range(52)) or self.phase == OVER, "the hand's deck is one deck"
        assert len(self.results) == self.hand
        assert self.is_over == (self.phase == OVER), "is_over is the phase's"
        # The record's nets are floats for display (1 to 3 odds make thirds): equal up to rounding.
        recorded = sum(s["net"] for r in self.results for s in r["seats"])
        assert abs(float(sum(self.chips)) - recorded) < 1e-6, "chips are the sum of the hands' nets"
        if self.phase == OVER:
            assert self.hand == self.total_hands
            return
        assert 0 <= self.current < self.n and self.hand < self.total_hands
        if self.phase == BET:
            assert all(p is not None for p in self.pair_plus[: self.current])
            assert all(p is None for p in self.pair_plus[self.current :])
            assert all(m is None for m in self.mulligan)
        else:
            assert self.phase == DECIDE
            assert all(p is not None for p in self.pair_plus)
            assert all(m is not None for m in self.mulligan[: self.current])
            assert all(m is None for m in self.mulligan[self.current :])
        assert all(not p or m for p, m in zip(self.pair_plus_mulligan, self.mulligan, strict=True))


class ThreeCardGame(Game):
    id: ClassVar[str] = "three_card"
    name: ClassVar[str] = "Three Card Mulligan"
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = cfg.MAX_PLAYERS
    simultaneous: ClassVar[bool] = False
    chance: ClassVar[bool] = True
    hidden_information: ClassVar[bool] = True
    rules: ClassVar[str] = "003_8201fe0072244558.txt"
    scoring: ClassVar[str] = "chips"
    # Seats play the dealer, not each other: every table of a round gets the same cards.
    duplicate_deals: ClassVar[bool] = True

    def normalize_config(self, config: Mapping[str, Any] | None) -> JSON:
        return cfg.normalize_config(config)

    def new_state(self, config: Mapping[str, Any] | None, seed: int) -> ThreeCardState:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise EngineError(f"a seed is a whole number, not {seed!r}")
        return ThreeCardState(cfg.normalize_config(config), seed)

    def state_from_json(self, data: Mapping[str, Any]) -> ThreeCardState:
        return ThreeCardState.from_json(data)

    def describe_action(self, action: Any) -> str:
        if not isinstance(action, Mapping):
            return super().describe_action(action)
        kind = action.get("type")
        pair_plus = action.get("pair_plus", False)
        keys = ThreeCardState.action_keys.get(kind, frozenset()) if isinstance(kind, str) else frozenset()
        if set(action) <= keys and isinstance(pair_plus, bool):
            if kind == "bet":
                return "Ante and Pair Plus" if pair_plus else "Ante"
            if kind == "stand":
                return "Stand"
            if kind == "mulligan":
                return "Mulligan and a new Pair Plus" if pair_plus else "Mulligan"
        return super().describe_action(action)

    def describe_action_for(self, observation: Mapping[str, Any], action: Any) -> str:
        return described_for(self, labels.describe_for, observation, action)

    def config_fields(self) -> list[ConfigField]:
        defaults = cfg.DEFAULTS
        return [
            players_field(self.min_players, self.max_players, defaults["players"]),
            ConfigField(
                "hands",
                "Hands",
                "int",
                defaults["hands"],
                min=1,
                max=cfg.MAX_HANDS,
                help="hands in the session; seats are ranked by net chips after the last",
            ),
            ConfigField(
                "ante", "Ante", "int", defaults["ante"], min=1, max=cfg.MAX_ANTE, help="the Ante in chips"
            ),
            ConfigField(
                "pair_plus",
                "Pair Plus",
                "bool",
                defaults["pair_plus"],
                help="the table offers the Pair Plus bet (each seat decides per hand)",
            ),
            ConfigField(
                "paytable",
                "Pay table",
                "json",
                defaults["paytable"],
                help="empty for the standard table, or a pay table object with 'ante' and 'pair_plus'",
            ),
        ]

    def config_presets(self) -> list[ConfigPreset]:
        standard = cfg.DEFAULT_PAYTABLE.to_json()
        flush_four = {**standard, "name": "1-4-6-30-40"}
        flush_four["pair_plus"] = {**standard["pair_plus"], "flush": 4}
        return [
            ConfigPreset("standard", "Standard pay table", {}, "the seed's tables, 10 hands"),
            ConfigPreset(
                "pair_plus_1_4_6",
                "Pair Plus 1-4-6-30-40",
                {"paytable": flush_four},
                "a flush pays 4 to 1 on the Pair Plus bet",
            ),
            ConfigPreset("no_pair_plus", "Ante only", {"pair_plus": False}, "no Pair Plus bet"),
            ConfigPreset("long", "Long session", {"hands": 50}, "50 hands"),
        ]

    def conformance_configs(self) -> list[JSON]:
        """Sample configs for the engine's conformance suite: seat counts, no Pair Plus, a pay table."""
        custom = {
            "name": "test",
            "ante": {"straight_flush": 5, "three_of_a_kind": "4:1", "straight": "1 to 3", "other": 1},
            "pair_plus": {
                "straight_flush": 50,
                "three_of_a_kind": 30,
                "straight": 5,
                "flush": 4,
                "pair": 1,
                "high_card": "loss",
            },
        }
        return [
            {},
            {"players": 1, "hands": 4},
            {"players": 3, "hands": 3},
            {"players": 6, "hands": 2, "pair_plus": False},
            {"players": 2, "hands": 2, "ante": 5, "paytable": custom},
        ]

    def bots(self) -> Mapping[str, type[Any]]:
        from engine.games.three_card.bots import StrategyBot

        return {"strategy": StrategyBot}
