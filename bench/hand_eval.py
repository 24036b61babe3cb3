"""Benchmark the Mulligan 5-card evaluator (``hand_key``) against treys' 5-card evaluator.

Run ``python bench/hand_eval.py`` from the repository root (``--counts`` also prints the category
of all 2,598,960 hands, a published-table style check). ``bench/engine_speed.py`` imports
:func:`benchmark_hand_evaluators` with ``bench/`` on ``sys.path``; importing has no side effects.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable
from itertools import combinations
from pathlib import Path
from typing import Any

_ROOT = Path(__file__).resolve().parent.parent


def _import_hands() -> Any:
    if str(_ROOT) not in sys.path:
        sys.path.insert(0, str(_ROOT))
    from engine.games.mulligan import hands

    return hands


def _best_of(repeats: int, run: Callable[[], None]) -> float:
    """Fastest CPU time of ``repeats`` runs: both evaluators are timed alike, one core each."""
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best


def benchmark_hand_evaluators(n: int = 200_000, seed: int = 1, repeats: int = 3) -> dict[str, Any]:
    """Hands per second of ``hand_key`` and of treys' ``Evaluator().evaluate(hand[:2], hand[2:])``.

    Both evaluators see the same ``n`` random 5-card hands (``random.Random(seed)``), encoded for
    each ahead of time (and pre-split 2 + 3 for treys); the best of ``repeats`` timed passes counts.
    """
    hands_module = _import_hands()
    hand_key = hands_module.hand_key
    rng = random.Random(seed)
    deck = list(range(52))
    hands = [rng.sample(deck, 5) for _ in range(n)]

    def run_ours() -> None:
        for hand in hands:
            hand_key(hand)

    ours = n / _best_of(repeats, run_ours)
    result: dict[str, Any] = {
        "hands": n,
        "seed": seed,
        "mulligan_hand_key_hands_per_s": round(ours),
    }
    try:
        from treys import Card, Evaluator
    except ImportError:
        result["treys"] = "not installed"
        return result

    evaluate = Evaluator().evaluate
    treys_cards = [Card.new(name) for name in hands_module.CARD_NAMES]
    split = [([treys_cards[c] for c in hand[:2]], [treys_cards[c] for c in hand[2:]]) for hand in hands]

    def run_treys() -> None:
        for hole, board in split:
            evaluate(hole, board)

    theirs = n / _best_of(repeats, run_treys)
    result["treys_hands_per_s"] = round(theirs)
    result["ratio"] = round(ours / theirs, 3)
    return result


def count_categories() -> dict[str, int]:
    """Category of every one of the C(52, 5) = 2,598,960 hands, by the fast path (a few seconds)."""
    hands_module = _import_hands()
    hand_key = hands_module.hand_key
    counts = [0] * len(hands_module.CATEGORIES)
    for hand in combinations(range(52), 5):
        counts[hand_key(hand) >> 6] += 1
    return dict(zip(hands_module.CATEGORIES, counts, strict=True))


if __name__ == "__main__":
    output: dict[str, Any] = benchmark_hand_evaluators()
    if "--counts" in sys.argv[1:]:
        output["category_counts"] = count_categories()
    print(json.dumps(output, indent=2))
