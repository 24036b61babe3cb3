from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from engine.core import JSON, Action


class RandomBot:
    """Chooses uniformly among the legal actions: the baseline every game has."""

    name: ClassVar[str] = "random"
    needs_observation: ClassVar[bool] = False

    def act(self, observation: JSON | None, legal_actions: list[Action], rng: random.Random) -> Action:
        return rng.choice(legal_actions)

    def act_id(self, observation: JSON | None, legal_ids: Sequence[int], rng: random.Random) -> int:
        """The id of the action :meth:`act` would choose: the same draw among as many choices."""
        return rng.choice(legal_ids)
