"""The Three Card Mulligan analyser: exact tables against brute force, the simulator, pay tables, the CLI."""

from __future__ import annotations

import itertools
import json
import math
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from engine.__main__ import main
from engine.cards import parse_cards
from engine.games.three_card.analysis import (
    MULLIGAN_DEALS,
    STAND_DEALS,
    Analysis,
    analyze,
    categories_avoiding,
    mulligan_counts_exact,
    pair_plus_initial,
    pair_plus_mulligan,
    seed_mulligan_mask,
    stand_counts,
)
from engine.games.three_card.analysis_sim import mulligan_outcomes, simulate_hands
from engine.games.three_card.analysis_tables import comb3, hand_number, hand_tables
from engine.games.three_card.config import DEFAULT_PAYTABLE, PayTable, paytable_from_json
from engine.games.three_card.hands import CATEGORIES, SEED_STANDS_AT, dealer_stands, hand_category, hand_value

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


@pytest.fixture(scope="module")
def seed_analysis() -> Analysis:
    # Few simulated Mulligans: the exact parts do not depend on them, the rest carry standard errors.
    return analyze(DEFAULT_PAYTABLE, "seed", samples=2_000, refine_samples=0, seed=7)


@pytest.fixture(scope="module")
def other_analysis() -> Analysis:
    return analyze(OTHER, "seed", samples=2_000, refine_samples=0, seed=7)


def test_initial_pair_plus_counts_are_the_seeds() -> None:
    table = pair_plus_initial(DEFAULT_PAYTABLE)
    assert [row.combinations for row in table.rows] == [48, 52, 720, 1096, 3744, 16440]
    assert table.total == 22_100
    assert round(table.house_edge, 6) == 0.072760


def test_initial_pair_plus_follows_any_pay_table() -> None:
    # Independently: every hand's category from hand_category, paid by the given table.
    brute = sum(
        (OTHER.pair_plus_pays(hand_category(hand)) for hand in itertools.combinations(range(52), 3)),
        Fraction(0),
    ) / Fraction(22_100)
    assert pair_plus_initial(OTHER).exact_return == brute
    assert pair_plus_initial(OTHER).exact_return != pair_plus_initial(DEFAULT_PAYTABLE).exact_return


@pytest.mark.parametrize(
    "names", [["Kh", "Td", "2c"], ["5s", "6s", "7s"], ["9c", "9d", "Ah"], ["2d", "3c", "Ad"]]
)
def test_hands_left_after_a_discard_by_category(names: list[str]) -> None:
    discards = parse_cards(names)
    left = [c for c in range(52) if c not in discards]
    expected = [0] * len(CATEGORIES)
    for hand in itertools.combinations(left, 3):
        expected[CATEGORIES.index(hand_category(hand))] += 1
    assert categories_avoiding()[hand_number(sorted(discards))].tolist() == expected


def test_mulligan_pair_plus_is_the_discard_weighted_mix() -> None:
    mask = seed_mulligan_mask()
    table = pair_plus_mulligan(DEFAULT_PAYTABLE, mask)
    assert table.total == int(mask.sum()) * comb3(49)
    # Every hand the K-10 rule mulligans has three different ranks, so exactly 10*4 + 3*1 trips are left.
    trips = next(row for row in table.rows if row.category == "three_of_a_kind")
    assert trips.combinations == int(mask.sum()) * 43
    # Linearity: probabilities do not depend on the pays, the return is their pay-weighted sum.
    other = pair_plus_mulligan(OTHER, mask)
    assert [r.combinations for r in other.rows] == [r.combinations for r in table.rows]
    assert other.exact_return == sum(
        (Fraction(r.combinations, other.total) * OTHER.pair_plus_pays(r.category) for r in other.rows),
        Fraction(0),
    )
    # Within the seed's last digits: 7.6532% here against the seed's 7.6515% (see the README).
    assert abs(table.house_edge - 0.076515) < 0.00002


def test_dealers_unseen_cards_do_not_change_the_mulligan_hand() -> None:
    """Reduced deck, brute force: removing the dealer's three as well leaves the new hand's odds alone."""
    deck = parse_cards(["As", "Ks", "Qs", "Js", "Ah", "Kh", "Qh", "2c", "3c", "4d", "5d", "Ad"])
    first = tuple(deck[:3])
    rest = [c for c in deck if c not in first]
    only_discards: dict[str, Fraction] = {}
    for hand in itertools.combinations(rest, 3):
        name = hand_category(hand)
        only_discards[name] = only_discards.get(name, Fraction(0)) + Fraction(1, comb3(len(rest)))
    with_dealer: dict[str, Fraction] = {}
    dealer_hands = list(itertools.combinations(rest, 3))
    for dealer in dealer_hands:
        left = [c for c in rest if c not in dealer]
        for hand in itertools.combinations(left, 3):
            name = hand_category(hand)
            weight = Fraction(1, len(dealer_hands) * comb3(len(left)))
            with_dealer[name] = with_dealer.get(name, Fraction(0)) + weight
    assert with_dealer == only_discards


def _stand_brute_force(names: list[str]) -> tuple[int, int, int]:
    """Wins, ties, losses over all (dealer hand, redraw) deals, enumerating the redraws directly."""
    tables = hand_tables()
    player = parse_cards(names)
    mine = hand_value(player)
    free = ~tables.contains[:, player].any(axis=1)
    wins = ties = losses = 0
    for dealer in np.flatnonzero(free):
        cards = [int(c) for c in tables.cards[dealer]]
        if dealer_stands(cards):
            finals = np.array([tables.value[dealer]])
            repeat = comb3(46)
        else:
            finals = tables.value[free & ~tables.contains[:, cards].any(axis=1)]
            repeat = 1
        wins += int((finals < mine).sum()) * repeat
        ties += int((finals == mine).sum()) * repeat
        losses += int((finals > mine).sum()) * repeat
    return wins, ties, losses


@pytest.mark.parametrize("names", [["Kh", "Td", "2d"], ["Qs", "Js", "Ts"], ["7c", "7d", "2h"]])
def test_exact_standing_counts_match_brute_force(names: list[str]) -> None:
    tables = hand_tables()
    counts = stand_counts()
    cls = tables.class_of[hand_number(sorted(parse_cards(names)))]
    # The class representative may differ by suits: the counts are the same for any member.
    found = (int(counts.wins[cls]), int(counts.ties[cls]), int(counts.losses[cls]))
    assert found == _stand_brute_force(names)
    assert sum(found) == STAND_DEALS


def test_stand_rows_are_the_seeds_within_its_rounding(seed_analysis: Analysis) -> None:
    seed = {"straight_flush": 0.002169, "three_of_a_kind": 0.002341, "straight": 0.031575}
    seed |= {"other": 0.286811, "tie": 0.000608, "loss": 0.176960}
    for row in seed_analysis.ante_rows:
        if not row.mulligan:
            assert row.exact
            # The seed's no-Mulligan rows sum to 0.500464, i.e. 11,060.25 of 22,100 hands: not an
            # exact count of any strategy; the largest gap is 1.3e-5 (README).
            assert abs(row.probability - seed[row.outcome]) < 1.5e-5


def test_ante_return_agrees_with_the_simulator_and_the_seed(seed_analysis: Analysis) -> None:
    simulated = simulate_hands(1_000_000, seed_mulligan_mask(), DEFAULT_PAYTABLE, seed=3)
    error = math.hypot(seed_analysis.ante_return_se, simulated.standard_error)
    assert abs(seed_analysis.ante_return - simulated.mean) < 4 * error
    assert abs(seed_analysis.ante_return - -0.035744) < 4 * seed_analysis.ante_return_se + 1e-6
    assert seed_analysis.mulligan_frequency == Fraction(11_040, 22_100)
    assert round(float(seed_analysis.mulligan_frequency), 3) == 0.5
    assert round(simulated.mulligan_rate, 2) == 0.5
    assert abs(seed_analysis.element_of_risk - 0.0238) < 4 * seed_analysis.ante_return_se / 1.5 + 0.00005
    assert abs(sum(row.probability for row in seed_analysis.ante_rows) - 1) < 0.001


def test_simulator_is_seeded() -> None:
    mask = seed_mulligan_mask()
    assert simulate_hands(20_000, mask, DEFAULT_PAYTABLE, 5) == simulate_hands(
        20_000, mask, DEFAULT_PAYTABLE, 5
    )


def test_another_pay_table_changes_the_returns_linearly(
    seed_analysis: Analysis, other_analysis: Analysis
) -> None:
    # Same deals and same simulated Mulligans (same seed, no refinement, which depends on the pays):
    # every probability is the same, and each return is probability times the new table's pay.
    pays = {name: float(OTHER.ante_pays(name)) for name in ("straight_flush", "three_of_a_kind", "straight")}
    pays |= {"other": 1.0, "tie": 0.0, "loss": -1.0}
    assert other_analysis.ante_return != pytest.approx(seed_analysis.ante_return)
    for before, after in zip(seed_analysis.ante_rows, other_analysis.ante_rows, strict=True):
        assert after.probability == pytest.approx(before.probability)
        assert after.ret == pytest.approx(
            after.probability * pays[after.outcome] * (2 if after.mulligan else 1)
        )
    # Standing EVs are exact and linear in the pays: check one class against brute force.
    wins, _ties, losses = _stand_brute_force(["Qs", "Js", "Ts"])
    cls = other_analysis.classes[
        int(hand_tables().class_of[hand_number(sorted(parse_cards(["Qs", "Js", "Ts"])))])
    ]
    assert cls.stand_ev == pytest.approx((9 * wins - losses) / STAND_DEALS)


def test_strategy_is_derived_and_set_beside_the_seeds(seed_analysis: Analysis) -> None:
    classes = seed_analysis.classes
    assert len(classes) == 1_755
    assert sum(c.weight for c in classes) == 22_100
    by_value = sorted(classes, key=lambda c: c.value)
    # Far from the threshold the decision is clear whatever the noise: trash mulligans, pairs stand.
    assert by_value[0].optimal_mulligan and not by_value[0].close
    pairs = [c for c in classes if hand_category(parse_cards(c.cards)) == "pair"]
    assert pairs and all(not c.optimal_mulligan for c in pairs)
    rule = seed_analysis.rule
    assert rule["seed_rule"] == "stand with K-10 or higher"
    # Every hand where the derived rule and the seed's differ is a king-high hand near K-10 (with so
    # few simulated Mulligans the noise reaches a few classes either side).
    for cards in rule["classes_differing_from_seed"]:
        hand = parse_cards(cards)
        assert hand_category(hand) == "high_card" and max(hand) >> 2 == 11
    assert hand_value(parse_cards(["Ks", "Th", "2d"])) == SEED_STANDS_AT


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


FAST = ("--samples", "300", "--refine-samples", "0")


def test_cli_json_parses(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "analyze", "three-card", "--json", *FAST)
    assert code == 0, err
    data = json.loads(out)
    assert data["pair_plus_initial"]["total_combinations"] == 22_100
    assert len(data["ante"]["rows"]) == 12
    assert len(data["strategy_derived"]["classes"]) == 1_755
    assert set(data["seconds"]) >= {"pair_plus_initial", "stand_exact", "pair_plus_mulligan"}


def test_cli_text_prints_the_tables_and_the_strategy(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "analyze", "three-card", "--strategy", "optimal", *FAST)
    assert code == 0, err
    for text in ("Pair Plus, initial hand", "house edge 7.2760%", "Ante and Mulligan", "derived: stand with"):
        assert text in out
    assert "seed: stand with K-10 or higher" in out


def test_cli_reads_a_pay_table_and_rejects_a_bad_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    good = tmp_path / "pays.json"
    good.write_text(json.dumps(OTHER_PAYS), encoding="utf-8")
    code, out, err = _run(capsys, "analyze", "three-card", "--json", "--paytable", str(good), *FAST)
    assert code == 0, err
    data = json.loads(out)
    assert data["paytable"]["name"] == "other"
    assert data["pair_plus_initial"]["return"] == pytest.approx(float(pair_plus_initial(OTHER).exact_return))
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"ante": {"straight_flush": 6}}), encoding="utf-8")
    code, out, err = _run(capsys, "analyze", "three-card", "--paytable", str(bad), *FAST)
    assert code == 2 and out == ""
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1 and "pay table" in err
    code, _out, err = _run(capsys, "analyze", "three-card", "--samples", "5")
    assert code == 2 and "--samples" in err


def test_paytable_is_the_only_source_of_pays() -> None:
    # A pay table object the analyser was never shown before gives its own, self-consistent tables.
    table = PayTable(
        name="flat",
        ante_exact=dict.fromkeys(("straight_flush", "three_of_a_kind", "straight", "other"), Fraction(1)),
        pair_plus_exact={name: Fraction(1) for name in CATEGORIES},
    )
    assert pair_plus_initial(table).exact_return == 1
    assert pair_plus_mulligan(table, seed_mulligan_mask()).exact_return == 1


def test_exact_mulligan_counts_agree_with_the_simulation() -> None:
    first = sorted(parse_cards(["Kc", "Td", "2d"]))
    exact = mulligan_counts_exact(first)
    assert int(exact.sum()) == MULLIGAN_DEALS
    simulated = mulligan_outcomes(np.array([first]), 200_000, np.random.default_rng(11))[0]
    for count, sampled in zip(exact.tolist(), simulated.tolist(), strict=True):
        p = count / MULLIGAN_DEALS
        assert abs(sampled / 200_000 - p) < 4 * math.sqrt(p * (1 - p) / 200_000) + 1e-9
