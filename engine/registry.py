"""Where the registry finds the built-in games.

The core looks games up but imports none of them (a game imports the core, so the core importing
the games would close a circle). This module tells it where they are; the package imports it
(``engine/__init__.py``), so it has done so before any program can reach the core. The games
themselves load on the first lookup.
"""

from __future__ import annotations

from engine.core import Game, add_game_loader


def builtin_games() -> tuple[Game, ...]:
    from engine.games import BUILTIN_GAMES

    return BUILTIN_GAMES


add_game_loader(builtin_games)
