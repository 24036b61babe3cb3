"""``replay --verify``: replay every game of an ndjson export with the engine alone and check it.

Each line is one finished game as the service exports it (``GET /api/games/export/``,
``manage.py export_games``): ``game``, ``config``, ``seed``, ``moves`` (each ``{"seat", "action"}``,
in order; numbered 1, 2, ... where they carry a ``number``), ``outcome`` and, where present, ``seats`` with each seat's ``rank`` and ``score``. A line
is confirmed when every move is legal where it stands and either the moves end the game with the
stored outcome (and the seats' places and scores), or they do not end it and the outcome is a
forfeit (a person out of time, a submitted bot's fault) that puts the seats it names last.

Lines are read one at a time: an export of millions of games is checked in constant memory.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import IO, Any

from engine.cli.common import FAILURE, CommandError, differences
from engine.core import EngineError, IllegalAction, State, new_state

# How the service ends a game the rules did not: its outcome's ``details.reason``.
FORFEITS = ("timeout", "bot_fault")


@dataclass
class VerifyReport:
    games: int = 0
    confirmed: int = 0
    problems: list[str] = field(default_factory=list)  # the first of each failing line, at most LISTED
    failed: int = 0


LISTED = 1000  # problems kept for the summary; every one is still printed as it is found


def _plain(data: Any) -> Any:
    return json.loads(json.dumps(data))


def line_problems(data: Any) -> list[str]:
    """What in one exported game its own moves contradict (nothing, for a sound one)."""
    if not isinstance(data, dict):
        return [f"not a JSON object but {type(data).__name__}"]
    try:
        game, config, seed = str(data["game"]), dict(data["config"]), int(data["seed"])
        moves = [(int(move["seat"]), dict(move["action"])) for move in data["moves"]]
        stored = data["outcome"]
    except (KeyError, TypeError, ValueError) as exc:
        return [f"not an exported game (game, config, seed, moves, outcome): {type(exc).__name__} {exc}"]
    if not isinstance(stored, dict):
        return ["its outcome is not a JSON object"]
    numbers = [move.get("number") for move in data["moves"] if isinstance(move, dict) and "number" in move]
    if numbers and numbers != list(range(1, len(data["moves"]) + 1)):
        return [f"its moves are numbered {numbers[:5]}..., not 1 to {len(data['moves'])} in order"]
    try:
        state = new_state(game, config, seed)
    except EngineError as exc:
        return [f"cannot be set up from its game, config and seed: {exc}"]
    for number, (seat, action) in enumerate(moves, start=1):
        try:
            state.apply(seat, action)
        except IllegalAction as exc:
            return [f"move {number} (seat {seat}: {json.dumps(action)}) is illegal there: {exc}"]
        except EngineError as exc:
            return [f"move {number} (seat {seat}: {json.dumps(action)}): {exc}"]
    if state.is_over:
        return _played_problems(state, stored, data.get("seats"))
    reason = (stored.get("details") or {}).get("reason")
    if reason in FORFEITS:
        return _forfeit_problems(state, stored)
    return [
        f"its {len(moves)} moves do not finish the game (seat(s) {', '.join(map(str, state.to_act()))} to act), "
        "and its outcome is no forfeit"
    ]


def _played_problems(state: State, stored: dict[str, Any], seats: Any) -> list[str]:
    outcome = state.outcome()
    found = differences(stored, _plain(outcome.to_json()))
    if isinstance(seats, list):
        for seat in seats:
            if not isinstance(seat, dict) or "index" not in seat:
                continue
            index = seat["index"]
            if not isinstance(index, int) or not 0 <= index < len(outcome.places):
                found.append(f"seat {index!r} is not a seat of the game")
                continue
            expected = (outcome.places[index], outcome.scores[index])
            if (seat.get("rank"), seat.get("score")) != expected:
                found.append(
                    f"seat {index}: stored rank {seat.get('rank')} and score {seat.get('score')}, "
                    f"the replay gives rank {expected[0]} and score {expected[1]:g}"
                )
    return found


def _forfeit_problems(state: State, stored: dict[str, Any]) -> list[str]:
    details = stored.get("details") or {}
    late = details.get("timed_out") or details.get("forfeited") or []
    if not isinstance(late, list) or not late or not set(late) <= set(range(state.num_players)):
        return [f"its forfeit names seats {late!r}, not seats of the game"]
    ranking = stored.get("ranking")
    if not isinstance(ranking, list) or ranking[len(ranking) - len(late) :] != list(late):
        return [f"its forfeit by seats {late} does not put them last: ranking {ranking!r}"]
    return []


def _lines(stream: IO[str]) -> Iterator[tuple[int, str]]:
    for number, line in enumerate(stream, start=1):
        if line.strip():
            yield number, line


def verify_lines(lines: Iterable[tuple[int, str]], out: IO[str]) -> VerifyReport:
    """Check each ``(line number, text)``; every problem is printed to ``out`` as found."""
    report = VerifyReport()
    for number, text in lines:
        report.games += 1
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            found = [f"not JSON: {exc}"]
            data = None
        else:
            found = line_problems(data)
        if not found:
            report.confirmed += 1
            continue
        report.failed += 1
        game = data.get("id") if isinstance(data, dict) else None
        where = f"line {number}" + (f" (game {game})" if game is not None else "")
        for problem in found:
            print(f"{where}: {problem}", file=out)
        if len(report.problems) < LISTED:
            report.problems.append(f"{where}: {found[0]}")
    return report


def run(args: argparse.Namespace) -> int:
    source = "stdin" if args.file == "-" else args.file
    try:
        stream = sys.stdin if args.file == "-" else open(args.file, encoding="utf-8")  # noqa: SIM115
    except OSError as exc:
        raise CommandError(f"cannot read {args.file}: {exc.strerror or exc}", FAILURE) from None
    try:
        report = verify_lines(_lines(stream), sys.stdout)
    except UnicodeDecodeError:
        raise CommandError(f"cannot read {source}: not UTF-8 text", FAILURE) from None
    finally:
        if stream is not sys.stdin:
            stream.close()
    summary = {"games": report.games, "confirmed": report.confirmed, "failed": report.failed}
    if args.json:
        print(json.dumps(summary | {"problems": report.problems}, indent=2))
    else:
        print(
            f"{source}: {report.games} games replayed, {report.confirmed} confirmed, {report.failed} with differences"
        )
    if report.failed:
        raise CommandError(
            f"{report.failed} of {report.games} games in {source} do not replay as stored", FAILURE
        )
    return 0
