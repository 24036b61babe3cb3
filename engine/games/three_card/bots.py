"""Built-in Three Card Mulligan bots beyond the uniform random one."""

from __future__ import annotations

import random
from typing import ClassVar

from engine.cards import parse_cards
from engine.core import JSON, Action, EngineError
from engine.games.three_card.hands import SEED_STANDS_AT, hand_value


class StrategyBot:
    """The seed's strategy: stand with K-10 or higher, otherwise take a Mulligan.

    ``pair_plus`` (a bot option: ``make_bot("three_card", "strategy", pair_plus=True)``) makes it bet
    Pair Plus on every hand, the first and the Mulligan one; by default it never does.
    """

    name: ClassVar[str] = "strategy"
    needs_observation: ClassVar[bool] = True

    def __init__(self, pair_plus: bool = False) -> None:
        if not isinstance(pair_plus, bool):
            raise EngineError(f"pair_plus is true or false, not {pair_plus!r}")
        self.pair_plus = pair_plus

    def act(self, observation: JSON | None, legal_actions: list[Action], rng: random.Random) -> Action:
        if observation is None:
            raise EngineError("the strategy bot needs its observation")
        kinds = {action["type"] for action in legal_actions}
        if "bet" in kinds:
            return self._pick(legal_actions, {"type": "bet", "pair_plus": self.pair_plus})
        if hand_value(parse_cards(observation["hand"])) >= SEED_STANDS_AT:
            return {"type": "stand"}
        return self._pick(legal_actions, {"type": "mulligan", "pair_plus": self.pair_plus})

    @staticmethod
    def _pick(legal_actions: list[Action], wanted: Action) -> Action:
        # Where the table offers no Pair Plus the only choice lacks the key.
        if wanted in legal_actions:
            return wanted
        return next(a for a in legal_actions if a["type"] == wanted["type"])
