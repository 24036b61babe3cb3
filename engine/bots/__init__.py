"""Bots: anything that picks an action from ``(observation, legal_actions, rng)``.

In-process bots live here and in each game's ``bots.py``; bots that run as programs or behind a
URL speak the same message (see the README) and come with the service.
"""

from __future__ import annotations

from engine.bots.base import Bot, bots_for, make_bot

__all__ = ["Bot", "bots_for", "make_bot"]
