"""The return analysis of Three Card Mulligan (`003_8201fe0072244558.txt`), from the rules alone.

Every figure is an exact count over every deal, computed from :func:`hands.hand_value` (through
:mod:`analysis_tables`) and the pay table it is given; nothing here knows the seed's numbers.

* Pair Plus on the first hand: the 22,100 hands.
* Pair Plus on the Mulligan hand: the new three come from the 49 cards the player's first hand
  leaves. The dealer's three were dealt before them, but the player never sees them, so the new
  hand is still a uniform draw from those 49 (the order cards are dealt in does not change which
  unseen three-card sets are equally likely): only the player's own discards are "removed". Each
  starting hand is weighted by whether the strategy takes a Mulligan on it.
* Standing, for each starting hand: the dealer's final hand is his first three when he stands,
  else his redraw from the 46 cards left after both first hands. For a starting hand P and a
  dealer hand X, the number of (first dealer hand, redraw) deals ending on X is
  ``C(46,3) [X stands] + N_w(P u X)``, where ``N_w(S)`` counts the dealer hands he would redraw
  that avoid the card set S (an inclusion-exclusion over the cards of S).
* Taking a Mulligan, for each starting hand: every (new hand, dealer hand, redraw) deal, counted
  by :mod:`analysis_mulligan` (the same idea with nine cards, organised by the new hand's class).
* The Ante table: sums of these counts over the starting hands the strategy stands or mulligans on,
  as exact fractions; the derived strategy compares the two exact expected values of each class.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from engine.cards import card_names
from engine.games.three_card.analysis_mulligan import (
    LOSS,
    MULLIGAN_DEALS,
    OUTCOMES,
    TIE,
    WIN_OUTCOMES,
    mulligan_counts,
    outcome_of_category,
)
from engine.games.three_card.analysis_tables import (
    DECK_SIZE,
    HAND_COUNT,
    BoolArray,
    IntArray,
    comb3,
    hand_tables,
)
from engine.games.three_card.config import PayTable
from engine.games.three_card.hands import CATEGORIES, SEED_STANDS_AT

STRATEGIES = ("seed", "optimal")
OUTCOME_TITLES = {
    "straight_flush": "Straight flush",
    "three_of_a_kind": "Three of a kind",
    "straight": "Straight",
    "other": "Less than straight",
    "tie": "Tie",
    "loss": "Loss",
}
# The seed's return table lists its rows in this order (event, Mulligan taken); ours follow it.
SEED_ROW_ORDER: tuple[tuple[str, bool], ...] = (
    ("straight_flush", True),
    ("three_of_a_kind", True),
    ("straight_flush", False),
    ("three_of_a_kind", False),
    ("straight", True),
    ("other", True),
    ("straight", False),
    ("other", False),
    ("tie", False),
    ("tie", True),
    ("loss", False),
    ("loss", True),
)
SEED_RULE = "stand with K-10 or higher"
# Deals of the dealer's cards after a first hand of the player's: his three of 49, then a redraw of 3 of 46.
STAND_DEALS = comb3(49) * comb3(46)


# ---- Pair Plus ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class PairPlusRow:
    category: str
    pays: Fraction
    combinations: int  # numerator of the probability over ``PairPlusTable.total``
    probability: float
    ret: float


@dataclass(frozen=True)
class PairPlusTable:
    rows: list[PairPlusRow]
    total: int
    exact_return: Fraction

    @property
    def house_edge(self) -> float:
        return -float(self.exact_return)

    def to_json(self) -> dict[str, Any]:
        return {
            "rows": [
                {
                    "event": row.category,
                    "pays": float(row.pays),
                    "combinations": row.combinations,
                    "probability": row.probability,
                    "return": row.ret,
                }
                for row in self.rows
            ],
            "total_combinations": self.total,
            "return": float(self.exact_return),
            "house_edge": self.house_edge,
        }


def _pair_plus_table(counts: IntArray, total: int, paytable: PayTable) -> PairPlusTable:
    rows = []
    exact = Fraction(0)
    for k, name in enumerate(CATEGORIES):
        pays = paytable.pair_plus_pays(name)
        count = int(counts[k])
        exact += Fraction(count, total) * pays
        rows.append(PairPlusRow(name, pays, count, count / total, float(Fraction(count, total) * pays)))
    return PairPlusTable(rows=rows, total=total, exact_return=exact)


def pair_plus_initial(paytable: PayTable) -> PairPlusTable:
    """The first hand's Pair Plus: every one of the 22,100 hands once."""
    tables = hand_tables()
    return _pair_plus_table(np.bincount(tables.category, minlength=len(CATEGORIES)), HAND_COUNT, paytable)


def categories_avoiding() -> IntArray:
    """(22100, 6): for each hand, how many hands of each category avoid its three cards.

    Inclusion-exclusion: all hands, less those holding one of its cards, plus those holding two,
    less the hand itself.
    """
    tables = hand_tables()
    onehot = np.zeros((HAND_COUNT, len(CATEGORIES)), dtype=np.int64)
    onehot[np.arange(HAND_COUNT), tables.category] = 1
    # Float matrix products are exact here (counts far below 2**53) and much faster than integer ones.
    contains = tables.contains.astype(np.float64)
    by_card = (contains.T @ onehot).astype(np.int64)  # (52, 6)
    by_pair = np.stack(
        [contains.T @ (contains * onehot[:, [k]]) for k in range(len(CATEGORIES))], axis=-1
    ).astype(np.int64)
    a, b, c = tables.cards.T
    result: IntArray = (
        onehot.sum(axis=0)[None, :]
        - by_card[a]
        - by_card[b]
        - by_card[c]
        + by_pair[a, b]
        + by_pair[a, c]
        + by_pair[b, c]
        - onehot
    )
    return result


def pair_plus_mulligan(paytable: PayTable, mulligan: BoolArray) -> PairPlusTable:
    """The Mulligan hand's Pair Plus, over the starting hands the strategy mulligans."""
    counts = categories_avoiding()[mulligan].sum(axis=0)
    total = int(mulligan.sum()) * comb3(DECK_SIZE - 3)
    if total == 0:
        return _pair_plus_table(np.zeros(len(CATEGORIES), dtype=np.int64), 1, paytable)
    return _pair_plus_table(counts, total, paytable)


# ---- Standing: exact ------------------------------------------------------------------------------


@dataclass(frozen=True)
class StandCounts:
    """Per class of starting hands: dealer deals (of ``STAND_DEALS``) the hand beats, ties, loses to."""

    wins: IntArray
    ties: IntArray
    losses: IntArray


def _weak_tables() -> tuple[int, IntArray, IntArray, IntArray, IntArray]:
    """Hands the dealer redraws on: their number, by card, by pair of cards, as a 52³ cube, by hand."""
    tables = hand_tables()
    weak = (~tables.strong).astype(np.int64)
    contains = tables.contains.astype(np.float64)
    by_card = (contains.T @ weak).astype(np.int64)
    by_pair = (contains.T @ (contains * weak[:, None])).astype(np.int64)
    cube = np.zeros((DECK_SIZE,) * 3, dtype=np.int64)
    cards = tables.cards
    for order in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)):
        cube[cards[:, order[0]], cards[:, order[1]], cards[:, order[2]]] = weak
    return int(weak.sum()), by_card, by_pair, cube, weak


def stand_counts() -> StandCounts:
    """Exact: how many of the ``STAND_DEALS`` dealer deals each class's representative wins, ties, loses."""
    tables = hand_tables()
    total_weak, w1, w2, w3, weak = _weak_tables()
    x0, x1, x2 = tables.cards.T
    # N_w(X) for every X: weak hands avoiding X's three cards.
    weak_avoiding_x = total_weak - w1[x0] - w1[x1] - w1[x2] + w2[x0, x1] + w2[x0, x2] + w2[x1, x2] - weak
    stands = tables.strong.astype(np.int64) * comb3(DECK_SIZE - 6)
    order = np.argsort(tables.rank, kind="stable")
    sorted_rank = tables.rank[order]
    classes = tables.classes
    wins = np.zeros(classes.size, dtype=np.int64)
    ties = np.zeros(classes.size, dtype=np.int64)
    losses = np.zeros(classes.size, dtype=np.int64)
    for i, hand in enumerate(classes):
        p0, p1, p2 = (int(c) for c in tables.cards[hand])
        # N_w(P u X) = N_w(X) + [P alone] + sum over x of [pairs of P's cards with x] - [P's cards with pairs of X].
        alone = -w1[p0] - w1[p1] - w1[p2] + w2[p0, p1] + w2[p0, p2] + w2[p1, p2] - weak[hand]
        single = w2[p0] + w2[p1] + w2[p2] - w3[p0, p1] - w3[p0, p2] - w3[p1, p2]
        double = w3[p0] + w3[p1] + w3[p2]
        deals = (
            stands
            + weak_avoiding_x
            + alone
            + single[x0]
            + single[x1]
            + single[x2]
            - double[x0, x1]
            - double[x0, x2]
            - double[x1, x2]
        )
        deals[tables.contains[:, [p0, p1, p2]].any(axis=1)] = 0
        cumulative = np.cumsum(deals[order])
        rank = tables.rank[hand]
        below = int(np.searchsorted(sorted_rank, rank, side="left"))
        upto = int(np.searchsorted(sorted_rank, rank, side="right"))
        wins[i] = cumulative[below - 1] if below else 0
        ties[i] = cumulative[upto - 1] - wins[i]
        losses[i] = cumulative[-1] - cumulative[upto - 1]
        if cumulative[-1] != STAND_DEALS:
            raise AssertionError(f"dealer deals for {card_names(tables.cards[hand])} do not add up")
    return StandCounts(wins=wins, ties=ties, losses=losses)


# ---- Strategy and the Ante table ----------------------------------------------------------------


@dataclass(frozen=True)
class HandClass:
    """One class of starting hands (the same up to suits) and its two exact expected values."""

    cards: list[str]
    weight: int  # hands in the class
    value: int
    stand_ev: Fraction  # in Antes
    mulligan_ev: Fraction  # Ante and Mulligan bets together, in Antes
    seed_mulligan: bool  # the seed's K-10 rule takes a Mulligan on it

    @property
    def optimal_mulligan(self) -> bool:
        """A Mulligan exactly when it is worth more; on an exact tie, stand (one bet less at risk)."""
        return self.mulligan_ev > self.stand_ev

    def to_json(self) -> dict[str, Any]:
        return {
            "cards": self.cards,
            "hands": self.weight,
            "stand_ev": float(self.stand_ev),
            "mulligan_ev": float(self.mulligan_ev),
            "mulligan_minus_stand": float(self.mulligan_ev - self.stand_ev),
            "stand_ev_exact": _fraction_text(self.stand_ev),
            "mulligan_ev_exact": _fraction_text(self.mulligan_ev),
            "best": "mulligan" if self.optimal_mulligan else "stand",
            "seed": "mulligan" if self.seed_mulligan else "stand",
        }


@dataclass(frozen=True)
class AnteRow:
    outcome: str  # one of OUTCOMES
    mulligan: bool
    pays: Fraction  # per Ante: doubled when the Mulligan bet rides too
    probability: Fraction

    @property
    def ret(self) -> Fraction:
        return self.probability * self.pays


@dataclass(frozen=True)
class StrategyTables:
    """The tables of one strategy: the Mulligan hand's Pair Plus and the Ante bet's returns."""

    name: str
    description: str
    pair_plus_mulligan: PairPlusTable
    ante_rows: list[AnteRow]
    mulligan_frequency: Fraction  # of starting hands

    @property
    def ante_return(self) -> Fraction:
        return sum((row.ret for row in self.ante_rows), Fraction(0))

    @property
    def average_wager(self) -> Fraction:
        return 1 + self.mulligan_frequency

    @property
    def element_of_risk(self) -> Fraction:
        return -self.ante_return / self.average_wager

    def to_json(self) -> dict[str, Any]:
        return {
            "rule": self.description,
            "pair_plus_mulligan": self.pair_plus_mulligan.to_json(),
            "ante": {
                "rows": [
                    {
                        "event": row.outcome,
                        "mulligan": row.mulligan,
                        "pays": float(row.pays),
                        "probability": float(row.probability),
                        "return": float(row.ret),
                        "probability_exact": _fraction_text(row.probability),
                    }
                    for row in self.ante_rows
                ],
                "return": float(self.ante_return),
                "return_exact": _fraction_text(self.ante_return),
                "house_edge": -float(self.ante_return),
                "mulligan_frequency": float(self.mulligan_frequency),
                "mulligan_hands": int(self.mulligan_frequency * HAND_COUNT),
                "average_wager": float(self.average_wager),
                "element_of_risk": float(self.element_of_risk),
            },
        }


@dataclass(frozen=True)
class Analysis:
    paytable: PayTable
    pair_plus_initial: PairPlusTable
    strategies: dict[str, StrategyTables]  # "seed" and "optimal"
    classes: list[HandClass]
    rule: dict[str, Any]
    seconds: dict[str, float]

    def to_json(self) -> dict[str, Any]:
        return {
            "paytable": self.paytable.to_json(),
            "pair_plus_initial": self.pair_plus_initial.to_json(),
            "strategies": {name: tables.to_json() for name, tables in self.strategies.items()},
            "strategy_derived": {"rule": self.rule, "classes": [c.to_json() for c in self.classes]},
            "seconds": self.seconds,
        }


def _fraction_text(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def seed_mulligan_mask() -> BoolArray:
    """The seed's strategy per hand: a Mulligan on anything below K-10 (``hands.SEED_STANDS_AT``)."""
    result: BoolArray = hand_tables().value < SEED_STANDS_AT
    return result


def describe_class(cards: list[str]) -> str:
    """A class of hands in words: ``["Kc", "Td", "2d"]`` -> "K-10-2 with the 10 and the 2 suited"."""
    ranks = [name[0].replace("T", "10") for name in cards]
    suits = [name[1] for name in cards]
    text = "-".join(ranks)
    if len(set(suits)) == 1:
        return text + " suited"
    if len(set(suits)) == 3:
        return text + " offsuit"
    a, b = next((i, j) for i in range(3) for j in range(i + 1, 3) if suits[i] == suits[j])
    if ranks[a] == ranks[b] or len(set(ranks)) < 3:
        return text + " with two cards suited"  # a pair: "the 7 and the 7" would mean nothing
    return f"{text} with the {ranks[a]} and the {ranks[b]} suited"


def _ranks_text(cards: list[str]) -> str:
    return "-".join(name[0].replace("T", "10") for name in cards)


def _derive_rule(classes: list[HandClass]) -> dict[str, Any]:
    """The derived decisions as a threshold: the weakest hand to stand on, and any exceptions to it."""
    ordered = sorted(classes, key=lambda c: c.value)
    standing = [c for c in ordered if not c.optimal_mulligan]
    weakest = standing[0] if standing else None
    threshold = weakest.value if weakest else None
    exceptions = [c for c in ordered if threshold is not None and c.value >= threshold and c.optimal_mulligan]
    differ = [c for c in ordered if c.optimal_mulligan != c.seed_mulligan]
    ties = [c for c in ordered if c.mulligan_ev == c.stand_ev]
    # The closest decisions either way, for the reader: the three smallest margins.
    closest = sorted(ordered, key=lambda c: abs(c.mulligan_ev - c.stand_ev))[:3]
    return {
        "stand_at_least": weakest.cards if weakest else None,
        "stand_at_least_words": _ranks_text(weakest.cards) if weakest else None,
        "exceptions": [c.cards for c in exceptions],
        "exceptions_words": [describe_class(c.cards) for c in exceptions],
        "exception_hands": sum(c.weight for c in exceptions),
        "seed_rule": SEED_RULE,
        "classes_differing_from_seed": [c.cards for c in differ],
        "hands_differing_from_seed": sum(c.weight for c in differ),
        "exact_ties": [c.cards for c in ties],
        "closest_calls": [
            {"cards": c.cards, "mulligan_minus_stand": float(c.mulligan_ev - c.stand_ev)} for c in closest
        ],
        "sentence": _rule_sentence(weakest, exceptions, ordered),
    }


def _rule_sentence(weakest: HandClass | None, exceptions: list[HandClass], ordered: list[HandClass]) -> str:
    """The derived strategy in one sentence; the README quotes it (a test checks the quote)."""
    if weakest is None:
        return "Always take a Mulligan."
    if weakest is ordered[0]:
        return "Never take a Mulligan."
    text = f"Stand with {_ranks_text(weakest.cards)} or better"
    if exceptions:
        listed = [f"{describe_class(c.cards)} ({c.weight} hands)" for c in exceptions]
        joined = listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + " and " + listed[-1]
        text += f", except take a Mulligan on {joined}"
    return text + "; otherwise take a Mulligan."


def analyze(paytable: PayTable, *, clock: Callable[[], float] | None = None) -> Analysis:
    """All the tables for one pay table, under the seed's K-10 strategy and under the derived one."""
    now = clock or time.perf_counter
    tables = hand_tables()
    seconds: dict[str, float] = {}

    start = now()
    initial = pair_plus_initial(paytable)
    seconds["pair_plus_initial"] = now() - start

    start = now()
    stand = stand_counts()
    seconds["stand_exact"] = now() - start

    start = now()
    mulligan = mulligan_counts()
    seconds["mulligan_exact"] = now() - start

    start = now()
    class_event = outcome_of_category()[tables.category[tables.classes]]
    stand_by_outcome = np.zeros((tables.classes.size, len(OUTCOMES)), dtype=np.int64)
    stand_by_outcome[np.arange(tables.classes.size), class_event] = stand.wins
    stand_by_outcome[:, TIE] = stand.ties
    stand_by_outcome[:, LOSS] = stand.losses
    pays = [paytable.ante_exact[name] for name in OUTCOMES[:WIN_OUTCOMES]] + [Fraction(0), Fraction(-1)]
    seed_class = seed_mulligan_mask()[tables.classes]
    classes = []
    for i, hand in enumerate(tables.classes):
        stand_ev = (
            sum((pays[e] * int(stand_by_outcome[i, e]) for e in range(len(OUTCOMES))), Fraction(0))
            / STAND_DEALS
        )
        mulligan_ev = (
            2
            * sum((pays[e] * int(mulligan[i, e]) for e in range(len(OUTCOMES))), Fraction(0))
            / MULLIGAN_DEALS
        )
        classes.append(
            HandClass(
                cards=card_names(tables.cards[hand][::-1]),  # highest card first, as people write hands
                weight=int(tables.class_weight[i]),
                value=int(tables.value[hand]),
                stand_ev=stand_ev,
                mulligan_ev=mulligan_ev,
                seed_mulligan=bool(seed_class[i]),
            )
        )
    optimal_class = np.array([c.optimal_mulligan for c in classes], dtype=np.bool_)
    rule = _derive_rule(classes)
    strategies: dict[str, StrategyTables] = {}
    for name, class_mask, description in (
        ("seed", seed_class, SEED_RULE),
        ("optimal", optimal_class, rule["sentence"]),
    ):
        strategies[name] = StrategyTables(
            name=name,
            description=description,
            pair_plus_mulligan=pair_plus_mulligan(paytable, class_mask[tables.class_of]),
            ante_rows=_ante_rows(paytable, stand_by_outcome, mulligan, class_mask),
            mulligan_frequency=Fraction(int(tables.class_weight[class_mask].sum()), HAND_COUNT),
        )
    seconds["tables"] = now() - start
    return Analysis(
        paytable=paytable,
        pair_plus_initial=initial,
        strategies=strategies,
        classes=classes,
        rule=rule,
        seconds=seconds,
    )


def _ante_rows(
    paytable: PayTable, stand_by_outcome: IntArray, mulligan: IntArray, class_mask: BoolArray
) -> list[AnteRow]:
    """The seed's rows: each outcome with and without a Mulligan, exact probabilities over all deals."""
    weight = hand_tables().class_weight
    standing = weight * ~class_mask
    mulliganing = weight * class_mask
    rows = []
    for outcome, taken in SEED_ROW_ORDER:
        e = OUTCOMES.index(outcome)
        if outcome == "tie":
            pay = Fraction(0)
        elif outcome == "loss":
            pay = Fraction(-1)
        else:
            pay = paytable.ante_exact[outcome]
        if taken:
            count = int((mulliganing * mulligan[:, e]).sum())
            probability = Fraction(count, HAND_COUNT * MULLIGAN_DEALS)
        else:
            count = int((standing * stand_by_outcome[:, e]).sum())
            probability = Fraction(count, HAND_COUNT * STAND_DEALS)
        rows.append(AnteRow(outcome, taken, pay * (2 if taken else 1), probability))
    return rows


__all__ = [
    "MULLIGAN_DEALS",
    "OUTCOME_TITLES",
    "SEED_ROW_ORDER",
    "STAND_DEALS",
    "STRATEGIES",
    "Analysis",
    "HandClass",
    "PairPlusTable",
    "StrategyTables",
    "analyze",
    "categories_avoiding",
    "describe_class",
    "pair_plus_initial",
    "pair_plus_mulligan",
    "seed_mulligan_mask",
    "stand_counts",
]
