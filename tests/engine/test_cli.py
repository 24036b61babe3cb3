"""The command line, ``python -m engine ...``, run in-process through ``main`` (and once as a module)."""

from __future__ import annotations

import importlib.util
import io
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from engine.__main__ import main

ROOT = Path(__file__).resolve().parents[2]
HEURISTIC_TABLE = ["--players", "4", "--bots", "heuristic,random,random,random"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def simulate_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code, out, err = run(capsys, "simulate", "mulligan", "--json", *argv)
    assert code == 0, err
    result: dict[str, Any] = json.loads(out)
    return result


def without_timing(result: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in result.items() if key != "timing"}


def assert_one_clean_error_line(err: str, *fragments: str) -> None:
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    for fragment in fragments:
        assert fragment in lines[0]


# -- simulate -------------------------------------------------------------------------------------


def test_simulate_prints_a_rate_per_seat(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate", "mulligan", "--games", "12", "--seed", "1", *HEURISTIC_TABLE)
    assert code == 0, err
    seat_lines = [line for line in out.splitlines() if line[:1].isdigit()]
    assert [line.split()[:2] for line in seat_lines] == [
        ["0", "heuristic"],
        ["1", "random"],
        ["2", "random"],
        ["3", "random"],
    ]
    assert all("%" in line and "[" in line for line in seat_lines)
    assert "95% interval" in out
    assert "mean game length" in out and "turns" in out
    assert "end reasons:" in out
    assert "games/s" in out and "actions/s" in out


def test_simulate_json_adds_up(capsys: pytest.CaptureFixture[str]) -> None:
    result = simulate_json(capsys, "--games", "10", *HEURISTIC_TABLE)
    assert result["games"] == 10 and result["players"] == 4
    assert [seat["bot"] for seat in result["seats"]] == ["heuristic", "random", "random", "random"]
    assert sum(seat["wins"] for seat in result["seats"]) == 10
    assert sum(result["end_reasons"].values()) == 10
    for seat in result["seats"]:
        low, high = seat["ci95"]
        assert 0 <= low <= seat["win_rate"] <= high <= 1
    assert result["mean_actions"] > 0 and result["mean_turns"] > 0


def test_same_seed_same_results_and_other_seed_other_results(capsys: pytest.CaptureFixture[str]) -> None:
    first = simulate_json(capsys, "--games", "8", "--seed", "7", *HEURISTIC_TABLE)
    again = simulate_json(capsys, "--games", "8", "--seed", "7", *HEURISTIC_TABLE)
    other = simulate_json(capsys, "--games", "8", "--seed", "8", *HEURISTIC_TABLE)
    assert without_timing(first) == without_timing(again)
    assert without_timing(first) != without_timing(other)
    assert (first["mean_actions"], first["end_reasons"]) != (other["mean_actions"], other["end_reasons"])


def test_one_bot_name_plays_every_seat(capsys: pytest.CaptureFixture[str]) -> None:
    result = simulate_json(capsys, "--games", "3", "--players", "3", "--bots", "random")
    assert result["bots"] == ["random"] * 3
    assert result["config"]["players"] == 3


def test_players_default_to_the_number_of_bot_names(capsys: pytest.CaptureFixture[str]) -> None:
    result = simulate_json(capsys, "--games", "2", "--bots", "random,heuristic")
    assert result["players"] == 2 and result["bots"] == ["random", "heuristic"]


def test_variants_and_config_reach_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    result = simulate_json(
        capsys,
        "--games",
        "3",
        "--variant",
        "chips=30",
        "--variant",
        "high_risk",
        "--config",
        '{"max_turns": 40}',
    )
    config = result["config"]
    assert (config["chips"], config["high_risk"], config["max_turns"]) == (30, True, 40)
    assert config["secret_offers"] is False


def test_save_dir_writes_one_record_per_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    simulate_json(capsys, "--games", "3", "--save-dir", str(tmp_path / "games"))
    saved = sorted(path.name for path in (tmp_path / "games").iterdir())
    assert saved == ["game-0.json", "game-1.json", "game-2.json"]
    record = json.loads((tmp_path / "games" / "game-0.json").read_text())
    assert set(record) == {"game", "config", "seed", "actions", "outcome"}


@pytest.mark.parametrize(
    ("argv", "fragments"),
    [
        (["--players", "3", "--bots", "random,heuristic"], ["2 bot names", "3-player"]),
        (["--players", "4", "--bots", "heuristic,random,random"], ["3 bot names", "4-player"]),
        (["--bots", "random,robot"], ["no bot 'robot'"]),
        (["--variant", "moonlight"], ["unknown variant 'moonlight'"]),
        (["--variant", "chips=lots"], ["chips"]),
        (["--variant", "open_hands", "--variant", "secret_offers"], ["Secret Offers"]),
        (["--config", "{not json"], ["--config is not valid JSON"]),
        (["--config", '{"colour": "red"}'], ["unknown Mulligan option", "colour"]),
        (["--players", "9"], ["9 players"]),
    ],
)
def test_simulate_usage_errors(
    capsys: pytest.CaptureFixture[str], argv: list[str], fragments: list[str]
) -> None:
    code, out, err = run(capsys, "simulate", "mulligan", "--games", "1", *argv)
    assert code == 2
    assert out == ""
    assert_one_clean_error_line(err, "simulate: error:", *fragments)


def test_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate", "tiddlywinks", "--games", "1")
    assert code == 2 and out == ""
    assert_one_clean_error_line(err, "'tiddlywinks'", "mulligan")


def test_argparse_errors_exit_2_without_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "simulate", "mulligan", "--games", "many")
    assert code == 2 and "invalid int value" in err and "Traceback" not in err
    code, _, err = run(capsys, "shuffle")
    assert code == 2 and "invalid choice" in err


def test_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0
    for command in ("simulate", "evaluate", "replay", "games"):
        assert command in out


# -- evaluate -------------------------------------------------------------------------------------


def test_evaluate_royal_straight_flush(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "evaluate", "As", "Ks", "Qs", "Js", "Ts")
    assert code == 0, err
    assert "straight_flush" in out
    assert "value hand: As Ks Qs Js Ts" in out
    assert "top card:   As" in out


@pytest.mark.parametrize(
    ("cards", "category", "value_hand", "top_card"),
    [
        # Four consecutive cards with the ace low below the two: a low straight topped by the 4.
        ("Ah 2d 3c 4s 9h", "low_straight", ["4s", "3c", "2d", "Ah"], "4s"),
        # The seed's own low-straight example (J Q K A), topped by the ace.
        ("Jh Qh Ks Ad 3c", "low_straight", ["Ad", "Ks", "Qh", "Jh"], "Ad"),
        # K A 2 does not wrap, so K A 2 3 is no straight: the ace is the high card.
        ("Kd As 2c 3h 8d", "high_card", ["As"], "As"),
        # Two pairs; the top card is the better king, hearts beating diamonds.
        ("Kd Kh 4s 4c 2d", "two_pair", ["Kh", "Kd", "4s", "4c"], "Kh"),
        # Three of a kind counts only its three cards.
        ("9d 9h 9c 4s 2c", "three_of_a_kind", ["9h", "9c", "9d"], "9h"),
    ],
)
def test_evaluate_json(
    capsys: pytest.CaptureFixture[str], cards: str, category: str, value_hand: list[str], top_card: str
) -> None:
    code, out, err = run(capsys, "evaluate", "--json", *cards.split())
    assert code == 0, err
    result = json.loads(out)
    assert (result["category"], result["value_hand"], result["top_card"]) == (category, value_hand, top_card)


@pytest.mark.parametrize(
    ("cards", "fragment"),
    [
        (["As", "Ks", "Qs", "Js", "Xx"], "'Xx' is not a card"),
        (["As", "Ks"], "exactly 5 cards"),
        (["As", "As", "Ks", "Qs", "Js"], "same card twice"),
    ],
)
def test_evaluate_bad_input(capsys: pytest.CaptureFixture[str], cards: list[str], fragment: str) -> None:
    code, out, err = run(capsys, "evaluate", *cards)
    assert code == 2 and out == ""
    assert_one_clean_error_line(err, "evaluate: error:", fragment)


def test_module_entry_point() -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "engine", "evaluate", "As", "Ks", "Qs", "Js", "Ts"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    assert "straight_flush" in completed.stdout


# -- replay ---------------------------------------------------------------------------------------


@pytest.fixture
def saved_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Path:
    simulate_json(capsys, "--games", "2", "--seed", "3", "--save-dir", str(tmp_path), *HEURISTIC_TABLE)
    return tmp_path / "game-1.json"


def test_replay_confirms_a_saved_game(capsys: pytest.CaptureFixture[str], saved_game: Path) -> None:
    code, out, err = run(capsys, "replay", str(saved_game))
    assert code == 0, err
    assert "outcome confirmed" in out
    assert "ranking: seat" in out and "reason:" in out


def test_replay_reads_stdin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, saved_game: Path
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(saved_game.read_text()))
    code, out, err = run(capsys, "replay", "-", "--json")
    assert code == 0, err
    summary = json.loads(out)
    assert summary["confirmed"] is True and summary["differences"] == []
    assert summary["outcome"] == json.loads(saved_game.read_text())["outcome"]


def test_replay_rejects_a_tampered_outcome(capsys: pytest.CaptureFixture[str], saved_game: Path) -> None:
    record = json.loads(saved_game.read_text())
    record["outcome"]["ranking"] = record["outcome"]["ranking"][::-1]
    saved_game.write_text(json.dumps(record))
    code, out, err = run(capsys, "replay", str(saved_game))
    assert code == 1
    assert "outcome confirmed" not in out
    assert "outcome.ranking" in out
    assert_one_clean_error_line(err, "does not match", "outcome.ranking")


def test_replay_rejects_an_illegal_move(capsys: pytest.CaptureFixture[str], saved_game: Path) -> None:
    record = json.loads(saved_game.read_text())
    first_seat = record["config"]["first_auctioneer"]
    record["actions"][0] = [(first_seat + 1) % 4, {"type": "skip"}]  # not that seat's turn
    saved_game.write_text(json.dumps(record))
    code, out, err = run(capsys, "replay", str(saved_game))
    assert code == 1 and out == ""
    assert_one_clean_error_line(err, "illegal move", "move 1")


@pytest.mark.parametrize(
    ("content", "fragment"),
    [("{oops", "not valid JSON"), ('{"game": "mulligan"}', "not a game record"), ("[]", "JSON object")],
)
def test_replay_rejects_what_is_not_a_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str, fragment: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    code, _, err = run(capsys, "replay", str(path))
    assert code == 1
    assert_one_clean_error_line(err, fragment)


def test_replay_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "replay", str(tmp_path / "nowhere.json"))
    assert code == 1
    assert_one_clean_error_line(err, "cannot read")


# -- games ----------------------------------------------------------------------------------------


def test_games_lists_mulligan(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games")
    assert code == 0 and "mulligan" in out and "heuristic" in out
    code, out, _ = run(capsys, "games", "--json")
    games = {game["id"]: game for game in json.loads(out)}
    assert games["mulligan"]["min_players"] == 2
    assert games["mulligan"]["hidden_information"] is True


# -- bench/engine_speed.py, a smoke run with tiny counts (no timing assertions) ------------------------


@pytest.fixture
def bench_engine(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.setattr(sys, "path", list(sys.path))  # whatever the bench imports leaves no trace
    spec = importlib.util.spec_from_file_location("bench_engine", ROOT / "bench" / "engine_speed.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_bench_functions_run(bench_engine: ModuleType) -> None:
    from engine.core import get_game

    game = get_game("mulligan")
    for name, config in bench_engine.bench_configs(game).items():
        raw = bench_engine.raw_playouts(game, config, 2)
        through_bots = bench_engine.bot_playouts(game, config, 2)
        assert raw["games"] == through_bots["games"] == 2, name
        assert raw["actions"] > 0 and through_bots["actions"] > 0
    duel = bench_engine.heuristic_vs_random(4)
    assert duel["heuristic_at_seat_0"]["games"] == 4
    assert 0 <= duel["heuristic_rotated_through_seats"]["win_rate"] <= 1
