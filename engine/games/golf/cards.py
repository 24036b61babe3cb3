"""The names of MULLIGAN's cards in play.

Cards are the catalog's deck cards, one name per physical card: ``"Driver / Hook (1)"``. The
2-Putt/Practice Swing card is not among them (every seat has one, so it is no secret): plans name it
``"2-Putt / Practice Swing"``.
"""

from __future__ import annotations

import functools

from engine.games.golf.catalog import Catalog, default_catalog

PLAYER_CARD = "2-Putt / Practice Swing"
# Every card name has this between its halves, so a text without it names no card.
NAME_MARK = " / "


def card_names(catalog: Catalog) -> dict[str, tuple[str, str]]:
    """Every physical deck card's unique name -> (club id, action id), in catalog order."""
    names: dict[str, tuple[str, str]] = {}
    for card in catalog.deck:
        club, action = catalog.clubs[card.club], catalog.actions[card.action]
        for copy in range(1, card.count + 1):
            names[f"{club.name}{NAME_MARK}{action.name} ({copy})"] = (card.club, card.action)
    return names


@functools.cache
def default_card_names() -> frozenset[str]:
    """The built-in catalog's card names (a league's own catalog names its cards the same way)."""
    return frozenset(card_names(default_catalog()))
