"""Magic's mulligan procedures, one implementation with the rule as an option.

The frame is comprehensive rule 103.4 as quoted in both seeds (`002_0417876715274cd6.txt`,
`004_7cea2be28f5fb7be.txt`):

    "First, the starting player declares whether or not he or she will take a mulligan. Then each
    other player in turn order does the same. Once each player has made a declaration, all players
    who decided to take mulligans do so at the same time. [...] If a player kept his or her hand of
    cards, those cards become the player's opening hand, and that player may not take any further
    mulligans. This process is then repeated until no player takes a mulligan. (Note that if a
    player's hand size reaches zero cards, that player must keep that hand.)"

What a mulligan does depends on the rule:

- ``paris``: "the player returns his or her hand to his or her library, then draws a hand of one
  fewer card" (002).
- ``vancouver``: Paris, and "once all players keep their opening hands, each player with fewer
  cards than their starting hand size may scry 1" (002).
- ``london`` (today's rule, beyond the seeds): shuffle the hand back, draw a full starting hand
  each time; on keeping, put one card on the bottom of the library per mulligan taken.
- ``commander_partial_paris``: 103.4e, "exiles any number of cards from his or her hand face
  down. Then the player draws a number of cards equal to one less than the number of cards he or
  she exiled this way. Once a player keeps an opening hand, that player shuffles all cards he or she
  exiled this way into his or her library."
- ``original_1994``: "a player with an initial hand consisting either of all lands or no lands
  [may] reveal his or her hand, shuffle it back into their deck, and then draw a new, full hand of
  seven cards. This process was allowed only one time per player" (002).

Options: the multiplayer free first mulligan (103.4c, "draws a new hand of as many cards as he or
she had before"), starting hand sizes (103.4a, Vanguard), Two-Headed Giant (103.4d: "first each
player on the starting team declares [...] then the players on each other team in turn order do the
same [...] Then all mulligans are taken at the same time"), and Serum Powder as the example of an
action allowed "any time [that player] could mulligan" (103.4b): exile your hand (face up, for the
rest of the game), then draw that many cards; the player then still declares.

Interpretations (the seeds do not say):

- The 1994 rule is run in the 103.4 frame (declarations in turn order, mulligans at the same time);
  its hand is revealed, so the revealed cards are named in the public history.
- London with the free first mulligan bottoms one card fewer (as today's 103.5c does); London
  "draws seven" means the starting hand size, so Vanguard modifiers apply to it too.
- Commander with the free first mulligan draws as many cards as were exiled; exiling "any
  number" means at least one (exiling none would draw minus one card).
- A player who may not mulligan any more (hand size zero; London owing a whole hand; 1994 used)
  keeps without declaring, and therefore has no time at which they "could mulligan" for Serum
  Powder. Which players must keep depends on public facts only, never on a hidden hand.
- Serum Powder is offered only together with a mulligan: under the 1994 rule a player "could
  mulligan" only with a hand of all lands or no lands (a Serum Powder is not a land, so only a
  hand without lands), so a hand with both lands and spells may not use it either.
- In Two-Headed Giant the teammates of the team that declares act at the same time (they "may
  consult"); a London player bottoms right after keeping, before the next side declares.
- Vancouver's scry goes to "each player with fewer cards than their starting hand size", read
  literally: a player who kept seven after a free multiplayer mulligan has no scry, and a player
  with an empty library has nothing to scry.
- The 1994 redraw is "a new, full hand of seven cards": the starting hand size, so Vanguard
  modifiers apply, and the free multiplayer mulligan changes nothing under it.
- All mulligans "at the same time" are taken in seat order: each player's draws come from their
  own library, so the order changes nothing.
- Drawing from an empty library draws nothing.

Every shuffle uses ``random.Random(f"{seed}/{seat}/{n}")`` for the seat's ``n``-th shuffle: all
randomness comes from the game's seed, and a seat's cards never depend on another seat's decisions.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.cards import shuffle
from engine.core import JSON, Action, IllegalAction, Seat
from engine.games.opening_hand import deck
from engine.games.opening_hand.config import sides, starting_hand_sizes

DECLARE, EXILE, SCRY, DONE = "declare", "exile", "scry", "done"

LONDON, PARIS, VANCOUVER = "london", "paris", "vancouver"
COMMANDER, ORIGINAL = "commander_partial_paris", "original_1994"


@dataclass
class Zones:
    """One seat's cards and where it stands in the procedure. ``library[0]`` is the top."""

    library: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    exiled_face_down: list[str] = field(default_factory=list)  # Commander mulligans, until keeping
    exiled: list[str] = field(default_factory=list)  # Serum Powder: face up, for the whole game
    lands: list[str] = field(default_factory=list)
    creatures: list[str] = field(default_factory=list)
    # How many cards at the top / bottom of the library their owner knows (scry, London bottoms).
    known_top: int = 0
    known_bottom: int = 0
    shuffles: int = 0
    mulligans: int = 0
    kept: bool = False
    to_bottom: int = 0
    exiling: bool = False
    exiled_now: int = 0
    scrying: bool = False

    def cards(self) -> list[str]:
        return [*self.library, *self.hand, *self.exiled_face_down, *self.exiled, *self.lands, *self.creatures]

    def to_json(self) -> JSON:
        return {
            "library": list(self.library),
            "hand": list(self.hand),
            "exiled_face_down": list(self.exiled_face_down),
            "exiled": list(self.exiled),
            "lands": list(self.lands),
            "creatures": list(self.creatures),
            "known_top": self.known_top,
            "known_bottom": self.known_bottom,
            "shuffles": self.shuffles,
            "mulligans": self.mulligans,
            "kept": self.kept,
            "to_bottom": self.to_bottom,
            "exiling": self.exiling,
            "exiled_now": self.exiled_now,
            "scrying": self.scrying,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Zones:
        return cls(
            library=[str(c) for c in data["library"]],
            hand=[str(c) for c in data["hand"]],
            exiled_face_down=[str(c) for c in data["exiled_face_down"]],
            exiled=[str(c) for c in data["exiled"]],
            lands=[str(c) for c in data["lands"]],
            creatures=[str(c) for c in data["creatures"]],
            known_top=int(data["known_top"]),
            known_bottom=int(data["known_bottom"]),
            shuffles=int(data["shuffles"]),
            mulligans=int(data["mulligans"]),
            kept=bool(data["kept"]),
            to_bottom=int(data["to_bottom"]),
            exiling=bool(data["exiling"]),
            exiled_now=int(data["exiled_now"]),
            scrying=bool(data["scrying"]),
        )


def _card(action: Action) -> str:
    name = action.get("card")
    if not isinstance(name, str):
        raise IllegalAction('say which card, e.g. {"card": "p0-L01"}')
    return name


class Procedure:
    """The mulligan phase of one game: deals, declarations, mulligans, bottoms, scry.

    Usable alone (the analysis runs it without the race): ``to_act``, ``legal_actions``,
    ``apply`` and ``done`` work as in :class:`engine.core.State`.
    """

    def __init__(self, config: Mapping[str, Any], seed: int, *, deal: bool = True) -> None:
        self.config = config
        self.seed = seed
        self.rule: str = config["rule"]
        self.n: int = config["players"]
        self.free: bool = config["free_first_mulligan"]
        self.starting = starting_hand_sizes(config)
        # Declaration order: the starting side first, then the others in turn order (103.4, 103.4d).
        self.groups = sides(config)
        self.zones = [Zones() for _ in range(self.n)]
        self.phase = DECLARE
        self.round = 0
        self.group = 0
        self.declared: dict[Seat, str] = {}
        self.log: list[JSON] = []
        if deal:
            self._deal()

    # -- set-up ----------------------------------------------------------------------------------

    def library_of(self, seat: Seat) -> list[str]:
        """Seat ``seat``'s whole library, unshuffled: every card it owns."""
        return deck.build_library(seat, self.config["deck"], self.config["serum_powder"])

    def _deal(self) -> None:
        for seat, zones in enumerate(self.zones):
            zones.library = self.library_of(seat)
            self._shuffle(seat)
            self.draw(seat, self.starting[seat])
        self.log.append({"type": "deal", "hand_sizes": [len(z.hand) for z in self.zones]})
        self._begin_round()

    def _shuffle(self, seat: Seat) -> None:
        zones = self.zones[seat]
        shuffle(random.Random(f"{self.seed}/{seat}/{zones.shuffles}"), zones.library)
        zones.shuffles += 1
        zones.known_top = zones.known_bottom = 0

    def draw(self, seat: Seat, count: int) -> int:
        zones = self.zones[seat]
        drawn = zones.library[: max(count, 0)]
        del zones.library[: len(drawn)]
        zones.hand.extend(drawn)
        zones.known_top = max(0, zones.known_top - len(drawn))
        zones.known_bottom = min(zones.known_bottom, len(zones.library))
        return len(drawn)

    # -- the rules -------------------------------------------------------------------------------

    @property
    def done(self) -> bool:
        return self.phase == DONE

    def counted_mulligans(self, seat: Seat) -> int:
        """Mulligans that cost a card: all of them, but the first when it is free (103.4c)."""
        taken = self.zones[seat].mulligans
        return taken - 1 if self.free and taken > 0 else taken

    def must_keep(self, seat: Seat) -> bool:
        """Whether ``seat`` may not mulligan any more, from public facts only."""
        zones = self.zones[seat]
        if not zones.hand:
            return True  # "if a player's hand size reaches zero cards, that player must keep"
        if self.rule == LONDON:
            return self.counted_mulligans(seat) >= self.starting[seat]
        if self.rule == ORIGINAL:
            return zones.mulligans >= 1  # "allowed only one time per player"
        return False

    def may_mulligan(self, seat: Seat) -> bool:
        if self.must_keep(seat):
            return False
        if self.rule == ORIGINAL:
            hand = self.zones[seat].hand
            lands = sum(deck.is_land(card) for card in hand)
            return lands in (0, len(hand))  # "all lands or no lands"
        return True

    def bottoms_owed(self, seat: Seat) -> int:
        return self.counted_mulligans(seat) if self.rule == LONDON else 0

    def _undeclared(self, seat: Seat) -> bool:
        return not self.zones[seat].kept and seat not in self.declared

    def to_act(self) -> list[Seat]:
        if self.phase == DECLARE:
            return [s for s in self.groups[self.group] if self._undeclared(s) or self.zones[s].to_bottom > 0]
        if self.phase == EXILE:
            return [s for s in range(self.n) if self.zones[s].exiling]
        if self.phase == SCRY:
            return [s for s in range(self.n) if self.zones[s].scrying]
        return []

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat not in self.to_act():
            return []
        zones = self.zones[seat]
        hand = deck.sorted_cards(zones.hand)
        if self.phase == DECLARE:
            if zones.to_bottom > 0:
                return [{"type": "bottom", "card": card} for card in hand]
            actions: list[Action] = [{"type": "keep"}]
            if self.may_mulligan(seat):
                actions.append({"type": "mulligan"})
                # Serum Powder works "any time you could mulligan" (103.4b in 002, 103.4a in 004):
                # only with a mulligan on offer, so under the 1994 rule only on a hand of all lands
                # or no lands, and never once that rule's one redraw is used.
                actions += [{"type": "serum_powder", "card": card} for card in hand if deck.is_powder(card)]
            return actions
        if self.phase == EXILE:
            exiles: list[Action] = [{"type": "exile", "card": card} for card in hand]
            return exiles + ([{"type": "done"}] if zones.exiled_now > 0 else [])
        if self.phase == SCRY:
            return [{"type": "scry", "bottom": False}, {"type": "scry", "bottom": True}]
        return []

    def apply(self, seat: Seat, action: Action) -> None:
        """Play a procedure action; the caller has checked the action's shape and the seat number."""
        if seat not in self.to_act():
            raise IllegalAction(self.not_to_act(seat))
        self.play(seat, action)

    def not_to_act(self, seat: Seat) -> str:
        return f"seat {seat} has nothing to do now: {self.describe_phase()}"

    def play(self, seat: Seat, action: Action) -> None:
        """Play a procedure action by a seat that is to act (as :meth:`apply`, which checks that first)."""
        kind = action["type"]
        zones = self.zones[seat]
        if self.phase == DECLARE and zones.to_bottom > 0:
            if kind != "bottom":
                raise IllegalAction(
                    f"seat {seat} kept and must first put {zones.to_bottom} more card(s) on the bottom"
                )
            self._bottom(seat, _card(action))
        elif self.phase == DECLARE and kind == "keep":
            self._keep(seat)
            self._advance()
        elif self.phase == DECLARE and kind == "mulligan":
            self._declare_mulligan(seat)
        elif self.phase == DECLARE and kind == "serum_powder":
            self._serum_powder(seat, _card(action))
        elif self.phase == EXILE and kind == "exile":
            self._exile(seat, _card(action))
        elif self.phase == EXILE and kind == "done":
            self._exile_done(seat)
        elif self.phase == SCRY and kind == "scry":
            self._scry(seat, action.get("bottom"))
        else:
            raise IllegalAction(f"cannot {str(kind).replace('_', ' ')} now: {self.describe_phase()}")

    def describe_phase(self) -> str:
        if self.phase == DECLARE:
            return f"round {self.round} of mulligan declarations, seat(s) {self.to_act()} to act"
        if self.phase == EXILE:
            return "players taking a Commander mulligan choose cards to exile face down"
        if self.phase == SCRY:
            return "players who kept fewer cards than their starting hand size may scry 1"
        return "the mulligans are over"

    # -- declarations ----------------------------------------------------------------------------

    def _begin_round(self) -> None:
        self.round += 1
        self.declared = {}
        self.group = 0
        self._advance()

    def _advance(self) -> None:
        """Move on past everything that needs no decision: forced keeps, finished sides, rounds."""
        while self.group < len(self.groups):
            for seat in self.groups[self.group]:
                if self._undeclared(seat) and self.must_keep(seat):
                    self._keep(seat, forced=True)
            if self.to_act():
                return
            self.group += 1
        mulligans = [s for s, said in self.declared.items() if said == "mulligan"]
        if not mulligans:
            self._finish()
            return
        if self.rule == COMMANDER:
            self.phase = EXILE
            for seat in mulligans:
                self.zones[seat].exiling = True
            return
        for seat in sorted(mulligans):
            self._take_mulligan(seat)
        self._begin_round()

    def _keep(self, seat: Seat, forced: bool = False) -> None:
        zones = self.zones[seat]
        zones.kept = True
        self.declared[seat] = "keep"
        event: JSON = {"type": "keep", "seat": seat, "hand_size": len(zones.hand)}
        if forced:
            event["forced"] = True
        self.log.append(event)
        owed = self.bottoms_owed(seat)
        if owed >= len(zones.hand) and zones.hand:
            # Owing the whole hand leaves no choice but the order, which nobody can use.
            for card in deck.sorted_cards(zones.hand):
                self._put_on_bottom(seat, card)
            self.log.append({"type": "bottom", "seat": seat, "count": owed})
        else:
            zones.to_bottom = owed
        if self.rule == COMMANDER and zones.exiled_face_down:
            # 103.4e: "Once a player keeps an opening hand, that player shuffles all cards he or she
            # exiled this way into his or her library."
            count = len(zones.exiled_face_down)
            zones.library.extend(zones.exiled_face_down)
            zones.exiled_face_down = []
            self._shuffle(seat)
            self.log.append({"type": "shuffle_exiled", "seat": seat, "count": count})

    def _put_on_bottom(self, seat: Seat, card: str) -> None:
        zones = self.zones[seat]
        zones.hand.remove(card)
        zones.library.append(card)
        zones.known_bottom += 1

    def _bottom(self, seat: Seat, card: str) -> None:
        zones = self.zones[seat]
        if card not in zones.hand:
            raise IllegalAction(f"{card} is not in seat {seat}'s hand")
        self._put_on_bottom(seat, card)
        zones.to_bottom -= 1
        self.log.append({"type": "bottom", "seat": seat, "count": 1})
        if zones.to_bottom == 0:
            self._advance()

    def _declare_mulligan(self, seat: Seat) -> None:
        if not self.may_mulligan(seat):
            if self.rule == ORIGINAL and not self.must_keep(seat):
                raise IllegalAction("under the 1994 rule only a hand of all lands or no lands may be redrawn")
            raise IllegalAction(f"seat {seat} may not take another mulligan and must keep")
        self.declared[seat] = "mulligan"
        event: JSON = {"type": "mulligan", "seat": seat}
        if self.rule == ORIGINAL:
            event["revealed"] = deck.sorted_cards(self.zones[seat].hand)  # "reveal his or her hand"
        self.log.append(event)
        self._advance()

    def _serum_powder(self, seat: Seat, card: str) -> None:
        zones = self.zones[seat]
        if card not in zones.hand or not deck.is_powder(card):
            raise IllegalAction(f"{card} is not a Serum Powder in seat {seat}'s hand")
        if not self.may_mulligan(seat):
            why = (
                "under the 1994 rule only a hand of all lands or no lands may be redrawn"
                if self.rule == ORIGINAL and not self.must_keep(seat)
                else f"seat {seat} may not take another mulligan"
            )
            raise IllegalAction(f"Serum Powder is used only when its owner could take a mulligan: {why}")
        exiled = deck.sorted_cards(zones.hand)
        zones.exiled.extend(exiled)
        zones.hand = []
        drawn = self.draw(seat, len(exiled))
        self.log.append({"type": "serum_powder", "seat": seat, "card": card, "exiled": exiled, "drew": drawn})
        self._advance()  # an empty library can leave an empty hand, which must be kept

    # -- taking mulligans ------------------------------------------------------------------------

    def _take_mulligan(self, seat: Seat) -> None:
        zones = self.zones[seat]
        if self.rule in (LONDON, ORIGINAL):
            size = self.starting[seat]
        else:
            free = self.free and zones.mulligans == 0
            size = len(zones.hand) if free else len(zones.hand) - 1
        zones.mulligans += 1
        zones.library.extend(zones.hand)
        zones.hand = []
        self._shuffle(seat)
        self.draw(seat, size)
        self.log.append({"type": "mulligan_taken", "seat": seat, "hand_size": len(zones.hand)})

    def _exile(self, seat: Seat, card: str) -> None:
        zones = self.zones[seat]
        if card not in zones.hand:
            raise IllegalAction(f"{card} is not in seat {seat}'s hand")
        zones.hand.remove(card)
        zones.exiled_face_down.append(card)
        zones.exiled_now += 1
        self.log.append({"type": "exile", "seat": seat})
        if not zones.hand:
            self._exile_done(seat)

    def _exile_done(self, seat: Seat) -> None:
        zones = self.zones[seat]
        if zones.exiled_now == 0:
            raise IllegalAction(
                "exile at least one card first: a Commander mulligan exiles cards, then draws"
            )
        free = self.free and zones.mulligans == 0
        count = zones.exiled_now if free else zones.exiled_now - 1
        zones.mulligans += 1
        drawn = self.draw(seat, count)
        self.log.append(
            {
                "type": "mulligan_taken",
                "seat": seat,
                "exiled": zones.exiled_now,
                "drew": drawn,
                "hand_size": len(zones.hand),
            }
        )
        zones.exiled_now = 0
        zones.exiling = False
        if not self.to_act():
            self.phase = DECLARE
            self._begin_round()

    # -- after everyone keeps --------------------------------------------------------------------

    def _finish(self) -> None:
        self.log.append({"type": "opening_hands", "hand_sizes": [len(z.hand) for z in self.zones]})
        if self.rule == VANCOUVER:
            for seat, zones in enumerate(self.zones):
                # "fewer cards than their starting hand size" (002), and something to look at.
                if len(zones.hand) < self.starting[seat] and zones.library:
                    zones.scrying = True
                    zones.known_top = max(zones.known_top, 1)  # they look at the top card
        self.phase = SCRY if any(z.scrying for z in self.zones) else DONE

    def _scry(self, seat: Seat, bottom: Any) -> None:
        if not isinstance(bottom, bool):
            raise IllegalAction(
                'scry says where the top card goes: {"type": "scry", "bottom": true or false}'
            )
        zones = self.zones[seat]
        if bottom:
            card = zones.library.pop(0)
            zones.library.append(card)
            zones.known_top -= 1
            zones.known_bottom = min(zones.known_bottom + 1, len(zones.library))
        zones.scrying = False
        self.log.append({"type": "scry", "seat": seat, "bottom": bottom})
        if not self.to_act():
            self.phase = DONE

    # -- storage and checks ----------------------------------------------------------------------

    def to_json(self) -> JSON:
        return {
            "zones": [z.to_json() for z in self.zones],
            "phase": self.phase,
            "round": self.round,
            "group": self.group,
            "declared": [[seat, said] for seat, said in self.declared.items()],
        }

    def load(self, data: Mapping[str, Any]) -> None:
        self.zones = [Zones.from_json(z) for z in data["zones"]]
        self.phase = str(data["phase"])
        self.round = int(data["round"])
        self.group = int(data["group"])
        self.declared = {int(seat): str(said) for seat, said in data["declared"]}

    def check_invariants(self) -> None:
        for seat, zones in enumerate(self.zones):
            cards = zones.cards()
            assert len(set(cards)) == len(cards), f"seat {seat} has a card in two places"
            assert sorted(cards) == sorted(self.library_of(seat)), f"seat {seat} gained or lost a card"
            assert 0 <= zones.known_top + zones.known_bottom <= len(zones.library)
            if zones.kept and zones.to_bottom == 0 and self.rule == LONDON and self.phase != DONE:
                owed = self.counted_mulligans(seat)
                assert len(zones.hand) == max(self.starting[seat] - owed, 0) or zones.exiled
            if not zones.kept:
                assert not zones.to_bottom and not zones.scrying
            if self.rule != COMMANDER:
                assert not zones.exiled_face_down
        if self.phase in (SCRY, DONE):
            assert all(z.kept and not z.to_bottom and not z.exiling for z in self.zones)
        if self.phase == DECLARE:
            assert self.to_act(), "the declarations wait for someone"
