"""The phases of a MULLIGAN turn, as ``observe`` names them (a mode may add phases of its own:
Wolf's ``wolf``, Let's Make it Interesting's ``offer``).

- ``draw``: DRAW, the draw window of :mod:`engine.games.golf.play_anytime` asks the seats one at a
  time (the cards are drawn as it opens; a hand a Play Anytime card left short draws up again as it
  closes);
- ``plan``: SHOT PLANNING, every seat that has not planned acts (the planning window is open);
- ``ready``: every seat has planned; before SWING! the ready window asks the seats one at a time;
- ``revealed``: after SWING!, the resolution window asks the seats one at a time;
- ``respond``: a Play Anytime card waits while the seats that may cancel it are asked;
- ``back_nine``: the front nine is over and the players decide whether to play the back nine
  (config ``decide_after_nine``);
- ``over``: the round is over.
"""

from __future__ import annotations

PLAN, RESPOND, REVEALED, OVER = "plan", "respond", "revealed", "over"
DRAW, READY, BACK_NINE = "draw", "ready", "back_nine"
# The windows that ask one seat at a time, in turn order, until a full round has passed.
SEAT_BY_SEAT = (DRAW, READY, REVEALED)
# The phases in which a Play Anytime card may be played (RESPOND: only a Pace of Play).
PLAY_ANYTIME = (DRAW, PLAN, READY, REVEALED, RESPOND)
