"""*Mulligan*, the trade-ring auction card game (`000_43432f497e9b879c.txt`)."""

from __future__ import annotations

from engine.games.mulligan.rules import MulliganGame

GAME = MulliganGame()

__all__ = ["GAME", "MulliganGame"]
