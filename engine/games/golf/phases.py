"""The phases of a MULLIGAN turn, as ``observe`` names them (a mode may add phases of its own:
Wolf's ``wolf``, Let's Make it Interesting's ``offer``).

- ``plan``: SHOT PLANNING, every seat that has not planned acts (the planning window of
  :mod:`engine.games.golf.play_anytime` is open);
- ``revealed``: after SWING!, the resolution window asks the seats one at a time;
- ``respond``: a Play Anytime card waits while the seats that may cancel it are asked;
- ``over``: the round is over.
"""

from __future__ import annotations

PLAN, RESPOND, REVEALED, OVER = "plan", "respond", "revealed", "over"
