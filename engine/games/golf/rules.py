"""MULLIGAN, the golf card game (``001_b0f00b7950c1e11c.txt``): standard rules for 2 to 4 players,
and the alternate modes Heavy Bag, What's Your Handicap?, It's You Against the Course, Wolf, Best
Ball and Let's Make it Interesting.

A round is 9 or 18 holes of a course (:mod:`engine.games.golf.config`). The card halves come from
the catalog (:mod:`engine.games.golf.catalog`); how far a Shot goes and what it costs is
:mod:`engine.games.golf.resolution`. Each hole starts with HOLE SETUP (every ball on the tee, the
hole's yards away); then turns of:

1. DRAW (automatic): every seat draws until it holds seven cards counting its own 2-Putt/Practice
   Swing card (targeting cards are not cards here: a target is a seat number). An empty deck is
   refilled by shuffling the discard pile (house rule: the book does not say).
2. SHOT PLANNING (simultaneous: every seat that has not planned is to act):
   ``{"type": "plan", "club": C, "action": A, "target": T}``: a Club (a card from the hand, or the
   2-Putt), face down, and one Action card, face down, with a targeting card for seat ``T`` (any
   seat, yourself included). ``A`` may be the Practice Swing (the player card's other half, the
   null Action, aimed at yourself) unless the 2-Putt is the Club; ``A`` is ``null`` only when the
   hand holds no Action at all. The Driver is allowed only while the ball is on the tee.
3. SWING! (automatic once every seat planned): all plans are turned up.
4. RESOLUTION (:func:`resolution.resolve_turn`), CLEANUP, and FINISHING A HOLE: a finishing club
   that crosses or lands on the hole finishes it; the hole then ends for everyone, the others add
   finishing strokes. A hole that reaches the config's ``turn_cap`` turns also ends that way.

Lowest total wins; equal totals share a place (``Outcome.details["places"]``).

Play Anytime windows (the book: "at any point during a turn"; made precise so a turn always ends,
every seat gets the same chances and a seat is asked only when it holds a card it can play):

- *Planning window*: while a seat has not yet planned, its legal actions are its plans and every
  Play Anytime card it can play now (``{"type": "play", "card": X, ...}``). Once it has planned it
  waits; planning ends when every seat has planned. Playable here: Rangefinder (``peek_club``:
  see one planned seat's face-down Club), Course GPS (``reveal_actions``: turn up every face-down
  Action already planned), Borrow a Club (``steal_card``: a random card from another hand; cards
  already face down are not in the hand, as the book's timing rule says) and Dig Through the Bag
  (``redraw``: discard up to N cards, never the 2-Putt, and draw as many).
- *Resolution window* (after SWING!, before the Shots are resolved): the seats are asked one at a
  time, in turn order starting one seat further round each turn and hole; a seat with a playable
  card plays one or passes (``{"type": "pass"}``), a seat without one is skipped. It closes when a
  full round of seats has passed or been skipped since the last card played. Playable here:
  Mulligan (``cancel_actions``: only when an opponent's Action is aimed at you), Borrow a Club and
  Dig Through the Bag.
- *Response window*, whenever a Play Anytime card is played (in either window): the seats holding
  a Pace of Play (``cancel_play_anytime``) are asked one at a time, in turn order from the player's
  left, whether to cancel it (the player itself is not asked). A Pace of Play opens its own response
  window, so Paces of Play stack; when a window closes with every asked seat passing, the top card
  takes effect (a Pace of Play discards the card beneath it unresolved) and the window of the card
  beneath, if any, opens afresh. Every card played leaves a hand, so every window closes.
- A seat may play each *type* of Play Anytime card once successfully per turn: a type it has
  played successfully, or has waiting on the stack, is not playable again that turn.

Hidden information: a seat sees its own hand and plan; everyone sees the balls, scores, boards,
hand and deck sizes, the Play Anytime cards played and (after SWING!) every plan. Face-down plans
are hidden until SWING! except what a Rangefinder (to its player) or a Course GPS (to everyone)
showed. Cards drawn, stolen or given are told only to the seats that see them. Turn-taking shows
which seat holds a playable Play Anytime card when it is asked: that is the price of never asking
a seat that cannot play.

Alternate play modes (rule book, "Alternate Play Modes" and "2-Player Modes"), the config's ``mode``:

- ``heavy_bag`` (Heavy Bag): "the hand size is increased by three (nine standard cards plus the
  2-Putt / Practice Swing)"; "Each player can select and play TWO Action cards per turn" and "may
  choose up to two targets for your two Actions". A plan then also has ``"action2"`` and
  ``"target2"``: a second Action card from the hand with its own target, or both ``null`` for one
  Action (the Practice Swing only ever alone). A pair is offered once, in the hand's sorted order;
  both stay face down until SWING!.
- ``handicap`` (What's Your Handicap?, 2 players): "the player in the lead draws one less card
  during the DRAW phase for each stroke they are ahead". The lead is the difference of the totals
  of the holes already scored (strokes of the hole being played do not count until it is scored);
  a seat never draws fewer than none.
- ``against_the_course`` (It's You Against the Course, 2 players): "Whichever player has the
  lowest total score when a hole begins will be the target for the entire hole. If both players
  are tied going into a hole ... the course plays no Actions that hole." On such a hole, "At the
  beginning of each turn, place one card from the deck face down in the center of the table" (after
  the DRAW; nobody sees it); at SWING! it is turned up, "If it is not an Action card, draw another
  card until you reveal an Action card" (the others go to the discard pile): the course plays it on
  the leader, as if a third player (``by=None`` in :mod:`resolution`). "Sometimes the course will
  help you out with a Lucky Bounce or Bad Karma! In this case, continue as if you had played it on
  yourself." "If you use Bad Karma to reflect the course's Action, it targets back at the course
  (and does nothing)." "If any player plays Course GPS, the Action for the course is also
  revealed": the Course GPS turns it up (and further cards until an Action) at once. A Mulligan
  cancels the course's Action like an opponent's, and may be played when it is aimed at you.

- ``wolf`` (Wolf, 3 players), a side game on a standard round: "Players pick a rotation order and
  take turns being the Wolf on each hole" (seat order: seat ``h % 3`` is the Wolf of the round's
  hole ``h``, counted from 0). "Before each hole begins, the Wolf either picks another player to be
  on their team, or decides to go Lone Wolf": a ``wolf`` phase before the hole's first DRAW, where
  the Wolf alone acts, ``{"type": "wolf", "partner": P}`` (another seat, or ``null`` for Lone
  Wolf; public). "If the Wolf or their partner makes the lowest score on the hole, they each win a
  point. If the Wolf went Lone Wolf and makes the lowest score, they win 2 points. Only the Wolf and
  their partner score points. If any other players beat or tie their score, no points are scored
  for that hole." The outcome ranks by points, most first; equal points are split by total strokes
  (fewer first; a house rule, the book names no winner); the Outcome's scores stay strokes.

- ``best_ball`` (Best Ball): two sides of two golfers; a seat is a golfer, seats 0 and 2 are one
  side, 1 and 3 the other (so the sides alternate in turn order). "For 2 players, each player
  controls 2 golfers (and two hands)", "or 4 players in teams of 2, or 3 players with a team of 2
  players competing against 1 player with two hands": who holds which seat is the table's business
  (a person may hold two seats), and each seat sees only its own hand. "Play proceeds just like a
  normal 4-player game, except at the end of each hole, each of the 2 players (or teams) takes the
  lower score of their 2 golfers as their score for the hole." "Action cards that say 'target
  yourself' can be applied to either of the golfers under your control (or your teammate)." The
  outcome ranks the sides by the sum of their hole scores, both golfers of a side sharing its place
  and score.

- ``interesting`` (Let's Make it Interesting): "each player starts with an equal amount of chips"
  (the config's ``chips``). "At any point during a hole, any player may propose a wager of any type
  with one other player"; made structured and finite here: while a seat has not yet planned its
  Shot it may propose one wager a turn, ``{"type": "wager", "kind": K, "to": O, "stake": S}``, a
  stake of 5, 10, 25 or 50 chips both can cover, of a kind ``beat_or_tie`` ("I beat or tie you on
  this hole", settled when the hole is scored) or ``no_finish_this_turn`` with ``"subject": X``
  ("X doesn't finish the hole this turn", settled after the turn's Resolution). "The player
  receiving the wager has the choice whether or not to take the bet": the game waits for the
  receiver alone (``accept`` or ``decline``). "If they do, both players place that many chips in a
  side pot, to be resolved whenever the conditions of the bet are met (or not)": the winner takes
  both stakes. Wagers are public. "The game ends when one player has acquired all the chips, or at
  the end of 9 holes (the player with the most chips wins)": ``holes`` is at most 9; when a turn's
  wagers give one player every chip, the hole ends at once (scored with finishing strokes, which
  settles its ``beat_or_tie`` wagers) and so does the round. Equal chips share a place; the
  Outcome's scores stay strokes.

Cards are the catalog's deck cards, one name per physical card: ``"Driver / Hook (1)"``. The
2-Putt/Practice Swing card is not among them (every seat has one, so it is no secret): plans name
it ``"2-Putt / Practice Swing"``.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Mapping
from typing import Any, ClassVar

from engine.core import JSON, Action, EngineError, Game, IllegalAction, Outcome, Seat, State, short
from engine.games.golf import config as cfg
from engine.games.golf.catalog import ActionHalf, Catalog, Club, default_catalog
from engine.games.golf.courses import Hole
from engine.games.golf.resolution import Action as PlayedAction
from engine.games.golf.resolution import Shot, hole_score, resolve_turn

PLAN, RESPOND, REVEALED, OVER = "plan", "respond", "revealed", "over"
OFFER = "offer"  # Let's Make it Interesting: a wager waits for its receiver's answer
WAGER_KINDS = ("beat_or_tie", "no_finish_this_turn")
STAKES = (5, 10, 25, 50)
WOLF = "wolf"  # Wolf mode: the hole's Wolf picks a partner or goes Lone Wolf before the hole
PLAYER_CARD = "2-Putt / Practice Swing"
HAND_SIZE = 7  # counting the 2-Putt/Practice Swing card (rule book, DRAW)
HEAVY_BAG_HAND_SIZE = 10  # Heavy Bag: "nine standard cards plus the 2-Putt / Practice Swing"
LOG_SHOWN = 40
# Play Anytime effects this engine can play, and where (the response window plays Pace of Play).
_PLANNING_EFFECTS = ("peek_club", "reveal_actions", "steal_card", "redraw")
_REVEALED_EFFECTS = ("cancel_actions", "steal_card", "redraw")
_PA_EFFECTS = (*_PLANNING_EFFECTS, "cancel_actions", "cancel_play_anytime")


def card_names(catalog: Catalog) -> dict[str, tuple[str, str]]:
    """Every physical deck card's unique name -> (club id, action id), in catalog order."""
    names: dict[str, tuple[str, str]] = {}
    for card in catalog.deck:
        club, action = catalog.clubs[card.club], catalog.actions[card.action]
        for copy in range(1, card.count + 1):
            names[f"{club.name} / {action.name} ({copy})"] = (card.club, card.action)
    return names


@functools.cache
def _default_names() -> frozenset[str]:
    return frozenset(card_names(default_catalog()))


def _pa_mode(half: ActionHalf) -> str | None:
    """The Play Anytime effect a card plays as, if this engine knows how to play it."""
    if half.kind != "play_anytime":
        return None
    for effect in half.effects:
        if effect.effect in _PA_EFFECTS:
            return effect.effect
    return None


class GolfState(State):
    game_id: ClassVar[str] = "golf"

    def __init__(self, config: dict[str, Any], seed: int, *, deal: bool = True) -> None:
        self.config = config
        self.seed = seed
        self.catalog = cfg.catalog_of(config)
        self.names = card_names(self.catalog)
        self.course = cfg.course_of(config)
        self.holes: tuple[Hole, ...] = self.course.holes[: config["holes"]]
        n = config["players"]
        self.n: int = n
        self.mode: str = config["mode"]
        self.hand_size = HEAVY_BAG_HAND_SIZE if self.mode == "heavy_bag" else HAND_SIZE
        self.phase = PLAN
        self.hole = 0
        self.turn = 0
        self.moves = 0
        self.shuffles = 0
        self.deck: list[str] = []
        self.discard: list[str] = []
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.distance: list[int] = [0] * n
        self.on_tee: list[bool] = [True] * n
        self.strokes: list[int] = [0] * n
        self.scores: list[list[int]] = [[] for _ in range(n)]
        self.boards: list[list[str]] = [[] for _ in range(n)]
        self.plans: list[JSON | None] = [None] * n
        self.gps: list[bool] = [False] * n
        self.peeks: list[list[int]] = [[] for _ in range(n)]
        self.pa_used: list[list[str]] = [[] for _ in range(n)]
        self.mulligans: list[int] = []
        self.stack: list[JSON] = []
        self.ask: list[int] = []
        self.return_phase = PLAN
        self.order: list[int] = []
        self.pos = 0
        self.quiet = 0
        self.log: list[JSON] = []
        self.last_results: list[JSON] = []
        # It's You Against the Course: the leader the course plays on this hole (None: no course
        # Actions), and the course's card in the centre (at most one; face down until course_up).
        self.course_target: int | None = None
        self.course_card: list[str] = []
        self.course_up = False
        # Wolf: one entry per hole begun, {"wolf", "partner", "points"}; points per seat.
        self.wolves: list[JSON] = []
        self.points: list[int] = [0] * n
        # Let's Make it Interesting: chips, the offer waiting for an answer, the accepted wagers not
        # yet settled (their stakes are in the side pot), the seats that proposed this turn.
        self.chips: list[int] = [config["chips"]] * n if self.mode == "interesting" else []
        self.offer: JSON | None = None
        self.wagers: list[JSON] = []
        self.proposed: list[int] = []
        if deal:
            self.deck = list(self.names)
            random.Random(f"golf:{seed}:deck").shuffle(self.deck)
            self._setup_hole()

    # -- helpers ---------------------------------------------------------------------------------

    def _club(self, card: str) -> Club:
        if card == PLAYER_CARD:
            return self.catalog.clubs[self.catalog.player_card.club]
        return self.catalog.clubs[self.names[card][0]]

    def _half(self, card: str) -> ActionHalf:
        if card == PLAYER_CARD:
            return self.catalog.actions[self.catalog.player_card.action]
        return self.catalog.actions[self.names[card][1]]

    def _say(self, text: str, to: list[int] | None = None, **extra: Any) -> None:
        entry: JSON = {"hole": self.hole + 1, "turn": self.turn, "text": text, **extra}
        if "cards" not in entry:
            # The cards a sentence names, as card values too: pages draw them and the leak checks
            # count what a viewer was shown by value.
            named = [name for name in self.names if name in text]
            if named:
                entry["cards"] = sorted(named, key=text.index)
        if to is not None:
            entry["to"] = sorted(set(to))
        self.log.append(entry)

    def _holds_player_card(self, seat: Seat) -> bool:
        plan = self.plans[seat]
        return plan is None or PLAYER_CARD not in (plan["club"], plan["action"])

    def _plan_actions(self, plan: JSON) -> list[tuple[str, int]]:
        """A plan's Actions (card, target): one, or in Heavy Bag up to two."""
        played = [(plan["action"], plan["target"])] if plan["action"] is not None else []
        if plan.get("action2") is not None:
            played.append((plan["action2"], plan["target2"]))
        return played

    def _draw(self, seat: Seat, count: int) -> list[str]:
        drawn = self._take(count)
        self.hands[seat].extend(drawn)
        return drawn

    def _take(self, count: int) -> list[str]:
        drawn: list[str] = []
        for _ in range(count):
            if not self.deck:
                if not self.discard:
                    break
                self.deck = sorted(self.discard)
                self.discard = []
                self.shuffles += 1
                random.Random(f"golf:{self.seed}:shuffle:{self.shuffles}").shuffle(self.deck)
                self._say("The discard pile is shuffled into a new deck.")
            drawn.append(self.deck.pop())
        return drawn

    def _mates(self, seat: Seat) -> list[int]:
        """The golfers a "target yourself" Action may go to: the seat, and in Best Ball its side."""
        if self.mode == "best_ball":
            return [seat, (seat + 2) % self.n]
        return [seat]

    def side_scores(self) -> list[list[int]]:
        """Best Ball: each seat's side's hole scores, the lower of its two golfers' per hole."""
        return [
            [min(a, b) for a, b in zip(self.scores[s], self.scores[(s + 2) % self.n], strict=True)]
            for s in range(self.n)
        ]

    def _wager_words(self, wager: JSON) -> str:
        if wager["kind"] == "beat_or_tie":
            return f"seat {wager['by']} beats or ties seat {wager['to']} on this hole"
        return f"seat {wager['subject']} does not finish the hole this turn"

    def _settle(self, kind: str, won: Any) -> None:
        """Settle every accepted wager of ``kind``; ``won(wager)`` is True when the proposer won."""
        for wager in [w for w in self.wagers if w["kind"] == kind]:
            self.wagers.remove(wager)
            winner = wager["by"] if won(wager) else wager["to"]
            self.chips[winner] += 2 * wager["stake"]
            self._say(
                f"Wager settled ({self._wager_words(wager)}): seat {winner} wins {2 * wager['stake']} chips."
            )

    def _chips_all_won(self) -> bool:
        return self.mode == "interesting" and max(self.chips) == self.n * self.config["chips"]

    def _wager_options(self, seat: Seat) -> list[Action]:
        if self.mode != "interesting" or self.offer is not None or seat in self.proposed:
            return []
        options: list[Action] = []
        for other in range(self.n):
            if other == seat:
                continue
            stakes = [s for s in STAKES if s <= min(self.chips[seat], self.chips[other])]
            for stake in stakes:
                options.append({"type": "wager", "kind": "beat_or_tie", "to": other, "stake": stake})
                options += [
                    {
                        "type": "wager",
                        "kind": "no_finish_this_turn",
                        "to": other,
                        "stake": stake,
                        "subject": x,
                    }
                    for x in range(self.n)
                ]
        return options

    def _ahead(self, seat: Seat) -> int:
        """Strokes ``seat`` leads every other player by (0 when it is not in the lead)."""
        mine = sum(self.scores[seat])
        return max(0, min(sum(self.scores[o]) for o in range(self.n) if o != seat) - mine)

    def _course_flip(self) -> None:
        """Turn up the course's card, and more deck cards until an Action card (It's You Against the
        Course); the cards that are not Actions go to the discard pile."""
        card = self.course_card.pop() if self.course_card else None
        for _ in range(len(self.names) + 1):
            if card is None:
                break
            if self._half(card).kind == "action":
                self.course_card = [card]
                self.course_up = True
                assert self.course_target is not None
                self._say(f"The course plays {card} on seat {self.course_target}.")
                return
            self.discard.append(card)
            self._say(f"The course turns up {card}: not an Action, it turns up another.")
            taken = self._take(1)
            card = taken[0] if taken else None
        if card is not None:
            self.discard.append(card)
        self.course_card, self.course_up = [], False
        self._say("The course finds no Action card this turn.")

    # -- the turn --------------------------------------------------------------------------------

    def _setup_hole(self) -> None:
        hole = self.holes[self.hole]
        self.distance = [hole.yards] * self.n
        self.on_tee = [True] * self.n
        self.strokes = [0] * self.n
        self.turn = 0
        self._say(f"Hole {hole.number}: {hole.yards} yd, par {hole.par}.")
        if self.mode == "against_the_course":
            totals = [sum(s) for s in self.scores]
            low = min(totals)
            leaders = [seat for seat in range(self.n) if totals[seat] == low]
            self.course_target = leaders[0] if len(leaders) == 1 else None
            if self.course_target is None:
                self._say("The players are tied: the course plays no Actions this hole.")
            else:
                self._say(f"Seat {self.course_target} leads: the course plays its Actions on them this hole.")
        if self.mode == "wolf":
            wolf = self.hole % self.n
            self.wolves.append({"wolf": wolf, "partner": None, "points": [0] * self.n})
            self._say(f"Seat {wolf} is the Wolf: a partner, or Lone Wolf?")
            self.phase = WOLF
            return
        self._begin_turn()

    def _begin_turn(self) -> None:
        self.turn += 1
        self.plans = [None] * self.n
        self.gps = [False] * self.n
        self.peeks = [[] for _ in range(self.n)]
        self.pa_used = [[] for _ in range(self.n)]
        self.mulligans = []
        self.proposed = []
        for seat in range(self.n):
            count = self.hand_size - 1 - len(self.hands[seat])
            if self.mode == "handicap":
                # What's Your Handicap?: "one less card ... for each stroke they are ahead".
                count -= self._ahead(seat)
            drawn = self._draw(seat, max(0, count))
            if drawn:
                self._say(f"You draw {', '.join(drawn)}.", [seat], cards=drawn)
                self._say(f"Seat {seat} draws {len(drawn)} card{'s' if len(drawn) != 1 else ''}.")
        if self.course_target is not None:
            self.course_card, self.course_up = self._take(1), False
            if self.course_card:
                self._say("The course places a card face down in the centre of the table.")
        self.phase = PLAN

    def _swing(self) -> None:
        self.phase = REVEALED
        for seat, plan in enumerate(self.plans):
            assert plan is not None
            actions = " and ".join(f"{a} on seat {t}" for a, t in self._plan_actions(plan)) or "no Action"
            self._say(f"SWING! Seat {seat}: {plan['club']}, {actions}.")
        if self.course_card and not self.course_up:
            self._course_flip()
        first = (self.turn - 1 + self.hole) % self.n
        self.order = [(first + k) % self.n for k in range(self.n)]
        self.pos = 0
        self.quiet = 0
        self._advance_window()

    def _advance_window(self) -> None:
        while self.quiet < self.n:
            if self._pa_options(self.order[self.pos % self.n]):
                return
            self.quiet += 1
            self.pos += 1
        self._resolve()

    def _responders(self, player: Seat) -> list[int]:
        return [(player + k) % self.n for k in range(1, self.n)]

    def _can_respond(self, seat: Seat) -> bool:
        return bool(self._response_cards(seat))

    def _response_cards(self, seat: Seat) -> list[str]:
        if not self.stack or self.stack[-1]["seat"] == seat:
            return []
        return [
            card
            for card in sorted(self.hands[seat])
            if self._playable_type(seat, card, "cancel_play_anytime")
        ]

    def _playable_type(self, seat: Seat, card: str, mode: str) -> bool:
        half = self._half(card)
        if _pa_mode(half) != mode or half.id in self.pa_used[seat]:
            return False
        return not any(entry["seat"] == seat and entry["action"] == half.id for entry in self.stack)

    def _advance_response(self) -> None:
        while True:
            while self.ask and not self._can_respond(self.ask[0]):
                self.ask.pop(0)
            if self.ask:
                self.phase = RESPOND
                return
            top = self.stack.pop()
            half = self.catalog.actions[top["action"]]
            if _pa_mode(half) == "cancel_play_anytime":
                beneath = self.stack.pop()
                self.discard += [top["card"], beneath["card"]]
                self.pa_used[top["seat"]].append(half.id)
                self._say(
                    f"Seat {top['seat']}'s {half.name} cancels seat {beneath['seat']}'s {beneath['card']}."
                )
            else:
                self._take_effect(top)
            if self.stack:
                self.ask = self._responders(self.stack[-1]["seat"])
                continue
            self.phase = self.return_phase
            if self.phase == REVEALED:
                self.quiet = 0
                self.pos += 1
                self._advance_window()
            return

    def _take_effect(self, entry: JSON) -> None:
        seat, card = entry["seat"], entry["card"]
        half = self.catalog.actions[entry["action"]]
        mode = _pa_mode(half)
        self.discard.append(card)
        self.pa_used[seat].append(half.id)
        if mode == "cancel_actions":
            self.mulligans.append(seat)
            self._say(f"Seat {seat}'s {half.name} takes effect on the Actions aimed at seat {seat}.")
        elif mode == "peek_club":
            target = entry["target"]
            plan = self.plans[target]
            assert plan is not None
            self.peeks[seat].append(target)
            self._say(f"{half.name}: seat {target}'s Club is {plan['club']}.", [seat], cards=[plan["club"]])
            self._say(f"Seat {seat} sees seat {target}'s face-down Club ({half.name}).")
        elif mode == "reveal_actions":
            for other, plan in enumerate(self.plans):
                if plan is not None and not self.gps[other]:
                    self.gps[other] = True
                    actions = " and ".join(f"{a} on seat {t}" for a, t in self._plan_actions(plan))
                    self._say(f"{half.name}: seat {other} plays {actions or 'no Action'}.")
            if self.course_card and not self.course_up:
                # It's You Against the Course: "If any player plays Course GPS, the Action for the
                # course is also revealed."
                self._course_flip()
        elif mode == "steal_card":
            target = entry["target"]
            if self.hands[target]:
                rng = random.Random(f"golf:{self.seed}:steal:{self.moves}")
                stolen = rng.choice(sorted(self.hands[target]))
                self.hands[target].remove(stolen)
                self.hands[seat].append(stolen)
                self._say(
                    f"Seat {seat} takes {stolen} from seat {target}'s hand.", [seat, target], cards=[stolen]
                )
                self._say(f"Seat {seat} takes a card from seat {target}'s hand ({half.name}).")
            else:
                self._say(f"Seat {target} has no card to take.")
        elif mode == "redraw":
            gone = [c for c in entry["discard"] if c in self.hands[seat]]
            for c in gone:
                self.hands[seat].remove(c)
            self.discard += gone
            drawn = self._draw(seat, len(gone))
            self._say(f"Seat {seat} discards {', '.join(gone)} and draws {len(drawn)} ({half.name}).")
            if drawn:
                self._say(f"You draw {', '.join(drawn)}.", [seat], cards=drawn)

    def _resolve(self) -> None:
        shots: dict[int, Shot] = {}
        played: list[PlayedAction] = []
        for seat, plan in enumerate(self.plans):
            assert plan is not None
            shots[seat] = Shot(distance_to_hole=self.distance[seat], club=self._club(plan["club"]))
            for card, target in self._plan_actions(plan):
                played.append(PlayedAction(self._half(card), by=seat, target=target))
        if self.course_card and self.course_up and self.course_target is not None:
            half = self._half(self.course_card[0])
            # "Sometimes the course will help you out with a Lucky Bounce or Bad Karma! In this case,
            # continue as if you had played it on yourself."
            helps = any(e.effect in ("snap_to_hole", "reflect_actions") for e in half.effects)
            played.append(
                PlayedAction(half, by=self.course_target if helps else None, target=self.course_target)
            )
        for seat in self.mulligans:
            mulligan = next(h for h in self.catalog.actions.values() if _pa_mode(h) == "cancel_actions")
            played.append(PlayedAction(mulligan, by=seat, target=seat))
        results = resolve_turn(shots=shots, actions=played, catalog=self.catalog)
        finished: list[int] = []
        self.last_results = []
        for seat in range(self.n):
            plan = self.plans[seat]
            assert plan is not None
            result = results[seat]
            self.distance[seat] = result.new_distance_to_hole
            self.strokes[seat] += result.strokes
            if result.yards_moved > 0:
                self.on_tee[seat] = False
            if plan["club"] != PLAYER_CARD:
                (self.discard if result.club_discarded else self.boards[seat]).append(plan["club"])
            self.discard += [card for card, _ in self._plan_actions(plan) if card != PLAYER_CARD]
            if result.finished:
                finished.append(seat)
            self.last_results.append(
                {
                    "seat": seat,
                    "yards": result.yards_moved,
                    "distance": result.new_distance_to_hole,
                    "strokes": result.strokes,
                    "finished": result.finished,
                    "notes": list(result.notes),
                }
            )
            self._say(f"Seat {seat}: {'; '.join(result.notes)}.")
        self.plans = [None] * self.n
        self.discard += self.course_card
        self.course_card, self.course_up = [], False
        self._settle("no_finish_this_turn", lambda w: w["subject"] not in finished)
        if finished:
            self._end_hole(finished)
        elif self._chips_all_won():
            self._say("One player has all the chips: the hole ends now.")
            self._end_hole([])
        elif self.turn >= self.config["turn_cap"]:
            self._say(f"Nobody finished in {self.turn} turns: the hole ends (turn cap).")
            self._end_hole([])
        else:
            self._begin_turn()

    def _wolf_points(self) -> None:
        """Wolf: "If the Wolf or their partner makes the lowest score on the hole, they each win a
        point. If the Wolf went Lone Wolf and makes the lowest score, they win 2 points. ... If any
        other players beat or tie their score, no points are scored for that hole." """
        entry = self.wolves[-1]
        wolf, partner = entry["wolf"], entry["partner"]
        team = [wolf] if partner is None else [wolf, partner]
        score = {seat: self.scores[seat][-1] for seat in range(self.n)}
        best = min(score[s] for s in team)
        if all(score[o] > best for o in range(self.n) if o not in team):
            for seat in team:
                entry["points"][seat] = 2 if partner is None else 1
                self.points[seat] += entry["points"][seat]
            won = (
                "the Lone Wolf wins 2 points" if partner is None else "the Wolf and partner win a point each"
            )
            self._say(f"Wolf: {won}.")
        else:
            self._say("Wolf: another player beat or tied the Wolf's side; no points this hole.")

    def _end_hole(self, finished: list[int]) -> None:
        for seat in range(self.n):
            score = hole_score(
                strokes=self.strokes[seat], finished=seat in finished, distance_to_hole=self.distance[seat]
            )
            self.scores[seat].append(score)
            how = "finishes" if seat in finished else f"is {self.distance[seat]} yd away"
            self._say(f"Seat {seat} {how}: {score} for hole {self.holes[self.hole].number}.")
            self.discard += self.boards[seat]
            self.boards[seat] = []
        if self.mode == "wolf":
            self._wolf_points()
        self._settle("beat_or_tie", lambda w: self.scores[w["by"]][-1] <= self.scores[w["to"]][-1])
        self.hole += 1
        if self.hole >= len(self.holes) or self._chips_all_won():
            self.phase = OVER
            self.ask, self.stack = [], []
            self._say("The round is over.")
        else:
            self._setup_hole()

    # -- the contract ----------------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.n

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def to_act(self) -> list[Seat]:
        if self.phase == PLAN:
            return [seat for seat in range(self.n) if self.plans[seat] is None]
        if self.phase == RESPOND:
            return [self.ask[0]]
        if self.phase == WOLF:
            return [self.wolves[-1]["wolf"]]
        if self.phase == OFFER:
            assert self.offer is not None
            return [self.offer["to"]]
        if self.phase == REVEALED:
            return [self.order[self.pos % self.n]]
        return []

    def _plan_options(self, seat: Seat) -> list[Action]:
        hand = sorted(self.hands[seat])
        clubs = [c for c in hand if not (self._club(c).tee_only and not self.on_tee[seat])]
        clubs.append(PLAYER_CARD)
        options: list[Action] = []
        heavy = self.mode == "heavy_bag"
        second: JSON = {"action2": None, "target2": None} if heavy else {}

        def targets(card: str) -> list[int]:
            return self._mates(seat) if self._half(card).target == "self" else list(range(self.n))

        for club in clubs:
            real = [c for c in hand if c != club and self._half(c).kind == "action"]
            actions = real + ([PLAYER_CARD] if club != PLAYER_CARD else [])
            for action in actions:
                options += [
                    {"type": "plan", "club": club, "action": action, "target": t, **second}
                    for t in targets(action)
                ]
            if heavy:
                # Heavy Bag: "TWO Action cards per turn", each with its own target (a pair named once,
                # in the hand's sorted order).
                for first, other in itertools.combinations(real, 2):
                    options += [
                        {
                            "type": "plan",
                            "club": club,
                            "action": first,
                            "target": t,
                            "action2": other,
                            "target2": u,
                        }
                        for t in targets(first)
                        for u in targets(other)
                    ]
            if not actions:
                options.append({"type": "plan", "club": club, "action": None, "target": seat, **second})
        return options

    def _pa_options(self, seat: Seat) -> list[Action]:
        if self.phase == RESPOND:
            return [{"type": "play", "card": c} for c in self._response_cards(seat)]
        allowed = _PLANNING_EFFECTS if self.phase == PLAN else _REVEALED_EFFECTS
        options: list[Action] = []
        hand = sorted(self.hands[seat])
        for card in hand:
            mode = _pa_mode(self._half(card))
            if mode is None or mode not in allowed or not self._playable_type(seat, card, mode):
                continue
            others = [o for o in range(self.n) if o != seat]
            if mode == "peek_club":
                options += [
                    {"type": "play", "card": card, "target": o}
                    for o in others
                    if self.plans[o] is not None and o not in self.peeks[seat]
                ]
            elif mode == "reveal_actions":
                if any(self.plans[o] is not None and not self.gps[o] for o in others) or (
                    self.course_card and not self.course_up
                ):
                    options.append({"type": "play", "card": card})
            elif mode == "steal_card":
                options += [{"type": "play", "card": card, "target": o} for o in others if self.hands[o]]
            elif mode == "redraw":
                rest = [c for c in hand if c != card]
                most = next(
                    int(e.params["max_cards"]) for e in self._half(card).effects if e.effect == "redraw"
                )
                for size in range(1, min(most, len(rest)) + 1):
                    options += [
                        {"type": "play", "card": card, "discard": list(combo)}
                        for combo in itertools.combinations(rest, size)
                    ]
            elif (
                mode == "cancel_actions"
                and seat not in self.mulligans
                and (
                    any(
                        plan is not None
                        and other != seat
                        and any(t == seat and a != PLAYER_CARD for a, t in self._plan_actions(plan))
                        for other, plan in enumerate(self.plans)
                    )
                    or (self.course_up and self.course_target == seat)
                )
            ):
                options.append({"type": "play", "card": card})
        return options

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat not in self.to_act():
            return []
        if self.phase == PLAN:
            return self._plan_options(seat) + self._pa_options(seat) + self._wager_options(seat)
        if self.phase == OFFER:
            return [{"type": "accept"}, {"type": "decline"}]
        if self.phase == WOLF:
            others: list[int | None] = [o for o in range(self.n) if o != seat]
            return [{"type": "wolf", "partner": p} for p in [*others, None]]
        return [{"type": "pass"}, *self._pa_options(seat)]

    def apply(self, seat: Seat, action: Action) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n:
            raise IllegalAction(f"there is no seat {short(seat)} at this table")
        if self.phase == OVER:
            raise IllegalAction("the round is over")
        if not isinstance(action, dict):
            raise IllegalAction(f"an action is a JSON object with a 'type', not {short(action)}")
        if seat not in self.to_act():
            raise IllegalAction(f"seat {seat} is not to act now (waiting for {self.to_act()})")
        if action not in self.legal_actions(seat):
            kind = action.get("type")
            if kind == "plan":
                heavy = (
                    " (Heavy Bag: also 'action2' and 'target2', a second Action card or null)"
                    if self.mode == "heavy_bag"
                    else ""
                )
                raise IllegalAction(
                    "that plan is not allowed: the Club and the Action must be different cards from "
                    f"your hand (the Driver only from the tee), aimed at a seat of the table{heavy}: "
                    f"{short(action, 120)}"
                )
            if kind == "wager":
                raise IllegalAction(
                    f"a wager is proposed once a turn, before you plan, to another seat, with a kind "
                    f"({', '.join(WAGER_KINDS)}) and a stake ({', '.join(map(str, STAKES))}) both of you "
                    f"can cover: {short(action, 120)}"
                )
            if kind == "wolf":
                raise IllegalAction(
                    f"the Wolf picks a partner (another seat) or null for Lone Wolf: {short(action, 120)}"
                )
            if kind in ("play", "pass"):
                raise IllegalAction(f"you cannot {kind} that now: {short(action, 120)}")
            raise IllegalAction(f"not an action of this game now: {short(action, 120)}")
        self.moves += 1
        kind = action["type"]
        if kind == "wager":
            self.offer = {k: v for k, v in action.items() if k != "type"} | {"by": seat}
            self.proposed.append(seat)
            self._say(
                f"Seat {seat} bets seat {action['to']} {action['stake']} chips that {self._wager_words(self.offer)}."
            )
            self.phase = OFFER
        elif kind in ("accept", "decline"):
            offer, self.offer = self.offer, None
            assert offer is not None
            if kind == "accept":
                self.chips[offer["by"]] -= offer["stake"]
                self.chips[offer["to"]] -= offer["stake"]
                self.wagers.append(offer)
            self._say(f"Seat {seat} {kind}s the wager.")
            self.phase = PLAN
        elif kind == "wolf":
            partner = action["partner"]
            self.wolves[-1]["partner"] = partner
            self._say(
                f"Seat {seat} goes Lone Wolf." if partner is None else f"Seat {seat} picks seat {partner}."
            )
            self._begin_turn()
        elif kind == "plan":
            plan = {k: v for k, v in action.items() if k != "type"}
            for card in (plan["club"], plan["action"], plan.get("action2")):
                if card is not None and card != PLAYER_CARD:
                    self.hands[seat].remove(card)
            self.plans[seat] = plan
            self._say(f"Seat {seat} plans a Shot (face down).")
            if all(p is not None for p in self.plans):
                self._swing()
        elif kind == "pass":
            if self.phase == RESPOND:
                self.ask.pop(0)
                self._advance_response()
            else:
                self.quiet += 1
                self.pos += 1
                self._advance_window()
        else:
            card = action["card"]
            half = self._half(card)
            self.hands[seat].remove(card)
            entry: JSON = {"seat": seat, "card": card, "action": half.id}
            words = f"Seat {seat} plays {card}"
            if "target" in action:
                entry["target"] = action["target"]
                words += f" on seat {action['target']}"
            if "discard" in action:
                entry["discard"] = list(action["discard"])
                words += f", to discard {', '.join(action['discard'])}"
            if self.phase == RESPOND:
                words += f" against seat {self.stack[-1]['seat']}'s {self.stack[-1]['card']}"
            else:
                self.return_phase = self.phase
            self.stack.append(entry)
            self._say(words + ".")
            self.ask = self._responders(seat)
            self._advance_response()

    # -- views -----------------------------------------------------------------------------------

    def _plan_view(self, seat: Seat, viewer: Seat | None) -> JSON | None:
        plan = self.plans[seat]
        if plan is None:
            return None
        everything = self.phase == REVEALED or viewer == seat
        club_shown = everything or (viewer is not None and seat in self.peeks[viewer])
        action_shown = everything or self.gps[seat]
        view: JSON = {
            "club": plan["club"] if club_shown else None,
            "action": plan["action"] if action_shown else None,
            "target": plan["target"] if action_shown else None,
            "face_down": not everything,
        }
        if "action2" in plan:
            view["action2"] = plan["action2"] if action_shown else None
            view["target2"] = plan["target2"] if action_shown else None
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
                    "hand_size": len(self.hands[other]) + (1 if self._holds_player_card(other) else 0),
                    "planned": self.plans[other] is not None,
                    "plan": self._plan_view(other, seat),
                    "play_anytime_used": list(self.pa_used[other]),
                }
            )
        view: JSON = {
            "phase": self.phase,
            "seat": seat,
            "course": self.course.name,
            "mode": self.mode,
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
            "stack": [dict(entry) for entry in self.stack],
            "deck_size": len(self.deck),
            "discard_size": len(self.discard),
            "last_results": [dict(r) for r in self.last_results],
            "log": [
                {k: v for k, v in entry.items() if k != "to"}
                for entry in self.log
                if "to" not in entry or (seat is not None and seat in entry["to"])
            ][-LOG_SHOWN:],
        }
        if self.mode == "against_the_course":
            view["course_play"] = {
                "target": self.course_target,
                "card": self.course_card[0] if self.course_card and self.course_up else None,
                "face_down": bool(self.course_card) and not self.course_up,
            }
        if self.mode == "best_ball":
            sides = self.side_scores()
            view["best_ball"] = {
                "sides": [[0, 2], [1, 3]],
                "side_hole_scores": [sides[0], sides[1]],
                "side_totals": [sum(sides[0]), sum(sides[1])],
            }
        if self.mode == "interesting":
            view["chips"] = list(self.chips)
            view["offer"] = dict(self.offer) if self.offer is not None else None
            view["wagers"] = [dict(w) for w in self.wagers]
        if self.mode == "wolf":
            view["wolf"] = {"holes": [dict(w) for w in self.wolves], "points": list(self.points)}
        if seat is not None:
            view["hand"] = sorted(self.hands[seat]) + ([PLAYER_CARD] if self._holds_player_card(seat) else [])
        if self.phase == OVER:
            view["outcome"] = self.outcome().to_json()
        return view

    def outcome(self) -> Outcome:
        if self.phase != OVER:
            raise EngineError("the round is still being played")
        totals = [sum(s) for s in self.scores]
        best_ball = self.mode == "best_ball"
        if best_ball:
            totals = [sum(s) for s in self.side_scores()]
        details: JSON = {
            "totals": totals,
            "hole_scores": [list(s) for s in self.scores],
            "course": self.course.name,
            **({"golfer_totals": [sum(s) for s in self.scores]} if self.mode == "best_ball" else {}),
            "reason_text": f"all {len(self.holes)} holes were played; lowest {'side ' if best_ball else ''}total wins",
        }
        if self.mode == "interesting":
            # "the player with the most chips wins"; equal chips share a place.
            key = [(-self.chips[s], 0) for s in range(self.n)]
            details["chips"] = list(self.chips)
            details["reason_text"] = (
                "one player has all the chips"
                if self._chips_all_won()
                else f"all {len(self.holes)} holes were played; most chips wins"
            )
        elif self.mode == "wolf":
            # Wolf: most points wins; equal points are split by strokes (house rule: the book names
            # no winner of the side game). Outcome scores stay strokes, as the game's scoring says.
            key = [(-self.points[s], totals[s]) for s in range(self.n)]
            details["points"] = list(self.points)
            details["reason_text"] = (
                f"all {len(self.holes)} holes were played; most Wolf points wins, fewer strokes breaks a tie"
            )
        else:
            key = [(0, totals[s]) for s in range(self.n)]
        ranking = tuple(sorted(range(self.n), key=lambda s: (key[s], s)))
        details["places"] = [1 + sum(1 for k in key if k < key[s]) for s in range(self.n)]
        return Outcome(ranking=ranking, scores=tuple(float(t) for t in totals), details=details)

    # -- storage ---------------------------------------------------------------------------------

    _FIELDS: ClassVar[tuple[str, ...]] = (
        "phase", "hole", "turn", "moves", "shuffles", "deck", "discard", "hands", "distance", "on_tee",
        "strokes", "scores", "boards", "plans", "gps", "peeks", "pa_used", "mulligans", "stack", "ask",
        "return_phase", "order", "pos", "quiet", "log", "last_results", "course_target", "course_card",
        "course_up", "wolves", "points", "chips", "offer", "wagers", "proposed",
    )  # fmt: skip
    # Fields added with the alternate modes: a state stored before them loads with their defaults.
    _LATER_FIELDS: ClassVar[frozenset[str]] = frozenset(
        {
            "course_target",
            "course_card",
            "course_up",
            "wolves",
            "points",
            "chips",
            "offer",
            "wagers",
            "proposed",
        }
    )

    def to_json(self) -> JSON:
        import copy

        data: JSON = {"game": self.game_id, "config": copy.deepcopy(self.config), "seed": self.seed}
        for name in self._FIELDS:
            data[name] = copy.deepcopy(getattr(self, name))
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GolfState:
        import copy

        state = cls(cfg.normalize_config(data["config"]), int(data["seed"]), deal=False)
        for name in cls._FIELDS:
            if name in data or name not in cls._LATER_FIELDS:
                setattr(state, name, copy.deepcopy(data[name]))
        return state

    def resample_hidden(self, seat: Seat | None, rng: random.Random) -> GolfState:
        """Redraw the cards ``seat`` cannot see (the deck, other hands, others' face-down plan cards it
        was not shown) among the places it cannot see. A full redraw is kept when every seat to act
        still has a move (being asked shows that a seat can play); otherwise the cards are redrawn
        only among cards with the same Action half, which keeps every seat's options."""
        base = GolfState.from_json(self.to_json())
        base.seed = rng.getrandbits(63)
        if base.phase == OVER:
            return base
        slots: list[tuple[Any, Any]] = [(base.deck, i) for i in range(len(base.deck))]
        for other in range(base.n):
            if other == seat:
                continue
            slots += [(base.hands[other], i) for i in range(len(base.hands[other]))]
            plan = base.plans[other]
            view = self._plan_view(other, seat)
            if plan is not None and view is not None:
                if view["club"] is None and plan["club"] != PLAYER_CARD:
                    slots.append((plan, "club"))
                for key in ("action", "action2"):
                    if view.get(key) is None and plan.get(key) not in (None, PLAYER_CARD):
                        slots.append((plan, key))
        if base.course_card and not base.course_up:
            slots.append((base.course_card, 0))
        for attempt in range(2):
            copy = GolfState.from_json(base.to_json())
            copy.seed = base.seed
            mine = self._slots_of(copy, slots, base)
            cards = [holder[key] for holder, key in mine]
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
            for (holder, key), card in zip(mine, cards, strict=True):
                holder[key] = card
            if attempt == 1 or all(copy.legal_actions(s) for s in copy.to_act()):
                return copy
        raise AssertionError("unreachable")

    @staticmethod
    def _slots_of(copy: GolfState, slots: list[tuple[Any, Any]], base: GolfState) -> list[tuple[Any, Any]]:
        """The same slots in ``copy`` (the slot list names containers of ``base``)."""
        mapped: list[tuple[Any, Any]] = []
        for holder, key in slots:
            if holder is base.deck:
                mapped.append((copy.deck, key))
                continue
            if holder is base.course_card:
                mapped.append((copy.course_card, key))
                continue
            for other in range(base.n):
                if holder is base.hands[other]:
                    mapped.append((copy.hands[other], key))
                    break
                if holder is base.plans[other]:
                    mapped.append((copy.plans[other], key))
                    break
        return mapped

    def check_invariants(self) -> None:
        places: list[str] = list(self.deck) + list(self.discard)
        for seat in range(self.n):
            places += self.hands[seat] + self.boards[seat]
            plan = self.plans[seat]
            if plan is not None:
                places += [
                    c
                    for c in (plan["club"], plan["action"], plan.get("action2"))
                    if c is not None and c != PLAYER_CARD
                ]
        places += [entry["card"] for entry in self.stack]
        places += self.course_card
        assert len(self.course_card) <= 1 and (self.course_target is not None or not self.course_card)
        assert sorted(places) == sorted(self.names), "every card is in exactly one place"
        assert all(d >= 0 for d in self.distance)
        assert all(len(s) == min(self.hole, len(self.holes)) for s in self.scores)
        if self.phase == OVER:
            assert not self.stack and all(p is None for p in self.plans) and not self.course_card
        else:
            assert self.to_act(), "someone is to act while the round runs"
            assert (0 if self.phase == WOLF else 1) <= self.turn <= self.config["turn_cap"]
        if self.phase in (PLAN, WOLF):
            assert not self.stack
        if self.mode == "interesting":
            pot = sum(2 * w["stake"] for w in self.wagers)
            assert sum(self.chips) + pot == self.n * self.config["chips"] and min(self.chips) >= 0
            assert (self.phase == OFFER) == (self.offer is not None)
            if self.phase == OVER:
                assert not self.wagers, "every wager is settled by the end"
        if self.mode == "wolf" and self.phase != OVER:
            assert len(self.wolves) == self.hole + 1
        if self.phase == RESPOND:
            assert self.stack and self.ask


class GolfGame(Game):
    id: ClassVar[str] = "golf"
    name: ClassVar[str] = "MULLIGAN (golf)"
    min_players: ClassVar[int] = cfg.MIN_PLAYERS
    max_players: ClassVar[int] = cfg.MAX_PLAYERS
    simultaneous: ClassVar[bool] = True
    chance: ClassVar[bool] = True
    hidden_information: ClassVar[bool] = True
    rules: ClassVar[str] = "001_b0f00b7950c1e11c.txt"
    # Outcome scores are strokes: fewest wins (games/competition_selectors.py SCORINGS).
    scoring: ClassVar[str] = "strokes"

    def normalize_config(self, config: Mapping[str, Any] | None) -> JSON:
        return cfg.normalize_config(config)

    def new_state(self, config: Mapping[str, Any] | None, seed: int) -> GolfState:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise EngineError(f"a seed is a whole number, not {seed!r}")
        return GolfState(cfg.normalize_config(config), seed)

    def state_from_json(self, data: Mapping[str, Any]) -> GolfState:
        return GolfState.from_json(data)

    def is_card(self, value: object) -> bool:
        # The built-in catalog's cards; a league's own catalog names its cards the same way.
        return isinstance(value, str) and value in _default_names()

    def redact_action(self, seat: Seat, action: Action, viewer: Seat | None) -> Action:
        # A plan is face down until SWING!; the observation shows it once it is turned up.
        if action.get("type") == "plan" and viewer != seat:
            return {"type": "plan"}
        return action

    def describe_action(self, action: Any) -> str:
        if not isinstance(action, Mapping):
            return super().describe_action(action)
        kind = action.get("type")
        if kind == "plan":
            if set(action) == {"type"}:
                return "Plan a Shot (face down)"
            club, played, target = action.get("club"), action.get("action"), action.get("target")
            if (
                isinstance(club, str)
                and (played is None or isinstance(played, str))
                and isinstance(target, int)
            ):
                if played is None:
                    return f"Shoot with {club}, no Action"
                if played == PLAYER_CARD:
                    return f"Shoot with {club}, Practice Swing"
                words = f"Shoot with {club}; play {played} on seat {target}"
                if isinstance(action.get("action2"), str) and isinstance(action.get("target2"), int):
                    words += f" and {action['action2']} on seat {action['target2']}"
                return words
        if kind in ("accept", "decline") and set(action) == {"type"}:
            return f"{str(kind).capitalize()} the wager"
        if kind == "wager" and isinstance(action.get("stake"), int):
            what = (
                f"you beat or tie seat {action.get('to')} on this hole"
                if action.get("kind") == "beat_or_tie"
                else f"seat {action.get('subject')} does not finish the hole this turn"
            )
            return f"Bet seat {action.get('to')} {action['stake']} chips that {what}"
        if kind == "wolf" and set(action) == {"type", "partner"}:
            partner = action["partner"]
            if partner is None:
                return "Go Lone Wolf"
            if isinstance(partner, int) and not isinstance(partner, bool):
                return f"Pick seat {partner} as partner"
        if kind == "pass" and set(action) == {"type"}:
            return "Pass (no Play Anytime card)"
        if kind == "play" and isinstance(action.get("card"), str):
            words = f"Play {action['card']}"
            if isinstance(action.get("target"), int):
                words += f" on seat {action['target']}"
            if isinstance(action.get("discard"), list):
                words += f", discarding {', '.join(map(str, action['discard']))}"
            return words
        return super().describe_action(action)

    def conformance_configs(self) -> list[JSON]:
        return [
            {"players": 2, "holes": 1},
            {"players": 3, "holes": 1, "turn_cap": 4},
            {"players": 4, "holes": 2, "course": "augustine_national", "turn_cap": 6},
            {"players": 2, "holes": 1, "turn_cap": 4, "mode": "heavy_bag"},
            {"players": 2, "holes": 3, "turn_cap": 4, "mode": "handicap"},
            {"players": 2, "holes": 3, "turn_cap": 4, "mode": "against_the_course"},
            {"players": 3, "holes": 3, "turn_cap": 3, "mode": "wolf"},
            {"players": 4, "holes": 2, "turn_cap": 3, "mode": "best_ball"},
            {"players": 3, "holes": 2, "turn_cap": 3, "mode": "interesting", "chips": 30},
        ]

    def bots(self) -> Mapping[str, type[Any]]:
        from engine.bots.random_bot import RandomBot
        from engine.games.golf.bots import HeuristicBot

        return {"random": RandomBot, "heuristic": HeuristicBot}
