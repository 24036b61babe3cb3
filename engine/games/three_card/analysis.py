"""The return analysis of Three Card Mulligan (`003_8201fe0072244558.txt`), from the rules alone.

Every figure is computed from :func:`hands.hand_value` (through :mod:`analysis_tables`) and the
pay table it is given; nothing here knows the seed's numbers.

* Pair Plus on the first hand: exact, by counting the 22,100 hands.
* Pair Plus on the Mulligan hand: exact. The new three come from the 49 cards the player's first
  hand leaves. The dealer's three were dealt before them, but the player never sees them, so the
  new hand is still a uniform draw from those 49 (the order cards are dealt in does not change which
  unseen three-card sets are equally likely): only the player's own discards are "removed". Each
  starting hand is weighted by whether the strategy takes a Mulligan on it.
* Standing: exact, for each starting hand. The dealer's final hand is his first three when he
  stands, else his redraw from the 46 cards left after both first hands. For a starting hand P
  and a dealer hand X, the number of (first dealer hand, redraw) deals ending on X is
  ``C(46,3) [X stands] + N_w(P u X)``, where ``N_w(S)`` counts the dealer hands he would redraw
  that avoid the card set S; ``N_w`` of six cards is an inclusion-exclusion over up to three of
  them, split into terms that depend on P alone, X alone, or one card of one and two of the other,
  so each starting hand costs a few vector operations over the 22,100 X.
* Taking a Mulligan: its expected value for each class of starting hands (up to the 24 suit
  relabellings: 1,755 classes) is simulated, stratified by class, with standard errors, and the
  classes whose decision is close are simulated again with more hands. The exact count
  (:func:`mulligan_counts_exact`: for each new hand, the standing count with six cards removed)
  takes seconds per class, too slow for all 1,755 within a minute; ``exact_close`` applies it to
  the classes still too close to call.
* The Ante table: the "no Mulligan" rows exact (they are sums of the exact standing counts), the
  "Mulligan" rows from the stratified simulation with their standard errors.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from engine.cards import card_names
from engine.games.three_card.analysis_sim import LOSS, OUTCOMES, TIE, WIN_OUTCOMES, mulligan_outcomes
from engine.games.three_card.analysis_tables import (
    DECK_SIZE,
    HAND_COUNT,
    BoolArray,
    FloatArray,
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


def mulligan_counts_exact(first: list[int], batch: int = 32) -> IntArray:
    """Exact, for one starting hand: counts of :data:`OUTCOMES` over every Mulligan deal.

    A deal is the new three (of the 49 left), the dealer's three (of 46) and his redraw (of 43);
    there are ``C(49,3) C(46,3) C(43,3)`` of them. For each new hand this is :func:`stand_counts`
    with six cards removed, about 15 vector operations over the 22,100 dealer hands, so one
    starting hand takes seconds: the analyser uses it for the close calls only (``exact_close``).
    """
    tables = hand_tables()
    total_weak, w1, w2, w3, weak = _weak_tables()
    # Dealer hands in ascending rank order, so that "beaten by" is a prefix; int32 halves the traffic.
    order = np.argsort(tables.rank, kind="stable")
    sorted_rank = tables.rank[order]
    x0, x1, x2 = tables.cards[order].T
    weak_avoiding_x = (
        total_weak - w1[x0] - w1[x1] - w1[x2] + w2[x0, x1] + w2[x0, x2] + w2[x1, x2] - weak[order]
    )
    base = (tables.strong[order].astype(np.int64) * comb3(DECK_SIZE - 9) + weak_avoiding_x).astype(np.int32)
    w2_32, w3_32 = w2.astype(np.int32), w3.astype(np.int32)
    new_hands = np.flatnonzero(~tables.contains[:, first].any(axis=1))
    event_of_category = np.array(
        [OUTCOMES.index(n) if n in OUTCOMES[:3] else OUTCOMES.index("other") for n in CATEGORIES]
    )
    counts = np.zeros(len(OUTCOMES), dtype=np.int64)
    pairs = list(itertools.combinations(range(6), 2))
    triples = list(itertools.combinations(range(6), 3))
    per_new_hand = comb3(DECK_SIZE - 6) * comb3(DECK_SIZE - 9)
    for start in range(0, new_hands.size, batch):
        hands = new_hands[start : start + batch]
        removed = np.concatenate(
            [np.broadcast_to(np.array(first), (hands.size, 3)), tables.cards[hands]], axis=1
        )
        r = [removed[:, i] for i in range(6)]
        alone = -w1[removed].sum(axis=1)
        alone += sum(w2[r[i], r[j]] for i, j in pairs)
        alone -= sum(w3[r[i], r[j], r[k]] for i, j, k in triples)
        single = w2_32[removed].sum(axis=1) - sum(w3_32[r[i], r[j]] for i, j in pairs)
        double = w3_32[removed].sum(axis=1)
        deals = (
            base[None, :]
            + alone[:, None].astype(np.int32)
            + single[:, x0]
            + single[:, x1]
            + single[:, x2]
            - double[:, x0, x1]
            - double[:, x0, x2]
            - double[:, x1, x2]
        )
        held = np.zeros((hands.size, DECK_SIZE), dtype=np.bool_)
        held[np.arange(hands.size)[:, None], removed] = True
        deals[held[:, x0] | held[:, x1] | held[:, x2]] = 0
        cumulative = np.cumsum(deals, axis=1, dtype=np.int64)
        if not (cumulative[:, -1] == per_new_hand).all():
            raise AssertionError("dealer deals after a Mulligan do not add up")
        mine = tables.rank[hands]
        below = np.searchsorted(sorted_rank, mine, side="left")
        upto = np.searchsorted(sorted_rank, mine, side="right")
        rows = np.arange(hands.size)
        wins = np.where(below > 0, cumulative[rows, below - 1], 0)
        ties = cumulative[rows, upto - 1] - wins
        np.add.at(counts, event_of_category[tables.category[hands]], wins)
        counts[TIE] += int(ties.sum())
        counts[LOSS] += int((per_new_hand - wins - ties).sum())
    return counts


MULLIGAN_DEALS = comb3(49) * comb3(46) * comb3(43)


# ---- Taking a Mulligan: stratified simulation ---------------------------------------------------


@dataclass
class MulliganSamples:
    """Per class: counts of OUTCOMES over its simulated Mulligans."""

    counts: IntArray  # (classes, 6)
    exact: BoolArray  # classes whose counts are every deal (mulligan_counts_exact), not samples

    @property
    def samples(self) -> IntArray:
        result: IntArray = self.counts.sum(axis=1)
        return result


def simulate_mulligans(samples: int, seed: int) -> MulliganSamples:
    tables = hand_tables()
    rng = np.random.default_rng(seed)
    counts = mulligan_outcomes(tables.cards[tables.classes], samples, rng)
    return MulliganSamples(counts, np.zeros(tables.classes.size, dtype=np.bool_))


def mulligan_ev(samples: MulliganSamples, paytable: PayTable) -> tuple[FloatArray, FloatArray]:
    """Per class: mean and standard error of taking a Mulligan (Ante + Mulligan bets), in Antes."""
    pays = np.array(
        [2 * paytable.ante[name] for name in OUTCOMES[:WIN_OUTCOMES]] + [0.0, -2.0], dtype=np.float64
    )
    n = samples.samples.astype(np.float64)
    freq = samples.counts / n[:, None]
    mean: FloatArray = freq @ pays
    second = freq @ (pays * pays)
    se: FloatArray = np.sqrt(np.maximum(second - mean * mean, 0.0) / np.maximum(n - 1, 1))
    se[samples.exact] = 0.0
    return mean, se


# ---- Strategy and the Ante table ----------------------------------------------------------------


@dataclass(frozen=True)
class HandClass:
    cards: list[str]
    weight: int
    value: int
    stand_ev: float
    mulligan_ev: float
    mulligan_se: float  # 0 where the Mulligan EV is exact
    takes_mulligan: bool  # under the analysed strategy
    optimal_mulligan: bool  # by the estimates
    close: bool  # the two EVs are within 3 standard errors
    mulligan_exact: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "cards": self.cards,
            "hands": self.weight,
            "stand_ev": self.stand_ev,
            "mulligan_ev": self.mulligan_ev,
            "mulligan_se": self.mulligan_se,
            "mulligan_exact": self.mulligan_exact,
            "best": "mulligan" if self.optimal_mulligan else "stand",
            "close_call": self.close,
        }


@dataclass(frozen=True)
class AnteRow:
    outcome: str
    mulligan: bool
    pays: float
    probability: float
    probability_se: float  # 0 for exact rows
    ret: float
    exact: bool


@dataclass(frozen=True)
class Analysis:
    paytable: PayTable
    strategy: str
    pair_plus_initial: PairPlusTable
    pair_plus_mulligan: PairPlusTable
    ante_rows: list[AnteRow]
    ante_return: float
    ante_return_se: float
    mulligan_frequency: Fraction
    classes: list[HandClass]
    rule: dict[str, Any]
    seconds: dict[str, float]

    @property
    def average_wager(self) -> float:
        return 1 + float(self.mulligan_frequency)

    @property
    def element_of_risk(self) -> float:
        return -self.ante_return / self.average_wager

    def to_json(self) -> dict[str, Any]:
        return {
            "paytable": self.paytable.to_json(),
            "strategy": self.strategy,
            "pair_plus_initial": self.pair_plus_initial.to_json(),
            "pair_plus_mulligan": self.pair_plus_mulligan.to_json(),
            "ante": {
                "rows": [
                    {
                        "event": row.outcome,
                        "mulligan": row.mulligan,
                        "pays": row.pays,
                        "probability": row.probability,
                        "probability_se": row.probability_se,
                        "return": row.ret,
                        "exact": row.exact,
                    }
                    for row in self.ante_rows
                ],
                "return": self.ante_return,
                "return_se": self.ante_return_se,
                "mulligan_frequency": float(self.mulligan_frequency),
                "average_wager": self.average_wager,
                "element_of_risk": self.element_of_risk,
                "element_of_risk_se": self.ante_return_se / self.average_wager,
            },
            "strategy_derived": {"rule": self.rule, "classes": [c.to_json() for c in self.classes]},
            "seconds": self.seconds,
        }


def seed_mulligan_mask() -> BoolArray:
    """The seed's strategy per hand: a Mulligan on anything below K-10 (``hands.SEED_STANDS_AT``)."""
    result: BoolArray = hand_tables().value < SEED_STANDS_AT
    return result


def _derive_rule(classes: list[HandClass]) -> dict[str, Any]:
    """The derived decisions as a threshold: the weakest hand to stand on, and any exceptions to it."""
    ordered = sorted(classes, key=lambda c: c.value)
    standing = [c for c in ordered if not c.optimal_mulligan]
    weakest = standing[0] if standing else None
    threshold = weakest.value if weakest else math.inf
    exceptions = [c for c in ordered if c.optimal_mulligan == (c.value >= threshold)]
    seed_disagrees = [c for c in ordered if c.optimal_mulligan != (c.value < SEED_STANDS_AT)]
    return {
        "stand_at_least": weakest.cards if weakest else None,
        "exceptions": [c.cards for c in exceptions],
        "seed_rule": "stand with K-10 or higher",
        "classes_differing_from_seed": [c.cards for c in seed_disagrees],
        "hands_differing_from_seed": sum(c.weight for c in seed_disagrees),
        "close_calls": [c.cards for c in ordered if c.close],
        "exact_mulligan_ev": [c.cards for c in ordered if c.mulligan_exact],
    }


def analyze(
    paytable: PayTable,
    strategy: str = "seed",
    *,
    samples: int = 20_000,
    refine_samples: int = 1_000_000,
    seed: int = 1,
    exact_close: bool = False,
    clock: Callable[[], float] | None = None,
) -> Analysis:
    """All the tables for one pay table; ``strategy`` is "seed" (K-10) or "optimal" (derived here).

    ``exact_close``: the classes still within three standard errors of a tie after the refinement
    get their exact Mulligan counts (:func:`mulligan_counts_exact`, seconds each).
    """
    import time

    if strategy not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy!r}; choose {', '.join(STRATEGIES)}")
    now = clock or time.perf_counter
    tables = hand_tables()
    seconds: dict[str, float] = {}

    start = now()
    initial = pair_plus_initial(paytable)
    seconds["pair_plus_initial"] = now() - start

    start = now()
    stand = stand_counts()
    ante_by_category = np.array([float(paytable.ante_pays(name)) for name in CATEGORIES])
    class_cards = tables.cards[tables.classes]
    class_category = tables.category[tables.classes]
    stand_ev = (ante_by_category[class_category] * stand.wins - stand.losses) / STAND_DEALS
    seconds["stand_exact"] = now() - start

    start = now()
    sims = simulate_mulligans(samples, seed)
    mull_ev, mull_se = mulligan_ev(sims, paytable)
    close = np.abs(mull_ev - stand_ev) < 4 * mull_se
    if refine_samples > 0 and close.any():
        extra = mulligan_outcomes(class_cards[close], refine_samples, np.random.default_rng(seed + 1))
        sims.counts[close] += extra
        mull_ev, mull_se = mulligan_ev(sims, paytable)
    seconds["mulligan_simulated"] = now() - start
    if exact_close:
        start = now()
        for i in np.flatnonzero(np.abs(mull_ev - stand_ev) < 3 * mull_se):
            sims.counts[i] = mulligan_counts_exact([int(c) for c in class_cards[i]])
            sims.exact[i] = True
        mull_ev, mull_se = mulligan_ev(sims, paytable)
        seconds["mulligan_exact_close"] = now() - start

    optimal_class = mull_ev > stand_ev
    seed_mask = seed_mulligan_mask()
    mask = seed_mask if strategy == "seed" else optimal_class[tables.class_of]
    class_mask = mask[tables.classes]

    start = now()
    after = pair_plus_mulligan(paytable, mask)
    seconds["pair_plus_mulligan"] = now() - start

    rows, ante_return, ante_se = _ante_rows(paytable, stand, sims, class_mask)
    classes = [
        HandClass(
            cards=card_names(class_cards[i][::-1]),  # highest card first, as people write hands
            weight=int(tables.class_weight[i]),
            value=int(tables.value[tables.classes[i]]),
            stand_ev=float(stand_ev[i]),
            mulligan_ev=float(mull_ev[i]),
            mulligan_se=float(mull_se[i]),
            takes_mulligan=bool(class_mask[i]),
            optimal_mulligan=bool(optimal_class[i]),
            close=bool(abs(mull_ev[i] - stand_ev[i]) < 3 * mull_se[i]),
            mulligan_exact=bool(sims.exact[i]),
        )
        for i in range(tables.classes.size)
    ]
    return Analysis(
        paytable=paytable,
        strategy=strategy,
        pair_plus_initial=initial,
        pair_plus_mulligan=after,
        ante_rows=rows,
        ante_return=ante_return,
        ante_return_se=ante_se,
        mulligan_frequency=Fraction(int(mask.sum()), HAND_COUNT),
        classes=classes,
        rule=_derive_rule(classes),
        seconds=seconds,
    )


def _ante_rows(
    paytable: PayTable, stand: StandCounts, sims: MulliganSamples, class_mask: BoolArray
) -> tuple[list[AnteRow], float, float]:
    tables = hand_tables()
    weight = tables.class_weight.astype(np.float64) / HAND_COUNT
    class_category = tables.category[tables.classes]
    pays = [paytable.ante[name] for name in OUTCOMES[:WIN_OUTCOMES]] + [0.0, -1.0]
    standing = ~class_mask
    # No Mulligan: exact.
    stand_prob = np.zeros(len(OUTCOMES))
    event_of_category = np.array(
        [OUTCOMES.index(n) if n in OUTCOMES[:3] else OUTCOMES.index("other") for n in CATEGORIES]
    )
    win_event = event_of_category[class_category]
    for e in range(WIN_OUTCOMES):
        chosen = standing & (win_event == e)
        stand_prob[e] = float((weight[chosen] * stand.wins[chosen]).sum()) / STAND_DEALS
    stand_prob[TIE] = float((weight[standing] * stand.ties[standing]).sum()) / STAND_DEALS
    stand_prob[LOSS] = float((weight[standing] * stand.losses[standing]).sum()) / STAND_DEALS
    # Mulligan: each class's frequencies, weighted by the class's share of hands (stratified).
    n = sims.samples.astype(np.float64)
    freq = sims.counts / n[:, None]
    n = np.where(sims.exact, np.inf, n)  # exact classes add no sampling error
    share = np.where(class_mask, weight, 0.0)
    mull_prob = share @ freq
    mull_var = (share**2 / np.maximum(n - 1, 1)) @ (freq * (1 - freq))
    payoff = 2 * np.array(pays)
    per_class_ev = freq @ payoff
    per_class_var = np.maximum(freq @ (payoff * payoff) - per_class_ev**2, 0.0) / np.maximum(n - 1, 1)
    ret_se = float(math.sqrt(float((share**2) @ per_class_var)))
    rows: list[AnteRow] = []
    for e, name in enumerate(OUTCOMES):
        for mulligan in (True, False):
            prob = float(mull_prob[e]) if mulligan else float(stand_prob[e])
            pay = pays[e] * (2 if mulligan else 1)
            se = float(math.sqrt(mull_var[e])) if mulligan else 0.0
            rows.append(AnteRow(name, mulligan, pay, prob, se, prob * pay, exact=not mulligan))
    total = sum(row.ret for row in rows)
    return rows, total, ret_se


__all__ = [
    "MULLIGAN_DEALS",
    "OUTCOME_TITLES",
    "STAND_DEALS",
    "STRATEGIES",
    "Analysis",
    "PairPlusTable",
    "analyze",
    "categories_avoiding",
    "mulligan_counts_exact",
    "pair_plus_initial",
    "pair_plus_mulligan",
    "seed_mulligan_mask",
    "stand_counts",
]
