"""MULLIGAN, the golf card game (``001_b0f00b7950c1e11c.txt``), standard rules for 2 to 4 players.

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
PLAYER_CARD = "2-Putt / Practice Swing"
HAND_SIZE = 7  # counting the 2-Putt/Practice Swing card (rule book, DRAW)
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

    def _draw(self, seat: Seat, count: int) -> list[str]:
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
        self.hands[seat].extend(drawn)
        return drawn

    # -- the turn --------------------------------------------------------------------------------

    def _setup_hole(self) -> None:
        hole = self.holes[self.hole]
        self.distance = [hole.yards] * self.n
        self.on_tee = [True] * self.n
        self.strokes = [0] * self.n
        self.turn = 0
        self._say(f"Hole {hole.number}: {hole.yards} yd, par {hole.par}.")
        self._begin_turn()

    def _begin_turn(self) -> None:
        self.turn += 1
        self.plans = [None] * self.n
        self.gps = [False] * self.n
        self.peeks = [[] for _ in range(self.n)]
        self.pa_used = [[] for _ in range(self.n)]
        self.mulligans = []
        for seat in range(self.n):
            drawn = self._draw(seat, max(0, HAND_SIZE - 1 - len(self.hands[seat])))
            if drawn:
                self._say(f"You draw {', '.join(drawn)}.", [seat], cards=drawn)
                self._say(f"Seat {seat} draws {len(drawn)} card{'s' if len(drawn) != 1 else ''}.")
        self.phase = PLAN

    def _swing(self) -> None:
        self.phase = REVEALED
        for seat, plan in enumerate(self.plans):
            assert plan is not None
            action = plan["action"] or "no Action"
            self._say(f"SWING! Seat {seat}: {plan['club']}, {action} on seat {plan['target']}.")
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
                    self._say(
                        f"{half.name}: seat {other} plays {plan['action'] or 'no Action'} on seat {plan['target']}."
                    )
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
            if plan["action"] is not None:
                played.append(PlayedAction(self._half(plan["action"]), by=seat, target=plan["target"]))
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
            if plan["action"] not in (None, PLAYER_CARD):
                self.discard.append(plan["action"])
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
        if finished:
            self._end_hole(finished)
        elif self.turn >= self.config["turn_cap"]:
            self._say(f"Nobody finished in {self.turn} turns: the hole ends (turn cap).")
            self._end_hole([])
        else:
            self._begin_turn()

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
        self.hole += 1
        if self.hole >= len(self.holes):
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
        if self.phase == REVEALED:
            return [self.order[self.pos % self.n]]
        return []

    def _plan_options(self, seat: Seat) -> list[Action]:
        hand = sorted(self.hands[seat])
        clubs = [c for c in hand if not (self._club(c).tee_only and not self.on_tee[seat])]
        clubs.append(PLAYER_CARD)
        options: list[Action] = []
        for club in clubs:
            actions = [c for c in hand if c != club and self._half(c).kind == "action"]
            if club != PLAYER_CARD:
                actions.append(PLAYER_CARD)
            for action in actions:
                targets = [seat] if self._half(action).target == "self" else list(range(self.n))
                options += [{"type": "plan", "club": club, "action": action, "target": t} for t in targets]
            if not actions:
                options.append({"type": "plan", "club": club, "action": None, "target": seat})
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
                if any(self.plans[o] is not None and not self.gps[o] for o in others):
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
                and any(
                    plan is not None
                    and other != seat
                    and plan["target"] == seat
                    and plan["action"] not in (None, PLAYER_CARD)
                    for other, plan in enumerate(self.plans)
                )
            ):
                options.append({"type": "play", "card": card})
        return options

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat not in self.to_act():
            return []
        if self.phase == PLAN:
            return self._plan_options(seat) + self._pa_options(seat)
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
                raise IllegalAction(
                    "that plan is not allowed: the Club and the Action must be different cards from "
                    f"your hand (the Driver only from the tee), aimed at a seat of the table: {short(action, 120)}"
                )
            if kind in ("play", "pass"):
                raise IllegalAction(f"you cannot {kind} that now: {short(action, 120)}")
            raise IllegalAction(f"not an action of this game now: {short(action, 120)}")
        self.moves += 1
        kind = action["type"]
        if kind == "plan":
            plan = {"club": action["club"], "action": action["action"], "target": action["target"]}
            for card in (plan["club"], plan["action"]):
                if card not in (None, PLAYER_CARD):
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
        return {
            "club": plan["club"] if club_shown else None,
            "action": plan["action"] if action_shown else None,
            "target": plan["target"] if action_shown else None,
            "face_down": not everything,
        }

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
        if seat is not None:
            view["hand"] = sorted(self.hands[seat]) + ([PLAYER_CARD] if self._holds_player_card(seat) else [])
        if self.phase == OVER:
            view["outcome"] = self.outcome().to_json()
        return view

    def outcome(self) -> Outcome:
        if self.phase != OVER:
            raise EngineError("the round is still being played")
        totals = [sum(s) for s in self.scores]
        ranking = tuple(sorted(range(self.n), key=lambda s: (totals[s], s)))
        places = [1 + sum(1 for t in totals if t < totals[s]) for s in range(self.n)]
        return Outcome(
            ranking=ranking,
            scores=tuple(float(t) for t in totals),
            details={
                "places": places,
                "totals": totals,
                "hole_scores": [list(s) for s in self.scores],
                "course": self.course.name,
                "reason_text": f"all {len(self.holes)} holes were played; lowest total wins",
            },
        )

    # -- storage ---------------------------------------------------------------------------------

    _FIELDS: ClassVar[tuple[str, ...]] = (
        "phase", "hole", "turn", "moves", "shuffles", "deck", "discard", "hands", "distance", "on_tee",
        "strokes", "scores", "boards", "plans", "gps", "peeks", "pa_used", "mulligans", "stack", "ask",
        "return_phase", "order", "pos", "quiet", "log", "last_results",
    )  # fmt: skip

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
                if view["action"] is None and plan["action"] not in (None, PLAYER_CARD):
                    slots.append((plan, "action"))
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
                places += [c for c in (plan["club"], plan["action"]) if c not in (None, PLAYER_CARD)]
        places += [entry["card"] for entry in self.stack]
        assert sorted(places) == sorted(self.names), "every card is in exactly one place"
        assert all(d >= 0 for d in self.distance)
        assert all(len(s) == min(self.hole, len(self.holes)) for s in self.scores)
        if self.phase == OVER:
            assert not self.stack and all(p is None for p in self.plans)
        else:
            assert self.to_act(), "someone is to act while the round runs"
            assert 1 <= self.turn <= self.config["turn_cap"]
        if self.phase == PLAN:
            assert not self.stack
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
                return f"Shoot with {club}; play {played} on seat {target}"
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
        ]

    def bots(self) -> Mapping[str, type[Any]]:
        from engine.bots.random_bot import RandomBot
        from engine.games.golf.bots import HeuristicBot

        return {"random": RandomBot, "heuristic": HeuristicBot}
