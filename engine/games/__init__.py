"""Every built-in game; importing this package registers them."""

from __future__ import annotations

from engine.core import register
from engine.games import mulligan, opening_hand, three_card  # noqa: F401
from engine.games.golf.rules import GolfGame

# Golf's package holds data modules (catalog, courses) that must import without registering.
register(GolfGame())
