"""Built-in MULLIGAN bots beyond the uniform random one.

The heuristic bot plays from its observation only: it shoots the club whose Shot lands nearest the
hole (a finishing club that reaches the hole beats everything), aims its most damaging Action at the
opponent closest to winning (lowest total, then nearest the hole), helps itself with a Hook only
when that brings its ball nearer, plays a Mulligan whenever it may and passes otherwise.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from engine.core import JSON, Action, EngineError
from engine.games.golf.cards import PLAYER_CARD, card_names
from engine.games.golf.catalog import ActionHalf, Catalog, Club, default_catalog

# How much an Action hurts the Shot it lands on, roughly in yards (for choosing what to aim).
_HARM = {"halve": 80, "discard_club": 120, "add_strokes": 60, "prevent_finish": 40, "reflect_actions": 0}


class HeuristicBot:
    name: ClassVar[str] = "heuristic"
    needs_observation: ClassVar[bool] = True

    def __init__(self) -> None:
        self.catalog: Catalog = default_catalog()
        self.names = card_names(self.catalog)

    def _club(self, card: str) -> Club:
        if card == PLAYER_CARD:
            return self.catalog.clubs[self.catalog.player_card.club]
        return self.catalog.clubs[self.names[card][0]]

    def _half(self, card: str) -> ActionHalf:
        if card == PLAYER_CARD:
            return self.catalog.actions[self.catalog.player_card.action]
        return self.catalog.actions[self.names[card][1]]

    def _harm(self, half: ActionHalf) -> int:
        harm = 0
        for effect in half.effects:
            if effect.effect == "add_yards":
                harm += max(0, -int(effect.params["yards"]))
            else:
                harm += _HARM.get(effect.effect, 0)
        return harm

    def _landing(self, club: Club, distance: int) -> tuple[int, int]:
        """(yards from the hole after the Shot, strokes), a finishing club that reaches it at 0."""
        if club.finishing and club.yards >= distance:
            return 0, club.strokes
        return abs(distance - club.yards), club.strokes

    def act(self, observation: JSON | None, legal_actions: list[Action], rng: random.Random) -> Action:
        if observation is None:
            raise EngineError("the heuristic bot needs its observation")
        plans = [a for a in legal_actions if a["type"] == "plan"]
        wolf = [a for a in legal_actions if a["type"] == "wolf"]
        if wolf:
            # Wolf: partner the best golfer so far (lowest total), Lone Wolf never (2 points need
            # beating both).
            totals = {p["seat"]: p["total"] for p in observation["players"]}
            return min(
                (a for a in wolf if a["partner"] is not None),
                key=lambda a: (totals[a["partner"]], a["partner"]),
            )
        if {"type": "back_nine", "play": True} in legal_actions:
            # Play on when behind (more holes to catch up), stop when leading.
            totals = {p["seat"]: p["total"] for p in observation["players"]}
            me = observation["seat"]
            behind = any(total < totals[me] for seat, total in totals.items() if seat != me)
            return {"type": "back_nine", "play": behind}
        if {"type": "decline"} in legal_actions:
            return {"type": "decline"}  # Let's Make it Interesting: this bot keeps its chips
        if not plans:
            mulligan = [
                a
                for a in legal_actions
                if a["type"] == "play"
                and any(e.effect == "cancel_actions" for e in self._half(a["card"]).effects)
            ]
            return mulligan[0] if mulligan else next(a for a in legal_actions if a["type"] == "pass")
        return max(plans, key=lambda plan: self._value(plan, observation))

    def _value(self, plan: Action, observation: JSON) -> tuple[Any, ...]:
        me = observation["seat"]
        players = observation["players"]
        distance = players[me]["distance"]
        club = self._club(plan["club"])
        away, strokes = self._landing(club, distance)
        # A finishing Shot is worth its strokes; otherwise what is left costs about one Shot per 150 yd.
        cost = strokes * 100 + away
        if plan["action"] is None:
            return (-cost, 0)
        half = self._half(plan["action"])
        target = plan["target"]
        if target == me:
            gain = 0
            for effect in half.effects:
                if effect.effect == "add_yards" and not club.finishing:
                    gain = away - abs(distance - max(0, club.yards + int(effect.params["yards"])))
                elif effect.effect != "none":
                    gain = -self._harm(half) or -1
            return (-cost + gain, 0)
        # Best Ball: the golfer two seats round is on this bot's side, not an opponent.
        mates = {me, (me + 2) % len(players)} if "best_ball" in observation else {me}
        if target in mates and target != me:
            return (-cost - self._harm(half), 0)
        leader = min(
            (p for p in players if p["seat"] not in mates),
            key=lambda p: (p["total"], p["distance"], p["seat"]),
        )
        harm = self._harm(half)
        aimed = harm if target == leader["seat"] else harm // 2
        # Keep the hand's damaging cards for the leader: a plain Practice Swing costs nothing.
        return (-cost + aimed, -harm)
