"""engine.games.golf.cards: one unique name per physical card."""

from __future__ import annotations

from engine.games.golf.cards import card_names
from engine.games.golf.catalog import default_catalog
from tests.engine.golf.tables import GAME


def test_card_names_are_unique_and_never_inside_one_another() -> None:
    names = list(card_names(default_catalog()))
    assert len(set(names)) == len(names) == 104
    assert not [(a, b) for a in names for b in names if a != b and a in b]
    assert not GAME.is_card("driver") and not GAME.is_card("Driver")
