"""*Three Card Mulligan*, the casino game against the house (`003_8201fe0072244558.txt`)."""

from __future__ import annotations

from engine.games.three_card.rules import ThreeCardGame

GAME = ThreeCardGame()

__all__ = ["GAME", "ThreeCardGame"]
