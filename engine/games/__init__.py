"""Every built-in game, for the registry (``engine.registry``)."""

from __future__ import annotations

from engine.core import Game
from engine.games import mulligan, opening_hand, three_card
from engine.games.golf.rules import GolfGame

# Golf's package holds data modules (catalog, courses) that import on their own, so its game is made here.
BUILTIN_GAMES: tuple[Game, ...] = (mulligan.GAME, GolfGame(), opening_hand.GAME, three_card.GAME)
