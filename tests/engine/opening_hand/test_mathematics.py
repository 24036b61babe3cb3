"""Checked against mathematics (issue 8, point 4): opening hands follow the hypergeometric law,
and no procedure ever gains or loses a card."""

from __future__ import annotations

import random
from collections import Counter
from math import comb, sqrt
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import get_game
from engine.games.opening_hand import deck
from engine.games.opening_hand.config import normalize_config
from engine.games.opening_hand.procedure import Procedure
from engine.games.opening_hand.rules import OpeningHandState

DEALS = 3000
# chi-square with 7 degrees of freedom (at most 8 land counts after pooling): P(X > 29.9) = 0.0001.
CHI2_LIMIT_7_DF = 29.9


def hypergeometric(k: int, lands: int, size: int, drawn: int) -> float:
    return comb(lands, k) * comb(size - lands, drawn - k) / comb(size, drawn)


def land_counts(config: dict[str, Any], deals: int, *, after_mulligan: bool = False) -> Counter[int]:
    normalized = normalize_config(config)
    counts: Counter[int] = Counter()
    for seed in range(deals):
        procedure = Procedure(normalized, seed)
        if after_mulligan:  # a London mulligan reshuffles and draws seven again
            procedure.apply(0, {"type": "mulligan"})
            procedure.apply(1, {"type": "mulligan"})
        for zones in procedure.zones:
            counts[sum(deck.is_land(card) for card in zones.hand)] += 1
    return counts


def assert_hypergeometric(counts: Counter[int], lands: int, size: int) -> None:
    total = sum(counts.values())
    chi2 = 0.0
    pooled_expected = pooled_observed = 0.0
    for k in range(8):
        p = hypergeometric(k, lands, size, 7)
        expected = total * p
        error = sqrt(total * p * (1 - p))
        assert abs(counts[k] - expected) <= 4.5 * error + 1, (k, counts[k], expected)
        pooled_expected += expected
        pooled_observed += counts[k]
        if pooled_expected >= 5:
            chi2 += (pooled_observed - pooled_expected) ** 2 / pooled_expected
            pooled_expected = pooled_observed = 0.0
    assert chi2 < CHI2_LIMIT_7_DF, (chi2, sorted(counts.items()))


def test_the_pmf_is_a_distribution() -> None:
    assert abs(sum(hypergeometric(k, 24, 60, 7) for k in range(8)) - 1) < 1e-12
    # C(24, 3) C(36, 4) / C(60, 7): three lands in a seven-card hand, about 30.9%.
    assert hypergeometric(3, 24, 60, 7) == 2024 * 58905 / 386206920


def test_seven_card_hands_of_the_default_deck_follow_the_hypergeometric_law() -> None:
    assert_hypergeometric(land_counts({}, DEALS), lands=24, size=60)


def test_a_forty_card_deck_with_seventeen_lands() -> None:
    assert_hypergeometric(land_counts({"deck": {"size": 40, "lands": 17}}, DEALS), lands=17, size=40)


def test_hands_after_a_london_mulligan_are_fresh_seven_card_draws() -> None:
    assert_hypergeometric(land_counts({"rule": "london"}, DEALS // 2, after_mulligan=True), lands=24, size=60)


CONFIGS = get_game("opening_hand").conformance_configs()


def assert_accounting(state: OpeningHandState) -> None:
    for seat, zones in enumerate(state.zones):
        owned = Counter(state.procedure.library_of(seat))
        held = Counter(zones.cards())
        assert held == owned, f"seat {seat} gained {held - owned} or lost {owned - held}"
        assert len(zones.cards()) == state.config["deck"]["size"]


@settings(max_examples=150, deadline=None)
@given(
    config=st.sampled_from(CONFIGS),
    seed=st.integers(0, 2**63 - 1),
    policy=st.integers(0, 2**32),
    mulligan_weight=st.floats(0.0, 0.95),
)
def test_no_playout_gains_or_loses_a_card(
    config: dict[str, Any], seed: int, policy: int, mulligan_weight: float
) -> None:
    state = get_game("opening_hand").new_state(config, seed)
    assert isinstance(state, OpeningHandState)
    rng = random.Random(policy)
    while not state.is_over:
        assert_accounting(state)
        seat = rng.choice(state.to_act())
        legal = state.legal_actions(seat)
        # Lean towards mulligans and Serum Powder, so the long procedures are played too.
        eager = [a for a in legal if a["type"] in ("mulligan", "serum_powder")]
        action = rng.choice(eager) if eager and rng.random() < mulligan_weight else rng.choice(legal)
        state.apply(seat, action)
    assert_accounting(state)
