"""How the curve bot's keep policy fares under each mulligan rule: exact keep probabilities, simulated races.

Exact (rational, from :func:`math.comb`): the probability of keeping a hand of 7, 6, 5, ... cards.
The policy decides on land counts alone (:class:`engine.games.opening_hand.bots.KeepPolicy`), and
every redraw is a uniform sample of a known library, so each rule is a small Markov chain whose
steps are hypergeometric:

- ``paris`` / ``vancouver``: each mulligan shuffles the whole hand back, so attempt ``m`` is a fresh
  ``n_m``-card sample of the full deck (``n_m`` = 7, 6, 5, ...; 7, 7, 6, ... with the free first
  mulligan). P(keep at ``n_m``) = P(reach attempt m) x P(hand of ``n_m`` kept), and reaching attempt m
  is the product of the earlier rejections. Vancouver's scry comes after keeping, so its keep
  probabilities equal Paris's.
- ``london``: every attempt draws 7 from the full deck; after ``b`` bottoms the hand is kept when
  some choice of ``b`` cards to bottom leaves a land count the policy keeps at ``7 - b`` cards.
- ``commander_partial_paris``: the exiled cards stay out until the keep, so the chain's state is
  (hand size, lands in hand, lands exiled, spells exiled) and each draw is hypergeometric from what
  is left.
- ``original_1994``: one redraw of a full hand when the seven are all lands or no lands; every hand
  is kept at seven, and P(redraw) = P(0 lands) + P(7 lands).

Simulated (with standard errors): the mean turn on which the goldfish race is won, from whole games
of the ``opening_hand`` engine between two curve bots; the same games count kept hand sizes, which
the report sets beside the exact figures as a check.
"""

from __future__ import annotations

import math
import random
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from engine.core import JSON
from engine.games.opening_hand.bots import CurveBot, KeepPolicy
from engine.play import BotRunner

RULES = ("london", "paris", "vancouver", "commander_partial_paris", "original_1994")


def hypergeometric(population: int, successes: int, draws: int, hits: int) -> Fraction:
    """P(exactly ``hits`` successes in ``draws`` cards drawn without replacement)."""
    if not (0 <= hits <= draws <= population) or hits > successes or draws - hits > population - successes:
        return Fraction(0)
    return Fraction(
        math.comb(successes, hits) * math.comb(population - successes, draws - hits),
        math.comb(population, draws),
    )


@dataclass(frozen=True)
class ExactKeep:
    """The exact distribution of the kept hand's size and of the number of mulligans taken."""

    rule: str
    keep_at: dict[int, Fraction]
    mulligans: dict[int, Fraction]

    @property
    def mean_kept_size(self) -> Fraction:
        return sum((size * p for size, p in self.keep_at.items()), Fraction(0))

    def to_json(self) -> JSON:
        return {
            "keep_at": {str(size): float(p) for size, p in sorted(self.keep_at.items(), reverse=True)},
            "mulligans": {str(m): float(p) for m, p in sorted(self.mulligans.items())},
            "mean_kept_size": float(self.mean_kept_size),
        }


def exact_keep(
    rule: str,
    *,
    deck: int = 60,
    lands: int = 24,
    hand_size: int = 7,
    free_first_mulligan: bool = False,
    policy: KeepPolicy | None = None,
) -> ExactKeep:
    """The exact keep distribution of ``policy`` under ``rule`` for a deck of ``deck`` cards, ``lands`` lands."""
    policy = policy or KeepPolicy()
    if not 0 <= lands <= deck or not 0 <= hand_size <= deck:
        raise ValueError(f"a deck of {deck} cards cannot hold {lands} lands and deal {hand_size} cards")
    keep_at: dict[int, Fraction] = defaultdict(Fraction)
    mulligans: dict[int, Fraction] = defaultdict(Fraction)
    free = 1 if free_first_mulligan else 0
    if rule in ("paris", "vancouver", "london"):
        reach = Fraction(1)
        for taken in range(hand_size + 2):
            counted = max(0, taken - free)  # mulligans that cost a card
            size = max(0, hand_size - counted)
            if size == 0:  # a player whose hand size has reached zero must keep
                keep_at[0] += reach
                mulligans[taken] += reach
                break
            if rule == "london":
                kept = sum(
                    (
                        hypergeometric(deck, lands, hand_size, n)
                        for n in range(hand_size + 1)
                        if policy.london_keeps(hand_size, n, counted, hand_size)
                    ),
                    Fraction(0),
                )
            else:
                kept = sum(
                    (
                        hypergeometric(deck, lands, size, n)
                        for n in range(size + 1)
                        if policy.keeps(size, n, hand_size)
                    ),
                    Fraction(0),
                )
            keep_at[size] += reach * kept
            mulligans[taken] += reach * kept
            reach *= 1 - kept
            if reach == 0:
                break
    elif rule == "original_1994":
        redraw = hypergeometric(deck, lands, hand_size, 0) + hypergeometric(deck, lands, hand_size, hand_size)
        if hand_size == 0:
            redraw = Fraction(0)
        keep_at[hand_size] = Fraction(1)
        mulligans[0] = 1 - redraw
        if redraw:
            mulligans[1] = redraw
    elif rule == "commander_partial_paris":
        _commander_chain(deck, lands, hand_size, free_first_mulligan, policy, keep_at, mulligans)
    else:
        raise ValueError(f"unknown rule {rule!r}; rules: {', '.join(RULES)}")
    return ExactKeep(
        rule,
        {size: p for size, p in keep_at.items() if p},
        {m: p for m, p in mulligans.items() if p},
    )


def _commander_chain(
    deck: int,
    lands: int,
    hand_size: int,
    free_first_mulligan: bool,
    policy: KeepPolicy,
    keep_at: dict[int, Fraction],
    mulligans: dict[int, Fraction],
) -> None:
    # state: (hand size, lands in hand, lands exiled, spells exiled) -> probability
    states: dict[tuple[int, int, int, int], Fraction] = defaultdict(Fraction)
    for n in range(hand_size + 1):
        p = hypergeometric(deck, lands, hand_size, n)
        if p:
            states[(hand_size, n, 0, 0)] += p
    taken = 0
    while states:
        following: dict[tuple[int, int, int, int], Fraction] = defaultdict(Fraction)
        for (size, in_hand, exiled_lands, exiled_spells), p in states.items():
            if size == 0 or policy.keeps(size, in_hand, hand_size):
                keep_at[size] += p
                mulligans[taken] += p
                continue
            free = free_first_mulligan and taken == 0
            next_size = size if free else size - 1
            out_lands, out_spells = policy.exile_plan(size, in_hand, next_size)
            kept_lands, kept = in_hand - out_lands, size - out_lands - out_spells
            exiled_lands, exiled_spells = exiled_lands + out_lands, exiled_spells + out_spells
            draws = next_size - kept
            library = deck - kept - exiled_lands - exiled_spells
            library_lands = lands - kept_lands - exiled_lands
            for hits in range(draws + 1):
                q = hypergeometric(library, library_lands, draws, hits)
                if q:
                    following[(next_size, kept_lands + hits, exiled_lands, exiled_spells)] += p * q
        states = following
        taken += 1


# -- simulation ------------------------------------------------------------------------------------


@dataclass
class Tally:
    """A running mean with its standard error (Welford)."""

    count: int = 0
    mean: float = 0.0
    m2: float = 0.0

    def add(self, value: float) -> None:
        self.count += 1
        delta = value - self.mean
        self.mean += delta / self.count
        self.m2 += delta * (value - self.mean)

    @property
    def se(self) -> float:
        if self.count < 2:
            return math.nan
        return math.sqrt(self.m2 / (self.count - 1) / self.count)

    def to_json(self) -> JSON:
        # None, not NaN, where there is nothing to average: NaN is not JSON.
        return {
            "mean": self.mean if self.count else None,
            "se": self.se if self.count >= 2 else None,
            "n": self.count,
        }


@dataclass
class Simulated:
    """What :func:`simulate` counted: kept hand sizes over every player's hand, winning turns per game."""

    rule: str
    games: int
    hands: int = 0
    kept: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    win_turn: Tally = field(default_factory=Tally)
    capped: int = 0
    # Game by game (None: the turn cap), to pair rules that played the same seeds.
    turns: list[int | None] = field(default_factory=list)

    def keep_rate(self, size: int) -> tuple[float, float]:
        p = self.kept.get(size, 0) / self.hands if self.hands else math.nan
        return p, math.sqrt(p * (1 - p) / self.hands) if self.hands else math.nan

    def to_json(self) -> JSON:
        return {
            "games": self.games,
            "hands": self.hands,
            "keep_at": {
                str(size): dict(zip(("p", "se"), self.keep_rate(size), strict=True))
                for size in sorted(self.kept, reverse=True)
            },
            "mean_win_turn": self.win_turn.to_json(),
            "turn_cap_reached": self.capped,
        }


def analysis_config(rule: str, *, deck: int, lands: int, extra: Mapping[str, Any] | None = None) -> JSON:
    """The two-player ``opening_hand`` config of the simulated games (spells spread as the default deck's)."""
    config: JSON = {"players": 2, "rule": rule, "deck": {"size": deck, "lands": lands}}
    config.update(extra or {})
    return config


def simulate(
    rule: str,
    *,
    games: int,
    seed: int,
    deck: int = 60,
    lands: int = 24,
    policy: KeepPolicy | None = None,
    config: Mapping[str, Any] | None = None,
) -> Simulated:
    """Play ``games`` two-player games between curve bots with ``policy`` and tally the keeps and wins."""
    policy = policy or KeepPolicy()
    result = Simulated(rule, games)
    config = dict(config) if config is not None else analysis_config(rule, deck=deck, lands=lands)
    seeds = random.Random(seed)
    for _ in range(games):
        bots: list[Any] = [CurveBot(policy=policy) for _ in range(int(config.get("players", 2)))]
        runner = BotRunner("opening_hand", config, seeds.getrandbits(63), bots)
        runner.run()
        for size in kept_sizes(runner.state):
            result.hands += 1
            result.kept[size] += 1
        turn = win_turn(runner.state)
        result.turns.append(turn)
        if turn is None:
            result.capped += 1
        else:
            result.win_turn.add(turn)
    return result


def kept_sizes(state: Any) -> list[int]:
    sizes: list[int] = state.outcome().details["kept_hand_sizes"]
    return sizes


def win_turn(state: Any) -> int | None:
    """The winning side's turn number when a side dealt its damage; None when the turn cap ended the game."""
    turn: int | None = state.outcome().details["winning_turn"]
    return turn


# -- the report ------------------------------------------------------------------------------------


def analyze(
    *,
    deck: int = 60,
    lands: int = 24,
    games: int = 2000,
    seed: int = 1,
    rule: str = "london",
    free_first_mulligan: bool = False,
    policy: KeepPolicy | None = None,
) -> JSON:
    """Every rule side by side: exact keep distributions, simulated keeps and win turns (JSON-able)."""
    policy = policy or KeepPolicy()
    report: JSON = {
        "game": "opening_hand",
        "deck": deck,
        "lands": lands,
        "hand_size": 7,
        "players": 2,
        "free_first_mulligan": free_first_mulligan,
        "policy": {
            "min_lands": policy.min_lands,
            "max_lands": policy.max_lands,
            "always_keep_at": policy.always_keep_at,
            "land_ratio": policy.land_ratio,
        },
        "highlight": rule,
        "games": games,
        "seed": seed,
        "exact": ["keep_at", "mulligans", "mean_kept_size"],
        "simulated": ["keep_at", "mean_win_turn", "win_turn_minus_highlight", "turn_cap_reached"],
        "rules": {},
    }
    simulated: dict[str, Simulated] = {}
    for name in RULES:
        exact = exact_keep(
            name, deck=deck, lands=lands, free_first_mulligan=free_first_mulligan, policy=policy
        )
        entry: JSON = {"exact": exact.to_json()}
        if games:
            extra = {"free_first_mulligan": free_first_mulligan}
            config = analysis_config(name, deck=deck, lands=lands, extra=extra)
            simulated[name] = simulate(name, games=games, seed=seed, policy=policy, config=config)
            entry["simulated"] = simulated[name].to_json()
        report["rules"][name] = entry
    if games:
        for name, result in simulated.items():
            report["rules"][name]["simulated"]["win_turn_minus_highlight"] = paired_difference(
                result.turns, simulated[rule].turns
            ).to_json()
    return report


def paired_difference(turns: list[int | None], others: list[int | None]) -> Tally:
    """The mean of ``turns - others`` over the seeds both ended by damage: the same deals played under
    two rules differ far less than two independent samples, so this standard error is the one that
    says whether two rules' winning turns differ."""
    tally = Tally()
    for mine, theirs in zip(turns, others, strict=True):
        if mine is not None and theirs is not None:
            tally.add(mine - theirs)
    return tally


RULE_TITLES = {
    "london": "London",
    "paris": "Paris",
    "vancouver": "Vancouver",
    "commander_partial_paris": "Commander",
    "original_1994": "1994",
}


def format_report(report: JSON) -> str:
    """The report as a table, one column per rule; the highlighted rule's column is starred."""
    rules = list(report["rules"])
    width = 17
    policy = report["policy"]
    lines = [
        f"Opening Hand: {report['deck']}-card deck, {report['lands']} lands, 7-card hands, two players"
        + (", free first mulligan" if report["free_first_mulligan"] else ""),
        f"curve bot: keep {policy['min_lands']}-{policy['max_lands']} lands at seven, one land fewer needed "
        f"per card lost, always keep {policy['always_keep_at']} cards or fewer",
        "",
    ]

    def title(rule: str) -> str:
        return ("*" if rule == report["highlight"] else "") + RULE_TITLES.get(rule, rule)

    lines.append(f"{'':<26}" + "".join(f"{title(rule):>{width}}" for rule in rules))
    sizes = sorted(
        {int(s) for entry in report["rules"].values() for s in entry["exact"]["keep_at"]}, reverse=True
    )
    lines.append("exact (hypergeometric)")
    for size in sizes:
        cells = [report["rules"][rule]["exact"]["keep_at"].get(str(size)) for rule in rules]
        lines.append(
            f"  {f'P(keep at {size})':<24}"
            + "".join(f"{'-' if p is None else f'{p:.6f}':>{width}}" for p in cells)
        )
    lines.append(
        f"  {'mean cards kept':<24}"
        + "".join(f"{report['rules'][rule]['exact']['mean_kept_size']:>{width}.4f}" for rule in rules)
    )
    lines.append(
        f"  {'P(at least 1 mulligan)':<24}"
        + "".join(
            f"{1 - report['rules'][rule]['exact']['mulligans'].get('0', 0):>{width}.6f}" for rule in rules
        )
    )
    if report["games"]:
        lines.append(
            f"simulated ({report['games']:,} two-player games per rule, seed {report['seed']}; ± one standard error)"
        )
        for size in sizes[:3]:
            cells = []
            for rule in rules:
                simulated = report["rules"][rule]["simulated"]["keep_at"].get(
                    str(size), {"p": 0.0, "se": 0.0}
                )
                cells.append(f"{simulated['p']:.4f}±{simulated['se']:.4f}")
            lines.append(f"  {f'P(keep at {size})':<24}" + "".join(f"{cell:>{width}}" for cell in cells))
        cells = []
        for rule in rules:
            turn = report["rules"][rule]["simulated"]["mean_win_turn"]
            mean = "-" if turn["mean"] is None else f"{turn['mean']:.3f}"
            cells.append(mean + ("" if turn["se"] is None else f"±{turn['se']:.3f}"))
        lines.append(f"  {'mean winning turn':<24}" + "".join(f"{cell:>{width}}" for cell in cells))
        cells = []
        for rule in rules:
            difference = report["rules"][rule]["simulated"]["win_turn_minus_highlight"]
            if rule == report["highlight"] or difference["mean"] is None:
                cells.append("-")
            else:
                se = "" if difference["se"] is None else f"±{difference['se']:.3f}"
                cells.append(f"{difference['mean']:+.3f}{se}")
        paired = f"minus {RULE_TITLES.get(report['highlight'], report['highlight'])}, paired"
        lines.append(f"  {paired:<24}" + "".join(f"{cell:>{width}}" for cell in cells))
        lines.append(
            f"  {'games hitting turn cap':<24}"
            + "".join(f"{report['rules'][rule]['simulated']['turn_cap_reached']:>{width}}" for rule in rules)
        )
        lines.append(
            "  the winning turn counts the winner's own turns; every rule plays the same seeds, and the "
            "simulated keeps (both players' hands) check the exact ones"
        )
    return "\n".join(lines)
