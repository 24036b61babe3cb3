"""What every command shares: the error that ends a command cleanly, JSON input, small statistics."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import Any

from engine.core import JSON

USAGE_ERROR = 2  # the command line itself is wrong (argparse's own code for usage errors)
FAILURE = 1  # the command ran and the answer is "no" (a record that does not replay, ...)


class CommandError(Exception):
    """Ends a command with one line on stderr and an exit code; never a traceback."""

    def __init__(self, message: str, code: int = USAGE_ERROR) -> None:
        super().__init__(message)
        self.code = code


def read_text(path: str, code: int = FAILURE) -> str:
    """A file's text, or stdin's for ``-``; unreadable files become a :class:`CommandError`."""
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise CommandError(f"cannot read {path}: {exc.strerror or exc}", code) from None
    except UnicodeDecodeError:
        raise CommandError(f"cannot read {path}: not UTF-8 text", code) from None


def parse_json_object(text: str, what: str, code: int = USAGE_ERROR) -> JSON:
    try:
        value: Any = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CommandError(f"{what} is not valid JSON: {exc}", code) from None
    if not isinstance(value, dict):
        raise CommandError(f"{what} must be a JSON object, not {type(value).__name__}", code)
    return value


def differences(expected: Any, actual: Any, path: str = "outcome") -> list[str]:
    """Where two JSON values differ, as ``path: file has X, replay gives Y`` lines."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        found: list[str] = []
        for key in sorted(set(expected) | set(actual), key=str):
            if key not in actual:
                found.append(f"{path}.{key}: only in the file")
            elif key not in expected:
                found.append(f"{path}.{key}: missing from the file")
            else:
                found += differences(expected[key], actual[key], f"{path}.{key}")
        return found
    if expected != actual:
        return [f"{path}: file has {json.dumps(expected)}, replay gives {json.dumps(actual)}"]
    return []


def wilson_interval(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """95% (for z = 1.96) Wilson score interval of a proportion; sound near 0 and 1, unlike p ± 2σ."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def percent(value: float) -> str:
    return f"{100 * value:.1f}%"
