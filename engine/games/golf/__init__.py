"""MULLIGAN, the golf card game (``../shared/seeds/001_b0f00b7950c1e11c.txt``): groundwork only.

The card catalog (:mod:`engine.games.golf.catalog`) and the courses
(:mod:`engine.games.golf.courses`) are data with validation. The game is not registered yet:
nothing here is imported by ``engine.games``.
"""
