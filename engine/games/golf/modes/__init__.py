"""MULLIGAN's alternate play modes (rule book, "Alternate Play Modes" and "2-Player Modes"), one
module each, behind the hooks of :class:`engine.games.golf.modes.base.Mode`.

Adding a mode: a module with a :class:`Mode` subclass, and its line in :data:`REGISTRY`.
"""

from __future__ import annotations

from engine.games.golf.modes import against_the_course, best_ball, handicap, heavy_bag, interesting, wolf
from engine.games.golf.modes.base import Mode

# In the order the config lists them; combined modes' hooks run in this order too.
REGISTRY: tuple[type[Mode], ...] = (
    heavy_bag.HeavyBag,
    handicap.Handicap,
    against_the_course.AgainstTheCourse,
    wolf.Wolf,
    best_ball.BestBall,
    interesting.Interesting,
)
MODES: dict[str, type[Mode]] = {mode.name: mode for mode in REGISTRY}
