"""Every built-in game; importing this package registers them."""

from __future__ import annotations

from engine.games import mulligan, opening_hand, three_card  # noqa: F401
