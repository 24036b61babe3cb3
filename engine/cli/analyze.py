"""``analyze``: return analyses of the games, one subcommand per game (``three-card``, ``opening-hand``)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from engine.cli.common import CommandError
from engine.core import ConfigError, EngineError


def _percent(value: float, digits: int = 4) -> str:
    return f"{100 * value:.{digits}f}%"


def _three_card(args: argparse.Namespace) -> int:
    # numpy and the lookup tables load only when an analysis is asked for.
    from engine.games.three_card.analysis import analyze
    from engine.games.three_card.config import DEFAULT_PAYTABLE, load_paytable

    if args.samples < 100:
        raise CommandError("--samples must be at least 100")
    if args.refine_samples < 0:
        raise CommandError("--refine-samples must not be negative")
    try:
        paytable = load_paytable(args.paytable) if args.paytable else DEFAULT_PAYTABLE
    except ConfigError as exc:
        raise CommandError(str(exc)) from None
    result = analyze(
        paytable,
        args.strategy,
        samples=args.samples,
        refine_samples=args.refine_samples,
        seed=args.seed,
        exact_close=args.exact_close,
    )
    if args.json:
        print(json.dumps(result.to_json(), indent=2))
    else:
        print(format_three_card(result, all_hands=args.all_hands))
    return 0


def format_three_card(result: Any, *, all_hands: bool = False) -> str:
    from engine.games.three_card.analysis import OUTCOME_TITLES
    from engine.games.three_card.hands import CATEGORY_TITLES

    lines = [f"Three Card Mulligan, pay table {result.paytable.name!r}, strategy {result.strategy!r}", ""]
    for title, table, note in (
        ("Pair Plus, initial hand (exact)", result.pair_plus_initial, "of 22,100 hands"),
        (
            "Pair Plus, Mulligan hand (exact; the player's discards removed, over the hands mulliganed)",
            result.pair_plus_mulligan,
            f"of {result.pair_plus_mulligan.total:,} (hand, new hand) pairs",
        ),
    ):
        lines.append(title)
        lines.append(f"  {'event':<16} {'pays':>6} {'combinations':>14} {'probability':>12} {'return':>10}")
        for row in table.rows:
            pays = "loss" if row.pays == -1 else f"{float(row.pays):g}"
            lines.append(
                f"  {CATEGORY_TITLES[row.category]:<16} {pays:>6} {row.combinations:>14,} "
                f"{row.probability:>12.6f} {row.ret:>10.6f}"
            )
        lines.append(
            f"  total {note}: return {float(table.exact_return):.6f}, house edge {_percent(table.house_edge)}"
        )
        lines.append("")
    lines.append(
        "Ante and Mulligan bets (no-Mulligan rows exact, Mulligan rows simulated, ± one standard error)"
    )
    lines.append(f"  {'event':<20} {'mulligan':>8} {'pays':>6} {'probability':>22} {'return':>10}")
    for row in result.ante_rows:
        probability = f"{row.probability:.6f}" + (f" ± {row.probability_se:.6f}" if not row.exact else "")
        lines.append(
            f"  {OUTCOME_TITLES[row.outcome]:<20} {'yes' if row.mulligan else 'no':>8} {row.pays:>6g} "
            f"{probability:>22} {row.ret:>10.6f}"
        )
    lines.append(
        f"  total return {result.ante_return:.6f} ± {result.ante_return_se:.6f}; Mulligan frequency "
        f"{_percent(float(result.mulligan_frequency), 2)}; average wager {result.average_wager:.4f}; "
        f"element of risk {_percent(result.element_of_risk, 3)} ± {_percent(result.ante_return_se / result.average_wager, 3)}"
    )
    lines.append("")
    rule = result.rule
    lines.append("Strategy derived (EV in Antes; standing exact, Mulligan simulated ± one standard error)")
    weakest = " ".join(rule["stand_at_least"]) if rule["stand_at_least"] else "nothing"
    lines.append(f"  derived: stand with {weakest} or better, otherwise take a Mulligan")
    if rule["exceptions"]:
        lines.append("  exceptions to that threshold: " + ", ".join(" ".join(c) for c in rule["exceptions"]))
    lines.append(f"  seed: {rule['seed_rule']}")
    if rule["classes_differing_from_seed"]:
        lines.append(
            f"  differs from the seed on {rule['hands_differing_from_seed']} of 22,100 hands: "
            + ", ".join(" ".join(c) for c in rule["classes_differing_from_seed"])
        )
    else:
        lines.append("  agrees with the seed on every hand")
    if rule["exact_mulligan_ev"]:
        lines.append(
            "  Mulligan EV counted exactly (every deal) for: "
            + ", ".join(" ".join(c) for c in rule["exact_mulligan_ev"])
        )
    if rule["close_calls"]:
        lines.append(
            "  too close to call at this precision (|difference| < 3 standard errors): "
            + ", ".join(" ".join(c) for c in rule["close_calls"])
        )
    ordered = sorted(result.classes, key=lambda c: c.value)
    if not all_hands:
        boundary = next((i for i, c in enumerate(ordered) if not c.optimal_mulligan), len(ordered))
        shown = ordered[max(0, boundary - 12) : boundary + 12]
        lines.append(f"  the {len(shown)} classes around the threshold (--all-hands: all {len(ordered):,}):")
    else:
        shown = ordered
    lines.append(f"  {'hand':<10} {'hands':>5} {'stand EV':>10} {'Mulligan EV':>20} {'best':>9}")
    for c in shown:
        best = "Mulligan" if c.optimal_mulligan else "stand"
        mulligan = (
            f"{c.mulligan_ev:.5f} exact" if c.mulligan_exact else f"{c.mulligan_ev:.5f} ± {c.mulligan_se:.5f}"
        )
        lines.append(
            f"  {' '.join(c.cards):<10} {c.weight:>5} {c.stand_ev:>10.5f} "
            f"{mulligan:>20} {best + ('?' if c.close else ''):>9}"
        )
    lines.append("")
    lines.append("seconds: " + ", ".join(f"{name} {seconds:.2f}" for name, seconds in result.seconds.items()))
    return "\n".join(lines)


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "analyze",
        help="return analysis of a game (three-card, opening-hand)",
        description="Return tables computed from the rules and a pay table.",
    )
    games = parser.add_subparsers(dest="game", required=True, metavar="GAME")
    three = games.add_parser(
        "three-card",
        help="Three Card Mulligan: Pair Plus, Ante and the optimal strategy",
        description="Three Card Mulligan: the Pair Plus tables (exact), the Ante table (exact where the "
        "player stands, simulated with standard errors where he takes a Mulligan) and the strategy "
        "derived from the expected value of each starting hand.",
    )
    three.add_argument("--paytable", metavar="FILE", help="JSON pay table (default: the seed's)")
    three.add_argument(
        "--strategy",
        choices=("seed", "optimal"),
        default="seed",
        help="the player's Mulligan rule for the tables: the seed's K-10 or the one derived here",
    )
    three.add_argument(
        "--samples", type=int, default=20_000, help="simulated Mulligans per class of starting hand"
    )
    three.add_argument(
        "--refine-samples",
        type=int,
        default=1_000_000,
        help="more Mulligans for each class whose decision is close (0: none)",
    )
    three.add_argument(
        "--exact-close",
        action="store_true",
        help="count every Mulligan deal exactly for the classes still too close to call (~8 s each)",
    )
    three.add_argument("--seed", type=int, default=1, help="seed of the simulation (default 1)")
    three.add_argument("--all-hands", action="store_true", help="print the EVs of all 1,755 classes")
    three.add_argument("--json", action="store_true", help="print one JSON object")
    three.set_defaults(handler=_three_card)
    _add_opening_hand(games)


def _opening_hand(args: argparse.Namespace) -> int:
    from engine.games.opening_hand.analysis import analyze as analyze_opening_hand
    from engine.games.opening_hand.analysis import format_report
    from engine.games.opening_hand.bots import KeepPolicy
    from engine.games.opening_hand.config import normalize_config

    if args.games < 0:
        raise CommandError("--games must not be negative")
    try:
        normalize_config({"deck": {"size": args.deck, "lands": args.lands}})
        policy = KeepPolicy(
            min_lands=args.min_lands, max_lands=args.max_lands, always_keep_at=args.always_keep_at
        )
    except EngineError as exc:
        raise CommandError(str(exc)) from None
    report = analyze_opening_hand(
        deck=args.deck,
        lands=args.lands,
        games=args.games,
        seed=args.seed,
        rule=args.rule,
        free_first_mulligan=args.free_first_mulligan,
        policy=policy,
    )
    print(json.dumps(report, indent=2) if args.json else format_report(report))
    return 0


def _add_opening_hand(games: Any) -> None:
    from engine.games.opening_hand.config import RULES

    parser = games.add_parser(
        "opening-hand",
        help="Opening Hand: the curve bot's keeps and race under each mulligan rule",
        description="For the curve bot's keep policy under each mulligan rule, side by side: the "
        "probability of keeping 7, 6, 5, ... cards (exact, hypergeometric) and the mean turn on "
        "which the goldfish race is won (simulated two-player games, with standard errors).",
    )
    parser.add_argument(
        "--rule", choices=RULES, default="london", help="the rule to highlight (default london)"
    )
    parser.add_argument("--deck", type=int, default=60, help="cards in each library (default 60)")
    parser.add_argument("--lands", type=int, default=24, help="lands in each library (default 24)")
    parser.add_argument(
        "--games", type=int, default=2000, help="simulated games per rule (default 2000; 0: none)"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the simulation (default 1)")
    parser.add_argument(
        "--free-first-mulligan", action="store_true", help="the multiplayer free first mulligan"
    )
    parser.add_argument("--min-lands", type=int, default=2, help="fewest lands the bot keeps at seven")
    parser.add_argument("--max-lands", type=int, default=5, help="most lands the bot keeps at seven")
    parser.add_argument(
        "--always-keep-at", type=int, default=4, help="the bot keeps any hand of this many cards or fewer"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(handler=_opening_hand)
