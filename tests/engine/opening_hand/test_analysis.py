"""The analyser's exact keep probabilities against sums computed another way, and against simulation."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from engine.__main__ import main
from engine.games.opening_hand.analysis import RULES, exact_keep, hypergeometric, paired_difference, simulate
from engine.games.opening_hand.bots import KeepPolicy


def hands_by_lands(deck: int, lands: int, size: int) -> list[int]:
    """How many ``size``-card hands hold 0, 1, ... lands, counted card by card (no binomials)."""
    ways = [[0] * (size + 1) for _ in range(size + 1)]  # ways[cards][lands]
    ways[0][0] = 1
    for card in range(deck):
        is_land = card < lands
        for cards in range(min(card + 1, size), 0, -1):
            for n in range(cards, -1, -1):
                ways[cards][n] += ways[cards - 1][n - 1] if is_land and n else 0
                ways[cards][n] += ways[cards - 1][n] if not is_land else 0
    return ways[size]


def probability(deck: int, lands: int, size: int, keep: range) -> Fraction:
    counts = hands_by_lands(deck, lands, size)
    return Fraction(sum(counts[n] for n in keep if n < len(counts)), sum(counts))


@pytest.mark.parametrize(("deck", "lands"), [(60, 24), (40, 17), (60, 16), (100, 38)])
def test_keep_at_seven_is_the_hypergeometric_sum_over_two_to_five_lands(deck: int, lands: int) -> None:
    expected = probability(deck, lands, 7, range(2, 6))
    for rule in ("london", "paris", "vancouver", "commander_partial_paris"):
        assert exact_keep(rule, deck=deck, lands=lands).keep_at[7] == expected


def test_paris_keep_at_six_is_a_product_of_independent_redraws() -> None:
    p7 = probability(60, 24, 7, range(2, 6))
    p6 = probability(60, 24, 6, range(1, 6))  # one card fewer: one land is enough, one spell needed
    p5 = probability(60, 24, 5, range(1, 5))
    exact = exact_keep("paris").keep_at
    assert exact[6] == (1 - p7) * p6
    assert exact[5] == (1 - p7) * (1 - p6) * p5
    assert exact[4] == (1 - p7) * (1 - p6) * (1 - p5)  # four cards are always kept
    assert exact_keep("vancouver").keep_at == exact


def test_london_keeps_a_seven_card_draw_that_bottoming_can_fix() -> None:
    p7 = probability(60, 24, 7, range(2, 6))
    # One to bottom, six kept with 1-5 lands: any seven but all lands or no lands.
    p6 = probability(60, 24, 7, range(1, 7))
    # Two to bottom, five kept with 1-4 lands: 1 to 6 lands among the seven.
    p5 = probability(60, 24, 7, range(1, 7))
    exact = exact_keep("london").keep_at
    assert exact[6] == (1 - p7) * p6
    assert exact[5] == (1 - p7) * (1 - p6) * p5
    assert sum(exact.values()) == 1
    assert exact[6] > exact_keep("paris").keep_at[6]  # London keeps more six-card hands


def test_original_1994_redraws_only_all_land_and_no_land_hands() -> None:
    result = exact_keep("original_1994")
    assert result.keep_at == {7: 1}
    assert result.mulligans[1] == probability(60, 24, 7, range(0, 1)) + probability(60, 24, 7, range(7, 8))


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("free", [False, True])
def test_every_distribution_sums_to_one(rule: str, free: bool) -> None:
    result = exact_keep(rule, deck=40, lands=15, free_first_mulligan=free)
    assert sum(result.keep_at.values()) == 1
    assert sum(result.mulligans.values()) == 1
    assert all(p > 0 for p in result.keep_at.values())


def test_the_free_first_mulligan_draws_seven_again() -> None:
    p7 = probability(60, 24, 7, range(2, 6))
    assert exact_keep("paris", free_first_mulligan=True).keep_at[7] == p7 + (1 - p7) * p7


def test_a_policy_that_keeps_everything_keeps_seven() -> None:
    policy = KeepPolicy(min_lands=0, max_lands=7, always_keep_at=7)
    for rule in RULES:
        assert exact_keep(rule, policy=policy).keep_at == {7: 1}


def commander_by_sampling(hands: int, rng: random.Random, policy: KeepPolicy) -> dict[int, int]:
    """Partial Paris played out with a list of cards, to check the exact chain."""
    kept: dict[int, int] = {}
    for _ in range(hands):
        library = [True] * 24 + [False] * 36  # True: a land
        rng.shuffle(library)
        hand, library = library[:7], library[7:]
        while hand and not policy.keeps(len(hand), sum(hand)):
            out_lands, out_spells = policy.exile_plan(len(hand), sum(hand), len(hand) - 1)
            hand = [True] * (sum(hand) - out_lands) + [False] * (len(hand) - sum(hand) - out_spells)
            draws = out_lands + out_spells - 1
            hand, library = hand + library[:draws], library[draws:]  # the exiled stay out
        kept[len(hand)] = kept.get(len(hand), 0) + 1
    return kept


def test_commander_chain_agrees_with_sampling() -> None:
    policy = KeepPolicy()
    hands = 40_000
    counts = commander_by_sampling(hands, random.Random(8), policy)
    exact = exact_keep("commander_partial_paris", policy=policy).keep_at
    for size, p in exact.items():
        observed = counts.get(size, 0) / hands
        se = (float(p) * (1 - float(p)) / hands) ** 0.5
        assert abs(observed - float(p)) <= 4 * se + 1e-9, (size, observed, float(p))


def test_hypergeometric_matches_counting() -> None:
    counts = hands_by_lands(30, 11, 5)
    total = sum(counts)
    assert [hypergeometric(30, 11, 5, n) for n in range(6)] == [Fraction(c, total) for c in counts]
    assert hypergeometric(10, 3, 4, 4) == 0


def test_the_json_form_is_plain_data() -> None:
    data = exact_keep("london").to_json()
    assert json.loads(json.dumps(data)) == data
    assert list(data["keep_at"]) == ["7", "6", "5", "4"]


@pytest.mark.parametrize("rule", RULES)
def test_simulated_keeps_agree_with_the_exact_figures(rule: str) -> None:
    games = 1500
    simulated = simulate(rule, games=games, seed=11)
    exact = exact_keep(rule)
    assert simulated.hands == 2 * games  # two players' hands per game, each its own library
    for size in (7, 6):
        p = float(exact.keep_at.get(size, 0))
        se = (p * (1 - p) / simulated.hands) ** 0.5
        observed, _ = simulated.keep_rate(size)
        assert abs(observed - p) <= 4 * se + 1e-12, (rule, size, observed, p)
    assert simulated.win_turn.count + simulated.capped == games
    assert 3 < simulated.win_turn.mean < 10
    assert 0 < simulated.win_turn.se < 0.2


def test_the_command_line_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "analyze",
            "opening-hand",
            "--rule",
            "paris",
            "--lands",
            "24",
            "--deck",
            "60",
            "--games",
            "40",
            "--json",
        ]
    )
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert report["highlight"] == "paris"
    assert list(report["rules"]) == list(RULES)
    for rule in RULES:
        entry = report["rules"][rule]
        assert entry["exact"] == exact_keep(rule).to_json()
        assert entry["simulated"]["games"] == 40
        assert entry["simulated"]["mean_win_turn"]["n"] + entry["simulated"]["turn_cap_reached"] == 40
    assert "keep_at" in report["exact"] and "mean_win_turn" in report["simulated"]
    paris = report["rules"]["paris"]["simulated"]["win_turn_minus_highlight"]
    assert paris["mean"] == 0 and paris["n"] == 40  # the highlighted rule against itself


def test_paired_differences_skip_games_ended_by_the_cap() -> None:
    difference = paired_difference([5, 6, None, 7], [4, 6, 5, None])
    assert difference.count == 2
    assert difference.mean == 0.5


def test_the_command_line_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "opening-hand", "--deck", "40", "--lands", "17", "--games", "20"]) == 0
    out = capsys.readouterr().out
    assert "*London" in out and "Commander" in out and "1994" in out
    assert "exact (hypergeometric)" in out and "mean winning turn" in out
    assert f"{float(exact_keep('london', deck=40, lands=17).keep_at[7]):.6f}" in out


@pytest.mark.parametrize(
    "arguments",
    [["--lands", "70"], ["--deck", "5"], ["--games", "-1"], ["--min-lands", "6"], ["--lands", "-2"]],
)
def test_the_command_line_refuses_bad_input(arguments: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "opening-hand", "--games", "0", *arguments]) == 2  # bad usage
    assert "error:" in capsys.readouterr().err
