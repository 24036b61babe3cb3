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

    try:
        paytable = load_paytable(args.paytable) if args.paytable else DEFAULT_PAYTABLE
    except ConfigError as exc:
        raise CommandError(str(exc)) from None
    result = analyze(paytable)
    if args.json:
        print(json.dumps(result.to_json(), indent=2))
    else:
        print(format_three_card(result, all_hands=args.all_hands))
    return 0


def _pair_plus_lines(title: str, table: Any, note: str) -> list[str]:
    from engine.games.three_card.hands import CATEGORY_TITLES

    lines = [title, f"  {'event':<16} {'pays':>6} {'combinations':>14} {'probability':>12} {'return':>10}"]
    for row in table.rows:
        pays = "loss" if row.pays == -1 else f"{float(row.pays):g}"
        lines.append(
            f"  {CATEGORY_TITLES[row.category]:<16} {pays:>6} {row.combinations:>14,} "
            f"{row.probability:>12.6f} {row.ret:>10.6f}"
        )
    lines.append(
        f"  total {note}: return {float(table.exact_return):.6f}, house edge {_percent(table.house_edge)}"
    )
    return lines


def _ante_lines(tables: Any) -> list[str]:
    from engine.games.three_card.analysis import OUTCOME_TITLES

    lines = [
        f"Ante and Mulligan bets, strategy {tables.name!r}: {tables.description}",
        f"  {'event':<20} {'mulligan':>8} {'pays':>6} {'probability':>12} {'return':>10}",
    ]
    for row in tables.ante_rows:
        lines.append(
            f"  {OUTCOME_TITLES[row.outcome]:<20} {'yes' if row.mulligan else 'no':>8} {float(row.pays):>6g} "
            f"{float(row.probability):>12.6f} {float(row.ret):>10.6f}"
        )
    lines.append(f"  {'Total':<20} {'':>8} {'':>6} {1:>12.6f} {float(tables.ante_return):>10.6f}")
    lines.append(
        f"  house edge {_percent(-float(tables.ante_return))}; Mulligan frequency "
        f"{_percent(float(tables.mulligan_frequency), 2)} ({int(tables.mulligan_frequency * 22_100):,} of "
        f"22,100 hands); average wager {float(tables.average_wager):.4f}; element of risk "
        f"{_percent(float(tables.element_of_risk))}"
    )
    return lines


def format_three_card(result: Any, *, all_hands: bool = False) -> str:
    lines = [
        f"Three Card Mulligan, pay table {result.paytable.name!r}: exact, every deal counted",
        "",
        *_pair_plus_lines("Pair Plus, initial hand", result.pair_plus_initial, "of 22,100 hands"),
        "",
    ]
    for name in ("seed", "optimal"):
        tables = result.strategies[name]
        lines += _ante_lines(tables)
        lines.append("")
        lines += _pair_plus_lines(
            f"Pair Plus, Mulligan hand, strategy {name!r} (the player's discards removed)",
            tables.pair_plus_mulligan,
            f"of {tables.pair_plus_mulligan.total:,} (hand, new hand) pairs",
        )
        lines.append("")
    rule = result.rule
    lines.append("Strategy derived (expected values in Antes, exact; a Mulligan counts both bets)")
    lines.append(f"  derived: {rule['sentence']}")
    lines.append(f"  seed: {rule['seed_rule']}")
    if rule["classes_differing_from_seed"]:
        lines.append(
            f"  differs from the seed on {rule['hands_differing_from_seed']} of 22,100 hands: "
            + ", ".join("-".join(c) for c in rule["classes_differing_from_seed"])
        )
    else:
        lines.append("  agrees with the seed on every hand")
    ordered = sorted(result.classes, key=lambda c: c.value)
    if not all_hands:
        boundary = next((i for i, c in enumerate(ordered) if not c.optimal_mulligan), len(ordered))
        shown = ordered[max(0, boundary - 12) : boundary + 12]
        lines.append(f"  the {len(shown)} classes around the threshold (--all-hands: all {len(ordered):,}):")
    else:
        shown = ordered
    lines.append(
        f"  {'hand':<10} {'hands':>5} {'stand EV':>10} {'Mulligan EV':>12} {'difference':>11} {'best':>9}"
    )
    for c in shown:
        lines.append(
            f"  {'-'.join(c.cards):<10} {c.weight:>5} {float(c.stand_ev):>10.5f} {float(c.mulligan_ev):>12.5f} "
            f"{float(c.mulligan_ev - c.stand_ev):>+11.5f} {'Mulligan' if c.optimal_mulligan else 'stand':>9}"
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
        help="Three Card Mulligan: Pair Plus, Ante and the optimal strategy, exact",
        description="Three Card Mulligan: the Pair Plus tables, the Ante table (the seed's rows, with and "
        "without a Mulligan) under the seed's K-10 strategy and under the strategy derived here, and the "
        "exact expected values of standing and of a Mulligan for each of the 1,755 classes of starting "
        "hands. Every figure counts every deal (about 25 s of one core).",
    )
    three.add_argument("--paytable", metavar="FILE", help="JSON pay table (default: the seed's)")
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
