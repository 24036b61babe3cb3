"""Built-in Mulligan bots beyond the uniform random one."""

from __future__ import annotations

import random
from typing import ClassVar

from engine.cards import CARD_NAMES, DECK, parse_card
from engine.core import JSON, Action, EngineError
from engine.games.mulligan.hands import CATEGORIES, hand_key

_SAMPLES = 16


class HeuristicBot:
    """Folds on a strong hand, auctions the card it can best spare, keeps its hand when offering.

    It estimates a replacement card by sampling cards it has not seen (its own hand, the discard
    pile and the ring are known), so it needs the observation and nothing else.
    """

    name: ClassVar[str] = "heuristic"
    needs_observation: ClassVar[bool] = True

    def __init__(self, fold_at: str = "three_of_a_kind", samples: int = _SAMPLES) -> None:
        if fold_at not in CATEGORIES:
            raise EngineError(f"fold_at must be one of {', '.join(CATEGORIES)}")
        self.fold_at = CATEGORIES.index(fold_at) * 64
        self.samples = samples

    def act(self, observation: JSON | None, legal_actions: list[Action], rng: random.Random) -> Action:
        if observation is None:
            raise EngineError("the heuristic bot needs its observation")
        hand = [parse_card(c) for c in observation["hand"]]
        phase = observation["phase"]
        if phase == "turn":
            return self._turn(observation, hand, legal_actions, rng)
        if phase == "offers":
            return self._offer(observation, hand, legal_actions)
        return self._decide(observation, hand, legal_actions, rng)

    def _unseen(self, observation: JSON, hand: list[int]) -> list[int]:
        seen = set(hand)
        seen.update(parse_card(c) for c in observation["discard"])
        ring = observation["ring"]
        if ring:
            seen.add(parse_card(ring["auction"]["card"]))
            seen.update(parse_card(o["card"]) for o in ring["offers"] if o.get("card"))
        return [c for c in DECK if c not in seen]

    def _expected_with_new_card(self, kept: list[int], unseen: list[int], rng: random.Random) -> float:
        draws = rng.sample(unseen, min(self.samples, len(unseen)))
        return sum(hand_key(kept + [c]) for c in draws) / len(draws)

    def _turn(self, observation: JSON, hand: list[int], legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        current = hand_key(hand)
        if current >= self.fold_at:
            return {"type": "fold"}
        unseen = self._unseen(observation, hand)
        best_card, best_value = hand[0], -1.0
        for card in hand:
            kept = [c for c in hand if c != card]
            value = self._expected_with_new_card(kept, unseen, rng)
            if value > best_value:
                best_card, best_value = card, value
        if best_value < current and observation["deck_count"] < observation["players"]:
            return {"type": "skip"}
        action: Action = {"type": "auction", "card": CARD_NAMES[best_card]}
        if "chips" in legal[-1]:
            action["chips"] = 1
        return action

    def _offer(self, observation: JSON, hand: list[int], legal: list[Action]) -> Action:
        auctioned = parse_card(observation["ring"]["auction"]["card"])

        # If the auctioneer takes my offer I get the auctioned card; otherwise the offer comes back.
        def value(card: int) -> int:
            return hand_key([c for c in hand if c != card] + [auctioned])

        card = max(hand, key=value)
        action: Action = {"type": "offer", "card": CARD_NAMES[card]}
        if "chips" in legal[0]:
            action["chips"] = 0
        return action

    def _decide(self, observation: JSON, hand: list[int], legal: list[Action], rng: random.Random) -> Action:
        offers = [o for o in observation["ring"]["offers"] if o.get("card")]
        unseen = self._unseen(observation, hand)
        mulligan_value = self._expected_with_new_card(hand, unseen, rng)
        # A swap of two cards that were swapped before can start a cycle that nothing in the
        # written rules ends (two hands passing the same pair back and forth): take a new card.
        auctioned = observation["ring"]["auction"]["card"]
        swapped = _swapped_pairs(observation)
        offers = [o for o in offers if frozenset((auctioned, o["card"])) not in swapped]
        if not offers:  # Secret Offers: every offer is a blind card, as a mulligan's card is.
            return {"type": "mulligan"}
        best = max(offers, key=lambda o: hand_key(hand + [parse_card(o["card"])]))
        if hand_key(hand + [parse_card(best["card"])]) >= mulligan_value:
            return {"type": "swap", "seat": best["seat"]}
        return {"type": "mulligan"}


def _swapped_pairs(observation: JSON) -> set[frozenset[str]]:
    """The pairs of cards exchanged by the swaps of this game that everyone saw."""
    return {
        frozenset((event["auctioned"], event["card"]))
        for event in observation["history"]
        if event["type"] == "swap" and "card" in event
    }
