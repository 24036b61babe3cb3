"""``replay``: rebuild a saved game from its move history and check the stored outcome."""

from __future__ import annotations

import argparse
import json
from typing import Any

from engine.cli import verify
from engine.cli.common import FAILURE, CommandError, differences, parse_json_object, read_text
from engine.core import JSON, ConfigError, EngineError, IllegalAction
from engine.play import GameRecord


def _describe(outcome: JSON) -> list[str]:
    lines = [f"ranking: {', '.join(f'seat {seat}' for seat in outcome['ranking'])}"]
    lines.append(f"scores:  {', '.join(f'{score:g}' for score in outcome['scores'])}")
    details = outcome.get("details", {})
    if "reason" in details:
        text = details.get("reason_text")
        lines.append(f"reason:  {details['reason']}" + (f" ({text})" if text else ""))
    hands = details.get("hands")
    if isinstance(hands, dict):
        for seat, hand in hands.items():
            if isinstance(hand, dict) and "value_hand" in hand:
                words = hand.get("category_words", hand.get("category"))
                lines.append(f"seat {seat}: {words}, {' '.join(hand['value_hand'])}")
    return lines


def replay_record(data: JSON, source: str) -> tuple[JSON, list[str]]:
    """The replayed summary (JSON) and the text lines to print; raises :class:`CommandError`."""
    try:
        record = GameRecord.from_json(data)
        state = record.rebuild()
    except IllegalAction as exc:
        raise CommandError(f"illegal move in {source}: {exc}", FAILURE) from None
    except ConfigError as exc:
        raise CommandError(f"bad config in {source}: {exc}", FAILURE) from None
    except EngineError as exc:
        raise CommandError(f"{source}: {exc}", FAILURE) from None
    stored = data.get("outcome")
    summary: JSON = {"game": record.game, "seed": record.seed, "moves": len(record.actions)}
    lines = [f"{record.game}, seed {record.seed}, {len(record.actions)} moves"]
    if not state.is_over:
        summary.update(over=False, to_act=state.to_act(), outcome=None)
        lines.append(f"the game is not over: seat(s) {', '.join(map(str, state.to_act()))} to act")
        problems = ["the file has an outcome but its moves do not finish the game"] if stored else []
    else:
        outcome = json.loads(json.dumps(state.outcome().to_json()))  # tuples → lists, keys → str
        summary.update(over=True, outcome=outcome)
        lines += _describe(outcome)
        problems = differences(stored, outcome) if stored is not None else []
    summary["confirmed"] = None if stored is None else not problems
    summary["differences"] = problems
    if stored is not None and not problems:
        lines.append("outcome confirmed")
    return summary, lines + problems


def run(args: argparse.Namespace) -> int:
    if args.verify:
        return verify.run(args)
    source = "stdin" if args.file == "-" else args.file
    data = parse_json_object(read_text(args.file), source, FAILURE)
    summary, lines = replay_record(data, source)
    print(json.dumps(summary, indent=2) if args.json else "\n".join(lines))
    if summary["confirmed"] is False:
        found = summary["differences"]
        raise CommandError(
            f"the outcome in {source} does not match the replay ({len(found)} difference(s)): {found[0]}",
            FAILURE,
        )
    return 0


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "replay",
        help="rebuild a saved game record and check its outcome",
        description="Rebuild a game from a record written by 'simulate --save-dir' (GameRecord JSON) "
        "and, if the record has an outcome, confirm the replay reaches the same one (exit 1 if not). "
        "With --verify, FILE is a game export (ndjson, one finished game per line, as the service's "
        "GET /api/games/export/ and manage.py export_games write it): every game is replayed, its "
        "moves checked legal and its outcome confirmed; each difference is printed, exit 1 if any.",
    )
    parser.add_argument("file", metavar="FILE", help="the record's JSON file (or the export), or - for stdin")
    parser.add_argument(
        "--verify", action="store_true", help="FILE is an ndjson game export: replay and check every line"
    )
    parser.add_argument("--json", action="store_true", help="print the replay's summary as JSON")
    parser.set_defaults(handler=run)
