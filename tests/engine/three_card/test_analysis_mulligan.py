"""The exact Mulligan count (analysis_mulligan.py) for single new hands, against every deal.

Each case fixes a starting hand and the new hand after a Mulligan and enumerates every dealer first
hand and, when he redraws, every redraw from the 43 cards left: about 94 million deals each.
"""

from __future__ import annotations

import numpy as np
import pytest

from engine.cards import parse_cards
from engine.games.three_card.analysis_mulligan import new_hand_counts, suit_images
from engine.games.three_card.analysis_tables import comb3, hand_number, hand_tables


def _deal_by_deal(first: list[int], new: list[int]) -> tuple[int, int, int]:
    """Wins, ties and deals for ``new`` against every (dealer hand, redraw) from the 46 cards left."""
    tables = hand_tables()
    mine = tables.rank[hand_number(sorted(new))]
    left = ~tables.contains[:, first + new].any(axis=1)
    wins = ties = deals = 0
    for dealer in np.flatnonzero(left):
        if tables.strong[dealer]:
            # He stands: each of the C(43,3) redraws he does not take is a deal ending on this hand.
            wins += comb3(43) * int(tables.rank[dealer] < mine)
            ties += comb3(43) * int(tables.rank[dealer] == mine)
            deals += comb3(43)
        else:
            redraws = tables.rank[left & ~tables.contains[:, tables.cards[dealer]].any(axis=1)]
            wins += int((redraws < mine).sum())
            ties += int((redraws == mine).sum())
            deals += redraws.size
    return wins, ties, deals


CASES = [
    (["Kc", "Td", "2d"], ["5s", "6s", "7s"]),  # the closest call; a straight flush to beat
    (["2c", "3c", "4d"], ["Kc", "Qc", "2h"]),  # a king-high new hand sharing suits with the first
    (["Ah", "Ad", "9c"], ["Qs", "Js", "8h"]),  # queen-high: the dealer's redraws decide
    (["7c", "7d", "7h"], ["Ks", "3d", "2s"]),  # the weakest hand he stands on, as the player's
    (["Jd", "Td", "9c"], ["Jh", "Jc", "Js"]),  # trips, three jacks already gone from the first hand
]


@pytest.mark.parametrize(("first", "new"), CASES)
def test_new_hand_counts_are_every_deal(first: list[str], new: list[str]) -> None:
    first_cards, new_cards = parse_cards(first), parse_cards(new)
    wins, ties, deals = new_hand_counts((new_cards[0], new_cards[1], new_cards[2]))
    start = hand_number(sorted(first_cards))
    assert (int(wins[start]), int(ties[start]), int(deals[start])) == _deal_by_deal(first_cards, new_cards)


def test_every_starting_hand_plays_every_dealer_deal() -> None:
    tables = hand_tables()
    new = parse_cards(["Kh", "Tc", "2d"])
    _wins, _ties, deals = new_hand_counts((new[0], new[1], new[2]))
    apart = ~tables.contains[:, new].any(axis=1)
    assert (deals[apart] == comb3(46) * comb3(43)).all()
    assert (deals[~apart] == 0).all()


def test_suit_relabellings_keep_classes_and_are_all_distinct() -> None:
    tables = hand_tables()
    images = suit_images()
    assert (images[0] == np.arange(22_100)).all()  # the first permutation is the identity
    for row in images:
        assert (tables.class_of[row] == tables.class_of).all()
    # A class has weight 24 / (relabellings fixing its representative).
    fixed = (images[:, tables.classes] == tables.classes).sum(axis=0)
    assert (fixed * tables.class_weight == 24).all()
