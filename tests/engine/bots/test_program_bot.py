"""Program bots speak JSON lines for whole games; every way of getting it wrong is a named fault."""

from __future__ import annotations

import io
import tarfile
import zipfile
from pathlib import Path

import pytest

from engine.bots import sandbox as sandbox_module
from engine.bots.program import ProgramBot, default_command, unpack
from engine.bots.protocol import MAX_ANSWER_BYTES, BotFault, FaultKind
from engine.bots.referee import Clock, FaultPolicy, play_refereed
from engine.bots.sandbox import Limits, SandboxUnavailable, sandbox_available
from engine.core import EngineError
from tests.engine.bots.sandbox_helpers import (
    GAME,
    GOOD_BOT,
    assert_a_game_still_works,
    bot_dir,
    bot_source,
    first_message,
    play,
    program_bot,
    require_sandbox,
)


@pytest.fixture(autouse=True)
def _sandbox() -> None:
    require_sandbox()


# Whole games.


@pytest.mark.parametrize(
    ("seat", "opponent", "seed"), [(0, "heuristic", 1), (1, "heuristic", 2), (0, "random", 3)]
)
def test_a_well_behaved_bot_plays_whole_games_in_the_sandbox(seat: int, opponent: str, seed: int) -> None:
    with program_bot(GOOD_BOT) as bot:
        result = play(bot, seat=seat, opponent=opponent, seed=seed)
    assert result.faults == []
    assert result.forfeited is None
    assert result.outcome is not None
    assert len(result.record.actions) > 2
    assert sum(1 for acting, _ in result.record.actions if acting == seat) > 1


def test_two_program_bots_play_each_other() -> None:
    with program_bot(GOOD_BOT) as first, program_bot(GOOD_BOT) as second:
        result = play_refereed(GAME, None, 5, [first, second])
    assert result.faults == []
    assert result.outcome is not None


def test_the_process_lives_for_the_whole_game_and_hears_the_end() -> None:
    source = bot_source(
        """
        import os, sys
        def on_move(message, count):
            print(f"pid {os.getpid()} move {count}", file=sys.stderr, flush=True)
        def on_end(message):
            print("end:", sorted(message["outcome"]), file=sys.stderr, flush=True)
        play(on_move, on_end)
        """
    )
    with program_bot(source) as bot:
        result = play(bot, seed=4)
        bot.close()
        tail = bot.stderr_tail
    assert result.faults == []
    pids = {line.split()[1] for line in tail.splitlines() if line.startswith("pid ")}
    assert len(pids) == 1  # one process answered every decision
    assert "'ranks'" in tail.split("end:")[1]


def test_a_bot_can_run_outside_the_sandbox_for_its_author() -> None:
    with program_bot(GOOD_BOT, sandbox=False) as bot:
        result = play(bot, seed=6)
    assert result.faults == []
    assert result.outcome is not None


def test_close_is_safe_twice_and_before_start() -> None:
    with program_bot(GOOD_BOT) as bot:
        bot.close()
        bot.close()
        with pytest.raises(BotFault) as error:
            bot.decide(first_message(), 5)
    assert error.value.kind == FaultKind.CRASH


# Faults.


def test_a_malformed_line_is_a_malformed_fault_with_the_stderr_tail() -> None:
    source = """
import sys
sys.stdin.readline()
print("about to answer in prose", file=sys.stderr, flush=True)
print("I fold, obviously", flush=True)
sys.stdin.readline()
"""
    with program_bot(source) as bot:
        result = play(bot)
    assert result.forfeited == 0
    [fault] = result.faults
    assert fault.kind == FaultKind.MALFORMED
    assert "not JSON" in fault.message
    assert "about to answer in prose" in fault.stderr_tail
    assert_a_game_still_works()


def test_an_illegal_action_is_an_illegal_fault() -> None:
    source = """
import json, sys
for line in sys.stdin:
    print("playing the ace of cups", file=sys.stderr, flush=True)
    print(json.dumps({"action": {"type": "auction", "card": "ace of cups"}}), flush=True)
"""
    with program_bot(source) as bot:
        result = play(bot)
    [fault] = result.faults
    assert fault.kind == FaultKind.ILLEGAL
    assert "playing the ace of cups" in fault.stderr_tail
    assert result.forfeited == 0


def test_under_the_default_move_policy_the_game_goes_on_until_the_strikes_run_out() -> None:
    source = """
import json, sys
for line in sys.stdin:
    print(json.dumps({"action": {"type": "nonsense"}}), flush=True)
"""
    with program_bot(source) as bot:
        result = play(bot, policy=FaultPolicy.DEFAULT_MOVE, max_strikes=3)
    assert [fault.kind for fault in result.faults] == [FaultKind.ILLEGAL] * 3
    assert result.strikes == {0: 3}
    assert result.forfeited == 0
    assert result.ranks[0] == 2


def test_a_silent_bot_times_out_is_killed_and_stays_dead() -> None:
    source = """
import sys, time
sys.stdin.readline()
print("thinking very hard", file=sys.stderr, flush=True)
time.sleep(3600)
"""
    with program_bot(source) as bot:
        result = play(bot, policy=FaultPolicy.DEFAULT_MOVE, clock=lambda: Clock(per_move_ms=500, bank_ms=500))
        pid = bot.pid
        assert pid is not None
        assert not Path(f"/proc/{pid}").exists()  # killed and reaped, not left to answer late
    first, *later = result.faults
    assert first.kind == FaultKind.TIMEOUT
    assert "thinking very hard" in first.stderr_tail
    assert later  # the default move was played and the bot was asked again...
    assert all(fault.kind == FaultKind.TIMEOUT and "earlier in this game" in fault.message for fault in later)
    assert result.forfeited == 0  # ...until its strikes ran out
    assert_a_game_still_works()


def test_a_crash_mid_game_is_a_crash_fault_with_the_exit_status_and_stderr() -> None:
    source = bot_source(
        """
        import sys
        def on_move(message, count):
            if count == 2:
                print("Traceback: boom in move 2", file=sys.stderr, flush=True)
                sys.exit(3)
        play(on_move)
        """
    )
    with program_bot(source) as bot:
        result = play(bot, seed=8)
    [fault] = result.faults
    assert fault.kind == FaultKind.CRASH
    assert "status 3" in fault.message
    assert "boom in move 2" in fault.stderr_tail
    assert result.forfeited == 0
    assert_a_game_still_works()


def test_a_line_longer_than_an_answer_may_be_is_an_output_limit_fault() -> None:
    source = f"""
import sys
sys.stdin.readline()
sys.stdout.write("[" * {MAX_ANSWER_BYTES * 2})
sys.stdout.flush()
sys.stdin.readline()
"""
    with program_bot(source) as bot:
        result = play(bot)
    [fault] = result.faults
    assert fault.kind == FaultKind.OUTPUT_LIMIT
    assert "without ending the line" in fault.message


def test_output_between_decisions_is_malformed() -> None:
    # The extra line comes in the same write as the first answer, so it is waiting at the next decision.
    source = """
import json, sys
for line in sys.stdin:
    message = json.loads(line)
    answer = json.dumps({"action": message["legal_actions"][-1]})
    print(answer + "\\n" + '{"action": "an extra answer"}', flush=True)
"""
    with program_bot(source) as bot:
        result = play(bot, seed=2)
    [fault] = result.faults
    assert fault.kind == FaultKind.MALFORMED
    assert "without being asked" in fault.message


def test_total_stdout_over_a_game_is_bounded() -> None:
    # Each answer is legal JSON padded to 60 KB: fine once, too much over a game.
    source = """
import json, sys
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "end":
        break
    print(json.dumps({"action": message["legal_actions"][-1]}) + " " * 60_000, flush=True)
"""
    with program_bot(source, limits=Limits(output_bytes=200_000)) as bot:
        result = play(bot, policy=FaultPolicy.DEFAULT_MOVE, max_strikes=1)
    [fault] = result.faults
    assert fault.kind == FaultKind.OUTPUT_LIMIT
    assert "200000 bytes to stdout" in fault.message


def test_a_command_that_does_not_exist_is_a_crash() -> None:
    with program_bot(GOOD_BOT) as good:
        workdir = good.workdir
        with ProgramBot(["no-such-interpreter", "bot.py"], workdir) as bot, pytest.raises(BotFault) as error:
            bot.decide(first_message(), 5)
    assert error.value.kind == FaultKind.CRASH
    assert "no-such-interpreter" in error.value.stderr_tail


def test_a_bot_is_refused_when_the_sandbox_is_unavailable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sandbox_module, "BWRAP", "/nonexistent/bwrap")
    sandbox_available.cache_clear()
    try:
        available, reason = sandbox_available()
        assert not available
        assert "make test" in reason
        with pytest.raises(SandboxUnavailable, match="cannot be run safely"):
            ProgramBot(["python3", "bot.py"], Path("/tmp"))
    finally:
        sandbox_available.cache_clear()


def test_a_workdir_the_sandbox_uid_cannot_enter_is_copied(tmp_path: Path) -> None:
    # pytest's tmp_path lives under a 0700 directory, like a worker's private temp dir might.
    (tmp_path / "bot.py").write_text(GOOD_BOT)
    with ProgramBot(["python3", "bot.py"], tmp_path) as bot:
        result = play(bot, seed=12)
    assert result.faults == []


# Uploads.


def zip_of(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, content in files.items():
            archive.writestr(name, content)
    return buffer.getvalue()


def tar_of(*members: tuple[tarfile.TarInfo, bytes]) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for info, content in members:
            info.size = len(content) if info.isreg() else 0
            archive.addfile(info, io.BytesIO(content) if info.isreg() else None)
    return buffer.getvalue()


def member(name: str, *, kind: bytes = tarfile.REGTYPE, link: str = "") -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.type = kind
    info.linkname = link
    info.mode = 0o644
    return info


def test_a_python_file_is_written_as_it_is(tmp_path: Path) -> None:
    unpack(GOOD_BOT.encode(), "../../mybot.py", tmp_path)
    assert (tmp_path / "mybot.py").read_text() == GOOD_BOT
    assert default_command("mybot.py") == ["python3", "mybot.py"]


def test_a_zip_bot_unpacks_and_plays() -> None:
    content = zip_of(
        {
            "main.py": b"from lib.player import go\ngo()\n",
            "lib/__init__.py": b"",
            "lib/player.py": (GOOD_BOT.replace("\nplay()\n", "\ndef go():\n    play()\n")).encode(),
        }
    )
    with bot_dir("") as workdir:
        unpack(content, "bot.zip", workdir / "unpacked")
        with ProgramBot(default_command("bot.zip"), workdir / "unpacked") as bot:
            result = play(bot, seed=9)
    assert result.faults == []


def test_a_tar_with_links_inside_unpacks(tmp_path: Path) -> None:
    content = tar_of(
        (member("bot/main.py"), b"print('hi')\n"),
        (member("bot/alias.py", kind=tarfile.SYMTYPE, link="main.py"), b""),
        (member("bot/copy.py", kind=tarfile.LNKTYPE, link="bot/main.py"), b""),
    )
    unpack(content, "bot.tar.gz", tmp_path)
    assert (tmp_path / "bot/alias.py").read_text() == "print('hi')\n"
    assert (tmp_path / "bot/copy.py").read_text() == "print('hi')\n"


@pytest.mark.parametrize(
    ("files", "message"),
    [
        ({"/etc/cron.d/evil": b"x"}, "absolute path"),
        ({"../evil.py": b"x"}, "climbs out"),
        ({"ok/../../evil.py": b"x"}, "climbs out"),
    ],
)
def test_a_zip_may_not_write_outside(tmp_path: Path, files: dict[str, bytes], message: str) -> None:
    with pytest.raises(EngineError, match=message):
        unpack(zip_of(files), "bot.zip", tmp_path / "into")
    assert not (tmp_path / "evil.py").exists()


def test_a_zip_may_not_hold_links(tmp_path: Path) -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        info = zipfile.ZipInfo("passwd")
        info.external_attr = 0o120777 << 16  # a symlink, as `zip --symlinks` stores one
        archive.writestr(info, "/etc/passwd")
    with pytest.raises(EngineError, match="may not hold links"):
        unpack(buffer.getvalue(), "bot.zip", tmp_path)


@pytest.mark.parametrize(
    ("members", "message"),
    [
        ([member("/tmp/evil.py")], "absolute path"),
        ([member("../evil.py")], "climbs out"),
        ([member("passwd", kind=tarfile.SYMTYPE, link="/etc/passwd")], "points outside"),
        ([member("up", kind=tarfile.SYMTYPE, link="../..")], "points outside"),
        ([member("shadow", kind=tarfile.LNKTYPE, link="/etc/shadow")], "absolute path"),
        ([member("shadow", kind=tarfile.LNKTYPE, link="../../etc/shadow")], "climbs out"),
        ([member("null", kind=tarfile.CHRTYPE)], "device or special"),
        ([member("pipe", kind=tarfile.FIFOTYPE)], "device or special"),
    ],
)
def test_a_tar_may_not_reach_outside(tmp_path: Path, members: list[tarfile.TarInfo], message: str) -> None:
    into = tmp_path / "into"
    with pytest.raises(EngineError, match=message):
        unpack(tar_of(*[(info, b"x") for info in members]), "bot.tar.gz", into)
    assert not (tmp_path / "evil.py").exists()
    assert not any(path.is_symlink() for path in into.rglob("*"))


def test_archives_are_capped_in_files_and_bytes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from engine.bots import program

    monkeypatch.setattr(program, "MAX_ARCHIVE_FILES", 3)
    with pytest.raises(EngineError, match="more than 3 files"):
        unpack(zip_of({f"f{i}.py": b"" for i in range(4)}), "bot.zip", tmp_path / "a")
    with pytest.raises(EngineError, match="more than 3 files"):
        unpack(tar_of(*[(member(f"f{i}.py"), b"") for i in range(4)]), "bot.tar.gz", tmp_path / "b")
    monkeypatch.setattr(program, "MAX_UNPACKED_BYTES", 1000)
    bomb = zip_of({"zeros.bin": b"\0" * 100_000})  # compresses to almost nothing
    assert len(bomb) < 1000
    with pytest.raises(EngineError, match="more than 1000 bytes"):
        unpack(bomb, "bot.zip", tmp_path / "c")
    with pytest.raises(EngineError, match="more than 1000 bytes"):
        unpack(tar_of((member("zeros.bin"), b"\0" * 100_000)), "bot.tgz", tmp_path / "d")


@pytest.mark.parametrize(
    ("content", "filename", "message"),
    [
        (b"not a zip", "bot.zip", "not a readable zip"),
        (b"not a tar", "bot.tar.gz", "not a readable tar"),
        (b"print(1)", "bot.exe", "neither a Python file"),
        (b"print(1)", "", "not a usable file name"),
    ],
)
def test_unusable_uploads_get_clear_errors(
    tmp_path: Path, content: bytes, filename: str, message: str
) -> None:
    with pytest.raises(EngineError, match=message):
        unpack(content, filename, tmp_path)


def test_default_commands() -> None:
    assert default_command("bot.tar.gz") == ["python3", "main.py"]
    with pytest.raises(EngineError, match="neither"):
        default_command("bot.rb")
