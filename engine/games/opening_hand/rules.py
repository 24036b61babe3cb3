"""The *Opening Hand* game: the mulligan procedure, then a goldfish race (issue 8, point 2).

After the mulligans (:mod:`engine.games.opening_hand.procedure`) the sides take turns, the
starting side (seat 0's) first. A turn:

1. At its start, each creature of the side's players deals damage equal to its mana value (so a
   spell cast this turn deals damage "on each of its controller's later turns"). A side whose total
   damage reaches ``damage_to_win`` wins at once.
2. Each player of the side draws a card; the starting side skips the draw of its first turn when
   there are two sides (two players, or two Two-Headed Giant teams). An empty library draws nothing.
3. Each player may play one land, and cast spells: every land gives one mana per turn (a land played
   this turn too), a spell costs its mana value and becomes a creature. Serum Powder does nothing in
   the race.
4. Each player ends their turn (teammates act at the same time and the team's turn ends when both
   have ended theirs).

After every side has taken ``turn_cap`` turns the game ends; sides are ranked by damage dealt and
tied sides share the win. Actions::

    {"type": "keep"}  {"type": "mulligan"}  {"type": "serum_powder", "card": "p0-P01"}
    {"type": "bottom", "card": "p0-L03"}  {"type": "exile", "card": "p0-S2-04"}  {"type": "done"}
    {"type": "scry", "bottom": true}
    {"type": "play_land", "card": "p0-L03"}  {"type": "cast", "card": "p0-S2-04"}  {"type": "end_turn"}

Choices the issue left open: creatures deal their damage at the start of their controller's turn
(before the draw, so a win needs no further decision); in Two-Headed Giant a team's damage is its
players' total and the starting team skips its first draw (two sides, as in a two-player game);
Serum Powder is a dead card in the race; decking out does not lose the game (nothing is drawn).
Seats tie in ``details["places"]`` (teammates, and sides with equal damage at the turn cap), while
``ranking`` lists them in turn order; ``scores`` give each winning side's seats an equal share.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

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
from engine.games.opening_hand import config as cfg
from engine.games.opening_hand import deck, labels
from engine.games.opening_hand.procedure import Procedure, Zones

RACE, OVER = "race", "over"
END_DAMAGE, END_TURN_CAP = "damage", "turn_cap"
END_REASONS = {
    END_DAMAGE: "a side dealt the damage it needed to win",
    END_TURN_CAP: "every side reached the turn cap",
}

_RACE_ACTIONS = frozenset({"play_land", "cast", "end_turn"})
_SECRET_CARD_ACTIONS = frozenset({"bottom", "exile"})  # cards chosen face down


class OpeningHandState(State):
    game_id: ClassVar[str] = "opening_hand"
    action_keys: ClassVar[Mapping[str, frozenset[str]]] = {
        "keep": frozenset({"type"}),
        "mulligan": frozenset({"type"}),
        "serum_powder": frozenset({"type", "card"}),
        "bottom": frozenset({"type", "card"}),
        "exile": frozenset({"type", "card"}),
        "done": frozenset({"type"}),
        "scry": frozenset({"type", "bottom"}),
        "play_land": frozenset({"type", "card"}),
        "cast": frozenset({"type", "card"}),
        "end_turn": frozenset({"type"}),
    }

    def __init__(self, config: dict[str, Any], seed: int, *, deal: bool = True) -> None:
        self.config = config
        self.seed = seed
        self.n: int = config["players"]
        self.sides = cfg.sides(config)
        self.side_of = {seat: index for index, side in enumerate(self.sides) for seat in side}
        self.procedure = Procedure(config, seed, deal=deal)
        self.side = 0
        self.side_turns = [0] * len(self.sides)
        self.damage = [0] * self.n
        self.turns = [0] * self.n
        self.land_played = [False] * self.n
        self.mana_used = [0] * self.n
        self.ended = [False] * self.n
        self.kept_sizes: list[int] = [0] * self.n
        self.phase = "mulligans"
        self.end_reason: str | None = None
        self.winners: list[int] = []  # sides
        self.moves = 0
        if deal:
            self._after_procedure()

    @property
    def zones(self) -> list[Zones]:
        return self.procedure.zones

    @property
    def log(self) -> list[JSON]:
        return self.procedure.log

    # -- the contract ----------------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.n

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def current_phase(self) -> str:
        """``declare``, ``exile``, ``scry`` (the mulligans), ``race`` or ``over``."""
        return self.procedure.phase if self.phase == "mulligans" else self.phase

    def to_act(self) -> list[Seat]:
        if self.phase == "mulligans":
            return self.procedure.to_act()
        if self.phase == RACE:
            return [seat for seat in self.sides[self.side] if not self.ended[seat]]
        return []

    def legal_actions(self, seat: Seat) -> list[Action]:
        if self.phase == "mulligans":
            return self.procedure.legal_actions(seat)
        if self.phase != RACE or seat not in self.to_act():
            return []
        zones = self.zones[seat]
        hand = deck.sorted_cards(zones.hand)
        actions: list[Action] = []
        if not self.land_played[seat]:
            actions += [{"type": "play_land", "card": card} for card in hand if deck.is_land(card)]
        mana = self.mana_available(seat)
        actions += [
            {"type": "cast", "card": card}
            for card in hand
            if deck.is_spell(card) and deck.mana_value(card) <= mana
        ]
        actions.append({"type": "end_turn"})
        return actions

    def mana_available(self, seat: Seat) -> int:
        return len(self.zones[seat].lands) - self.mana_used[seat]

    def is_to_act(self, seat: Seat) -> bool:
        if self.phase == RACE:
            return self.side_of.get(seat) == self.side and not self.ended[seat]
        return self.phase == "mulligans" and seat in self.procedure.to_act()

    def _step(self, seat: Seat, action: Action) -> None:
        kind = action["type"]
        if self.phase == "mulligans":
            if kind in _RACE_ACTIONS:
                raise IllegalAction(self._wrong_part(kind))
            self.procedure.play(seat, action)
            self._after_procedure()
        else:
            if kind not in _RACE_ACTIONS:
                raise IllegalAction(self._wrong_part(kind))
            if kind == "play_land":
                self._play_land(seat, action.get("card"))
            elif kind == "cast":
                self._cast(seat, action.get("card"))
            else:
                self._end_turn(seat)
        self.moves += 1

    def _not_to_act(self, seat: Seat, kind: str) -> str:
        # An action of the other part of the game is refused for that first, as the rules would.
        if (kind in _RACE_ACTIONS) != (self.phase == RACE):
            return self._wrong_part(kind)
        if self.phase == RACE:
            return f"it is not seat {seat}'s turn: seat(s) {self.to_act()} to act"
        return self.procedure.not_to_act(seat)

    def _wrong_part(self, kind: str) -> str:
        if self.phase == RACE:
            return f"the mulligans are over; in the race: play_land, cast, end_turn (not {kind})"
        return f"the race has not begun: {self.procedure.describe_phase()}"

    # -- the race --------------------------------------------------------------------------------

    def _after_procedure(self) -> None:
        if self.phase == "mulligans" and self.procedure.done:
            self.kept_sizes = [len(z.hand) for z in self.zones]
            self.phase = RACE
            self.side = 0
            self._begin_turn()

    def _in_hand(self, seat: Seat, card: Any) -> str:
        if not isinstance(card, str):
            raise IllegalAction('say which card, e.g. {"card": "p0-L01"}')
        if card not in self.zones[seat].hand:
            raise IllegalAction(f"{short(card)} is not in seat {seat}'s hand")
        return card

    def _play_land(self, seat: Seat, card: Any) -> None:
        name = self._in_hand(seat, card)
        if not deck.is_land(name):
            raise IllegalAction(f"{name} is not a land")
        if self.land_played[seat]:
            raise IllegalAction("one land per turn: seat {seat} has played a land this turn")
        self.zones[seat].hand.remove(name)
        self.zones[seat].lands.append(name)
        self.land_played[seat] = True
        self.log.append({"type": "play_land", "seat": seat, "card": name})

    def _cast(self, seat: Seat, card: Any) -> None:
        name = self._in_hand(seat, card)
        if not deck.is_spell(name):
            raise IllegalAction(f"{name} is not a spell that can be cast")
        cost = deck.mana_value(name)
        if cost > self.mana_available(seat):
            raise IllegalAction(f"{name} costs {cost} mana; seat {seat} has {self.mana_available(seat)} left")
        self.zones[seat].hand.remove(name)
        self.zones[seat].creatures.append(name)
        self.mana_used[seat] += cost
        self.log.append({"type": "cast", "seat": seat, "card": name})

    def _end_turn(self, seat: Seat) -> None:
        self.ended[seat] = True
        self.log.append({"type": "end_turn", "seat": seat})
        if self.to_act():
            return
        if all(turns >= self.config["turn_cap"] for turns in self.side_turns):
            self._finish(END_TURN_CAP)
            return
        self.side = (self.side + 1) % len(self.sides)
        self._begin_turn()

    def _begin_turn(self) -> None:
        side = self.sides[self.side]
        self.side_turns[self.side] += 1
        dealt = []
        for seat in side:
            self.turns[seat] += 1
            self.land_played[seat] = False
            self.mana_used[seat] = 0
            self.ended[seat] = False
            hit = sum(deck.mana_value(card) for card in self.zones[seat].creatures)
            self.damage[seat] += hit
            dealt.append(hit)
        event: JSON = {
            "type": "turn",
            "side": self.side,
            "seats": list(side),
            "turn": self.side_turns[self.side],
        }
        event["damage"] = dealt
        if self.side_damage(self.side) >= self.config["damage_to_win"]:
            self.log.append(event)
            self._finish(END_DAMAGE)
            return
        skip = len(self.sides) == 2 and self.side == 0 and self.side_turns[0] == 1
        event["drew"] = [0 if skip else self.procedure.draw(seat, 1) for seat in side]
        self.log.append(event)

    def side_damage(self, side: int) -> int:
        return sum(self.damage[seat] for seat in self.sides[side])

    def _finish(self, reason: str) -> None:
        self.phase = OVER
        self.end_reason = reason
        if reason == END_DAMAGE:
            self.winners = [self.side]
        else:
            best = max(self.side_damage(s) for s in range(len(self.sides)))
            self.winners = [s for s in range(len(self.sides)) if self.side_damage(s) == best]
        self.log.append(
            {
                "type": "end",
                "reason": reason,
                "winners": [seat for s in self.winners for seat in self.sides[s]],
            }
        )

    def outcome(self) -> Outcome:
        if self.phase != OVER:
            raise EngineError("the game is not over")
        assert self.end_reason is not None
        share = 1.0 / len(self.winners)
        side_order = sorted(
            range(len(self.sides)), key=lambda s: (s not in self.winners, -self.side_damage(s), s)
        )
        ranking = tuple(seat for s in side_order for seat in self.sides[s])
        scores = tuple(share if self.side_of[seat] in self.winners else 0.0 for seat in range(self.n))
        winning_turn = self.side_turns[self.winners[0]] if self.end_reason == END_DAMAGE else None
        # Teammates share their side's place, and sides with equal damage (none of them the winner) tie;
        # a place is one more than the number of seats ahead (1, 1, 3, 3).
        keys = [(s in self.winners, self.side_damage(s)) for s in range(len(self.sides))]
        places = [
            1 + sum(keys[self.side_of[other]] > keys[self.side_of[seat]] for other in range(self.n))
            for seat in range(self.n)
        ]
        return Outcome(
            ranking=ranking,
            scores=scores,
            details={
                "reason": self.end_reason,
                "reason_text": END_REASONS[self.end_reason],
                "winning_turn": winning_turn,
                "damage": list(self.damage),
                "turns": list(self.turns),
                "mulligans": [z.mulligans for z in self.zones],
                "kept_hand_sizes": list(self.kept_sizes),
                "places": places,
            },
        )

    # -- what each viewer sees -------------------------------------------------------------------

    def teammates(self, seat: Seat) -> list[Seat]:
        if not self.config["teams"]:
            return []
        return [mate for mate in self.sides[self.side_of[seat]] if mate != seat]

    def _seat_view(self, seat: Seat) -> JSON:
        zones = self.zones[seat]
        procedure = self.procedure
        return {
            "seat": seat,
            "starting_hand_size": procedure.starting[seat],
            "hand_size": len(zones.hand),
            "library_size": len(zones.library),
            "mulligans": zones.mulligans,
            "kept": zones.kept,
            "declared": procedure.declared.get(seat) if self.phase == "mulligans" else None,
            "to_bottom": zones.to_bottom,
            "bottomed": zones.known_bottom,
            "exiled_face_down": len(zones.exiled_face_down),
            "exiled_this_mulligan": zones.exiled_now,
            "exiled": list(zones.exiled),
            "lands": list(zones.lands),
            "creatures": list(zones.creatures),
            "damage": self.damage[seat],
            "turns": self.turns[seat],
            "land_played": self.land_played[seat],
            "mana": self.mana_available(seat),
            "team": self.side_of[seat] if self.config["teams"] else None,
        }

    def observe(self, seat: Seat | None) -> JSON:
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n
        ):
            raise EngineError(f"there is no seat {short(seat)} in a {self.n}-player game")
        config = self.config
        view: JSON = {
            "game": self.game_id,
            "seat": seat,
            "players": self.n,
            "rule": config["rule"],
            "free_first_mulligan": config["free_first_mulligan"],
            "teams": config["teams"],
            "deck_spec": config["deck"],
            "serum_powder": config["serum_powder"],
            "damage_to_win": config["damage_to_win"],
            "turn_cap": config["turn_cap"],
            "phase": self.current_phase(),
            "mulligan_round": self.procedure.round,
            "to_act": self.to_act(),
            "active_side": self.side if self.phase == RACE else None,
            "side_turns": list(self.side_turns),
            "side_damage": [self.side_damage(s) for s in range(len(self.sides))],
            "seats": [self._seat_view(s) for s in range(self.n)],
            "history": [dict(event) for event in self.log],
        }
        if seat is not None:
            zones = self.zones[seat]
            view["hand"] = deck.sorted_cards(zones.hand)
            view["starting_hand_size"] = self.procedure.starting[seat]
            # What the player knows of their own library: a card they scried, cards they bottomed.
            view["library_top"] = zones.library[: zones.known_top]
            view["library_bottom"] = zones.library[len(zones.library) - zones.known_bottom :]
            view["exiled_face_down_cards"] = deck.sorted_cards(zones.exiled_face_down)
            mates = self.teammates(seat)
            if mates:
                # 103.4d: "Teammates may consult while making their decisions."
                view["team_hands"] = {str(mate): deck.sorted_cards(self.zones[mate].hand) for mate in mates}
        if self.phase == OVER:
            view["outcome"] = self.outcome().to_json()
        return view

    # -- storage ---------------------------------------------------------------------------------

    def to_json(self) -> JSON:
        return {
            "game": self.game_id,
            "config": dict(self.config),
            "seed": self.seed,
            "procedure": self.procedure.to_json(),
            "log": [dict(event) for event in self.log],
            "phase": self.phase,
            "side": self.side,
            "side_turns": list(self.side_turns),
            "damage": list(self.damage),
            "turns": list(self.turns),
            "land_played": list(self.land_played),
            "mana_used": list(self.mana_used),
            "ended": list(self.ended),
            "kept_sizes": list(self.kept_sizes),
            "end_reason": self.end_reason,
            "winners": list(self.winners),
            "moves": self.moves,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> OpeningHandState:
        state = cls(cfg.normalize_config(data["config"]), int(data["seed"]), deal=False)
        state.procedure.load(data["procedure"])
        state.procedure.log[:] = [dict(event) for event in data["log"]]
        state.phase = str(data["phase"])
        state.side = int(data["side"])
        state.side_turns = [int(t) for t in data["side_turns"]]
        state.damage = [int(d) for d in data["damage"]]
        state.turns = [int(t) for t in data["turns"]]
        state.land_played = [bool(p) for p in data["land_played"]]
        state.mana_used = [int(m) for m in data["mana_used"]]
        state.ended = [bool(e) for e in data["ended"]]
        state.kept_sizes = [int(k) for k in data["kept_sizes"]]
        state.end_reason = data["end_reason"]
        state.winners = [int(w) for w in data["winners"]]
        state.moves = int(data["moves"])
        return state

    def resample_hidden(self, seat: Seat | None, rng: random.Random) -> OpeningHandState:
        """Redraw, seat by seat, the cards ``seat`` cannot see among the places it cannot see.

        Hidden from a viewer: every library's order (but the cards the viewer knows at the top
        and bottom of its own), other seats' hands (not a teammate's) and face-down exiles.
        """
        copy = OpeningHandState.from_json(self.to_json())
        copy.seed = copy.procedure.seed = rng.getrandbits(63)
        if copy.phase == OVER:
            return copy
        visible_hands = {seat, *self.teammates(seat)} if seat is not None else set()
        for owner, zones in enumerate(copy.zones):
            slots: list[tuple[list[str], int]] = []
            top, bottom = (zones.known_top, zones.known_bottom) if owner == seat else (0, 0)
            slots += [(zones.library, i) for i in range(top, len(zones.library) - bottom)]
            if owner not in visible_hands:
                slots += [(zones.hand, i) for i in range(len(zones.hand))]
            if owner != seat:
                slots += [(zones.exiled_face_down, i) for i in range(len(zones.exiled_face_down))]
            cards = [lst[i] for lst, i in slots]
            rng.shuffle(cards)
            for (lst, i), card in zip(slots, cards, strict=True):
                lst[i] = card
        return copy

    def check_invariants(self) -> None:
        self.procedure.check_invariants()
        if self.phase in (RACE, OVER):
            assert self.procedure.done
            for seat in range(self.n):
                assert all(deck.is_land(card) for card in self.zones[seat].lands)
                assert all(deck.is_spell(card) for card in self.zones[seat].creatures)
                assert 0 <= self.mana_used[seat] <= len(self.zones[seat].lands)
                assert self.damage[seat] >= 0
            assert all(turns <= self.config["turn_cap"] for turns in self.side_turns)
        else:
            assert not any(z.lands or z.creatures for z in self.zones), "nothing is played before the race"
        if self.phase == RACE:
            assert self.to_act(), "a side is playing its turn"
            assert all(self.side_damage(s) < self.config["damage_to_win"] for s in range(len(self.sides)))


_RULE_NAMES = {
    "london": "London",
    "paris": "Paris",
    "vancouver": "Vancouver",
    "commander_partial_paris": "Commander (partial Paris)",
    "original_1994": "Original (1994)",
}


class OpeningHandGame(Game):
    id: ClassVar[str] = "opening_hand"
    name: ClassVar[str] = "Opening Hand"
    min_players: ClassVar[int] = cfg.MIN_PLAYERS
    max_players: ClassVar[int] = cfg.MAX_PLAYERS
    simultaneous: ClassVar[bool] = True
    chance: ClassVar[bool] = True
    hidden_information: ClassVar[bool] = True
    rules: ClassVar[str] = "002_0417876715274cd6.txt"

    def normalize_config(self, config: Mapping[str, Any] | None) -> JSON:
        return cfg.normalize_config(config)

    def new_state(self, config: Mapping[str, Any] | None, seed: int) -> OpeningHandState:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise EngineError(f"a seed is a whole number, not {seed!r}")
        return OpeningHandState(cfg.normalize_config(config), seed)

    def state_from_json(self, data: Mapping[str, Any]) -> OpeningHandState:
        return OpeningHandState.from_json(data)

    def is_card(self, value: object) -> bool:
        return deck.is_card(value)

    def redact_action(self, seat: Seat, action: Action, viewer: Seat | None) -> Action:
        # Cards put on the bottom (London) or exiled face down (Commander) are not shown to others.
        if action.get("type") in _SECRET_CARD_ACTIONS and viewer != seat:
            return {"type": action["type"]}
        return action

    def describe_action(self, action: Any) -> str:
        if not isinstance(action, Mapping):
            return super().describe_action(action)
        kind = action.get("type")
        card = action.get("card")
        named = f"{card} ({deck.label(card)})" if isinstance(card, str) and deck.is_card(card) else None
        if len(action) == 1 and kind in _SIMPLE_WORDS:
            return _SIMPLE_WORDS[kind]
        if len(action) == 1 and kind == "bottom":
            return "Put a card on the bottom (face down)"
        if len(action) == 1 and kind == "exile":
            return "Exile a card face down"
        if named is not None and kind in _CARD_WORDS:
            return _CARD_WORDS[kind].format(named)
        if kind == "scry" and isinstance(action.get("bottom"), bool):
            return (
                "Scry: put the top card on the bottom"
                if action["bottom"]
                else "Scry: keep the top card on top"
            )
        return super().describe_action(action)

    def describe_action_for(self, observation: Mapping[str, Any], action: Any) -> str:
        return described_for(self, labels.describe_for, observation, action)

    def bots(self) -> Mapping[str, type[Any]]:
        from engine.games.opening_hand.bots import BOTS

        return BOTS

    def config_fields(self) -> list[ConfigField]:
        defaults = cfg.DEFAULTS
        default_deck = cfg.normalize_config({})["deck"]
        return [
            players_field(self.min_players, self.max_players, defaults["players"]),
            ConfigField(
                "rule",
                "Mulligan rule",
                "choice",
                defaults["rule"],
                choices=tuple((rule, _RULE_NAMES[rule]) for rule in cfg.RULES),
                help="how a player who does not like their hand draws another",
            ),
            ConfigField(
                "free_first_mulligan",
                "Free first mulligan",
                "choice",
                defaults["free_first_mulligan"],
                choices=(
                    (None, "with more than two players (rule 103.4c)"),
                    (True, "always"),
                    (False, "never"),
                ),
                help="the first mulligan draws a hand as large as before",
            ),
            ConfigField(
                "hand_size",
                "Starting hand size",
                "int",
                defaults["hand_size"],
                min=0,
                max=cfg.MAX_HAND_SIZE,
            ),
            ConfigField(
                "hand_size_modifiers",
                "Hand size modifiers",
                "list",
                defaults["hand_size_modifiers"],
                min=-cfg.MAX_HAND_SIZE,
                max=cfg.MAX_HAND_SIZE,
                help="one whole number per seat added to the starting hand size (Vanguard); empty: none",
            ),
            ConfigField(
                "teams",
                "Teams",
                "json",
                defaults["teams"],
                help="Two-Headed Giant's shared turns, e.g. [[0, 1], [2, 3]]; empty: every seat for itself",
            ),
            ConfigField(
                "serum_powder",
                "Serum Powders",
                "int",
                defaults["serum_powder"],
                min=0,
                max=default_deck["size"] - default_deck["lands"],
                help="Serum Powders in each library; they take the place of spells in the deck",
            ),
            ConfigField(
                "deck",
                "Deck",
                "json",
                default_deck,
                help='{"size": 60, "lands": 24} spreads the spells over mana values 1-5; or give "spells"',
            ),
            ConfigField(
                "damage_to_win",
                "Damage to win",
                "int",
                defaults["damage_to_win"],
                min=1,
                max=10_000,
                help="the goldfish race ends when a side has dealt this much",
            ),
            ConfigField(
                "turn_cap",
                "Turn limit",
                "int",
                defaults["turn_cap"],
                min=1,
                max=500,
                help="turns per seat (per team in Two-Headed Giant) before the race is scored",
            ),
        ]

    def config_presets(self) -> list[ConfigPreset]:
        presets = [ConfigPreset(rule, _RULE_NAMES[rule], {"rule": rule}) for rule in cfg.RULES]
        presets.append(
            ConfigPreset(
                "two_headed_giant",
                "Two-Headed Giant",
                {"players": 4, "teams": [[0, 1], [2, 3]], "damage_to_win": 30},
                "two teams of two share their turns (rule 103.4d)",
            )
        )
        presets.append(
            ConfigPreset(
                "limited",
                "Limited (40 cards)",
                {"deck": {"size": 40, "lands": 17}},
                "a 40-card deck with 17 lands",
            )
        )
        return presets

    def conformance_configs(self) -> list[dict[str, Any]]:
        """Configs the generic conformance suite plays: every rule and every option."""
        return [
            {},
            {"rule": "paris"},
            {"rule": "vancouver", "players": 3},
            {"rule": "commander_partial_paris", "players": 4, "free_first_mulligan": False},
            {"rule": "original_1994", "deck": {"size": 30, "lands": 15}},
            {"rule": "london", "players": 4, "teams": [[0, 1], [2, 3]], "damage_to_win": 30},
            {"rule": "paris", "serum_powder": 4, "hand_size_modifiers": [2, -3], "turn_cap": 6},
            {
                "rule": "commander_partial_paris",
                "players": 3,
                "serum_powder": 3,
                "deck": {"size": 20, "lands": 8},
            },
            {"rule": "vancouver", "players": 4, "teams": [[0, 2], [1, 3]], "hand_size": 2},
        ]


_SIMPLE_WORDS = {
    "keep": "Keep this hand",
    "mulligan": "Take a mulligan",
    "done": "Done exiling: draw",
    "end_turn": "End turn",
}
_CARD_WORDS = {
    "serum_powder": "Serum Powder {}: exile your hand, draw that many",
    "bottom": "Put {} on the bottom",
    "exile": "Exile {} face down",
    "play_land": "Play {}",
    "cast": "Cast {}",
}
