"""The whole exact Three Card Mulligan analysis: classes against a brute force, the seed's table
(`003_8201fe0072244558.txt`, "Ante Analysis"), the derived strategy, the README, another pay table
and the CLI.

The analysis (about 20 s of one core) is computed once per process: ``mulligan_counts`` is cached.
"""

from __future__ import annotations

import json
import math
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from engine.__main__ import main
from engine.cards import parse_cards
from engine.games.three_card.analysis import MULLIGAN_DEALS, Analysis, analyze, seed_mulligan_mask
from engine.games.three_card.analysis_mulligan import mulligan_counts, outcome_of_category
from engine.games.three_card.analysis_sim import simulate_hands
from engine.games.three_card.analysis_tables import comb3, hand_number, hand_tables
from engine.games.three_card.config import DEFAULT_PAYTABLE, paytable_from_json
from engine.games.three_card.hands import hand_category

README = Path(__file__).resolve().parents[3] / "README.md"
OTHER_PAYS: dict[str, Any] = {
    "name": "other",
    "ante": {"straight_flush": 9, "three_of_a_kind": 5, "straight": "2 to 1", "other": 1},
    "pair_plus": {
        "straight_flush": 50,
        "three_of_a_kind": 25,
        "straight": 5,
        "flush": 4,
        "pair": 2,
        "high_card": -1,
    },
}
OTHER = paytable_from_json(OTHER_PAYS)
# The seed's "Three Card Mulligan Return Table": (event, Mulligan) -> probability, return.
SEED_TABLE = {
    ("straight_flush", True): (0.001075, 0.012894),
    ("three_of_a_kind", True): (0.001160, 0.009284),
    ("straight_flush", False): (0.002169, 0.013014),
    ("three_of_a_kind", False): (0.002341, 0.009365),
    ("straight", True): (0.015675, 0.047025),
    ("other", True): (0.169427, 0.338855),
    ("straight", False): (0.031575, 0.047363),
    ("other", False): (0.286811, 0.286811),
    ("tie", False): (0.000608, 0.0),
    ("tie", True): (0.000500, 0.0),
    ("loss", False): (0.176960, -0.176960),
    ("loss", True): (0.311698, -0.623396),
}


@pytest.fixture(scope="module")
def seed_pays() -> Analysis:
    return analyze(DEFAULT_PAYTABLE)


def _brute_force_mulligans(names: list[str]) -> list[int]:
    """Mulligan deals of one starting hand by outcome, new hand by new hand and dealer hand by dealer
    hand; each redraw of the dealer's is one of the final hands of the 46 cards left that does not
    hold one of the three cards he threw away (counted by removing the hands holding them)."""
    tables = hand_tables()
    left = np.flatnonzero(~tables.contains[:, parse_cards(names)].any(axis=1))
    cards, rank, strong = tables.cards[left], tables.rank[left], tables.strong[left]
    event = outcome_of_category()[tables.category[left]]
    pair_of = np.stack([cards[:, i] * 52 + cards[:, j] for i, j in ((0, 1), (0, 2), (1, 2))])
    weak = np.flatnonzero(~strong)
    contains = tables.contains[left]  # taken once: a fancy index copies the whole table
    counts = [0] * 6
    for new in range(left.size):
        dealer = np.logical_not(contains[:, cards[new]].any(axis=1))  # of the 46 left
        redrawn = weak[dealer[weak]]
        a, b, c = cards[redrawn].T
        found = []
        for final in (dealer & (rank < rank[new]), dealer & (rank == rank[new])):
            total = int((final & strong).sum()) * comb3(43)  # he stands: any redraw he never takes
            held = np.flatnonzero(final)
            by_card = np.bincount(cards[held].ravel(), minlength=52)
            by_pair = np.bincount(pair_of[:, held].ravel(), minlength=52 * 52).reshape(52, 52)
            by_pair += by_pair.T
            total += int(
                (
                    held.size
                    - by_card[a]
                    - by_card[b]
                    - by_card[c]
                    + by_pair[a, b]
                    + by_pair[a, c]
                    + by_pair[b, c]
                    - final[redrawn]
                ).sum()
            )
            found.append(total)
        counts[event[new]] += found[0]
        counts[4] += found[1]
        counts[5] += comb3(46) * comb3(43) - found[0] - found[1]
    return counts


# The closest decision of the derived strategy (K-10-2 with the 10 and the 2 suited), and a pair.
@pytest.mark.parametrize("names", [["Kc", "Td", "2d"], ["7c", "7d", "2h"]])
def test_a_class_counts_every_mulligan_deal(names: list[str]) -> None:
    tables = hand_tables()
    i = int(tables.class_of[hand_number(sorted(parse_cards(names)))])
    counted = mulligan_counts()[i].tolist()
    assert counted == _brute_force_mulligans(names)
    assert sum(counted) == MULLIGAN_DEALS


def test_every_class_plays_every_mulligan_deal() -> None:
    assert (mulligan_counts().sum(axis=1) == MULLIGAN_DEALS).all()
    assert (mulligan_counts() > 0).all()


def test_the_seeds_table_within_its_printed_precision_where_it_is_an_exact_count(seed_pays: Analysis) -> None:
    tables = seed_pays.strategies["seed"]
    rows = {(row.outcome, row.mulligan): row for row in tables.ante_rows}
    assert list(rows) == list(SEED_TABLE)  # the seed's rows, in its order
    agree = [key for key in rows if round(float(rows[key].probability), 6) == SEED_TABLE[key][0]]
    assert agree == [
        ("three_of_a_kind", True),
        ("three_of_a_kind", False),
        ("straight", False),
        ("tie", False),
        ("tie", True),
    ]
    # The other rows are within 1.3e-5 (README): the seed's own rows cannot be exact counts. Its
    # no-Mulligan probabilities add up to 11,060.25 of the 22,100 starting hands; even with each of
    # the six off by its rounding (5e-7), that is no whole number of hands.
    no_rows = sum(p for (_, taken), (p, _) in SEED_TABLE.items() if not taken)
    assert abs(no_rows * 22_100 - round(no_rows * 22_100)) > 6 * 5e-7 * 22_100
    for key, row in rows.items():
        assert abs(float(row.probability) - SEED_TABLE[key][0]) < 1.3e-5
    # The seed's rounded summaries hold for the exact count: a Mulligan on 50.0% of the hands, an
    # average wager of 1.5 units, an element of risk of 2.38%; its house edge (3.57%) is 3.5758% here.
    assert round(float(tables.mulligan_frequency), 3) == 0.5
    assert tables.mulligan_frequency == Fraction(11_040, 22_100)
    assert round(float(tables.average_wager), 1) == 1.5
    assert round(100 * float(tables.element_of_risk), 2) == 2.38
    assert round(-100 * float(tables.ante_return), 2) == 3.58
    assert abs(float(tables.ante_return) - -0.035744) < 1.5e-5
    assert sum(row.probability for row in tables.ante_rows) == 1


def test_the_exact_table_agrees_with_the_simulated_game(seed_pays: Analysis) -> None:
    # An independent model of the deal: twelve cards off one shuffled deck, as the table deals them.
    simulated = simulate_hands(1_000_000, seed_mulligan_mask(), DEFAULT_PAYTABLE, seed=3)
    assert (
        abs(simulated.mean - float(seed_pays.strategies["seed"].ante_return)) < 4 * simulated.standard_error
    )


def test_the_derived_strategy_takes_the_better_bet_of_every_class(seed_pays: Analysis) -> None:
    classes = seed_pays.classes
    assert len(classes) == 1_755 and sum(c.weight for c in classes) == 22_100
    for c in classes:
        assert c.optimal_mulligan == (c.mulligan_ev > c.stand_ev)
        if hand_category(parse_cards(c.cards)) in ("pair", "three_of_a_kind", "straight_flush"):
            assert not c.optimal_mulligan
    # Best class by class, so no strategy returns more: not the seed's either (exact fractions).
    optimal, seed = seed_pays.strategies["optimal"], seed_pays.strategies["seed"]
    assert optimal.ante_return >= seed.ante_return
    by_classes = sum(
        (Fraction(c.weight, 22_100) * max(c.stand_ev, c.mulligan_ev) for c in classes), Fraction(0)
    )
    assert optimal.ante_return == by_classes
    rule = seed_pays.rule
    assert rule["hands_differing_from_seed"] == sum(
        c.weight for c in classes if c.optimal_mulligan != c.seed_mulligan
    )
    assert rule["exact_ties"] == []


def test_the_readme_describes_the_derived_strategy_as_computed(seed_pays: Analysis) -> None:
    text = " ".join(README.read_text(encoding="utf-8").split())
    sentence = seed_pays.rule["sentence"]
    assert f"**{sentence}**" in text
    # And the exact margins it quotes for the exceptions.
    for cards in seed_pays.rule["exceptions"]:
        hand = next(c for c in seed_pays.classes if c.cards == cards)
        assert f"{float(hand.mulligan_ev - hand.stand_ev):.5f}" in text


def test_another_pay_table_reuses_the_counts_and_pays_its_own(seed_pays: Analysis) -> None:
    other = analyze(OTHER)
    for name in ("seed", "optimal"):
        rows = other.strategies[name].ante_rows
        for row in rows:
            pays = {"tie": Fraction(0), "loss": Fraction(-1)}.get(row.outcome)
            expected = OTHER.ante_exact[row.outcome] if pays is None else pays
            assert row.pays == expected * (2 if row.mulligan else 1)
    # The seed strategy's probabilities do not depend on the pays; the returns do.
    for before, after in zip(
        seed_pays.strategies["seed"].ante_rows, other.strategies["seed"].ante_rows, strict=True
    ):
        assert before.probability == after.probability
    assert other.strategies["seed"].ante_return != seed_pays.strategies["seed"].ante_return
    # A class's Mulligan EV is its counts paid by the table: Kc-Td-2d, by its brute-forced counts' sums.
    tables = hand_tables()
    i = int(tables.class_of[hand_number(sorted(parse_cards(["Kc", "Td", "2d"])))])
    sf, trips, straight, rest, _tie, loss = (int(n) for n in mulligan_counts()[i])
    expected_ev = Fraction(2 * (9 * sf + 5 * trips + 2 * straight + rest - loss), MULLIGAN_DEALS)
    assert other.classes[i].mulligan_ev == expected_ev


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_prints_the_seeds_rows_and_both_strategies(
    capsys: pytest.CaptureFixture[str], seed_pays: Analysis
) -> None:
    code, out, err = _run(capsys, "analyze", "three-card")
    assert code == 0, err
    assert "house edge 7.2760%" in out and "seed: stand with K-10 or higher" in out
    seed_block = out.split("strategy 'seed'")[1]
    for (event, taken), row in zip(SEED_TABLE, seed_pays.strategies["seed"].ante_rows, strict=True):
        assert (event, taken) == (row.outcome, row.mulligan)
        line = re.search(rf"{float(row.probability):.6f} +{float(row.ret):.6f}", seed_block)
        assert line is not None
    assert f"derived: {seed_pays.rule['sentence']}" in out
    assert "simulat" not in out.lower() and "hours" not in out


def test_cli_json_and_a_pay_table_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    good = tmp_path / "pays.json"
    good.write_text(json.dumps(OTHER_PAYS), encoding="utf-8")
    code, out, err = _run(capsys, "analyze", "three-card", "--json", "--paytable", str(good))
    assert code == 0, err
    data = json.loads(out)
    assert data["paytable"]["name"] == "other"
    assert set(data["strategies"]) == {"seed", "optimal"}
    ante = data["strategies"]["seed"]["ante"]
    assert len(ante["rows"]) == 12
    exact = Fraction(ante["return_exact"])
    assert (
        math.isclose(float(exact), ante["return"]) and exact == analyze(OTHER).strategies["seed"].ante_return
    )
    assert len(data["strategy_derived"]["classes"]) == 1_755
    assert data["strategies"]["optimal"]["rule"] == data["strategy_derived"]["rule"]["sentence"]
