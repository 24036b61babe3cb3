"""*Opening Hand*: Magic's mulligan procedures and a goldfish race that puts them to use (issue 8;
seeds `002_0417876715274cd6.txt` and `004_7cea2be28f5fb7be.txt`)."""

from __future__ import annotations

from engine.games.opening_hand.rules import OpeningHandGame

GAME = OpeningHandGame()

__all__ = ["GAME", "OpeningHandGame"]
