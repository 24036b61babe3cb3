"""The starter kit: ``bot-template`` writes a bot that ``play`` runs cleanly; broken bots are reported."""

from __future__ import annotations

import fcntl
import json
import os
import re
import shlex
import socket
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.__main__ import main
from engine.bots import sandbox
from engine.bots.kit import HTTP_PORT, TRANSPORTS, template
from engine.core import registered_games

GAMES = [game.id for game in registered_games()]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def play_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, Any]]:
    code, out, err = run(capsys, "play", *argv, "--json")
    assert out, err
    summary: dict[str, Any] = json.loads(out)
    return code, summary


def one_error_line(err: str, *fragments: str) -> None:
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    for fragment in fragments:
        assert fragment in lines[0], lines[0]


def write_bot(tmp_path: Path, name: str, body: str) -> Path:
    path = tmp_path / name
    path.write_text("import json, sys\n" + body, encoding="utf-8")
    return path


# -- bot-template -----------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_the_template_of_every_game_plays_clean_games_in_the_sandbox(
    game_id: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "bot-template", game_id, "--out", str(tmp_path))
    assert code == 0, err
    path = tmp_path / f"{game_id}_bot.py"
    assert f"wrote {path}" in out
    assert path.read_text(encoding="utf-8") == template(game_id)
    code, summary = play_json(capsys, game_id, "--bot", str(path), "--vs", "random", "--games", "4")
    assert code == 0, summary
    assert summary["sandbox"] is True
    assert summary["faults"] == 0 and summary["forfeits"] == 0
    mine = summary["players"][0]
    assert mine["kind"] == "submitted" and mine["games"] == 4 and mine["faults"] == {}
    assert mine["decisions"] > 0


@pytest.mark.parametrize("game_id", GAMES)
def test_the_http_template_serves_clean_games(
    game_id: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "http_bot.py"
    assert run(capsys, "bot-template", game_id, "--transport", "http", "--out", str(path))[0] == 0
    with serving(path) as url:
        code, summary = play_json(capsys, game_id, "--bot", url, "--vs", "random,random", "--games", "3")
    assert code == 0, summary
    assert summary["faults"] == 0
    assert summary["sandbox"] is None  # no program bot in the run
    assert [p["games"] for p in summary["players"]] == [3, 3, 3]


class serving:
    """The HTTP template running as its own process on a free port."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __enter__(self) -> str:
        self.process = subprocess.Popen(
            [sys.executable, str(self.path), "--port", "0"], stderr=subprocess.PIPE, text=True
        )
        assert self.process.stderr is not None
        line = self.process.stderr.readline()
        assert line.startswith("listening on http://"), line
        return line.split()[-1]

    def __exit__(self, *exc: object) -> None:
        self.process.kill()
        self.process.wait()
        if self.process.stderr is not None:
            self.process.stderr.close()


def test_the_mulligan_template_beats_random_bots(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bot.py"
    path.write_text(template("mulligan"), encoding="utf-8")
    code, summary = play_json(
        capsys,
        "mulligan",
        "--bot",
        str(path),
        "--vs",
        "random",
        "--players",
        "3",
        "--games",
        "30",
        "--no-sandbox",
    )
    assert code == 0
    mine, *others = summary["players"]
    assert mine["wins"] > max(other["wins"] for other in others)


def test_the_template_prints_to_stdout_and_will_not_overwrite(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "bot-template", "mulligan", "--out", "-")
    assert code == 0 and out == template("mulligan")
    path = tmp_path / "mine.py"
    path.write_text("my work", encoding="utf-8")
    code, _, err = run(capsys, "bot-template", "mulligan", "--out", str(path))
    assert code == 2
    one_error_line(err, "exists", "--force")
    assert path.read_text(encoding="utf-8") == "my work"
    assert run(capsys, "bot-template", "mulligan", "--out", str(path), "--force")[0] == 0
    assert "def choose" in path.read_text(encoding="utf-8")


def test_every_transport_template_is_complete_python() -> None:
    for game_id in GAMES:
        for transport in TRANSPORTS:
            source = template(game_id, transport=transport)
            compile(source, f"{game_id}-{transport}", "exec")
            assert "GAME_ID" not in source and game_id in source
            assert "OPPONENT_BOT" not in source and "THIS_FILE" not in source


# -- the "try it" lines: what bot-template prints and what the bot's own comments say ---------------

REPO = Path(__file__).resolve().parents[2]
TRY_IT_TIMEOUT = 300  # bounded; 20 sandboxed games take seconds


def shell_words(command: str) -> list[str]:
    """A printed command as this test runs it: ``python``/``python3`` is this interpreter."""
    words = shlex.split(command, comments=True)
    return [sys.executable, *words[1:]] if words[0] in ("python", "python3") else words


def kit_env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(REPO)}


def written_by_bot_template(tmp_path: Path, *argv: str) -> tuple[Path, list[str]]:
    """Runs ``python -m engine bot-template`` in ``tmp_path`` as a user would: the file and the
    commands it printed after "try it:"."""
    done = subprocess.run(
        [sys.executable, "-m", "engine", "bot-template", *argv],
        cwd=tmp_path,
        env=kit_env(),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    first, *rest = done.stdout.splitlines()
    match = re.fullmatch(r"wrote (\S+); try it:", first)
    assert match, done.stdout
    commands = [line.strip() for line in rest if line.startswith("  ")]
    assert commands, done.stdout
    return tmp_path / match.group(1), commands


def documented(path: Path) -> list[str]:
    """The commands the bot file's own comments give to try it (the indented lines after "Try it")."""
    doc = path.read_text(encoding="utf-8").split('"""')[1]
    after = doc[doc.index("Try it") :]
    block = after[after.index("\n\n") + 2 :].split("\n\n")[0]
    return [line.strip() for line in block.splitlines() if line.startswith("    ")]


def run_command(command: str, cwd: Path) -> None:
    done = subprocess.run(
        shell_words(command),
        cwd=cwd,
        env=kit_env(),
        capture_output=True,
        text=True,
        timeout=TRY_IT_TIMEOUT,
        check=False,
    )
    assert done.returncode == 0, (
        f"{command!r} exited {done.returncode}:\n{done.stdout[-2000:]}{done.stderr[-2000:]}"
    )
    assert "faults" in done.stdout and "Traceback" not in done.stderr, done.stdout + done.stderr


@pytest.mark.parametrize("game_id", GAMES)
def test_the_try_it_lines_of_the_stdio_template_work_for_every_game(game_id: str, tmp_path: Path) -> None:
    path, printed = written_by_bot_template(tmp_path, game_id)
    in_file = documented(path)
    assert len(printed) == 1 and len(in_file) == 1, (printed, in_file)
    for command in printed + in_file:
        run_command(command, tmp_path)


# Two tests serve the template on its one fixed port, and pytest-xdist may run them at once in two
# processes: each holds this lock for as long as its server runs, so the second waits for the port.
PORT_LOCK = Path(tempfile.gettempdir()) / f"mulligan-league-tests-port-{HTTP_PORT}.lock"


class served_as_printed:
    """The HTTP template started with the command bot-template printed, on its default port."""

    def __init__(self, command: str, cwd: Path) -> None:
        self.command, self.cwd = command, cwd

    def __enter__(self) -> str:
        self.process: subprocess.Popen[str] | None = None
        self.lock = PORT_LOCK.open("a")
        fcntl.flock(self.lock, fcntl.LOCK_EX)
        try:
            return self._start()
        except BaseException:
            self.__exit__()
            raise

    def _start(self) -> str:
        with socket.socket() as probe:
            # As the server binds (http.server reuses addresses): the last game's closed
            # connections may linger in TIME_WAIT on this port without making it taken.
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind(("127.0.0.1", HTTP_PORT))
            except OSError:
                pytest.fail(f"port {HTTP_PORT}, the HTTP template's default, is taken on this machine")
        self.process = subprocess.Popen(
            shell_words(self.command), cwd=self.cwd, env=kit_env(), stderr=subprocess.PIPE, text=True
        )
        assert self.process.stderr is not None
        line = self.process.stderr.readline()  # printed once it listens; EOF if it died
        assert line.startswith("listening on http://"), f"{self.command!r}: {line!r}"
        return line.split()[-1]

    def __exit__(self, *exc: object) -> None:
        try:
            if self.process is not None:
                self.process.kill()
                self.process.wait()
                if self.process.stderr is not None:
                    self.process.stderr.close()
        finally:
            fcntl.flock(self.lock, fcntl.LOCK_UN)
            self.lock.close()


def test_the_try_it_lines_of_the_http_template_work_for_every_game(tmp_path: Path) -> None:
    # One test for all games, one after the other: the lines use the template's one fixed port.
    for game_id in GAMES:
        folder = tmp_path / game_id
        folder.mkdir()
        path, printed = written_by_bot_template(folder, game_id, "--transport", "http")
        for commands in (printed, documented(path)):
            server, game = commands
            assert f":{HTTP_PORT}/" in game and ":8000" not in game, game
            with served_as_printed(server, folder) as url:
                assert url == f"http://127.0.0.1:{HTTP_PORT}/"
                run_command(game, folder)


def test_the_readme_s_starter_kit_lines_work(tmp_path: Path) -> None:
    """The README's block for Mulligan, as written (but for the line that needs Node.js)."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("### The starter kit") :]
    opening = section.index("```sh") + len("```sh")
    block = section[opening : section.index("```", opening)]
    lines = [line for line in block.replace("\\\n", " ").splitlines() if line.strip()]
    server = None
    played_http = False
    for line in lines:
        command = re.sub(r"\[[^]]*\]", "", line)  # optional flags, shown in brackets
        words = shlex.split(command, comments=True)
        if "--command" in words:
            continue
        if words[0] == "python3":  # the HTTP bot's server: runs while the next lines play it
            server = command
        elif "bot-template" in words:
            done = subprocess.run(
                shell_words(command),
                cwd=tmp_path,
                env=kit_env(),
                capture_output=True,
                text=True,
                timeout=60,
                check=False,
            )
            assert done.returncode == 0, done.stderr
        elif any(word.startswith("http://") for word in words):
            assert server is not None, f"{command!r} plays an HTTP bot no line above started"
            with served_as_printed(server, tmp_path):
                run_command(command, tmp_path)
            played_http = True
        else:
            run_command(command, tmp_path)
    assert played_http, "the README shows how to play an HTTP bot"


# -- broken bots --------------------------------------------------------------------------------------


def test_a_crashing_bot_is_reported_with_its_stderr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bot = write_bot(
        tmp_path, "crash.py", "sys.stdin.readline()\nprint('thinking hard', file=sys.stderr)\n1 / 0\n"
    )
    code, summary = play_json(capsys, "mulligan", "--bot", str(bot), "--vs", "random", "--games", "2")
    assert code == 1
    mine = summary["players"][0]
    assert mine["faults"] == {"crash": 2}
    assert summary["forfeits"] == 2
    assert "ZeroDivisionError" in mine["stderr_tail"] and "thinking hard" in mine["stderr_tail"]
    assert "exited with status 1" in mine["last_fault"]


def test_the_text_report_shows_the_faults(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bot = write_bot(tmp_path, "chatty.py", "for line in sys.stdin:\n    print('hello there', flush=True)\n")
    code, out, _ = run(capsys, "play", "mulligan", "--bot", str(bot), "--games", "2", "--no-sandbox")
    assert code == 1
    assert "malformed 2" in out
    assert "last fault, game 2: malformed: not JSON: 'hello there'" in out
    assert "2 faults, 2 games forfeited" in out


def test_illegal_and_slow_answers_under_the_default_move_policy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    illegal = write_bot(
        tmp_path,
        "illegal.py",
        "for line in sys.stdin:\n    print(json.dumps({'action': {'type': 'win'}}), flush=True)\n",
    )
    code, summary = play_json(
        capsys,
        "mulligan",
        "--bot",
        str(illegal),
        "--games",
        "1",
        "--policy",
        "default_move",
        "--max-strikes",
        "2",
    )
    assert code == 1
    assert summary["players"][0]["faults"] == {"illegal": 2}
    assert summary["forfeits"] == 1
    slow = write_bot(tmp_path, "slow.py", "import time\nfor line in sys.stdin:\n    time.sleep(5)\n")
    code, summary = play_json(
        capsys, "mulligan", "--bot", str(slow), "--games", "1", "--move-ms", "100", "--bank-ms", "0"
    )
    assert code == 1
    assert summary["players"][0]["faults"] == {"timeout": 1}


def test_an_unreachable_http_bot_is_unavailable(capsys: pytest.CaptureFixture[str]) -> None:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    code, summary = play_json(capsys, "mulligan", "--bot", f"http://127.0.0.1:{port}/", "--games", "1")
    assert code == 1
    assert summary["players"][0]["faults"] == {"unavailable": 1}
    assert "connection refused" in summary["players"][0]["last_fault"]


# -- bad arguments ------------------------------------------------------------------------------------


@pytest.fixture
def bot_file(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "bot.py"
    path.write_text(template("mulligan"), encoding="utf-8")
    yield path


@pytest.mark.parametrize(
    ("argv", "fragments"),
    [
        (["play", "chess", "--bot", "{bot}"], ["chess"]),
        (["play", "mulligan", "--bot", "{tmp}/missing.py"], ["no such file"]),
        (["play", "mulligan", "--bot", "{bot}", "--games", "0"], ["--games"]),
        (["play", "mulligan", "--bot", "{bot}", "--vs", "genius"], ["no bot 'genius'"]),
        (["play", "mulligan", "--bot", "{bot}", "--vs", "random", "--players", "9"], ["players"]),
        (["play", "mulligan", "--bot", "{bot}", "--vs", "random,random", "--players", "4"], ["--vs names 2"]),
        (["play", "mulligan", "--bot", "{tmp}/bot.txt"], ["neither a Python file"]),
        (["play", "mulligan", "--bot", "{bot}", "--command", "'unclosed"], ["--command", "quotation"]),
        (["play", "mulligan", "--bot", "{tmp}", "--no-sandbox"], ["directory", "--command"]),
        (["play", "mulligan", "--bot", "http://"], ["no host"]),
        (["play", "mulligan", "--bot", "{bot}", "--move-ms", "0"], ["--move-ms"]),
        (["play", "mulligan", "--bot", "{bot}", "--config", "[1]"], ["JSON object"]),
        (["bot-template", "chess"], ["chess"]),
    ],
)
def test_bad_arguments_get_one_clear_line(
    argv: list[str], fragments: list[str], bot_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (bot_file.parent / "bot.txt").write_text("hello", encoding="utf-8")
    filled = [arg.format(bot=bot_file, tmp=bot_file.parent) for arg in argv]
    code, out, err = run(capsys, *filled)
    assert code == 2, err
    assert out == ""
    one_error_line(err, *fragments)


def test_argparse_refuses_unknown_choices(bot_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "bot-template", "mulligan", "--lang", "cobol")
    assert code == 2 and "invalid choice: 'cobol'" in err
    code, _, err = run(capsys, "play", "mulligan", "--bot", str(bot_file), "--policy", "lenient")
    assert code == 2 and "invalid choice: 'lenient'" in err
    code, _, err = run(capsys, "play", "mulligan")
    assert code == 2 and "--bot" in err


def test_without_the_sandbox_it_says_so_and_suggests_no_sandbox(
    bot_file: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sandbox, "sandbox_available", lambda: (False, "bubblewrap is not installed"))
    code, out, err = run(capsys, "play", "mulligan", "--bot", str(bot_file), "--games", "1")
    assert code == 1 and out == ""
    one_error_line(err, "sandbox is unavailable", "bubblewrap is not installed", "--no-sandbox")
    code, summary = play_json(capsys, "mulligan", "--bot", str(bot_file), "--games", "1", "--no-sandbox")
    assert code == 0 and summary["sandbox"] is False


def test_a_directory_with_a_command_and_a_zip_upload_both_play(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import zipfile

    folder = tmp_path / "mybot"
    folder.mkdir()
    (folder / "brain.py").write_text(template("mulligan"), encoding="utf-8")
    code, summary = play_json(
        capsys, "mulligan", "--bot", str(folder), "--command", "python3 brain.py", "--games", "2"
    )
    assert code == 0 and summary["faults"] == 0
    assert summary["players"][0]["bot"] == "mybot"
    archive = tmp_path / "upload.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.writestr("main.py", template("mulligan"))
    code, summary = play_json(capsys, "mulligan", "--bot", str(archive), "--games", "2")
    assert code == 0 and summary["faults"] == 0
