"""``python -m engine replay --verify FILE``: every line of a game export replayed with the engine alone."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

from engine import new_state
from engine.__main__ import main

CONFIG = {"players": 2}


def exported_line(seed: int, game_id: str = "mulligan", config: dict[str, Any] | None = None) -> dict[str, Any]:
    """A finished game as the service exports it, played here by seeded random choices."""
    config = CONFIG if config is None else config
    state = new_state(game_id, config, seed)
    rng = random.Random(seed)
    moves = []
    while not state.is_over:
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        moves.append(
            {"number": len(moves) + 1, "seat": seat, "action": action, "at": "2026-11-25T12:00:00+00:00", "auto": False}
        )
    outcome = json.loads(json.dumps(state.outcome().to_json()))
    seats = [
        {"index": index, "rank": outcome["places"][index], "score": outcome["scores"][index]}
        for index in range(len(outcome["ranking"]))
    ]
    return {"id": seed, "game": game_id, "config": config, "seed": seed, "seats": seats, "moves": moves, "outcome": outcome}


def write(path: Path, lines: list[Any]) -> Path:
    path.write_text("".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines))
    return path


def verify(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["replay", "--verify", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_every_line_of_a_sound_export_is_confirmed(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    lines = [exported_line(seed) for seed in range(1, 6)]
    lines.append(exported_line(9, "golf", {"players": 3}))
    code, out, err = verify(capsys, str(write(tmp_path / "games.ndjson", [*lines, ""])))
    assert (code, err) == (0, "")
    assert out.strip().endswith("6 games replayed, 6 confirmed, 0 with differences")


def test_every_difference_is_reported_with_its_line_and_the_exit_is_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    sound, tampered, illegal, unfinished, renumbered = (exported_line(seed) for seed in (1, 2, 3, 4, 6))
    tampered["outcome"]["ranking"].reverse()
    tampered["seats"][0]["rank"] = 7
    illegal["moves"][0]["seat"] = 1 - illegal["moves"][0]["seat"]
    unfinished["moves"].pop()
    renumbered["moves"][0]["number"] = 2
    lines = [sound, tampered, illegal, "{not json", unfinished, [1, 2], renumbered]
    path = write(tmp_path / "games.ndjson", lines)
    code, out, err = verify(capsys, str(path))
    assert code == 1
    assert "6 of 7 games" in err and "Traceback" not in err
    assert "line 2 (game 2): outcome.ranking: file has" in out
    assert "line 2 (game 2): seat 0: stored rank 7" in out
    assert "line 3 (game 3): move 1 (seat " in out and "is illegal there" in out
    assert "line 4: not JSON" in out
    assert "line 5 (game 4): its " in out and "do not finish the game" in out
    assert "line 6: not a JSON object but list" in out
    assert "line 7 (game 6): its moves are numbered [2, 2" in out
    assert not [text for text in out.splitlines() if text.startswith(("line 1:", "line 1 "))]


def test_a_forfeit_is_confirmed_when_its_moves_are_legal_and_it_puts_the_late_seat_last(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    line = exported_line(5)
    line["moves"] = line["moves"][:2]
    line["outcome"] = {
        "ranking": [0, 1],
        "ranks": [1, 2],
        "scores": [1.0, 0.0],
        "details": {"reason": "timeout", "timed_out": [1]},
    }
    wrong = json.loads(json.dumps(line)) | {"id": 6}
    wrong["outcome"]["details"]["timed_out"] = [0]
    code, out, _err = verify(capsys, str(write(tmp_path / "forfeits.ndjson", [line, wrong])))
    assert code == 1
    assert not [text for text in out.splitlines() if text.startswith(("line 1:", "line 1 "))]
    assert "line 2 (game 6): its forfeit by seats [0] does not put them last" in out


def test_the_export_is_read_from_stdin(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(exported_line(3)) + "\n"))
    code, out, _err = verify(capsys, "-", "--json")
    assert code == 0
    assert json.loads(out) == {"games": 1, "confirmed": 1, "failed": 0, "problems": []}


def test_a_missing_file_is_one_clean_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = verify(capsys, str(tmp_path / "nowhere.ndjson"))
    assert code == 1 and out == ""
    assert "cannot read" in err and "Traceback" not in err
