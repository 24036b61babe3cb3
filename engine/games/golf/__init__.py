"""MULLIGAN, the golf card game (``../shared/seeds/001_b0f00b7950c1e11c.txt``).

The card catalog (:mod:`engine.games.golf.catalog`) and the courses
(:mod:`engine.games.golf.courses`) are data with validation; :mod:`engine.games.golf.resolution`
resolves shots in the rule book's order; :mod:`engine.games.golf.state` plays a round, with the Play
Anytime windows in :mod:`engine.games.golf.play_anytime` and each alternate mode in
:mod:`engine.games.golf.modes`; :mod:`engine.games.golf.rules` is the game, which ``engine.games``
registers as ``golf``. Importing this package registers nothing, so the data modules load on their
own.
"""
